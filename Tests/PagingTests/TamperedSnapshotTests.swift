import Foundation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Snapshots edited by hand restore exactly or give a typed error and an empty paginator
/// (rulebook R28), never trap, and never show an id twice (R10).
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct TamperedSnapshotTests {
  typealias Source = ScriptedPageSource<Row, Int>

  /// Three counted pages (cursors nil, 20, 40) of rows 0..<60 in a list of 100 rows.
  static func saved() throws -> [String: Any] {
    let pages: [(cursor: Int?, page: Page<Row, Int>)] = [
      (
        nil,
        Page(
          items: rows(0..<20), nextCursor: 20, previousCursor: nil, itemsBefore: 0, itemsAfter: 80)
      ),
      (
        20,
        Page(
          items: rows(20..<40), nextCursor: 40, previousCursor: 0, itemsBefore: 20, itemsAfter: 60)
      ),
      (
        40,
        Page(
          items: rows(40..<60), nextCursor: 60, previousCursor: 20, itemsBefore: 40, itemsAfter: 40)
      ),
    ]
    let data = try PagingSnapshot<Row, Int>.pages(pages, initialCursor: nil, anchor: 45).encoded()
    return try JSONSerialization.jsonObject(with: data) as! [String: Any]
  }

  static func pagesOf(_ object: [String: Any]) -> [[String: Any]] {
    object["pages"] as! [[String: Any]]
  }

  /// Restores `object`, and checks that no id shows twice and that a typed error leaves the
  /// list empty.
  static func restore(_ object: [String: Any]) throws -> (
    Paginator<Row, Int>, PagingSnapshotError?, Source
  ) {
    let data = try JSONSerialization.data(withJSONObject: object)
    let source = Source()
    let (feed, error) = Paginator.restoring(data, source: source)
    let ids = feed.items.map(\.id)
    #expect(Set(ids).count == ids.count, "an id shown twice: \(ids)")
    if error != nil { #expect(ids.isEmpty) }
    return (feed, error, source)
  }

  @Test func aNegativeCountOnTheLastPageIsClampedOrRefused() throws {
    var object = try Self.saved()
    var pages = Self.pagesOf(object)
    pages[2]["itemsAfter"] = -5
    object["pages"] = pages
    let (feed, error, _) = try Self.restore(object)
    // R31: a negative count is invalid; clamped to 0 the list has 60 rows and no placeholder.
    if error == nil { #expect(feed.rows.count == 60) }
  }

  @Test func countsThatDisagreeBetweenPagesAreRefused() throws {
    var object = try Self.saved()
    var pages = Self.pagesOf(object)
    // The middle page says 1_000 rows before it, the first says 0 and holds 20.
    pages[1]["itemsBefore"] = 1_000
    pages[2]["itemsAfter"] = 5
    pages[0]["itemsAfter"] = 7
    object["pages"] = pages
    let (feed, error, _) = try Self.restore(object)
    if error == nil {
      #expect(feed.rows.count == 60 + 5, "rows \(feed.rows.count)")
    }
  }

  @Test func hugeCountsNearIntMaxDoNotTrap() throws {
    var object = try Self.saved()
    var pages = Self.pagesOf(object)
    pages[2]["itemsAfter"] = Int.max - 60
    object["pages"] = pages
    let (feed, error, _) = try Self.restore(object)
    if error == nil {
      #expect(feed.rows.count == Int.max)
      feed.rowAppeared(feed.rows[0])
      feed.rowAppeared(feed.rows[feed.rows.endIndex - 1])
      feed.rowAppeared(id: 45)
    }
  }

  @Test func hugeAndNegativePositionsDoNotTrap() throws {
    for position in [Int.max, Int.min, -1] {
      var object = try Self.saved()
      object["position"] = position
      let (feed, _, _) = try Self.restore(object)
      feed.rowAppeared(id: 45)
    }
  }

  @Test func duplicateIDsAcrossPagesShowOnce() throws {
    var object = try Self.saved()
    var pages = Self.pagesOf(object)
    pages[1]["items"] = pages[0]["items"]
    object["pages"] = pages
    let (feed, error, _) = try Self.restore(object)
    if error == nil { #expect(feed.items.count == 40) }
  }

  @Test func duplicateIDsInOnePageShowOnce() throws {
    var object = try Self.saved()
    var pages = Self.pagesOf(object)
    var items = pages[0]["items"] as! [Any]
    items.append(items[0])
    pages[0]["items"] = items
    object["pages"] = pages
    _ = try Self.restore(object)
  }

  @Test func emptyPagesAndAnUnknownAnchorRestore() throws {
    var object = try Self.saved()
    var pages = Self.pagesOf(object)
    pages[1]["items"] = [Any]()
    object["pages"] = pages
    object["anchor"] = 12345
    let (feed, error, _) = try Self.restore(object)
    if error == nil {
      #expect(feed.items.count == 40)
      #expect(feed.scrollAnchor == nil)
    }
  }

  @Test func formatsOutOfRangeAreTypedErrors() throws {
    for format in [Int.max, Int.min, 0, -1] {
      var object = try Self.saved()
      object["format"] = format
      let (_, error, _) = try Self.restore(object)
      #expect(error != nil)
      #expect(!(error?.description.contains("\n") ?? true))
    }
  }

  @Test func aSecretTypeNameIsNotQuotedInTheError() throws {
    var object = try Self.saved()
    object["types"] = "sk_live_SECRET"
    let (_, error, _) = try Self.restore(object)
    let text = [error?.description, error?.localizedDescription, error?.errorDescription]
      .compactMap { $0 }.joined(separator: " | ")
    #expect(error != nil)
    #expect(!text.contains("sk_live_SECRET"), "\(text)")
  }

  @Test func chainsBeyondTheWindowThatAreJunkAreRefusedOrIgnored() throws {
    var object = try Self.saved()
    object["beyondFirst"] = [
      ["more": ["_0": 999]], ["end": [String: Any]()], ["firstPage": [String: Any]()],
    ]
    object["beyondLast"] = [["more": ["_0": 20]]]
    let (feed, error, source) = try Self.restore(object)
    if error == nil {
      #expect(feed.items.count == 60)
      _ = source
    }
  }

  /// R11: a hand-edited snapshot whose append chain points at a cursor a restored page was
  /// loaded by does not make the list ask for that cursor again.
  @Test func anAppendChainAtAnAlreadyLoadedCursorIsNotRequested() async throws {
    var object = try Self.saved()
    object["append"] = ["more": ["_0": 20]]
    let (feed, error, source) = try Self.restore(object)
    guard error == nil else { return }
    feed.loadNextPage()
    await Task.yield()
    await Task.yield()
    let cursors = source.requests.filter { $0.direction == .append }.map(\.cursor)
    #expect(!cursors.contains(20), "append requests: \(cursors)")
  }

  /// R10/R11: two restored pages loaded by the same cursor.
  @Test func twoPagesWithTheSameCursorRestoreConsistently() async throws {
    var object = try Self.saved()
    var pages = Self.pagesOf(object)
    pages[2]["cursor"] = 20
    object["pages"] = pages
    let (feed, error, source) = try Self.restore(object)
    guard error == nil else { return }
    #expect(feed.items.count == 60)
    feed.rowAppeared(id: 59)
    await Task.yield()
    let cursors = source.requests.map(\.cursor)
    #expect(!cursors.contains(20), "requests: \(cursors)")
  }
}
