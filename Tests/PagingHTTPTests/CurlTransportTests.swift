#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking
  import Paging
  import PagingHTTP
  import Testing
  import var PagingTestSupport.minuteLimit

  /// What `CurlTransport` decides itself, beside the rules every transport keeps
  /// (`HTTPTransportTests`): redirects as `URLSession` follows them, its timeouts at any value,
  /// and repeated header fields whatever their case.
  @Suite("CurlTransport", .timeLimit(.minutes(minuteLimit)))
  struct CurlTransportTests {
    private let page = URL(string: "https://api.example.com/notes?page=2")!

    private func request(_ method: String, body: String? = nil) -> URLRequest {
      var request = URLRequest(url: page)
      request.httpMethod = method
      request.httpBody = body.map { Data($0.utf8) }
      if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
      return request
    }

    private func response(_ status: Int, location: String) -> HTTPURLResponse {
      HTTPURLResponse(
        url: page, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: ["Location": location])!
    }

    @Test func aSeeOtherAfterAPostIsAGetWithoutItsBody() throws {
      let next = try #require(
        CurlTransport.redirect(
          from: request("POST", body: "{}"), to: response(303, location: "/notes/done")))

      #expect(next.url?.absoluteString == "https://api.example.com/notes/done")
      #expect(next.httpMethod == "GET")
      #expect(next.httpBody == nil)
      #expect(next.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func aTemporaryRedirectKeepsTheMethodAndTheBody() throws {
      let next = try #require(
        CurlTransport.redirect(
          from: request("POST", body: "{}"), to: response(307, location: "?page=3")))

      #expect(next.url?.absoluteString == "https://api.example.com/notes?page=3")
      #expect(next.httpMethod == "POST")
      #expect(next.httpBody == Data("{}".utf8))
    }

    @Test func aRedirectToAnotherOriginOrANonRedirectIsReturnedAsItIs() {
      #expect(
        CurlTransport.redirect(
          from: request("GET"), to: response(302, location: "https://evil.example.com/")) == nil)
      #expect(
        CurlTransport.redirect(
          from: request("GET"), to: response(302, location: "http://api.example.com/")) == nil)
      #expect(CurlTransport.redirect(from: request("GET"), to: response(200, location: "/")) == nil)
      #expect(CurlTransport.redirect(from: request("GET"), to: response(304, location: "/")) == nil)
    }

    /// Public API never traps: any `Duration` becomes libcurl's milliseconds.
    @Test func timeoutsOfAnySizeBecomeMillisecondsLibcurlTakes() {
      #expect(CurlTransport.milliseconds(.milliseconds(1500)) == 1500)
      #expect(CurlTransport.milliseconds(.microseconds(1)) == 1)
      #expect(CurlTransport.milliseconds(.zero) == 1)
      #expect(CurlTransport.milliseconds(.seconds(-5)) == 1)
      #expect(CurlTransport.milliseconds(.seconds(Int64.max)) == Int(Int32.max))
      #expect(CurlTransport.milliseconds(.seconds(3_000_000)) == Int(Int32.max))
    }

    @Test func aTimeoutOfZeroOrLessFailsAtOnceAndAHugeOneDoesNotTrap() async {
      let request = URLRequest(url: URL(string: "http://127.0.0.1:9/notes")!)
      func code(_ timeout: Duration) async -> URLError.Code? {
        do {
          _ = try await CurlTransport(timeout: timeout).response(for: request, maximumBodySize: 9)
          return nil
        } catch {
          return (error as? URLError)?.code
        }
      }
      #expect(await code(.zero) == .timedOut)
      #expect(await code(.seconds(-1)) == .timedOut)
      // Port 9 (discard) is closed on loopback: refused at once, whatever the timeout.
      #expect(await code(.seconds(Int64.max)) == .cannotConnectToHost)
    }
  }

  @Suite(
    "CurlTransport against a real server",
    .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason),
    .timeLimit(.minutes(minuteLimit)))
  struct CurlTransportServerTests {
    /// FoundationNetworking drops a repeat spelled in another case; libcurl's transport joins
    /// it, as RFC 9110 (5.3) asks.
    @Test func repeatsOfAFieldInAnyCaseAreJoined() async throws {
      let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
      let server = try await LocalServer.responder(
        binary: binary, status: 200,
        headers: [
          ("Link", #"<?page=1>; rel="prev""#), ("Content-Type", "application/json"),
          ("link", #"<?page=3>; rel="next""#),
        ],
        body: #"[{"id": 1, "title": "n1"}]"#)
      let source = HTTPPageSource<Note>(
        url: server.url.appendingPathComponent("notes"), strategy: .linkHeader(),
        transport: CurlTransport())

      let page = try await source.loadPage(pageRequest(nil))
      await server.stop()

      #expect(page.items == notes(1...1))
      #expect(page.nextCursor?.url.absoluteString == "\(server.url.absoluteString)/notes?page=3")
      #expect(
        page.previousCursor?.url.absoluteString == "\(server.url.absoluteString)/notes?page=1")
    }

    /// Bytes a server wrote past a response's length reach libcurl as the start of the next
    /// response on that connection, which it then reads as HTTP/0.9 and refuses: a lost
    /// connection, which a retry on a new one heals, not an unsupported URL that nothing can.
    @Test func bytesPastTheLastResponseAreALostConnection() async throws {
      let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
      let server = try await LocalServer.responder(
        binary: binary, status: 200, body: "[]", stray: "\r\n")
      let transport = CurlTransport()
      let request = URLRequest(url: server.url.appendingPathComponent("notes"))
      var outcomes: [String] = []
      for _ in 0..<3 {
        do {
          let (_, response) = try await transport.checkedResponse(
            for: request, maximumBodySize: 1_000)
          outcomes.append("\(response.statusCode)")
        } catch let error as HTTPPagingError {
          outcomes.append(error.isRetryable ? "retryable" : "\(error)")
        }
      }
      await server.stop()

      #expect(outcomes == ["200", "retryable", "200"])
    }

    /// A server that does not speak HTTP (a base URL with another service's port) answers a
    /// new connection with what libcurl reads as HTTP/0.9: that is no lost connection, and a
    /// retry cannot heal it.
    @Test func aServerThatDoesNotSpeakHTTPIsNotRetried() async throws {
      let script = """
        import socket, sys
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        print(f"running on http://127.0.0.1:{listener.getsockname()[1]} ", file=sys.stderr, flush=True)
        while True:
            connection, _ = listener.accept()
            connection.recv(4096)
            connection.sendall(b"SSH-2.0-OpenSSH_9.6\\r\\n")
            connection.close()
        """
      let server = try await LocalServer.executable(
        LocalServer.systemPython?.path ?? "/usr/bin/python3", ["-c", script],
        marker: LocalServer.runningOn)
      let transport = CurlTransport()
      var codes: [URLError.Code?] = []
      for _ in 0..<2 {
        do {
          _ = try await transport.checkedResponse(
            for: URLRequest(url: server.url.appendingPathComponent("notes")),
            maximumBodySize: 1_000)
        } catch let error as HTTPPagingError {
          if case .transport(let error) = error { codes.append(error.code) }
          #expect(!error.isRetryable)
        }
      }
      await server.stop()

      #expect(codes == [.badServerResponse, .badServerResponse])
    }
  }
#endif
