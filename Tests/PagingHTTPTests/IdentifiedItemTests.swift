import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// Items that are not `Identifiable`: an id key path makes them `Identified`
/// items, which the walk and the paginator de-duplicate by that id.
@Suite(.timeLimit(.minutes(minuteLimit))) struct IdentifiedItemTests {
  /// A row whose key is not called `id`.
  struct Tag: Codable, Sendable, Equatable {
    var slug: String
    var uses: Int
  }

  @Test func bareStringsAreTheirOwnIdsAndTheWalkDropsRepeatedOnes() async throws {
    let transport = StubTransport { request in
      request.url?.query == nil
        ? StubReply(
          headers: ["Link": #"</tags?page=2>; rel="next""#], body: #"{"names": ["a", "b"]}"#)
        : StubReply(body: #"{"names": ["b", "c"]}"#)
    }
    let source = HTTPPageSource(
      url: URL("https://example.org/tags"), strategy: .linkHeader(itemsPath: ["names"]),
      id: \String.self, transport: transport)

    var names: [String] = []
    for try await name in source.pages().items { names.append(name.value) }

    #expect(names == ["a", "b", "c"])
    #expect(await transport.requestedURLs.count == 2)
  }

  @Test func anIDKeyPathIntoADecodedValueKeysItsItems() async throws {
    let source = HTTPPageSource(
      url: URL("https://example.org/tags"), strategy: .linkHeader(), id: \Tag.slug,
      transport: StubTransport(
        StubReply(body: #"[{"slug": "swift", "uses": 3}, {"slug": "go", "uses": 1}]"#)))

    let page = try await source.loadPage(pageRequest(nil))

    #expect(page.items.map(\.id) == ["swift", "go"])
    #expect(page.items.map(\.value) == [Tag(slug: "swift", uses: 3), Tag(slug: "go", uses: 1)])
    #expect(page.items.map(\.uses) == [3, 1])
    #expect(page.nextCursor == nil)
  }

  @Test @MainActor func aPaginatorHoldsIdentifiedItems() async throws {
    let source = HTTPPageSource(
      url: URL("https://example.org/tags"), strategy: .linkHeader(), id: \String.self,
      transport: StubTransport(StubReply(body: #"["x", "y", "x"]"#)))
    let paginator = Paginator(source: source)

    await paginator.start()

    #expect(paginator.items.map(\.value) == ["x", "y"])
    #expect(paginator.metrics.duplicatesDropped == 1)
  }

  @Test func anIdentifiedValueIsCodedWithItsId() throws {
    let tag = Identified(Tag(slug: "swift", uses: 3), id: \.slug)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(tag), as: UTF8.self)
    #expect(json == #"{"id":"swift","value":{"slug":"swift","uses":3}}"#)
    let decoded = try JSONDecoder().decode(Identified<Tag, String>.self, from: Data(json.utf8))
    #expect(decoded == tag)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        Identified<Tag, String>.self, from: Data(#"{"value":{"slug":"a","uses":1}}"#.utf8))
    }
  }

  @Test @MainActor func aListOfIdentifiedItemsIsSnapshottedAndRestored() async throws {
    let source = HTTPPageSource(
      url: URL("https://example.org/tags"), strategy: .linkHeader(), id: \String.self,
      transport: StubTransport(StubReply(body: #"["x", "y"]"#)))
    let paginator = Paginator(source: source)
    await paginator.start()

    let data = try paginator.snapshot().encoded()
    let (restored, error) = Paginator.restoring(data, source: source)

    #expect(error == nil)
    #expect(restored.items.map(\.value) == ["x", "y"])
    #expect(restored.items.map(\.id) == ["x", "y"])
  }
}
