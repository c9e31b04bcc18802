import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The transports a source can be given on this platform: every test below runs through each,
/// since each must keep the same rules (the size limit, redirects within the origin, a 401 as a
/// 401, a cut body as a lost connection, a whole-request deadline, cancellation).
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case urlSession
  #if canImport(FoundationNetworking)
    case curl
  #endif

  var testDescription: String { rawValue }

  /// A transport of this kind whose requests take at most `timeout` as a whole.
  func make(timeout: Duration = .seconds(10)) -> any HTTPTransport {
    switch self {
    case .urlSession:
      let configuration = URLSessionTransport.defaultConfiguration
      configuration.timeoutIntervalForRequest = 3600
      configuration.timeoutIntervalForResource =
        Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
      return URLSessionTransport(configuration: configuration)
    #if canImport(FoundationNetworking)
      case .curl: return CurlTransport(timeout: timeout)
    #endif
    }
  }
}

@Suite(
  "HTTP transports against real servers",
  .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct HTTPTransportTests {
  private let arrayOfFive = [
    URLQueryItem(name: "_shape", value: "array"), URLQueryItem(name: "_size", value: "5"),
  ]

  @Test(arguments: TransportKind.allCases)
  func aBodyOverTheLimitIsRefusedWhileItStreams(_ kind: TransportKind) async throws {
    let base = try Datasette.baseURL()
    let source = HTTPPageSource<ReleaseNote>(
      url: Datasette.tableURL(base), strategy: .linkHeader(), queryItems: arrayOfFive,
      decoder: Datasette.decoder, transport: kind.make(), maximumBodySize: 200)

    let error = await loadError(source)

    guard case .bodyTooLarge(let url, let limit) = error else {
      Issue.record("expected bodyTooLarge, got \(String(describing: error))")
      return
    }
    #expect(url == source.firstPageURL)
    #expect(limit == 200)
  }

  @Test(arguments: TransportKind.allCases)
  func aRedirectWithinTheOriginIsFollowed(_ kind: TransportKind) async throws {
    let base = try Datasette.baseURL()
    let expected = try await Datasette.expectedIDs(base: base, order: "id")
    // Datasette answers a trailing slash with `302 Found` to the same path without it.
    let slashed = Datasette.tableURL(base).appendingPathComponent("")
    let source = HTTPPageSource<ReleaseNote>(
      url: slashed, strategy: .linkHeader(), queryItems: arrayOfFive, decoder: Datasette.decoder,
      transport: kind.make())

    let page = try await source.loadPage(pageRequest(nil))

    #expect(slashed.absoluteString.hasSuffix("release_notes.json/"))
    #expect(page.items.map(\.id) == Array(expected.prefix(5)))
    #expect(
      page.nextCursor?.url.absoluteString
        == Datasette.tableURL(base).absoluteString + "?_shape=array&_size=5&_next=\(expected[4])")
  }

  @Test(arguments: TransportKind.allCases)
  func aRedirectToAnotherOriginIsNotFollowed(_ kind: TransportKind) async throws {
    let base = try Datasette.baseURL()
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let target = try #require(
      URLComponents(string: Datasette.tableURL(base).absoluteString + "?_shape=array")?.url)
    let redirector = try await LocalServer.responder(
      binary: binary, status: 302, headers: [("Location", target.absoluteString)])
    let source = HTTPPageSource<ReleaseNote>(
      url: redirector.url.appendingPathComponent("notes"), strategy: .linkHeader(),
      authorization: "Bearer secret", decoder: Datasette.decoder, transport: kind.make())

    let error = await loadError(source)
    await redirector.stop()

    #expect(error?.statusCode == 302)
    #expect(error?.isRetryable == false)
  }

  /// Both transports join repeated fields into one comma-separated value. (On Linux
  /// FoundationNetworking drops a repeat spelled in another case, `Link` then `link`; libcurl's
  /// transport joins it too.)
  @Test(arguments: TransportKind.allCases)
  func severalLinkFieldsAreJoined(_ kind: TransportKind) async throws {
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
      url: server.url.appendingPathComponent("notes"), strategy: .linkHeader(),
      transport: kind.make())

    let page = try await source.loadPage(
      pageRequest(url: URL(string: "notes?page=2", relativeTo: server.url)?.absoluteURL))
    await server.stop()

    #expect(page.items == notes(1...1))
    #expect(page.nextCursor?.url.absoluteString == "\(server.url.absoluteString)/notes?page=3")
    #expect(page.previousCursor?.url.absoluteString == "\(server.url.absoluteString)/notes?page=1")
  }

  @Test(arguments: TransportKind.allCases)
  func cancellingALoadThatNeverAnswersEndsItAsACancellation(_ kind: TransportKind) async throws {
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let server = try await LocalServer.responder(binary: binary, status: nil)
    let source = HTTPPageSource<Note>(
      url: server.url, strategy: .linkHeader(), transport: kind.make())
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
  "HTTP transports: authentication challenges and truncated bodies",
  .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct HTTPTransportFailureTests {
  /// Requests time out after 10 s (`TransportKind.make`): without `URLSessionTransport`'s
  /// challenge handling, the 401 below would come back as `URLError.timedOut` after those 10 s.
  @Test(arguments: TransportKind.allCases)
  func a401WithABasicChallengeComesBackAsA401(_ kind: TransportKind) async throws {
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let server = try await LocalServer.responder(
      binary: binary, status: 401,
      headers: [
        ("WWW-Authenticate", #"Basic realm="Realm""#), ("Content-Type", "application/json"),
      ],
      body: #"{"code": 401, "message": "Please authenticate yourself"}"#)
    let source = HTTPPageSource<Note>(
      url: server.url.appendingPathComponent("notes"), strategy: .linkHeader(),
      authorization: "Basic d3Jvbmc6d3Jvbmc=", transport: kind.make())

    let error = await loadError(source)
    await server.stop()

    #expect(error?.statusCode == 401)
    #expect(error?.isRetryable == false)
    #expect(error?.bodyText == #"{"code": 401, "message": "Please authenticate yourself"}"#)
  }

  @Test(arguments: TransportKind.allCases)
  func aBodyCutShortIsALostConnectionAndRetryable(_ kind: TransportKind) async throws {
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let server = try await LocalServer.responder(
      binary: binary, status: 200, headers: [("Content-Type", "application/json")],
      body: #"[{"id": 1, "title": "n1"}, {"id": 2, "#, contentLength: 1000)
    let source = HTTPPageSource<Note>(
      url: server.url.appendingPathComponent("notes"), strategy: .linkHeader(),
      transport: kind.make())

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

/// Public API never traps whatever the number: a request's timeout interval, and a source's
/// timeout, at the ends of their ranges, through each transport, against a port where nothing
/// listens (the connection is refused at once).
@Suite("Transports take any timeout", .timeLimit(.minutes(minuteLimit)))
struct TransportTimeoutExtremesTests {
  private let refused = URL("http://127.0.0.1:1/v1/notes")

  @Test(arguments: TransportKind.allCases)
  func aRequestsTimeoutIntervalAtTheEndsOfItsRangeFailsTheRequestWithoutATrap(
    _ kind: TransportKind
  ) async {
    let transport = kind.make()
    for interval in [TimeInterval.infinity, -.infinity, .nan, 1e300, 1e16, -1e16] {
      var request = URLRequest(url: refused)
      request.timeoutInterval = interval
      await #expect(throws: URLError.self, "\(interval)") {
        _ = try await transport.response(for: request, maximumBodySize: 1000)
      }
    }
  }

  @Test(arguments: TransportKind.allCases)
  func aSourcesTimeoutAtTheEndsOfItsRangeEndsInATransportError(_ kind: TransportKind) async {
    for timeout in [Duration.seconds(Int64.max), .seconds(10_000_000_000_000_000)] {
      let source = HTTPPageSource<Note>(
        url: refused, strategy: .linkHeader(), transport: kind.make(), timeout: timeout)
      let error = await loadError(source)
      guard case .transport(let failure) = error else {
        Issue.record("expected a transport error, got \(String(describing: error))")
        continue
      }
      #expect(failure.code == .cannotConnectToHost)
    }
  }
}
