import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// A counted list over the SQLite cache (rulebook R31): with `countsRows`, each page counts the
/// cached rows around it in the transaction that reads it, so the list has the cache's length;
/// a placeholder far away reads the cached page that holds it in one read, without the
/// network, and the last cached row still loads the network's next page.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct CachedJumpTests {
  /// Writes `count` rows into the cache of `list` in pages of `pageSize`, as a walk of the
  /// network would have left them (the last page names a next network page, "more"): the first
  /// page through the cache, the others with SQL's own loop, so that a million rows take a
  /// second, also under ThreadSanitizer (SQLite is not instrumented; a million encodes in Swift
  /// held the main actor for minutes there). A row's body is its JSON, its key its id's text.
  static func fill(
    _ database: PagingDatabase, count: Int, pageSize: Int, list: String = "feed"
  ) throws {
    let cache = PageCache<Row, String>(list: list)
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let pages = (count + pageSize - 1) / pageSize
    try database.write { db in
      let first = Page<Row, String>(
        items: rows(0..<min(pageSize, count)), nextCursor: count > pageSize ? "\(pageSize)" : "more"
      )
      try cache.replace(db, with: first, loadedBy: nil, at: 0, fetchedAt: date)
      guard pages > 1 else { return }
      try db.statement(
        """
        WITH RECURSIVE p(o) AS (SELECT 1 UNION ALL SELECT o + 1 FROM p WHERE o < ?)
        INSERT INTO paging_page
          (list, ordinal, cursor, previous_cursor, next_cursor, generation, fetched_at)
        SELECT ?, o, CAST('"' || (o * ?) || '"' AS BLOB), NULL,
          CAST(CASE WHEN o = ? THEN '"more"' ELSE '"' || ((o + 1) * ?) || '"' END AS BLOB), 1, ?
        FROM p
        """
      ).run([
        .int(pages - 1), .text(list), .int(pageSize), .int(pages - 1), .int(pageSize),
        .real(date.timeIntervalSince1970),
      ])
      try db.statement(
        """
        WITH RECURSIVE n(x) AS (SELECT ? UNION ALL SELECT x + 1 FROM n WHERE x < ?)
        INSERT INTO paging_row (list, ordinal, position, id, body)
        SELECT ?, x / ?, x % ?, CAST(x AS TEXT), CAST('{"id":' || x || ',"title":""}' AS BLOB) FROM n
        """
      ).run([.int(pageSize), .int(count - 1), .text(list), .int(pageSize), .int(pageSize)])
    }
  }

  /// 1,000,000 cached rows: the list is that long at once, and a placeholder at 60 % reads the
  /// page that holds it (one load), then the pages beside it that the prefetch distance
  /// reaches; the network is never asked.
  @Test func aJumpToSixtyPercentOfAMillionCachedRowsReadsOnePage() async throws {
    let folder = try TemporaryFolder()
    let database = try PagingDatabase(path: folder.file())
    try Self.fill(database, count: 1_000_000, pageSize: 1_000)
    let network = DownNetwork()
    let source = try CachedPageSource(
      database: database, list: "feed", remote: network, initialize: .skipInitialRefresh,
      countsRows: true)
    #expect(source.jumpingSupported)
    // The rows SQL wrote read back as the cache's own.
    #expect(try PageCache<Row, String>.key(123, in: .current) == "123")
    #expect(
      try database.withConnection { try PageCache<Row, String>(list: "feed").page($0, at: 600) }?
        .items.first == Row(id: 600_000))
    // At most 5,000 cached rows shown at launch, a capped window over a long cache.
    let feed = try source.paginator(
      configuration: PagingConfiguration(maxSize: 5_000), pollInterval: nil)
    #expect(feed.rows.count == 1_000_000)
    #expect(feed.items.count == 5_000)
    await feed.start()
    await feed.waitUntilIdle()
    #expect(feed.rows.count == 1_000_000)
    let loads = feed.metrics.requestsStarted
    feed.rowAppeared(feed.rows[600_000])
    #expect(feed.metrics.jumps == 1)
    #expect(feed.metrics.requestsStarted == loads + 1)
    await feed.waitUntilIdle()
    #expect(feed.rows[600_000].item == Row(id: 600_000))
    #expect(feed.rows.placeholdersBefore == 599_000)
    #expect(feed.items.map(\.id) == Array(599_000..<601_000))
    #expect(feed.rows.count == 1_000_000)
    #expect(network.requests.isEmpty)
  }

  /// Counts are the cache's, never the network's total: at the last cached row no placeholder
  /// is left, and the row loads the network's next page (Android's architecture-components
  /// sample issue 662: a count of the network's total left the end-of-list trigger silent).
  @Test func theLastCachedRowLoadsTheNetworksNextPage() async throws {
    let folder = try TemporaryFolder()
    let database = try PagingDatabase(path: folder.file())
    try Self.fill(database, count: 40, pageSize: 20)
    let network = Network()
    let source = try CachedPageSource(
      database: database, list: "feed", remote: network, initialize: .skipInitialRefresh,
      countsRows: true)
    let feed = try source.paginator(
      configuration: PagingConfiguration(prefetch: .fixed(5)), pollInterval: nil)
    await feed.start()
    await feed.waitUntilIdle()
    #expect(feed.rows.count == 40)
    // The last row's placeholder loads the cached page that holds it; shown as a row, it then
    // loads the network's next page.
    #expect(feed.rows.placeholdersAfter == 20)
    feed.rowAppeared(feed.rows[39])
    let request = await network.request(at: 0)
    #expect(request.cursor == "more")
    network.complete(request, items: rows(40..<60), next: nil)
    await feed.waitUntilIdle()
    #expect(feed.rows.count == 60)
    #expect(feed.rows.placeholdersAfter == 0)
  }

  /// A counted list over 10,000 cached rows in pages of 1,000 in `folder`, started from the
  /// cache without a request.
  static func countedList<Remote: PageSource>(
    _ folder: TemporaryFolder, _ network: Remote
  ) async throws -> (CachedPageSource<Remote>, Paginator<Row, Int>)
  where Remote.Item == Row, Remote.Cursor == String {
    let database = try PagingDatabase(path: folder.file())
    try Self.fill(database, count: 10_000, pageSize: 1_000)
    let source = try CachedPageSource(
      database: database, list: "feed", remote: network, initialize: .skipInitialRefresh,
      countsRows: true)
    let feed = try source.paginator(configuration: PagingConfiguration(), pollInterval: nil)
    await feed.start()
    await feed.waitUntilIdle()
    return (source, feed)
  }

  /// Another process's search for "B" replaces the cache of list "feed" in `folder` with rows
  /// 50,000..<50,020, before this process's poll sees it.
  static func otherProcessSearches(_ folder: TemporaryFolder) throws {
    let search = Page<Row, String>(items: rows(50_000..<50_020), nextCursor: nil)
    try PagingDatabase(path: folder.file()).write { db in
      try PageCache<Row, String>(list: "feed").replace(
        db, with: search, loadedBy: nil, at: 0, fetchedAt: Date(),
        query: PagingSnapshot<Row, Int>.savedQuery("B"))
    }
  }

  /// R24, R31: a jump after another process's search replaced the cache (before this
  /// process's poll saw it) does not show the search's rows under this list's query: it
  /// refreshes, as a jump the cache cannot answer does.
  @Test func aJumpAfterAnotherProcesssSearchDoesNotShowTheSearchsRows() async throws {
    let folder = try TemporaryFolder()
    let network = DownNetwork()
    let (_, feed) = try await Self.countedList(folder, network)
    #expect(feed.rows.count == 10_000)
    #expect(network.requests.isEmpty)

    try Self.otherProcessSearches(folder)
    feed.rowAppeared(feed.rows[9_999])
    #expect(feed.metrics.jumps == 1)
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<1_000))
    #expect(network.requests.map(\.direction) == [.refresh])
    #expect(network.requests.map { $0.query == nil } == [true])
  }

  /// R23, R31: a jump the cache cannot answer loads its page from the network, and keeps every
  /// edit in force, as the list does: the cache shows the removed row removed, the row
  /// inserted at the start at the start of a page that is the list's first (the network gives
  /// it no page before), and the row inserted after a row the page does not bring nowhere.
  @Test func aJumpFromTheNetworkKeepsTheEditsInForce() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await Self.countedList(folder, network)
    try source.edit(.remove(9_001), in: feed)
    try source.edit(.insert(Row(id: 77_777), at: .start), in: feed)
    try source.edit(.insert(Row(id: 88_888), at: .after(5)), in: feed)
    // Another process's search replaces the cache, so the jump cannot read it.
    try Self.otherProcessSearches(folder)
    feed.rowAppeared(feed.rows[9_999])
    #expect(feed.metrics.jumps == 1)
    network.complete(await network.request(at: 0), items: rows(9_000..<9_020), next: "x")
    await feed.waitUntilIdle()
    let expected = [77_777, 9_000] + Array(9_002..<9_020)
    #expect(feed.items.map(\.id) == expected)
    #expect(try source.cachedItems().map(\.id) == expected)
  }
}
