import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fault class 29 of the rulebook: descriptions redact query values; code still reads the URL.
@Suite("HTTP errors keep secrets out of descriptions", .timeLimit(.minutes(minuteLimit)))
struct ErrorRedactionTests {
  private let secretURL = URL(
    "https://user:hunter2@api.example.com/v1/notes?api_key=s3cr3t&_next=tok%2Cen&flag&empty=#frag")

  /// The hosts and paths of these tests' URLs print as a page source's own do: as if a
  /// source had been made for each (these errors are made by hand, without one).
  init() {
    RedactedURL.trust(endpoint: secretURL)
    RedactedURL.trust(endpoint: URL("https://a.example/x"))
  }

  /// A `Link` header error quotes nothing of the field value: a token may sit in a parameter
  /// as well as in a URL, and redacting URLs would leave it.
  @Test func aLinkHeaderErrorQuotesNothingOfTheFieldValue() {
    let value = "<https://api.example.com/v1/notes?page=2>; rel=next; token=sk_live_SECRET, junk"
    for reason: LinkHeaderError.Reason in [
      .expectedLinkValue, .unterminatedTarget, .invalidTarget("sk_live_SECRET"),
    ] {
      let error = LinkHeaderError(fieldValue: value, offset: 72, reason: reason)
      #expect(!error.description.contains("SECRET"))
      #expect(!error.description.contains("api.example.com"))
      #expect(error.localizedDescription == error.description)
    }
    #expect(
      LinkHeaderError(fieldValue: value, offset: 72, reason: .expectedLinkValue).description
        == "Link header: expected '<' at byte 72 of a 79-byte field value")
  }

  @Test func aStatusErrorRedactsQueryValuesPasswordAndFragment() {
    let error = HTTPPagingError.status(
      statusCode: 403, url: secretURL, retryAfter: nil, bodyPrefix: Data("denied".utf8))

    #expect(
      error.description
        == "HTTP 403 from https://…@api.example.com/v1/notes?api_key=…&_next=…&…&empty=#…, a body of 6 bytes"
    )
    #expect(error.url == secretURL)
    #expect(PagingError.sourceFailed(error).description.contains("s3cr3t") == false)
  }

  @Test func everyCaseWithAURLRedactsIt() {
    let errors: [HTTPPagingError] = [
      .decoding(
        url: secretURL,
        error: .dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")),
        contentType: nil, bodyPrefix: Data()),
      .bodyTooLarge(url: secretURL, limit: 10),
      .crossOriginCursor(url: secretURL, origin: HTTPOrigin(scheme: "https", host: "a.example")),
      .malformedLinkHeader(url: secretURL, errors: []),
      .invalidCursor(url: secretURL, queryItem: "page"),
    ]
    for error in errors {
      #expect(!error.description.contains("s3cr3t"), "\(error)")
      #expect(!error.description.contains("hunter2"), "\(error)")
      #expect(!error.description.contains("tok"), "\(error)")
      #expect(error.description.contains("?api_key=…&_next=…"), "\(error)")
      #expect(error.url == secretURL)
    }
  }

  @Test func aRepeatedURLCursorIsRedactedToo() {
    let error = PagingError.repeatedCursor(URL("https://a.example/x?_next=s3cr3t"))
    #expect(
      error.description
        == "the server repeated cursor https://a.example/x?…, whose page already loaded; refresh to start over"
    )
  }

  @Test func anEmptyBodyIsNamedAsSuch() {
    let error = HTTPPagingError.decoding(
      url: URL("https://a.example/x"),
      error: .dataCorrupted(.init(codingPath: [], debugDescription: "empty")),
      contentType: "application/json", bodyPrefix: Data())
    #expect(
      error.description.hasPrefix(
        "the body of https://a.example/x (a JSON Content-Type, an empty body) did not decode"
      ))
  }

  @Test func noPartOfABodyIsQuotedOnlyItsSize() {
    let body = "<!DOCTYPE html>\n<html>token=sk_live_s3cr3t" + String(repeating: "x", count: 100)
    let error = HTTPPagingError.decoding(
      url: URL("https://a.example/x"),
      error: .dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")),
      contentType: "text/html", bodyPrefix: Data(body.utf8))
    #expect(
      error.description.hasPrefix(
        "the body of https://a.example/x (a Content-Type that is not JSON, a body of 142 bytes) "
          + "did not decode"
      ))
    #expect(!error.description.contains("s3cr3t"))
    #expect(!error.description.contains("DOCTYPE"))
    #expect(error.bodyText == body)
    let status = HTTPPagingError.status(
      statusCode: 401, url: URL("https://a.example/x"), retryAfter: nil,
      bodyPrefix: Data(repeating: UInt8(ascii: "k"), count: HTTPPagingError.bodyPrefixLimit))
    #expect(
      status.description
        == "HTTP 401 from https://a.example/x, a body of at least 1024 bytes (the first 1024 kept)")
  }

  /// Fault class 29: nothing a response holds reaches a description, headers included: a
  /// Content-Type or a count header that carries a token (a proxy that reflects a request
  /// header, say), and a decoder's own text that quotes the value it read.
  @Test func noHeaderValueAndNothingADecoderReadIsQuoted() {
    let secret = "sk_live_s3cr3t"
    let url = URL("https://a.example/x")
    let errors: [HTTPPagingError] = [
      .decoding(
        url: url,
        error: .dataCorrupted(.init(codingPath: [], debugDescription: "invalid \(secret)")),
        contentType: "application/json; token=\(secret)", bodyPrefix: Data("{}".utf8)),
      .decoding(
        url: url,
        error: .typeMismatch(
          Int.self, .init(codingPath: [], debugDescription: "found \"\(secret)\" instead")),
        contentType: "text/\(secret)", bodyPrefix: Data()),
      .decoding(
        url: url,
        error: .valueNotFound(
          Int.self, .init(codingPath: [], debugDescription: "\(secret) was null")),
        contentType: nil, bodyPrefix: Data()),
      .malformedHeader(url: url, name: "X-Total-Count", value: "not json \(secret)"),
    ]
    for error in errors {
      #expect(!error.description.contains("s3cr3t"), "\(error.description)")
      #expect(!error.description.contains("sk_live"), "\(error.description)")
    }
    #expect(
      errors[3].description
        == "the X-Total-Count header of https://a.example/x does not hold a non-negative integer "
        + "where expected (it holds 23 bytes, not quoted)")
    #expect(
      errors[1].description
        == "the body of https://a.example/x (a Content-Type that is not JSON, an empty body) did "
        + "not decode at its top level: a value is not of the type expected (Int)")
  }

  @Test func theStatusCodeReadsFromAPagingErrorInOneStep() {
    let status = HTTPPagingError.status(
      statusCode: 401, url: URL("https://a.example/x"), retryAfter: nil, bodyPrefix: Data())
    #expect(PagingError.sourceFailed(status).httpStatusCode == 401)
    #expect(PagingError.sourceFailed(status).httpError?.url == URL("https://a.example/x"))
    #expect(
      PagingError.sourceFailed(HTTPPagingError.transport(URLError(.timedOut))).httpStatusCode == nil
    )
    #expect(PagingError.noNewItems(pages: 3).httpStatusCode == nil)
  }
}

