import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A fake server over notes 1...total that caps its page size at `cap`: page numbers
/// (`page`, `page_size`) and offsets (`offset`, `limit`), with DRF's body
/// `{"count", "results"}` and PocketBase's `totalPages` (omitted when `counts` is false).
private func cappedServer(total: Int, cap: Int, counts: Bool = true) -> StubTransport {
  StubTransport { request in
    let components = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)!
    func value(_ name: String) -> Int? {
      components.queryItems?.first { $0.name == name }?.value.flatMap { Int($0) }
    }
    let size = min(cap, value("page_size") ?? value("limit") ?? 10)
    let start = value("offset") ?? ((value("page") ?? 1) - 1) * size
    let ids = Array((start + 1)...max(start + 1, min(total, start + size)))
      .filter { $0 <= total }
    let results = ids.map { #"{"id": \#($0), "title": "n\#($0)"}"# }.joined(separator: ", ")
    let pages = (total + size - 1) / size
    let extra = counts ? #""count": \#(total), "totalPages": \#(pages), "# : ""
    return StubReply(body: "{\(extra)\"results\": [\(results)]}")
  }
}

/// Every common wire format, and walks that trust totals and the server's page size
/// (fault class 28 of the rulebook).
@Suite("Wire formats and server-capped page sizes", .timeLimit(.minutes(minuteLimit)))
struct WireFormatTests {
  private let base = URL("https://api.example.com/v1/notes")

  @Test func nextURLInTheBodyIsFollowedRelativeOrAbsoluteAndNullEnds() async throws {
    let transport = StubTransport { request in
      switch request.url?.query {
      case nil:
        StubReply(
          body:
            #"{"next": "https://api.example.com/v1/notes?cursor=cD0y", "results": \#(notesJSON(1...2))}"#
        )
      case "cursor=cD0y":
        StubReply(body: #"{"next": "notes?cursor=cD0z", "results": \#(notesJSON(3...4))}"#)
      default:
        StubReply(body: #"{"next": null, "results": \#(notesJSON(5...5))}"#)
      }
    }
    let source = HTTPPageSource<Note>(
      url: base, strategy: .nextURL(bodyPath: ["next"], itemsPath: ["results"]),
      transport: transport)

    #expect(try await walk(source) == notes(1...5))
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/v1/notes", "https://api.example.com/v1/notes?cursor=cD0y",
        "https://api.example.com/v1/notes?cursor=cD0z",
      ])
  }

