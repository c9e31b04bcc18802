import Foundation
import Paging
import PagingHTTP
import Testing

@Suite(
  "URLSessionTransport against real servers",
  .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason), .timeLimit(.minutes(1)))
struct URLSessionTransportTests {
  private let arrayOfFive = [
    URLQueryItem(name: "_shape", value: "array"), URLQueryItem(name: "_size", value: "5"),
  ]

  @Test func aBodyOverTheLimitIsRefusedWhileItStreams() async throws {
    let base = try Datasette.baseURL()
    let source = HTTPPageSource<ReleaseNote>(
      url: Datasette.tableURL(base), strategy: .linkHeader(), queryItems: arrayOfFive,
      decoder: Datasette.decoder, maximumBodySize: 200)

    let error = await loadError(source)

    guard case .bodyTooLarge(let url, let limit) = error else {
      Issue.record("expected bodyTooLarge, got \(String(describing: error))")
      return
    }
    #expect(url == source.firstPageURL)
    #expect(limit == 200)
  }

  @Test func aRedirectWithinTheOriginIsFollowed() async throws {
    let base = try Datasette.baseURL()
    let expected = try await Datasette.expectedIDs(base: base, order: "id")
    // Datasette answers a trailing slash with `302 Found` to the same path without it.
    let slashed = Datasette.tableURL(base).appendingPathComponent("")
    let source = HTTPPageSource<ReleaseNote>(
      url: slashed, strategy: .linkHeader(), queryItems: arrayOfFive, decoder: Datasette.decoder)

    let page = try await source.loadPage(pageRequest(nil))

    #expect(slashed.absoluteString.hasSuffix("release_notes.json/"))
    #expect(page.items.map(\.id) == Array(expected.prefix(5)))
    #expect(
      page.nextCursor?.url.absoluteString
        == Datasette.tableURL(base).absoluteString + "?_shape=array&_size=5&_next=\(expected[4])")
  }

  @Test func aRedirectToAnotherOriginIsNotFollowed() async throws {
    let base = try Datasette.baseURL()
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let target = try #require(
      URLComponents(string: Datasette.tableURL(base).absoluteString + "?_shape=array")?.url)
    let redirector = try await LocalServer.responder(
      binary: binary, status: 302, headers: [("Location", target.absoluteString)])
    let source = HTTPPageSource<ReleaseNote>(
      url: redirector.url.appendingPathComponent("notes"), strategy: .linkHeader(),
      authorization: "Bearer secret", decoder: Datasette.decoder)

    let error = await loadError(source)
    await redirector.stop()

    #expect(error?.statusCode == 302)
    #expect(error?.isRetryable == false)
  }

  /// Foundation joins repeated fields into one comma-separated value. (On Linux it drops a
  /// repeat spelled in another case, `Link` then `link`: a Foundation bug no parser can undo.)
  @Test func severalLinkFieldsAreReadThroughURLSession() async throws {
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let server = try await LocalServer.responder(
      binary: binary, status: 200,
      headers: [
        ("Link", #"<?page=1>; rel="prev", <?page=9>; rel="last""#),
        ("Content-Type", "application/json"),
        ("Link", #"<?page=3>; rel="next""#),
      ],
      body: #"[{"id": 1, "title": "n1"}]"#)
    let source = HTTPPageSource<Note>(
      url: server.url.appendingPathComponent("notes"), strategy: .linkHeader())

    let page = try await source.loadPage(
      pageRequest(url: URL(string: "notes?page=2", relativeTo: server.url)?.absoluteURL))
    await server.stop()

    #expect(page.items == notes(1...1))
    #expect(page.nextCursor?.url.absoluteString == "\(server.url.absoluteString)/notes?page=3")
    #expect(page.previousCursor?.url.absoluteString == "\(server.url.absoluteString)/notes?page=1")
  }

  @Test func cancellingALoadThatNeverAnswersEndsItAsACancellation() async throws {
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let server = try await LocalServer.responder(binary: binary, status: nil)
    let source = HTTPPageSource<Note>(url: server.url, strategy: .linkHeader())
    let load = Task { try await source.loadPage(pageRequest(nil)) }

    load.cancel()
    let result = await load.result
    await server.stop()

    guard case .failure(let error) = result else {
      Issue.record("expected a cancellation, got \(result)")
      return
    }
    #expect(PagingError.isCancellation(error))
    #expect(!(error is HTTPPagingError))
  }
}

/// Fault class 27 and the bodies cut short, against tiny real servers on loopback.
@Suite(
  "URLSessionTransport: authentication challenges and truncated bodies",
  .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason), .timeLimit(.minutes(1)))
struct URLSessionTransportFailureTests {
  /// A transport whose requests time out after 10 s: without the challenge handling, the 401
  /// below would come back as `URLError.timedOut` after those 10 s.
  private static let transport: URLSessionTransport = {
    let configuration = URLSessionTransport.defaultConfiguration
    configuration.timeoutIntervalForRequest = 10
    configuration.timeoutIntervalForResource = 10
    return URLSessionTransport(configuration: configuration)
  }()

  @Test func a401WithABasicChallengeComesBackAsA401() async throws {
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let server = try await LocalServer.responder(
      binary: binary, status: 401,
      headers: [
        ("WWW-Authenticate", #"Basic realm="Realm""#), ("Content-Type", "application/json"),
      ],
      body: #"{"code": 401, "message": "Please authenticate yourself"}"#)
    let source = HTTPPageSource<Note>(
      url: server.url.appendingPathComponent("notes"), strategy: .linkHeader(),
      authorization: "Basic d3Jvbmc6d3Jvbmc=", transport: Self.transport)

    let error = await loadError(source)
    await server.stop()

    #expect(error?.statusCode == 401)
    #expect(error?.isRetryable == false)
    #expect(error?.bodyText == #"{"code": 401, "message": "Please authenticate yourself"}"#)
  }

  @Test func aBodyCutShortIsALostConnectionAndRetryable() async throws {
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let server = try await LocalServer.responder(
      binary: binary, status: 200, headers: [("Content-Type", "application/json")],
      body: #"[{"id": 1, "title": "n1"}, {"id": 2, "#, contentLength: 1000)
    let source = HTTPPageSource<Note>(
      url: server.url.appendingPathComponent("notes"), strategy: .linkHeader(),
      transport: Self.transport)

    let error = await loadError(source)
    await server.stop()

    guard case .transport(let urlError) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(urlError.code == .networkConnectionLost)
    #expect(error?.isRetryable == true)
  }
}
