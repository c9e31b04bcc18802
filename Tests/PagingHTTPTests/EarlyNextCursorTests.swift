import Foundation
import Paging
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingHTTP

/// An HTTP source tells the next page's cursor as soon as the response arrives, before its items
/// decode, where the strategy finds it apart from the items; the value it tells is the page's
/// own next cursor.
@Suite(
  "HTTPPageSource: the next cursor told before the items decode", .timeLimit(.minutes(minuteLimit)))
struct EarlyNextCursorTests {
  private let url = URL(string: "https://api.example.com/v1/notes")!

  /// Loads the first page through `loadPage(_:nextCursorKnown:)`: the page, and what it told.
  private func load(_ strategy: HTTPPagingStrategy, _ reply: StubReply) async throws -> (
    Page<Note, HTTPCursor>, [HTTPCursor]
  ) {
    let source = HTTPPageSource<Note>(
      url: url, strategy: strategy, transport: StubTransport(reply))
    let told = Locked<[HTTPCursor]>([])
    let page = try await source.loadPage(pageRequest(nil)) { cursor in
      told.withLock { $0.append(cursor) }
    }
    return (page, told.withLock { $0 })
  }

  @Test func aNextURLInTheBodyIsToldAsThePageNamesIt() async throws {
    // Rows that hold a key of the same name come first: only the top level counts.
    let body =
      #"{"rows": [{"id": 1, "title": "a \"quoted\" {brace", "next_url": "nope"}], "#
      + #""count": 5, "next_url": "https:\/\/api.example.com\/v1\/notes?_next=1"}"#
    let (page, told) = try await load(
      .nextURL(bodyPath: ["next_url"], itemsPath: ["rows"]), StubReply(body: body))
    #expect(page.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?_next=1")
    #expect(told == [page.nextCursor].compactMap { $0 })
    let source = HTTPPageSource<Note>(
      url: url, strategy: .nextURL(bodyPath: ["next_url"], itemsPath: ["rows"]),
      transport: StubTransport(StubReply(body: body)))
    #expect(source.tellsNextCursorEarly)
  }

  @Test func aLinkHeaderAndATokenAsAQueryItemAreToldToo() async throws {
    let (linked, toldLink) = try await load(
      .linkHeader(),
      StubReply(
        headers: ["Link": #"</v1/notes?page=2>; rel="next""#], body: #"[{"id": 1, "title": "n1"}]"#)
    )
    #expect(linked.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?page=2")
    #expect(toldLink == [linked.nextCursor].compactMap { $0 })

    let (tokened, toldToken) = try await load(
      .cursorField(itemsPath: ["data"], cursorPath: ["meta", "next"], queryItem: "after"),
      StubReply(body: #"{"data": [{"id": 1, "title": "n1"}], "meta": {"next": 42}}"#))
    #expect(tokened.nextCursor?.url.absoluteString == "https://api.example.com/v1/notes?after=42")
    #expect(toldToken == [tokened.nextCursor].compactMap { $0 })
  }

  @Test func aLastPageAndStrategiesThatNeedTheItemsTellNothing() async throws {
    let (last, toldLast) = try await load(
      .nextURL(bodyPath: ["next"], itemsPath: ["results"]),
      StubReply(body: #"{"results": [{"id": 1, "title": "n1"}], "next": null}"#))
    #expect(last.nextCursor == nil)
    #expect(toldLast.isEmpty)

    let numbered = HTTPPagingStrategy.pageNumber(pageSize: 1, itemsPath: ["items"])
    let (_, toldNumbered) = try await load(
      numbered, StubReply(body: #"{"items": [{"id": 1, "title": "n1"}]}"#))
    #expect(toldNumbered.isEmpty)
    let source = HTTPPageSource<Note>(
      url: url, strategy: numbered, transport: StubTransport(StubReply(body: "{}")))
    #expect(!source.tellsNextCursorEarly)
  }

  @Test func theSkimReadsOnlyWhatItCanAndNeverTraps() {
    func text(_ json: String, _ path: [String]) -> String? {
      JSONSkim.text(at: path, in: Data(json.utf8))
    }
    #expect(text(#"{"a": {"b": "c\u0041\/d"}}"#, ["a", "b"]) == "cA/d")
    #expect(text(#" { "n" : -12.5e3 , "x": 1}"#, ["n"]) == "-12.5e3")
    #expect(text(#"{"skip": [1, {"a": "]"}, "\\"], "a": "yes"}"#, ["a"]) == "yes")
    #expect(text(#"{"s": "\", \"a\": \"no", "a": "yes"}"#, ["a"]) == "yes")
    #expect(text(#"{"s": "\\\"\\", "a": "yes"}"#, ["a"]) == "yes")
    #expect(text(#"{"s": "\\", "a": "\\\""}"#, ["a"]) == #"\""#)
    #expect(text(#"{"a": null}"#, ["a"]) == nil)
    #expect(text(#"{"a": true}"#, ["a"]) == nil)
    #expect(text(#"{"a": {"b": 1}}"#, ["a"]) == nil)
    #expect(text(#"{"b": 1}"#, ["a"]) == nil)
    #expect(text(#"[{"a": "x"}]"#, ["a"]) == nil)
    for broken in [#"{"a"#, #"{"a": "x"#, #"{"s": "\"#, "", "{", #"{"x": [1, 2"#, #"{"x" 1}"#] {
      #expect(text(broken, ["a"]) == nil)
    }
  }
}
