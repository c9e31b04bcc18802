import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("HTTPPageSource strategies (stub transport)", .timeLimit(.minutes(minuteLimit)))
struct HTTPPageSourceStrategyTests {
  private let base = URL("https://api.example.com/v1/notes")

  @Test func linkHeaderSendsTheRequestOptionsAndResolvesTheNextLink() async throws {
    let transport = StubTransport(
      StubReply(
        headers: ["Link": #"</v1/notes?page=1>; rel="prev", </v1/notes?page=3>; rel="next""#],
        body: notesJSON(1...2)))
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(),
      queryItems: [
        URLQueryItem(name: "sort", value: "a b+c"), URLQueryItem(name: "x", value: nil),
      ],
      headers: ["X-Client": "tests"], authorization: "Bearer t0k3n", transport: transport)

    let page = try await source.loadPage(pageRequest(nil))

    #expect(page.items == notes(1...2))
    #expect(page.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?page=3")
    #expect(page.previousCursor?.url.absoluteString == "https://api.example.com/v1/notes?page=1")
    let request = try #require(await transport.requests.first)
    #expect(request.url?.absoluteString == "https://api.example.com/v1/notes?sort=a%20b%2Bc&x")
    #expect(request.value(forHTTPHeaderField: "accept") == "application/json")
    #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0k3n")
    #expect(request.value(forHTTPHeaderField: "X-Client") == "tests")
    #expect(request.httpMethod == "GET")
  }