  @Test func aNextURLOnAnotherOriginIsRefusedBeforeAnyRequest() async throws {
    let transport = StubTransport(
      StubReply(body: #"{"next": "https://evil.example/steal", "results": \#(notesJSON(1...2))}"#))
    let source = HTTPPageSource<Note>(
      url: base, strategy: .nextURL(bodyPath: ["next"], itemsPath: ["results"]),
      authorization: "Bearer secret", transport: transport)

    let error = await #expect(throws: PageWalkError<HTTPCursor>.self) { _ = try await walk(source) }

    guard case .crossOriginCursor(let url, _)? = error?.error?.httpError else {
      Issue.record("expected a cross-origin error, got \(String(describing: error))")
      return
    }
    #expect(url == URL("https://evil.example/steal"))
    #expect(error?.itemsLoaded == 2)
    #expect(await transport.requestedURLs == ["https://api.example.com/v1/notes"])
  }

  @Test func aNextURLInANamedHeaderIsFollowedAndItsAbsenceEnds() async throws {
    let transport = StubTransport { request in
      request.url?.query == nil
        ? StubReply(
          headers: ["Next-Page": "https://api.example.com/v1/notes?_token=YWJj"],
          body: #"{"data": \#(notesJSON(1...3))}"#)
        : StubReply(body: #"{"data": \#(notesJSON(4...4))}"#)
    }
    let source = HTTPPageSource<Note>(
      url: base, strategy: .headerURL(name: "next-page", itemsPath: ["data"]), transport: transport)

    #expect(try await walk(source) == notes(1...4))
    #expect(await transport.requestedURLs.count == 2)
  }

  @Test(arguments: [120, 100])
  func aPageNumberWalkFollowsACappedPageSizeToTheTotal(_ total: Int) async throws {
    let transport = cappedServer(total: total, cap: 50)
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(
        pageSize: 100, pageSizeQueryItem: "page_size", itemsPath: ["results"],
        totalCount: ["count"]),
      transport: transport)

    #expect(try await walk(source) == notes(1...total))
    // No request past the end at an exact multiple.
    #expect(
      await transport.requestedURLs
        == [
          "https://api.example.com/v1/notes?page=1&page_size=100",
          "https://api.example.com/v1/notes?page=2&page_size=50",
          "https://api.example.com/v1/notes?page_size=50&page=3",
        ].prefix(total == 100 ? 2 : 3).map { $0 })
  }

  @Test func totalPagesEndsAPageNumberWalk() async throws {
    let transport = cappedServer(total: 2500, cap: 1000)
    let source = HTTPPageSource<Note>(
      url: base,
      strategy: .pageNumber(
        pageSize: 2000, pageSizeQueryItem: "page_size", itemsPath: ["results"],
        totalPages: ["totalPages"]),
      transport: transport)

    #expect(try await walk(source).map(\.id) == Array(1...2500))
    #expect(await transport.requestedURLs.count == 3)
  }

  @Test(arguments: [120, 100])
  func anOffsetWalkFollowsACappedPageSizeToTheTotal(_ total: Int) async throws {
    let transport = cappedServer(total: total, cap: 50)
    let source = HTTPPageSource<Note>(
      url: base, strategy: .offset(limit: 100, itemsPath: ["results"], totalCount: ["count"]),
      transport: transport)

    #expect(try await walk(source) == notes(1...total))
    #expect(await transport.requestedURLs.count == (total == 100 ? 2 : 3))
  }

  @Test func withoutATotalAShortPageStillEndsTheWalk() async throws {
    let transport = cappedServer(total: 120, cap: 50, counts: false)
    let source = HTTPPageSource<Note>(
      url: base, strategy: .offset(limit: 100, itemsPath: ["results"]), transport: transport)

    #expect(try await walk(source) == notes(1...50))
  }
}

/// A rule of a test's own: the next page's URL at `meta.next` in the body.
private struct NextInMeta: HTTPNextPageRule {
  private struct Envelope: Decodable {
    struct Meta: Decodable { var next: String? }
    var meta: Meta
  }

  var firstPageQueryItems: [URLQueryItem] { [URLQueryItem(name: "per", value: "2")] }

  func nextPage(after cursor: HTTPCursor, response: HTTPURLResponse, body: Data) throws
    -> HTTPCursor?
  {
    let meta = try JSONDecoder().decode(Envelope.self, from: body).meta
    return meta.next.flatMap { URL(string: $0, relativeTo: cursor.url)?.absoluteURL }.map {
      HTTPCursor(url: $0)
    }
  }
}

@Suite("A strategy of the caller's own", .timeLimit(.minutes(minuteLimit)))
struct CustomStrategyTests {
  private let base = URL("https://api.example.com/v1/notes")

  @Test func aCustomRuleFindsTheNextPageAndTheSourceDoesTheRest() async throws {
    let transport = StubTransport { request in
      request.url?.query == "per=2"
        ? StubReply(
          body: #"{"meta": {"next": "notes?per=2&after=2"}, "data": \#(notesJSON(1...2))}"#)
        : StubReply(body: #"{"meta": {"next": null}, "data": \#(notesJSON(3...4))}"#)
    }
    let source = HTTPPageSource<Note>(
      url: base, strategy: .custom(NextInMeta(), itemsPath: ["data"]), transport: transport)

    #expect(try await walk(source) == notes(1...4))
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/v1/notes?per=2", "https://api.example.com/v1/notes?per=2&after=2",
      ])
  }

  @Test func aCustomRuleGetsTheStatusCheckAndTheOriginGuard() async throws {
    let failing = HTTPPageSource<Note>(
      url: base, strategy: .custom(NextInMeta(), itemsPath: ["data"]),
      transport: StubTransport(StubReply(status: 503, headers: ["Retry-After": "4"], body: "")))
    let status = await loadError(failing)
    #expect(status?.statusCode == 503)
    #expect(status?.retryAfter == .seconds(4))

    let transport = StubTransport(
      StubReply(
        body: #"{"meta": {"next": "https://evil.example/x"}, "data": \#(notesJSON(1...2))}"#))
    let leaking = HTTPPageSource<Note>(
      url: base, strategy: .custom(NextInMeta(), itemsPath: ["data"]),
      authorization: "Bearer secret", transport: transport)
    let error = await #expect(throws: PageWalkError<HTTPCursor>.self) {
      _ = try await walk(leaking)
    }
    guard case .crossOriginCursor? = error?.error?.httpError else {
      Issue.record("expected a cross-origin error, got \(String(describing: error))")
      return
    }
    #expect(await transport.requestedURLs.count == 1)
  }
}
