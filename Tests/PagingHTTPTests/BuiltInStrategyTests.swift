import Foundation
import Paging
import PagingHTTP
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The JSON object a request posted.
func postedJSON(_ request: URLRequest) -> [String: Any] {
  request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
}

/// The GraphQL request a GET carries in its `query` and `variables` parameters (GraphQL over
/// HTTP), as `postedJSON(_:)` reads a POST's.
func queryParametersJSON(_ request: URLRequest) -> [String: Any] {
  let items =
    request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }?
    .queryItems ?? []
  var json: [String: Any] = [:]
  if let query = items.first(where: { $0.name == "query" })?.value { json["query"] = query }
  if let variables = items.first(where: { $0.name == "variables" })?.value {
    json["variables"] = try? JSONSerialization.jsonObject(with: Data(variables.utf8))
  }
  return json
}

/// A GraphQL Relay server of `total` notes in memory: `first`/`after` from the variables
/// (posted, or a GET's parameters), the cursor an item's id as text; `edges` or `nodes` as
/// asked.
func graphQLServer(total: Int, nodes: Bool = false) -> StubTransport {
  StubTransport { request in
    let json = request.httpMethod == "GET" ? queryParametersJSON(request) : postedJSON(request)
    let variables = json["variables"] as? [String: Any] ?? [:]
    let first = variables["first"] as? Int ?? 0
    let after = (variables["after"] as? String).flatMap { Int($0) } ?? 0
    let ids = (after + 1)...min(total, after + first)
    let items = ids.map { #"{"id": \#($0), "title": "n\#($0)"}"# }
    let list =
      nodes
      ? #""nodes": [\#(items.joined(separator: ","))]"#
      : #""edges": [\#(items.map { #"{"node": \#($0)}"# }.joined(separator: ","))]"#
    let hasNext = ids.upperBound < total
    return StubReply(
      body: #"{"data": {"feed": {"notes": {\#(list), "pageInfo": "#
        + #"{"hasNextPage": \#(hasNext), "endCursor": "\#(ids.upperBound)"}}}}}"#)
  }
}

let notesQuery =
  "query($first: Int!, $after: String) { feed { notes(first: $first, after: $after) "
  + "{ edges { node { id title } } pageInfo { hasNextPage endCursor } } } }"

@Suite(
  "Built-in strategies: page-number counts, GraphQL, headers, last item, JSON:API, bodies",
  .timeLimit(.minutes(minuteLimit)))
struct BuiltInStrategyTests {
  private let base = URL("https://api.example.com/v1/notes")

  /// Fault class 28: the count compares with the rows received, never pages times the page
  /// size asked for.
  @Test func aPageNumberWalkWithATotalCountsTheRowsReceivedNotPagesTimesPageSize() async throws {
    // Asks for 100 a page (and cannot say so: no page-size query item); the server serves 50.
    let transport = StubTransport { request in
      let page = Int(URLQuery(request).value("page") ?? "1") ?? 1
      let ids = (page - 1) * 50 + 1...page * 50
      return StubReply(
        body: #"{"count": 200, "results": \#(page <= 4 ? notesJSON(ids) : "[]")}"#)
    }
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(pageSize: 100, itemsPath: ["results"], totalCount: ["count"]),
      transport: transport)

    #expect(try await walk(source) == notes(1...200))
    #expect(await transport.requests.count == 4)
  }

  @Test func aHandMadePageNumberCursorNeverOvercountsTheRowsBeforeIt() async throws {
    let transport = StubTransport(
      StubReply(body: #"{"count": 200, "results": \#(notesJSON(51...100))}"#))
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(pageSize: 100, itemsPath: ["results"], totalCount: ["count"]),
      transport: transport)
    let page = try await source.loadPage(
      pageRequest(url: URL("https://api.example.com/v1/notes?page=2")))
    #expect(page.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?page=3")
    #expect(page.nextCursor?.itemsBefore == 100)
  }

  @Test func aRetryAfterDateCenturiesAwayIsClampedNotATrap() {
    let far = RetryAfter.date(Date(timeIntervalSince1970: 1e17))
    #expect(far.delay(from: Date()) == RetryAfter.maximumDelay)
    #expect(RetryAfter.date(.distantFuture).delay(from: .distantPast) == RetryAfter.maximumDelay)
    #expect(RetryAfter.date(.distantPast).delay(from: Date()) == .zero)
    #expect(RetryAfter.seconds(-5).delay(from: Date()) == .zero)
    #expect(RetryAfter.seconds(.max).delay(from: Date()) == RetryAfter.maximumDelay)
    let status = HTTPPagingError.status(
      statusCode: 503, url: base, retryAfter: far, bodyPrefix: Data())
    #expect(status.retryAfter == RetryAfter.maximumDelay)
  }

  @Test(arguments: [false, true])
  func aGraphQLConnectionPostsFirstAndAfterAndWalksEdgesOrNodes(_ nodes: Bool) async throws {
    let transport = graphQLServer(total: 5, nodes: nodes)
    let source = HTTPPageSource<Note>(
      url: URL("https://api.example.com/graphql"),
      strategy: .graphQLConnection(
        query: notesQuery, connectionPath: ["feed", "notes"], pageSize: 2),
      authorization: "Bearer t0k3n", transport: transport)

    // Three pages posted to one URL: the repeated-cursor guard tells them apart by body.
    #expect(try await walk(source) == notes(1...5))
    let requests = await transport.requests
    #expect(requests.map(\.httpMethod) == ["POST", "POST", "POST"])
    #expect(
      requests.map { $0.value(forHTTPHeaderField: "Content-Type") }
        == Array(repeating: "application/json", count: 3))
    #expect(
      requests.map { $0.url?.absoluteString }
        == Array(repeating: "https://api.example.com/graphql", count: 3))
    let variables = requests.map { postedJSON($0)["variables"] as? [String: Any] ?? [:] }
    #expect(variables.map { $0["first"] as? Int } == [2, 2, 2])
    #expect(variables.map { $0["after"] as? String } == [nil, "2", "4"])
    #expect(variables.first?["after"] is NSNull)
    #expect(requests.allSatisfy { postedJSON($0)["query"] as? String == notesQuery })
  }

  /// GraphQL over GET (the GraphQL over HTTP specification): each page a GET with the `query`
  /// and `variables` parameters and no body, so each page has its own URL.
  @Test func aGraphQLConnectionOverGETSendsTheQueryAndVariablesAsParameters() async throws {
    let transport = graphQLServer(total: 5)
    let source = HTTPPageSource<Note>(
      url: URL("https://api.example.com/graphql?client=tests"),
      strategy: .graphQLConnection(
        query: notesQuery, connectionPath: ["feed", "notes"], pageSize: 2, method: .get),
      transport: transport)

    #expect(try await walk(source) == notes(1...5))
    let requests = await transport.requests
    #expect(requests.map(\.httpMethod) == ["GET", "GET", "GET"])
    #expect(requests.allSatisfy { $0.httpBody == nil })
    #expect(requests.allSatisfy { queryParametersJSON($0)["query"] as? String == notesQuery })
    let variables = requests.map { queryParametersJSON($0)["variables"] as? [String: Any] ?? [:] }
    #expect(variables.map { $0["first"] as? Int } == [2, 2, 2])
    #expect(variables.map { $0["after"] as? String } == [nil, "2", "4"])
    #expect(variables.first?["after"] is NSNull)
    #expect(
      requests.map { URLComponents(url: $0.url!, resolvingAgainstBaseURL: true)?.queryItems?.first }
        == Array(repeating: URLQueryItem(name: "client", value: "tests"), count: 3))
    #expect(Set(requests.compactMap(\.url)).count == 3)
    #expect(source.loadsAreIdempotent)
  }

  @Test func graphQLVariablesOfTheCallerGoAlongOnEveryPage() async throws {
    let transport = graphQLServer(total: 3)
    let source = HTTPPageSource<Note>(
      url: URL("https://api.example.com/graphql"),
      strategy: try .graphQLConnection(
        query: notesQuery, connectionPath: ["feed", "notes"], pageSize: 2,
        variables: ["status": "open"]),
      transport: transport)
    #expect(try await walk(source) == notes(1...3))
    let variables = await transport.requests.map {
      postedJSON($0)["variables"] as? [String: Any] ?? [:]
    }
    #expect(variables.map { $0["status"] as? String } == ["open", "open"])
    #expect(throws: EncodingError.self) {
      try HTTPPagingStrategy.graphQLConnection(
        query: notesQuery, connectionPath: ["notes"], pageSize: 2, variables: [1, 2])
    }
  }

  @Test func graphQLErrorsWithHTTP200AndNullDataAreATypedError() async throws {
    let transport = StubTransport(
      StubReply(
        body: #"{"data": null, "errors": [{"message": "Field 'notes' is not allowed"}, "#
          + #"{"message": "rate limited"}]}"#))
    let source = HTTPPageSource<Note>(
      url: URL("https://api.example.com/graphql"),
      strategy: .graphQLConnection(
        query: notesQuery, connectionPath: ["feed", "notes"], pageSize: 2),
      transport: transport)
    let error = await loadError(source)
    guard case .graphQL(let url, let messages)? = error else {
      Issue.record("expected a GraphQL error, got \(String(describing: error))")
      return
    }
    #expect(url == URL("https://api.example.com/graphql"))
    #expect(messages == ["Field 'notes' is not allowed", "rate limited"])
    #expect(error?.isRetryable == false)
    #expect(
      error?.description
        == "GraphQL errors from https://api.example.com/graphql: 2 errors (their messages are not quoted)"
    )
  }

  @Test func flaskSmorestsXPaginationHeaderEndsTheWalkWithoutAnEmptyPage() async throws {
    let transport = StubTransport { request in
      let page = Int(URLQuery(request).value("page") ?? "1") ?? 1
      let next = page < 3 ? #", "next_page": \#(page + 1)"# : ""
      return StubReply(
        headers: ["X-Pagination": #"{"total": 6, "total_pages": 3, "page": \#(page)\#(next)}"#],
        body: page > 3 ? "[]" : notesJSON((page - 1) * 2 + 1...page * 2))
    }
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(
        pageSize: 2, pageSizeQueryItem: "page_size",
        totalCount: .jsonHeader("X-Pagination", ["total"]),
        nextPage: .jsonHeader("X-Pagination", ["next_page"])),
      transport: transport)
    // Three full pages: only the header says that no fourth (empty) one is needed.
    #expect(try await walk(source) == notes(1...6))
    #expect(await transport.requests.count == 3)
  }

  /// A JSON header's total of 0 or 1 is a number (`JSONSerialization` on Linux answers `is Bool`
  /// for both), a one-page result ends after its page, and a JSON boolean is no total.
  @Test(arguments: [(1, 1), (0, 0), (2, 1)])
  func aJSONHeaderTotalOfZeroOrOneIsANumber(total: Int, pages: Int) async throws {
    let transport = StubTransport { request in
      let page = Int(URLQuery(request).value("page") ?? "1") ?? 1
      return StubReply(
        headers: ["X-Pagination": #"{"total": \#(total), "total_pages": \#(pages), "page": 1}"#],
        body: page > 1 || total == 0 ? "[]" : notesJSON(1...total))
    }
    let byCount = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(pageSize: 2, totalCount: .jsonHeader("X-Pagination", ["total"])),
      transport: transport)
    #expect(try await walk(byCount) == (total == 0 ? [] : notes(1...total)))
    let byPages = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(
        pageSize: 2, totalPages: .jsonHeader("X-Pagination", ["total_pages"])),
      transport: transport)
    #expect(try await walk(byPages) == (total == 0 ? [] : notes(1...total)))
    #expect(await transport.requests.count == 2)
  }

  @Test func aJSONHeaderTotalThatIsABooleanIsATypedError() async throws {
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(pageSize: 2, totalCount: .jsonHeader("X-Pagination", ["total"])),
      transport: StubTransport(
        StubReply(headers: ["X-Pagination": #"{"total": true}"#], body: notesJSON(1...2))))
    guard case .malformedHeader(_, let name, _)? = await loadError(source) else {
      Issue.record("not a malformed header")
      return
    }
    #expect(name == "X-Pagination")
  }

  @Test func totalsInPlainHeadersEndThePageNumberWalk() async throws {
    for field in [HTTPPageField.header("X-Total-Count"), .header("X-Total-Pages")] {
      let transport = StubTransport { request in
        let page = Int(URLQuery(request).value("page") ?? "1") ?? 1
        return StubReply(
          headers: ["x-total-count": "4", "X-Total-Pages": "2"],
          body: page > 2 ? "[]" : notesJSON((page - 1) * 2 + 1...page * 2))
      }
      let source = HTTPPageSource<Note>(
        url: base,
        strategy: field.description.hasSuffix("Count")
          ? .pageNumber(pageSize: 2, totalCount: field)
          : .pageNumber(pageSize: 2, totalPages: field),
        transport: transport)
      #expect(try await walk(source) == notes(1...4), "\(field)")
      #expect(await transport.requests.count == 2, "\(field)")
    }
  }

  @Test func xNextPageNamesTheNextPageAndAnEmptyOneEndsTheWalk() async throws {
    let transport = StubTransport { request in
      let page = Int(URLQuery(request).value("page") ?? "1") ?? 1
      // Page 1 names page 3 (the server skips one): the walk asks for what it is told.
      return StubReply(
        headers: ["X-Next-Page": page == 1 ? "3" : ""],
        body: page > 3 ? "[]" : notesJSON(page...page))
    }
    let source = HTTPPageSource<Note>(
      url: base, strategy: .pageNumber(pageSize: 1, nextPage: .header("X-Next-Page")),
      transport: transport)
    #expect(try await walk(source).map(\.id) == [1, 3])
  }

  @Test func aMissingOrUnreadableHeaderIsATypedErrorNotTheEnd() async throws {
    let cases: [(StubReply, String?)] = [
      (StubReply(body: notesJSON(1...2)), nil),
      (StubReply(headers: ["X-Total-Count": "many"], body: notesJSON(1...2)), "many"),
    ]
    for (reply, value) in cases {
      let source = HTTPPageSource<Note>(
        url: base, strategy: .pageNumber(pageSize: 2, totalCount: .header("X-Total-Count")),
        transport: StubTransport(reply))
      let error = await loadError(source)
      guard case .malformedHeader(_, let name, let got)? = error else {
        Issue.record("expected malformedHeader, got \(String(describing: error))")
        continue
      }
      #expect(name == "X-Total-Count")
      #expect(got == value)
    }
  }

  @Test func stripesHasMoreContinuesAfterTheLastItemsID() async throws {
    let transport = StubTransport { request in
      let after = Int(URLQuery(request).value("starting_after") ?? "0") ?? 0
      let ids = after + 1...min(5, after + 2)
      return StubReply(
        body: #"{"object": "list", "data": \#(notesJSON(ids)), "has_more": \#(ids.upperBound < 5)}"#
      )
    }
    let source = HTTPPageSource<Note>(
      url: base, strategy: .afterLastItem(itemsPath: ["data"]),
      queryItems: [URLQueryItem(name: "limit", value: "2")], transport: transport)
    #expect(try await walk(source) == notes(1...5))
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/v1/notes?limit=2",
        "https://api.example.com/v1/notes?limit=2&starting_after=2",
        "https://api.example.com/v1/notes?limit=2&starting_after=4",
      ])
  }

  @Test func jsonAPISendsItsMediaTypeAndFollowsLinksNext() async throws {
    let transport = StubTransport { request in
      request.url?.query == nil
        ? StubReply(
          body:
            #"{"data": \#(notesJSON(1...2)), "links": {"next": "/v1/notes?page%5Bnumber%5D=2"}}"#)
        : StubReply(body: #"{"data": \#(notesJSON(3...3)), "links": {"next": null}}"#)
    }
    let source = HTTPPageSource<Note>(url: base, strategy: .jsonAPI(), transport: transport)
    #expect(try await walk(source) == notes(1...3))
    let accepts = await transport.requests.map { $0.value(forHTTPHeaderField: "Accept") }
    #expect(accepts == ["application/vnd.api+json", "application/vnd.api+json"])
  }

  /// JSON:API lets a server omit an unavailable link, or the whole `links`, and 1.1 lets a link
  /// be an object with its URL in `href`: each last page ends the walk after its rows, and a
  /// link object is followed.
  @Test(arguments: [
    #""links": {"self": "/v1/notes"}"#, #""links": null"#, #""meta": {}"#,
    #""links": {"next": {"href": null}}"#,
  ])
  func jsonAPIEndsAtAnAbsentLinkAndFollowsALinkObject(lastPage: String) async throws {
    let transport = StubTransport { request in
      request.url?.query == nil
        ? StubReply(
          body: #"{"data": \#(notesJSON(1...2)), "links": {"next": "#
            + #"{"href": "/v1/notes?page%5Bnumber%5D=2", "meta": {"n": 2}}}}"#)
        : StubReply(body: #"{"data": \#(notesJSON(3...3)), \#(lastPage)}"#)
    }
    let source = HTTPPageSource<Note>(url: base, strategy: .jsonAPI(), transport: transport)
    #expect(try await walk(source) == notes(1...3))
    #expect(await transport.requests.count == 2)
  }

  /// A link object must hold `href` (JSON:API 1.1): one without it is the server's error, not
  /// the end of the list.
  @Test func aJSONAPILinkObjectWithoutHrefIsADecodingError() async throws {
    let body = #"{"data": \#(notesJSON(1...2)), "links": {"next": {"meta": {"n": 2}}}}"#
    let source = HTTPPageSource<Note>(
      url: base, strategy: .jsonAPI(), transport: StubTransport(StubReply(body: body)))
    #expect(await loadError(source)?.codingPath == "links.next.href")
  }

  /// Outside JSON:API a missing next key stays an error naming it: a mistyped path must not
  /// read as the end of the list.
  @Test func aMissingNextURLKeyIsStillADecodingErrorOutsideJSONAPI() async throws {
    let source = HTTPPageSource<Note>(
      url: base, strategy: .nextURL(bodyPath: ["links", "next"], itemsPath: ["data"]),
      transport: StubTransport(StubReply(body: #"{"data": \#(notesJSON(1...2)), "links": {}}"#)))
    #expect(await loadError(source)?.codingPath == "links.next")
  }

  @Test func aTokenInTheRequestBodyIsPostedBackWithTheCallersBody() async throws {
    let transport = StubTransport { request in
      let start = postedJSON(request)["start_cursor"] as? String
      return start == nil
        ? StubReply(body: #"{"results": \#(notesJSON(1...2)), "next_cursor": "c2"}"#)
        : StubReply(body: #"{"results": \#(notesJSON(3...3)), "next_cursor": null}"#)
    }
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .cursorField(
        itemsPath: ["results"], cursorPath: ["next_cursor"], bodyPath: ["start_cursor"]),
      transport: transport, body: Data(#"{"page_size": 2, "filter": {"a": 1}}"#.utf8))
    #expect(try await walk(source) == notes(1...3))
    let bodies = await transport.requests.map {
      String(decoding: $0.httpBody ?? Data(), as: UTF8.self)
    }
    #expect(
      bodies == [
        #"{"page_size": 2, "filter": {"a": 1}}"#,
        #"{"filter":{"a":1},"page_size":2,"start_cursor":"c2"}"#,
      ])
    #expect(await transport.requests.map(\.httpMethod) == ["POST", "POST"])
  }

  @Test func aCursorComparesItsRequestAndItsDescriptionHidesTheBody() {
    let url = URL("https://api.example.com/graphql?key=s3cr3t")
    // Its host and path print as a source's own do when a source was made for them.
    RedactedURL.trust(endpoint: url)
    let one = HTTPCursor(url: url, body: Data(#"{"after":"1"}"#.utf8), itemsBefore: 1)
    let same = HTTPCursor(url: url, body: Data(#"{"after":"1"}"#.utf8), itemsBefore: 7)
    let other = HTTPCursor(url: url, body: Data(#"{"after":"2"}"#.utf8))
    #expect(one == same)
    #expect(one.hashValue == same.hashValue)
    #expect(one != other)
    #expect(one.method == "POST")
    #expect(one.description == "POST https://api.example.com/graphql?key=… (a body of 13 bytes)")
    #expect(HTTPCursor(url: url).description == "https://api.example.com/graphql?key=…")
  }

  @Test func aRequestPastTheSourcesTimeoutFailsAsARetryableTimeoutOnItsClock() async throws {
    let clock = TestClock()
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(), transport: HangingTransport(),
      timeout: .seconds(5), clock: clock)
    let load = Task { try await source.loadPage(pageRequest(nil)) }
    await clock.waitForSleepers(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(5)))
    clock.advance(by: .seconds(5))
    let error = await #expect(throws: HTTPPagingError.self) { try await load.value }
    guard case .transport(let urlError)? = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(urlError.code == .timedOut)
    #expect(error?.isRetryable == true)
  }
}

/// A transport that never answers until its task is cancelled: it waits on a stream that never
/// yields (and ends when the task is cancelled), so no clock is involved.
struct HangingTransport: HTTPTransport {
  func response(for request: URLRequest, maximumBodySize: Int) async throws -> (
    Data, HTTPURLResponse
  ) {
    let (never, continuation) = AsyncStream<Never>.makeStream()
    defer { continuation.finish() }
    for await _ in never {}
    throw CancellationError()
  }
}

/// The decoded query items of a request.
struct URLQuery {
  let items: [URLQueryItem]

  init(_ request: URLRequest) {
    items =
      request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.queryItems }
      ?? []
  }

  func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
}
