import Foundation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Rulebook R28: a `Codable` snapshot of the window, shown again at once, then revalidated by
/// the refresh policy; a snapshot that is not this list's gives a typed error and an empty
/// paginator.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct RestoreTests {
  typealias Source = ScriptedPageSource<Row, Int>

  static var configuration: PagingConfiguration<Int> {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6))
    configuration.refreshPolicy = .aroundAnchor
    return configuration
  }

  /// A saved window: rows 0..<60 in three pages (cursors nil, 20, 40), anchored at row 45.
  static func savedWindow() throws -> Data {
    var machine = Machine(configuration: configuration)
    var load = machine.handle(.start).loads
    for (start, next) in [(0, 20), (20, 40), (40, 60)] {
      _ = machine.handle(.loadCompleted(load[0].id, page(start..<start + 20, next: next)))
      if start < 40 { load = machine.handle(.loadNextPage).loads }
    }
    _ = machine.handle(.rowAppeared(.id(45)))
    var snapshot = machine.snapshot()
    #expect(snapshot.pages.map(\.cursor) == [nil, 20, 40])
    #expect(snapshot.anchor == 45)
    snapshot = try PagingSnapshot(decoding: snapshot.encoded())
    return try snapshot.encoded()
  }

  /// The rows show before any request; the revalidation refreshes the page that holds the
  /// anchored row, with its own cursor; the rows stay until it commits.
  @Test func aRestoredListShowsAtOnceThenRevalidatesAroundTheAnchor() async throws {
    let data = try Self.savedWindow()
    let source = Source()
    let (paginator, error) = Paginator.restoring(
      data, source: source, configuration: Self.configuration)
    #expect(error == nil)
    #expect(paginator.items.map(\.id) == Array(0..<60))
    #expect(paginator.hasNextPage)
    #expect(paginator.refreshState == .loading)
    #expect(paginator.scrollAnchor == 45)
    let refresh = await source.request(at: 0)
    #expect(refresh.direction == .refresh)
    #expect(refresh.cursor == 40)
    #expect(paginator.items.count == 60)
    source.complete(refresh, items: rows(40..<60), next: 60)
    await paginator.waitUntilIdle()
    #expect(paginator.items.map(\.id) == Array(40..<60))
    #expect(paginator.scrollAnchor == 45)
    #expect(paginator.refreshState == .idle)
    #expect(paginator.hasPreviousPage)
    #expect(source.requests.count == 1)
  }

  /// A snapshot of format 1 (written before the refresh's row was kept apart from the anchor)
  /// still restores: the same rows, the anchor kept in place, and the refresh around it.
  @Test func aSnapshotOfFormatOneStillRestores() async throws {
    let current = try Self.savedWindow()
    var json = try #require(JSONSerialization.jsonObject(with: current) as? [String: Any])
    #expect(json["format"] as? Int == 3)
    #expect(json["refreshRow"] as? Int == 45)
    json["format"] = 1
    json["refreshRow"] = nil
    let data = try JSONSerialization.data(withJSONObject: json)
    let source = Source()
    let (paginator, error) = Paginator.restoring(
      data, source: source, configuration: Self.configuration)
    #expect(error == nil)
    #expect(paginator.items.map(\.id) == Array(0..<60))
    #expect(paginator.scrollAnchor == 45)
    let refresh = await source.request(at: 0)
    #expect(refresh.direction == .refresh)
    #expect(refresh.cursor == 40)
  }

  /// A restored list whose revalidation fails keeps the restored rows and shows the error.
  @Test func aFailedRevalidationKeepsTheRestoredRows() async throws {
    let data = try Self.savedWindow()
    let source = Source()
    let (paginator, _) = Paginator.restoring(
      data, source: source, configuration: Self.configuration)
    let refresh = await source.request(at: 0)
    source.fail(refresh, with: Boom())
    await paginator.waitUntilIdle()
    #expect(paginator.items.map(\.id) == Array(0..<60))
    #expect(paginator.refreshState == .failed(.sourceFailed(Boom())))
    #expect(paginator.appendState == .idle)
    #expect(paginator.hasNextPage)
  }

  /// A snapshot taken while a search's first page loads holds no page, only the query: the
  /// restored list searches with it, as the live list did (R28).
  @Test func aSnapshotTakenWhileASearchLoadsRestoresItsQuery() async throws {
    var machine = Machine(configuration: .manualRetry)
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(.loadCompleted(first.id, page(0..<5, next: 5)))
    let search = machine.handle(.setQuery("swift", transition: .clear)).loads
    #expect(search.map { $0.query as? String } == ["swift"])
    #expect(machine.items.isEmpty)
    let data = try machine.snapshot().encoded()

    let source = ReplySource(pages: 3, size: 5)
    let (paginator, error) = Paginator.restoring(
      data, source: source, configuration: .manualRetry)
    await paginator.waitForLoadsToEnd()
    #expect(error == nil)
    #expect(paginator.query as? String == "swift")
    #expect(source.requests.map { $0.query as? String } == ["swift"])
  }

  /// A snapshot whose counts make a list longer than an `Int` holds (a file written by
  /// anything else) is refused as inconsistent: every position is a sum over that length.
  @Test func aSnapshotWhoseCountsOverflowTheListIsRefused() throws {
    var machine = Machine(configuration: .manualRetry)
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(
      .loadCompleted(
        first.id,
        Page(items: rows(0..<3), nextCursor: 3, itemsBefore: Int.max - 10, itemsAfter: 7)))
    let data = try machine.snapshot().encoded()
    #expect(try PagingSnapshot<Row, Int>(decoding: data).pages.count == 1)
    var json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    var pages = try #require(json["pages"] as? [[String: Any]])
    pages[0]["itemsAfter"] = 8
    json["pages"] = pages
    let drifted = try JSONSerialization.data(withJSONObject: json)
    let source = Source()
    let (paginator, error) = Paginator.restoring(drifted, source: source)
    #expect(error == .inconsistent)
    #expect(paginator.items.isEmpty)
    #expect(source.requests.isEmpty)
  }

  /// Data that is not a snapshot of this list: a typed error and an empty paginator that
  /// sent nothing, never a trap.
  @Test func aSnapshotOfAnotherListIsRefused() throws {
    let data = try Self.savedWindow()
    let cases: [(Data, PagingSnapshotError)] = [
      (Data(), .unreadable),
      (Data("{\"format\":1".utf8), .unreadable),
      (Data("{\"format\":4,\"types\":\"x\"}".utf8), .unsupportedFormat(4)),
      (Data("{\"format\":0,\"types\":\"x\"}".utf8), .unsupportedFormat(0)),
      (
        Data(String(decoding: data, as: UTF8.self).replacing("\"pages\"", with: "\"p\"").utf8),
        .unreadable
      ),
    ]
    for (bytes, expected) in cases {
      let source = Source()
      let (paginator, error) = Paginator.restoring(bytes, source: source)
      #expect(error == expected)
      #expect(paginator.items.isEmpty)
      #expect(source.requests.isEmpty)
    }
    let strings = ScriptedPageSource<Row, String>()
    let (other, error) = Paginator.restoring(data, source: strings)
    #expect(
      error
        == .otherTypes(
          expected: PagingSnapshot<Row, String>.typeNamesForTests,
          found: PagingSnapshot<Row, Int>.typeNamesForTests))
    #expect(other.items.isEmpty)
    var elsewhere = Self.configuration
    elsewhere.initialCursor = 500
    let (moved, movedError) = Paginator.restoring(data, source: Source(), configuration: elsewhere)
    #expect(movedError == .otherList)
    #expect(moved.items.isEmpty)
  }
}