/// Every error case, produced by a walk against a stub server with secrets planted in the
/// URL's user part, its query, quoted bodies (absolute, relative and JSON-escaped URLs),
/// headers (a `Content-Type`, a count header holding a bare token) and GraphQL messages: no description says any of them, each is one line, and
/// `localizedDescription` reads as the description (fault class 29 of the rulebook).
@Suite("Planted secrets never reach an error's text", .timeLimit(.minutes(minuteLimit)))
struct PlantedSecretTests {
  /// The URL the hand-made errors below name prints as a page source's own does.
  init() {
    RedactedURL.trust(endpoint: URL("https://a.example/x"))
    RedactedURL.trust(endpoint: Self.url)
  }

  /// A secret planted somewhere; no description may contain it.
  static let secrets = (1...17).map { "S3CR3T\($0)x" }

  /// The source's URL: a token as the user part, another as a query value.
  static let url = URL(
    string: "https://sk_live_\(secrets[0])@api.example.com/v1/notes?api_key=\(secrets[1])")!

  /// A body quoting URLs with secrets in every form a server writes them.
  static let body =
    #"{"errors": [{"detail": "denied\nretry", "links": {"about": "https://api.example.com/v1/x?api_key=\#(secrets[2])&page%5Bnumber%5D=2", "#
    + #""self": "/v1/notes?page[cursor]=\#(secrets[3])", "related": "https:\/\/\#(secrets[4])@api.example.com\/x"}}]}"#

