import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Inputs an attacker or a careless caller could send; each must end in a typed error, never
/// a trap or a hang.
@Suite("HTTPPageSource hostile inputs (stub transport)", .timeLimit(.minutes(minuteLimit)))
struct HostileInputTests {
  private let base = URL("https://api.example.com/v1/notes")

  @Test(arguments: [
    ("page", "https://api.example.com/v1/notes?page=9223372036854775807"),
    ("page", "https://api.example.com/v1/notes?page=-9223372036854775808"),
  ])
  func aPageNumberCursorAtTheLimitsOfIntIsAnInvalidCursor(_ item: String, _ cursor: String)
    async throws
  {
    let source = HTTPPageSource<Note>(
      url: base, strategy: .pageNumber(pageSize: 2),
      transport: StubTransport(StubReply(body: notesJSON(1...2))))
    let url = try #require(URL(string: cursor))
    let error = await loadError(source, url)
    guard case .invalidCursor(url, item) = error else {
      Issue.record("expected invalidCursor, got \(String(describing: error))")
      return
    }
  }

  @Test func anOffsetCursorThatWouldOverflowIsAnInvalidCursor() async throws {
    let source = HTTPPageSource<Note>(
      url: base, strategy: .offset(limit: 2),
      transport: StubTransport(StubReply(body: notesJSON(1...2))))
    let url = URL("https://api.example.com/v1/notes?offset=9223372036854775807&limit=2")
    let error = await loadError(source, url)
    guard case .invalidCursor(url, "offset") = error else {
      Issue.record("expected invalidCursor, got \(String(describing: error))")
      return
    }
  }

  /// A negative total count is a typed error, not the end of the list after the first page.
  @Test(arguments: [
    HTTPPagingStrategy.pageNumber(pageSize: 2, itemsPath: ["items"], totalCount: ["total"]),
    HTTPPagingStrategy.offset(limit: 2, itemsPath: ["items"], totalCount: ["total"]),
  ])
  func aNegativeTotalCountIsADecodingErrorNamingThePath(_ strategy: HTTPPagingStrategy)
    async throws
  {
    let body = #"{"items": \#(notesJSON(1...2)), "total": -1}"#
    let source = HTTPPageSource<Note>(
      url: base, strategy: strategy, transport: StubTransport(StubReply(body: body)))
    let error = await loadError(source)
    #expect(error?.codingPath == "total")
  }

  /// A numeric token above 2^53 goes back digit for digit: through `Double` it would come back
  /// rounded (`1.2345678901234568e+22`), and the next request would ask for another page.
  @Test func aNumericCursorAboveTwoToTheFiftyThirdIsSentBackDigitForDigit() async throws {
    let body = #"{"rows": [], "next": 12345678901234567890123}"#
    let source = HTTPPageSource<Note>(
      url: base, strategy: .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "c"),
      transport: StubTransport(StubReply(body: body)))
    let page = try await source.loadPage(pageRequest(nil))
    #expect(
      page.nextCursor?.url.absoluteString
        == "https://api.example.com/v1/notes?c=12345678901234567890123"
    )
  }

  /// A cursor's numbers are input (a hand-made URL, a checkpoint's file): a limit or a page
  /// size far below zero loads the page, its previous page as long as the strategy's pages;
  /// a count of earlier items at `Int.min` is an invalid cursor. None traps.
  @Test func cursorNumbersFarBelowZeroNeverTrap() async throws {
    let counted = ["X-Total-Count": "100"]
    let offsets = HTTPPageSource<Note>(
      url: base, strategy: .offset(limit: 3, totalCount: .header("X-Total-Count")),
      transport: StubTransport(StubReply(headers: counted, body: notesJSON(6...8))))
    let offsetURL = try #require(URL(string: "\(base)?offset=5&limit=-9223372036854775808"))
    let offsetPage = try await offsets.loadPage(pageRequest(HTTPCursor(url: offsetURL)))
    #expect(offsetPage.items.map(\.id) == [6, 7, 8])
    #expect(
      offsetPage.previousCursor?.url.absoluteString
        == "\(base)?limit=-9223372036854775808&offset=2")
    #expect(offsetPage.itemsBefore == 5)
    #expect(offsetPage.itemsAfter == 92)

    let numbers = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(
        pageSize: 2, pageSizeQueryItem: "per_page", totalCount: .header("X-Total-Count")),
      transport: StubTransport(StubReply(headers: counted, body: notesJSON(5...6))))
    let numberURL = try #require(URL(string: "\(base)?page=3&per_page=-9223372036854775808"))
    let numberPage = try await numbers.loadPage(
      pageRequest(HTTPCursor(url: numberURL, itemsBefore: 4)))
    #expect(numberPage.items.map(\.id) == [5, 6])
    #expect(numberPage.previousCursor?.itemsBefore == 2)
    #expect(numberPage.itemsBefore == 4)
    #expect(numberPage.itemsAfter == 94)

    let first = try #require(URL(string: "\(base)?page=1"))
    let error = await loadError(numbers, HTTPCursor(url: first, itemsBefore: Int.min))
    guard case .invalidCursor(first, "page") = error else {
      Issue.record("expected invalidCursor, got \(String(describing: error))")
      return
    }
  }
}

@Suite("LinkHeader hostile inputs", .timeLimit(.minutes(minuteLimit)))
struct LinkHeaderHostileInputTests {
  /// 1 MB of RFC 8187 parameters: replacing the plain `name`s took time quadratic in their
  /// number (minutes for this header); the limit bounds a regression instead of hanging CI.
  @Test(.timeLimit(.minutes(minuteLimit)))
  func aMegabyteOfEncodedParametersParsesInLinearTime() throws {
    let count = 50_000
    let parameters = (0..<count).map { "; t\($0)=plain; t\($0)*=utf-8''v\($0)" }.joined()
    let fieldValue = "</p2>" + parameters + "; rel=next"
    #expect(fieldValue.utf8.count > 1_000_000)

    let header = LinkHeader(fieldValue: fieldValue, baseURL: URL("https://api.example.com/"))

    #expect(header.errors.isEmpty)
    let link = try #require(header.links.first)
    #expect(header.links.count == 1)
    #expect(link.attributes.count == count)
    #expect(link.attributes.first == WebLink.Attribute(name: "t0", value: "v0"))
    #expect(link.attributes.last == WebLink.Attribute(name: "t49999", value: "v49999"))
  }
}