  @Test func linkHeaderFollowsTheCursorURLAsIsAndEndsWithoutANextLink() async throws {
    let transport = StubTransport(StubReply(body: #"{"rows": \#(notesJSON(3...4))}"#))
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(itemsPath: ["rows"]),
      queryItems: [URLQueryItem(name: "ignored", value: "on-cursors")], transport: transport)
    let cursor = URL("https://api.example.com/v1/notes?page=2")

    let page = try await source.loadPage(pageRequest(url: cursor))

    #expect(page == Page(items: notes(3...4), nextCursor: nil, previousCursor: nil))
    #expect(await transport.requestedURLs == ["https://api.example.com/v1/notes?page=2"])
  }

  /// Rulebook R11, fault class 15: a last page whose link goes back to the collection's first
  /// URL closes a cycle at that link. The first page was loaded without a cursor and the link
  /// is an explicit one, so the walk asked for the first page again, handed its rows over a
  /// second time, and saw the repeat one page later.
  @Test func aLinkBackToTheFirstURLEndsTheWalkAtTheLink() async throws {
    let transport = StubTransport { request in
      guard request.url?.query == "page=2" else {
        return StubReply(
          headers: ["Link": #"</v1/notes?page=2>; rel="next""#], body: notesJSON(1...2))
      }
      return StubReply(headers: ["Link": #"</v1/notes>; rel="next""#], body: notesJSON(3...4))
    }
    let source = HTTPPageSource<Note>(url: base, strategy: .linkHeader(), transport: transport)
    var walked: [Int] = []

    let error = await #expect(throws: PageWalkError<HTTPCursor>.self) {
      for try await page in source.pages() { walked += page.items.map(\.id) }
    }

    #expect(walked == [1, 2, 3, 4])
    #expect(error?.error == .repeatedCursor(try #require(source.firstPage)))
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/v1/notes", "https://api.example.com/v1/notes?page=2",
      ])
  }

  @Test func anAcceptHeaderOfTheCallerReplacesTheDefault() async throws {
    let transport = StubTransport(StubReply(body: "[]"))
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(), headers: ["accept": "application/vnd.api+json"],
      transport: transport)
    _ = try await source.loadPage(pageRequest(nil))
    let request = try #require(await transport.requests.first)
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.api+json")
  }

  @Test func aMalformedLinkHeaderWithoutNextIsAnErrorNotTheEnd() async throws {
    let header = #"https://api.example.com/v1/notes?page=2; rel="next""#
    let transport = StubTransport(StubReply(headers: ["Link": header], body: notesJSON(1...1)))
    let source = HTTPPageSource<Note>(url: base, strategy: .linkHeader(), transport: transport)

    let error = await loadError(source)
    guard case .malformedLinkHeader(let url, let errors) = error else {
      Issue.record("expected malformedLinkHeader, got \(String(describing: error))")
      return
    }
    #expect(url == base)
    #expect(errors == [LinkHeaderError(fieldValue: header, offset: 0, reason: .expectedLinkValue)])
    #expect(error?.isRetryable == false)
  }

  @Test func cursorFieldSendsTheTokenBackAsAQueryItemOfTheSameURL() async throws {
    let transport = StubTransport { request in
      let next = request.url?.query?.contains("_next=") == true ? "null" : #""2021-05-04,98+1""#
      return StubReply(body: #"{"rows": \#(notesJSON(1...2)), "next": \#(next)}"#)
    }
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "_next"),
      queryItems: [URLQueryItem(name: "_size", value: "2")], transport: transport)

    let first = try await source.loadPage(pageRequest(nil))
    let cursor = try #require(first.nextCursor)
    let second = try await source.loadPage(pageRequest(cursor))

    #expect(
      cursor.url.absoluteString
        == "https://api.example.com/v1/notes?_size=2&_next=2021-05-04%2C98%2B1")
    #expect(second.nextCursor == nil)
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/v1/notes?_size=2",
        "https://api.example.com/v1/notes?_size=2&_next=2021-05-04%2C98%2B1",
      ])
  }

  @Test func cursorFieldReplacesAnEarlierTokenAndReadsNestedAndNumericCursors() async throws {
    let transport = StubTransport(
      StubReply(body: #"{"data": {"items": \#(notesJSON(5...5))}, "meta": {"cursor": 42}}"#))
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .cursorField(
        itemsPath: ["data", "items"], cursorPath: ["meta", "cursor"], queryItem: "after"),
      transport: transport)

    let page = try await source.loadPage(
      pageRequest(url: URL("https://api.example.com/v1/notes?after=41&n=1")))

    #expect(page.items == notes(5...5))
    #expect(page.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?n=1&after=42")
  }

  @Test(arguments: [#""""#, "null"])
  func cursorFieldEndsOnANullOrEmptyToken(_ token: String) async throws {
    let transport = StubTransport(StubReply(body: #"{"rows": [], "next": \#(token)}"#))
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "_next"),
      transport: transport)
    let page = try await source.loadPage(pageRequest(nil))
    #expect(page == Page(items: [], nextCursor: nil))
  }

  @Test func cursorFieldWithAMissingKeyIsADecodingErrorNamingThePath() async throws {
    let transport = StubTransport(StubReply(body: #"{"rows": [], "next_cursor": "x"}"#))
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "_next"),
      transport: transport)
    let error = await loadError(source)
    #expect(error?.codingPath == "next")
    #expect(error?.isRetryable == false)
  }

  @Test func pageNumberCountsPagesAndEndsOnAShortPage() async throws {
    let transport = StubTransport { request in
      let page = request.url?.query?.hasSuffix("&page=2") == true
      return StubReply(body: page ? notesJSON(3...3) : notesJSON(1...2))
    }
    let source = HTTPPageSource<Note>(
      url: base, strategy: .pageNumber(pageSize: 2, pageSizeQueryItem: "per_page"),
      transport: transport)

    let first = try await source.loadPage(pageRequest(nil))
    let second = try await source.loadPage(pageRequest(first.nextCursor))

    #expect(
      first.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?per_page=2&page=2")
    #expect(second == Page(items: notes(3...3), nextCursor: nil))
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/v1/notes?page=1&per_page=2",
        "https://api.example.com/v1/notes?per_page=2&page=2",
      ])
  }

  @Test func pageNumberEndsWhenTheTotalCountIsReached() async throws {
    let transport = StubTransport(
      StubReply(body: #"{"total": 4, "results": \#(notesJSON(3...4))}"#))
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(
        queryItem: "p", firstPage: 0, pageSize: 2, itemsPath: ["results"], totalCount: ["total"]
      ),
      transport: transport)

    let last = try await source.loadPage(
      pageRequest(url: URL("https://api.example.com/v1/notes?p=1")))
    let notLast = try await source.loadPage(
      pageRequest(url: URL("https://api.example.com/v1/notes?p=0")))

    #expect(last.nextCursor == nil)
    #expect(notLast.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?p=1")
  }

  /// Offsets and page numbers given the total can jump (R31): the cursor around a position is
  /// the offset half a page before it, or the page that holds it, with the rows before it
  /// counted; a page-number page then counts the rows around it and names the page before.
  /// Strategies without a total, and cursor strategies, cannot.
  @Test func offsetsAndPageNumbersWithATotalJump() async throws {
    let offsets = HTTPPageSource<Note>(
      url: base, strategy: .offset(limit: 20, itemsPath: ["items"], totalCount: ["count"]),
      transport: StubTransport(StubReply(body: "[]")))
    #expect(offsets.jumpingSupported)
    #expect(
      offsets.cursor(around: 6_010)?.url.absoluteString
        == "https://api.example.com/v1/notes?limit=20&offset=6000")
    #expect(offsets.cursor(around: 3)?.itemsBefore == 0)
    let transport = StubTransport(
      StubReply(body: #"{"total": 100, "results": \#(notesJSON(41...60))}"#))
    let pages = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(pageSize: 20, itemsPath: ["results"], totalCount: ["total"]),
      transport: transport)
    #expect(pages.jumpingSupported)
    let cursor = try #require(pages.cursor(around: 45))
    #expect(cursor.url.absoluteString == "https://api.example.com/v1/notes?page=3")
    #expect(cursor.itemsBefore == 40)
    let page = try await pages.loadPage(pageRequest(cursor))
    #expect(page.itemsBefore == 40)
    #expect(page.itemsAfter == 40)
    #expect(page.previousCursor?.url.absoluteString == "https://api.example.com/v1/notes?page=2")
    #expect(page.previousCursor?.itemsBefore == 20)
    #expect(page.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?page=4")
    for strategy in [
      HTTPPagingStrategy.offset(limit: 20), .pageNumber(pageSize: 20), .linkHeader(),
      .nextURL(bodyPath: ["next"]),
    ] {
      let source = HTTPPageSource<Note>(url: base, strategy: strategy, transport: transport)
      #expect(!source.jumpingSupported)
      #expect(source.cursor(around: 45) == source.firstPage)
    }
  }

  @Test func offsetAdvancesByTheItemsReceivedAndEndsOnTotalOrEmpty() async throws {
    let transport = StubTransport { request in
      let query = request.url?.query ?? ""
      if query.contains("offset=6") { return StubReply(body: #"{"count": 7, "items": []}"#) }
      return StubReply(body: #"{"count": 7, "items": \#(notesJSON(1...3))}"#)
    }
    let source = HTTPPageSource<Note>(
      url: base, strategy: .offset(limit: 3, itemsPath: ["items"], totalCount: ["count"]),
      transport: transport)

    let first = try await source.loadPage(pageRequest(nil))
    let atThree = try await source.loadPage(pageRequest(first.nextCursor))
    let atSix = try await source.loadPage(pageRequest(atThree.nextCursor))
    let pastTotal = try await source.loadPage(
      pageRequest(url: URL("https://api.example.com/v1/notes?offset=4&limit=3")))

    #expect(
      first.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?limit=3&offset=3")
    #expect(
      atThree.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?limit=3&offset=6")
    // With the total, pages count the rows around them and name the page before (R31).
    #expect(atSix.items.isEmpty)
    #expect(atSix.nextCursor == nil)
    #expect(atSix.itemsBefore == 6)
    #expect(atSix.itemsAfter == 0)
    #expect(first.itemsBefore == 0)
    #expect(first.itemsAfter == 4)
    #expect(first.previousCursor == nil)
    #expect(
      atThree.previousCursor?.url.absoluteString
        == "https://api.example.com/v1/notes?limit=3&offset=0")
    #expect(pastTotal.nextCursor == nil)
    #expect(
      await transport.requestedURLs.first == "https://api.example.com/v1/notes?offset=0&limit=3")
  }

  @Test func aPageNumberThatIsNotAnIntegerIsAnInvalidCursor() async throws {
    let transport = StubTransport(StubReply(body: notesJSON(1...2)))
    let source = HTTPPageSource<Note>(
      url: base, strategy: .pageNumber(pageSize: 2), transport: transport)
    let cursor = URL("https://api.example.com/v1/notes?page=two")
    let error = await loadError(source, cursor)
    guard case .invalidCursor(let url, let queryItem) = error else {
      Issue.record("expected invalidCursor, got \(String(describing: error))")
      return
    }
    #expect(url == cursor)
    #expect(queryItem == "page")
  }

  @Test func aCustomDecoderDecodesTheItemsAndPathsUseItsKeys() async throws {
    struct Release: Decodable, Identifiable, Sendable, Equatable {
      var id: Int
      var releasedAt: Date
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .secondsSince1970
    let transport = StubTransport(
      StubReply(body: #"{"page_items": [{"id": 7, "released_at": 86400}], "next_token": null}"#))
    let source = HTTPPageSource<Release>(
      url: base,
      strategy: .cursorField(itemsPath: ["pageItems"], cursorPath: ["nextToken"], queryItem: "t"),
      decoder: decoder, transport: transport)

    let page = try await source.loadPage(pageRequest(nil))

    #expect(page.items == [Release(id: 7, releasedAt: Date(timeIntervalSince1970: 86400))])
    #expect(page.nextCursor == nil)
  }

  @MainActor
  @Test func aPaginatorWalksEveryPageOfALinkHeaderSource() async throws {
    let transport = StubTransport { request in
      switch request.url?.query {
      case nil: StubReply(headers: ["Link": #"<?page=2>; rel="next""#], body: notesJSON(1...3))
      case "page=2": StubReply(headers: ["Link": #"<?page=3>; rel="next""#], body: notesJSON(4...6))
      default: StubReply(body: notesJSON(7...7))
      }
    }
    let source = HTTPPageSource<Note>(url: base, strategy: .linkHeader(), transport: transport)
    let paginator = Paginator(source: source)

    await paginator.start()
    paginator.loadNextPage()
    await paginator.waitForLoadsToEnd()
    paginator.loadNextPage()
    await paginator.waitForLoadsToEnd()

    #expect(Array(paginator.items) == notes(1...7))
    #expect(paginator.appendState == .complete)
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/v1/notes",
        "https://api.example.com/v1/notes?page=2",
        "https://api.example.com/v1/notes?page=3",
      ])
  }
}