  /// What each scenario's server answers, and the strategy that reads it.
  static let scenarios: [(String, HTTPPagingStrategy, StubReply?, URL)] = [
    ("status", .linkHeader(), StubReply(status: 401, body: body), url),
    (
      "decoding", .linkHeader(),
      StubReply(headers: ["Content-Type": "text/html; token=\(secrets[13])"], body: body), url
    ),
    ("body too large", .linkHeader(), StubReply(body: String(repeating: "x", count: 70_000)), url),
    ("transport", .linkHeader(), nil, url),
    (
      "cross-origin", .linkHeader(),
      StubReply(
        headers: ["Link": "<https://u:\(secrets[5])@evil.example/x?t=\(secrets[5])>; rel=\"next\""],
        body: "[]"), url
    ),
    (
      "malformed Link", .linkHeader(),
      StubReply(
        headers: ["Link": "https://api.example.com/x?t=\(secrets[6]); rel=\"next\""], body: "[]"),
      url
    ),
    (
      "invalid cursor", .pageNumber(pageSize: 2), StubReply(body: "[]"),
      URL(string: "https://api.example.com/v1/notes?page=\(secrets[7])")!
    ),
    (
      "malformed header", .pageNumber(pageSize: 2, totalCount: .header("X-Total-Count")),
      StubReply(
        headers: ["X-Total-Count": "not json sk_live_\(secrets[8]) https://x.example/?k=1"],
        body: "[]"),
      url
    ),
    (
      "GraphQL", .graphQLConnection(query: "{ x }", connectionPath: ["x"], pageSize: 2),
      StubReply(
        body:
          #"{"data": null, "errors": [{"message": "no: see https://\#(secrets[9])@example.com/x?key=\#(secrets[9])"}]}"#
      ),
      url
    ),
    (
      "rate limited", .linkHeader(),
      StubReply(
        status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "4102444800"],
        body:
          #"{"message": "API rate limit exceeded, see https://x.example/?token=\#(secrets[11])"}"#),
      url
    ),
    (
      "retry after too long", .linkHeader(),
      StubReply(status: 503, headers: ["Retry-After": "3600"], body: body), url
    ),
    (
      "deadline", .linkHeader(), StubReply(body: "[]"),
      URL(string: "https://\(secrets[12])@api.example.com/v1/notes?key=\(secrets[12])")!
    ),
    (
      "no scheme", .linkHeader(), StubReply(body: "[]"),
      URL(string: "api.example.com/v1/notes?api_key=\(secrets[10])")!
    ),
    // A next link with a token in its path, and one to a host named after a token: the
    // walk fails on the link's page (it names itself again), and its text names that page.
    (
      "token in a Link's path", .linkHeader(),
      StubReply(
        headers: ["Link": "<https://api.example.com/v1/\(secrets[14])/notes>; rel=\"next\""],
        body: #"[{"id": 1, "title": "a"}]"#),
      url
    ),
    (
      "token in a body's next link", .nextURL(bodyPath: ["next"], itemsPath: ["results"]),
      StubReply(
        body: #"{"next": "/v1/notes/\#(secrets[15])/", "results": [{"id": 1, "title": "a"}]}"#), url
    ),
    (
      "token as a host", .linkHeader(),
      StubReply(
        headers: ["Link": "<https://\(secrets[16]).evil.example/x>; rel=\"next\""], body: "[]"),
      url
    ),
  ]

  @Test func noErrorTextOfAnyScenarioCarriesAPlantedSecret() async throws {
    var seen = 0
    for (name, strategy, reply, url) in Self.scenarios {
      let transport: any HTTPTransport =
        reply.map { StubTransport($0) } ?? FailingTransport(code: .networkConnectionLost)
      let source = HTTPPageSource<Note>(
        url: url, strategy: strategy, transport: transport, maximumBodySize: 65_536)
      // A page number is read from the cursor, so that scenario starts at a hand-made one.
      let start = name == "invalid cursor" ? HTTPCursor(url: url) : nil
      // The default policy: a Retry-After past its maxDelay fails at once, without a wait.
      var options =
        name == "retry after too long" ? PageWalkOptions() : PageWalkOptions(retryPolicy: .manual)
      if name == "deadline" { options.deadline = .zero }
      var iterator = source.pages(
        from: start ?? (name == "deadline" ? HTTPCursor(url: url) : nil), options: options
      )
      .makeAsyncIterator()
      var failure: PageWalkError<HTTPCursor>?
      do {
        while try await iterator.next() != nil {}
      } catch let error as PageWalkError<HTTPCursor> {
        failure = error
      }
      var texts = [
        failure.map { "\($0)" }, failure?.localizedDescription, failure?.reason.description,
      ]
      .compactMap { $0 }
      if name == "deadline" {
        #expect(failure?.reason == .deadlineExceeded(.zero))
      } else if name.hasPrefix("token in a") {
        guard case .repeatedCursor = failure?.error else {
          Issue.record("\(name): expected a repeated cursor, got \(String(describing: failure))")
          continue
        }
        #expect(failure?.cursor?.url.path().hasPrefix("/v1/") == true)
      } else {
        guard let error = failure?.error?.httpError else {
          Issue.record("\(name): expected an HTTP error, got \(String(describing: failure))")
          continue
        }
        texts += [
          error.description, error.localizedDescription, String(describing: error.errorDescription),
        ]
      }
      if name == "rate limited" {
        #expect(failure?.error?.httpError?.retryAfter.map { $0 > .seconds(3_600) } == true)
      }
      if name == "retry after too long" {
        #expect(failure?.error?.retryAfter == .seconds(3_600))
        guard case .retryAfterTooLong = failure?.error else {
          Issue.record("expected retryAfterTooLong, got \(String(describing: failure))")
          continue
        }
      }
      seen += 1
      for text in texts {
        for secret in Self.secrets {
          #expect(!text.contains(secret), "\(name): \(text)")
        }
        #expect(!text.contains("\n"), "\(name): \(text)")
        #expect(!text.contains("HTTPPagingError error"), "\(name): \(text)")
      }
    }
    #expect(seen == Self.scenarios.count)
  }

  @Test func aTransportErrorReadsInWordsWithItsURLRedacted() {
    let error = HTTPPagingError.transport(
      URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: Self.url]))
    #expect(
      error.localizedDescription
        == "the request to https://…@api.example.com/v1/notes?api_key=… failed: the connection was "
        + "lost before the response was complete (URLError -1005)")
  }

  @Test func aBaseURLWithoutASchemeIsNamedAsSuch() async {
    let source = HTTPPageSource<Note>(
      url: URL(string: "api.example.com/v1/notes")!, strategy: .linkHeader(),
      transport: StubTransport(StubReply(body: "[]")))
    let error = await loadError(source)
    #expect(
      error?.description
        == #"the source's URL "api.example.com/v1/notes" is not an absolute http or https URL with a host; write it in full (https://api.example.com/v1/notes)"#
    )
  }

  /// A dictionary's keys are the response's text: the description names a type's own keys
  /// and replaces the others by `…` (one line, whatever they hold); ``codingPath`` keeps them.
  @Test func aKeyTheResponseChoseIsNotQuotedButATypesOwnKeysAre() async {
    for key in ["sk_live_SECRET", #"a\nb"#] {
      let body = #"[{"id": 1, "tags": {"\#(key)": "not a number"}}]"#
      let source = HTTPPageSource<TaggedNote>(
        url: URL("https://api.example.com/v1/notes"), strategy: .linkHeader(),
        transport: StubTransport(StubReply(body: body)))
      let error = await loadError(source)
      #expect(
        error?.description
          == "the body of https://api.example.com/v1/notes (no Content-Type, a body of "
          + "\(body.utf8.count) bytes) did not decode at [0].tags.…: a value is not of the type "
          + "expected (Int)")
      #expect(error?.codingPath?.hasPrefix("[0].tags.") == true)
      #expect(error?.codingPath?.count ?? 0 > "[0].tags.".count)
    }
    let missing = HTTPPagingError.decoding(
      url: URL("https://a.example/x"),
      error: .keyNotFound(
        TagKey(stringValue: "sk_live_SECRET"), .init(codingPath: [], debugDescription: "")),
      contentType: nil, bodyPrefix: Data())
    #expect(
      missing.description
        == "the body of https://a.example/x (no Content-Type, an empty body) did not decode at …: "
        + "a key is missing")
  }

  /// A key enum with a case for whatever key comes (`case other(String)`) holds the
  /// response's text in that case's payload: such a key is `…` too, and the enum's own cases
  /// are named.
  @Test func aKeyInAnEnumCaseWithAPayloadIsNotQuoted() {
    let path: [any CodingKey] = [OpenKey.rows, OpenKey.other("sk_live_SECRET")]
    let error = HTTPPagingError.decoding(
      url: URL("https://a.example/x"),
      error: .typeMismatch(Int.self, .init(codingPath: path, debugDescription: "")),
      contentType: nil, bodyPrefix: Data())
    #expect(
      error.description
        == "the body of https://a.example/x (no Content-Type, an empty body) did not decode at "
        + "rows.…: a value is not of the type expected (Int)")
    #expect(error.codingPath == "rows.sk_live_SECRET")
  }

  /// The numbers a server gave in `Retry-After` and in a rate limit's reset are header
  /// values: a description says that the wait came and what bound it passed, never the
  /// number (here a card number), which `retryAfter` gives to code.
  @Test func noNumberAHeaderGaveIsQuoted() async {
    let secret = "4111111111111111"
    let base = URL("https://api.example.com/v1/notes")
    let throttled = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(),
      transport: StubTransport(StubReply(status: 503, headers: ["Retry-After": secret], body: "")))
    let status = await loadError(throttled)
    #expect(
      status?.description
        == "HTTP 503 from https://api.example.com/v1/notes, with a Retry-After, an empty body")
    #expect(status?.retryAfter == .seconds(3_153_600_000))
    let spent = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(),
      transport: StubTransport(
        StubReply(
          status: 429, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "41111113"],
          body: "")))
    let limited = await loadError(spent)
    #expect(
      limited?.description
        == "the rate limit of https://api.example.com/v1/notes is spent, and its reset is further "
        + "away than the source's maximumRateLimitWait")
    for source in [throttled, spent] {
      let walk = await #expect(throws: PageWalkError<HTTPCursor>.self) {
        for try await _ in source.pages() {}
      }
      #expect(walk.map { !$0.description.contains("4111111") } == true)
      #expect(walk.map { $0.description.contains("maxDelay of 30 s") } == true)
    }
  }

  /// A user part is redacted without a scheme too: after `//`, or before an `@` that comes
  /// ahead of the first `/`.
  @Test func aUserPartIsRedactedWithoutAScheme() throws {
    for (text, redacted) in [
      ("//user:sk_live_SECRET@api.example.com/v1/notes", "//…@api.example.com/v1/notes"),
      ("sk_live_SECRET@api.example.com/v1/notes", "…@api.example.com/v1/notes"),
      ("api.example.com/v1/a@b", "api.example.com/v1/a@b"),
    ] {
      let url = try #require(URL(string: text))
      RedactedURL.trust(endpoint: url)
      #expect(RedactedURL(url).description == redacted)
    }
  }

  @Test func textRedactionCoversEveryFormOfURL() {
    let text =
      #"see https://user:pw@a.example/x?k=v&f, /rel?page[cursor]=abc and "#
      + #"https:\/\/tok@b.example\/y?q=1 or <http://c.example/z#frag>; plain words stay."#
    #expect(
      RedactedURL.redactingURLs(in: text)
        == #"see https://…@a.example/x?…&…, /…?… and "#
        + #"https:\/\/…@…/…?… or <http://…/…#…>; plain words stay."#)
  }

  /// A host, a path or a query item name that no page source was made for is a response's (a
  /// next link's), and prints as `…`: a server can put a token there as well as in a query
  /// value. A path on a source's origin is `…` unless it is the source's own, and a name
  /// unless the app sets it there; a scheme other than `http` and `https` is `…` off a
  /// source's origin (which it is part of); the default port is no port.
  @Test func aHostAndAPathNoSourceWasMadeForPrintAsAnEllipsis() {
    RedactedURL.trust(endpoint: URL("https://own-path.example/v1/notes?api_key=k"), names: ["page"])
    for (text, redacted) in [
      (
        "https://own-path.example/v1/notes?page=2&sk_live_SECRET=1&api_key=k",
        "https://own-path.example/v1/notes?page=…&…&api_key=…"
      ),
      (
        "https://own-path.example:443/v1/notes?page=2",
        "https://own-path.example:443/v1/notes?page=…"
      ),
      ("sk-live-secret://own-path.example/v1/notes", "…://…/…"),
      ("sk-live-secret://elsewhere.example/v1/notes", "…://…/…"),
      ("https://OWN-PATH.example/v1/notes", "https://OWN-PATH.example/v1/notes"),
      ("https://own-path.example/v1/sk_live_SECRET/notes", "https://own-path.example/…"),
      ("https://own-path.example/V1/notes", "https://own-path.example/…"),
      ("https://own-path.example:8443/v1/notes", "https://…/…"),
      ("https://sk-live-secret.example/v1/notes?a=b", "https://…/…?…"),
      ("https://u:p@sk-live-secret.example/", "https://…@…/"),
      ("https://sk-live-secret.example", "https://…"),
    ] {
      #expect(RedactedURL(URL(string: text)!).description == redacted, "\(text)")
    }
  }

  /// An allowed origin's host prints, with or without its default port; its paths do not,
  /// since the source was not made for them, nor query item names the app does not set.
  @Test func anAllowedOriginsHostPrintsButNotItsPaths() {
    _ = HTTPPageSource<Note>(
      url: URL("https://allowing.example/v1/notes"), strategy: .linkHeader(),
      transport: StubTransport(StubReply(body: "[]")),
      allowedOrigins: [HTTPOrigin(scheme: "https", host: "cdn.allowed.example")])
    #expect(
      RedactedURL(URL("https://cdn.allowed.example/v1/notes?p=2")).description
        == "https://cdn.allowed.example/…?…")
    #expect(
      RedactedURL(URL("https://cdn.allowed.example:443/x")).description
        == "https://cdn.allowed.example:443/…")
    #expect(
      RedactedURL(URL("https://allowing.example/v1/notes?p=2")).description
        == "https://allowing.example/v1/notes?…")
  }
}

/// A transport whose every request fails with a `URLError` carrying the request's URL.
struct FailingTransport: HTTPTransport {
  var code: URLError.Code

  func response(for request: URLRequest, maximumBodySize: Int) async throws -> (
    Data, HTTPURLResponse
  ) {
    throw URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: request.url as Any])
  }
}

/// A note with a dictionary whose keys the server chooses.
private struct TaggedNote: Decodable, Identifiable, Sendable {
  var id: Int
  var tags: [String: Int]
}

/// A key made at run time, as a type that reads whatever keys come makes them.
private struct TagKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Keys with a case for each key a type knows, and one for any other the response sends.
private enum OpenKey: CodingKey {
  case rows
  case other(String)
  init?(stringValue: String) { self = stringValue == "rows" ? .rows : .other(stringValue) }
  init?(intValue: Int) { nil }
  var stringValue: String {
    switch self {
    case .rows: "rows"
    case .other(let name): name
    }
  }
  var intValue: Int? { nil }
}
