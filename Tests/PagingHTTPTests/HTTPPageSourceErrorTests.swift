import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("HTTPPageSource errors (stub transport)", .timeLimit(.minutes(minuteLimit)))
struct HTTPPageSourceErrorTests {
  private let base = URL("https://api.example.com/v1/notes")

  private func load(
    _ reply: StubReply, strategy: HTTPPagingStrategy = .linkHeader(), maximumBodySize: Int = 1 << 20
  ) async -> HTTPPagingError? {
    let source = HTTPPageSource<Note>(
      url: base, strategy: strategy, transport: StubTransport(reply),
      maximumBodySize: maximumBodySize)
    return await loadError(source)
  }

  @Test func aStatusErrorKeepsTheCodeTheMessageAndNeverFollowsItsLink() async throws {
    let body = #"{"ok": false, "error": "_size must be a positive integer", "status": 400}"#
    let error = await load(
      StubReply(status: 400, headers: ["Link": #"<?page=2>; rel="next""#], body: body))
    guard case .status(let code, let url, let retryAfter, let prefix) = error else {
      Issue.record("expected a status error, got \(String(describing: error))")
      return
    }
    #expect(code == 400)
    #expect(url == base)
    #expect(retryAfter == nil)
    #expect(prefix == Data(body.utf8))
    #expect(error?.bodyText == body)
    #expect(error?.statusCode == 400)
    #expect(error?.isRetryable == false)
  }

  @Test func aStatusErrorKeepsOnlyTheFirstKibibyteOfTheBody() async throws {
    let body = String(repeating: "0123456789abcdef", count: 100)
    let error = await load(StubReply(status: 502, body: body))
    #expect(error?.bodyText == String(body.prefix(1024)))
    #expect(error?.isRetryable == true)
  }

  @Test(arguments: [
    ("120", RetryAfter.seconds(120)),
    // An HTTP-date counts from the response's Date header: the server's clock.
    ("Sun, 06 Nov 1994 08:49:37 GMT", RetryAfter.seconds(120)),
  ])
  func aStatusErrorReadsRetryAfter(_ field: String, _ expected: RetryAfter) async throws {
    let error = await load(
      StubReply(
        status: 429, headers: ["Retry-After": field, "Date": "Sun, 06 Nov 1994 08:47:37 GMT"],
        body: ""))
    guard case .status(429, _, let retryAfter, _) = error else {
      Issue.record("expected a 429, got \(String(describing: error))")
      return
    }
    #expect(retryAfter == expected)
    #expect(error?.retryAfter == .seconds(120))
    #expect(error?.isRetryable == true)
  }

  @Test func anHTTPDateWithoutADateHeaderCountsFromWhenTheErrorIsMade() async throws {
    // A date long past: the wait is zero, not negative, whatever the clock says now.
    let error = await load(
      StubReply(status: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"], body: ""))
    guard case .status(503, _, .seconds(0)?, _) = error else {
      Issue.record("expected a 503 with a zero wait, got \(String(describing: error))")
      return
    }
    #expect(error?.retryAfter == .zero)
  }

  @Test(arguments: [(429, true), (503, true), (500, false), (401, false), (301, false)])
  func onlyA429OrA503CarriesAWait(_ status: Int, _ waits: Bool) async throws {
    let error = await load(StubReply(status: status, headers: ["Retry-After": "7"], body: ""))
    #expect(error?.retryAfter == (waits ? .seconds(7) : nil))
    #expect(PagingError.sourceFailed(try #require(error)).retryAfter == (waits ? .seconds(7) : nil))
  }

  /// Seconds, and the three HTTP-date forms RFC 9110 (5.6.7) says a recipient must accept.
  @Test func retryAfterParsesSecondsAndEveryHTTPDateForm() {
    #expect(RetryAfter(fieldValue: " 0 ") == .seconds(0))
    #expect(RetryAfter(fieldValue: "-5") == nil)
    #expect(RetryAfter(fieldValue: "soon") == nil)
    let november6 = RetryAfter.date(Date(timeIntervalSince1970: 784_111_777))
    #expect(RetryAfter(fieldValue: "Sun, 06 Nov 1994 08:49:37 GMT") == november6)
    #expect(RetryAfter(fieldValue: "Sunday, 06-Nov-94 08:49:37 GMT") == november6)
    #expect(RetryAfter(fieldValue: "Sun Nov  6 08:49:37 1994") == november6)
    #expect(RetryAfter(fieldValue: "Sun Nov 6 08:49:37 1994") == november6)
    #expect(RetryAfter(fieldValue: "Sun, 06 Nov 1994 08:49:37 PST") == nil)
    #expect(RetryAfter(fieldValue: "Sun, 31 Feb 1994 08:49:37 GMT") == nil)
    // The IMF-fixdate and asctime forms have four-digit years: "26" is never the year 26 (a
    // wait of 2,000 years), but read as the RFC 850 form reads it, or not at all.
    let december7 = RetryAfter(fieldValue: "Monday, 07-Dec-26 22:50:00 GMT")
    #expect(december7 == .date(Date(timeIntervalSince1970: 1_796_683_800)))
    #expect(RetryAfter(fieldValue: "Mon, 07 Dec 26 22:50:00 GMT") == december7)
    #expect(RetryAfter(fieldValue: "Mon Dec  7 22:50:00 26") == nil)
    let date = RetryAfter.date(Date(timeIntervalSince1970: 100))
    #expect(date.delay(from: Date(timeIntervalSince1970: 98.5)) == .milliseconds(1500))
    #expect(date.delay(from: Date(timeIntervalSince1970: 200)) == .zero)
    #expect(RetryAfter.seconds(3).delay(from: Date()) == .seconds(3))
  }

  @Test(arguments: [
    (200, false), (400, false), (401, false), (403, false), (404, false), (408, true), (429, true),
    (500, true),
    (503, true), (599, true),
  ])
  func statusRetryability(_ status: Int, _ retryable: Bool) {
    let error = HTTPPagingError.status(
      statusCode: status, url: base, retryAfter: nil, bodyPrefix: Data())
    #expect(error.isRetryable == retryable)
  }

  @Test(arguments: [
    (URLError.Code.timedOut, true), (.networkConnectionLost, true), (.cannotConnectToHost, true),
    (.notConnectedToInternet, true), (.dnsLookupFailed, true), (.cannotFindHost, true),
    (.badURL, false), (.secureConnectionFailed, false), (.userAuthenticationRequired, false),
  ])
  func transportRetryability(_ code: URLError.Code, _ retryable: Bool) {
    #expect(HTTPPagingError.transport(URLError(code)).isRetryable == retryable)
    #expect(
      PagingError.sourceFailed(HTTPPagingError.transport(URLError(code))).isRetryable == retryable)
  }

  @Test func anUndecodableBodyGivesTheCodingPath() async throws {
    let error = await load(
      StubReply(body: #"{"rows": [{"id": 1, "title": "a"}, {"id": 2, "title": 5}]}"#),
      strategy: .linkHeader(itemsPath: ["rows"]))
    guard case .decoding(let url, .typeMismatch, _, _) = error else {
      Issue.record("expected a type mismatch, got \(String(describing: error))")
      return
    }
    #expect(url == base)
    #expect(error?.codingPath == "rows[1].title")
  }

  @Test func aBodyThatIsNotJSONIsADecodingError() async throws {
    let error = await load(
      StubReply(
        headers: ["Content-Type": "text/html; charset=utf-8"], body: "<html>Bad gateway</html>"))
    guard case .decoding(_, .dataCorrupted, let contentType, let prefix) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(error?.codingPath == "")
    #expect(contentType == "text/html; charset=utf-8")
    #expect(prefix == Data("<html>Bad gateway</html>".utf8))
    #expect(
      error?.description.hasPrefix(
        #"the body of https://api.example.com/v1/notes (a Content-Type that is not JSON, a body of 24 bytes) did not decode at its top level: "#
      ) == true)
  }

  @Test func aBodyOverTheLimitIsRefused() async throws {
    let body = notesJSON(1...10)
    let error = await load(StubReply(body: body), maximumBodySize: body.utf8.count - 1)
    guard case .bodyTooLarge(let url, let limit) = error else {
      Issue.record("expected bodyTooLarge, got \(String(describing: error))")
      return
    }
    #expect(url == base)
    #expect(limit == body.utf8.count - 1)
  }

  @Test func aTransportErrorKeepsItsURLError() async throws {
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(),
      transport: StubTransport { _ in throw URLError(.timedOut) })
    let error = await loadError(source)
    guard case .transport(let urlError) = error else {
      Issue.record("expected transport, got \(String(describing: error))")
      return
    }
    #expect(urlError.code == .timedOut)
    #expect(error?.isRetryable == true)
  }

  @Test func cancellationIsNotWrapped() async throws {
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(),
      transport: StubTransport { _ in throw URLError(.cancelled) })
    let error = await #expect(throws: URLError.self) {
      try await source.loadPage(pageRequest(nil))
    }
    #expect(error?.code == .cancelled)
    #expect(error.map(PagingError.isCancellation) == true)
  }
}
