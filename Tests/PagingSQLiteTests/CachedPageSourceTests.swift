import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// The database as the list's source of truth: pages are stored in server order with their
/// remote keys, read back from the cache, replaced whole by a refresh, and shown at once after
/// a relaunch.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct CachedPageSourceTests {
  static var configuration: PagingConfiguration<Int> {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(5))
    configuration.refreshPolicy = .aroundAnchor
    configuration.retryPolicy = .manual
    return configuration
  }

  /// One stored page: its place, remote keys (as JSON), generation and fetch time.
  struct StoredPage: Equatable {
    var ordinal: Int
    var cursor: String?
    var next: String?
    var previous: String?
    var generation: Int
    var fetchedAt: Double
  }

  static func storedPages(_ database: PagingDatabase) throws -> [StoredPage] {
    try database.withConnection { db in
      var pages: [StoredPage] = []
      func json(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }
      try db.statement(
        """
        SELECT ordinal, cursor, next_cursor, previous_cursor, generation, fetched_at
        FROM paging_page ORDER BY ordinal
        """
      ).forEachRow {
        pages.append(
          StoredPage(
            ordinal: Int($0.int64(0)), cursor: json($0.blob(1)), next: json($0.blob(2)),
            previous: json($0.blob(3)), generation: Int($0.int64(4)), fetchedAt: $0.double(5)))
      }
      return pages
    }
  }

  /// A cache filled by a first session: rows 0..<40 in two pages (network cursors nil and
  /// "b"; the next is "c"), with row 25 saved as the anchor.
  static func filledCache(
    _ folder: TemporaryFolder, clock: WallClock
  ) async throws {
    let database = try PagingDatabase(path: folder.file())
    let network = Network()
    let source = try CachedPageSource(
      database: database, list: "feed", remote: network, now: clock.function)
    let feed = try source.paginator(configuration: configuration)
    let start = Task { await feed.start() }
    network.complete(await network.request(at: 0), items: rows(0..<20), next: "b")
    await start.value
    feed.loadNextPage()
    network.complete(await network.request(at: 1), items: rows(20..<40), next: "c")
    await feed.waitUntilIdle()
    feed.rowAppeared(id: 25)
    try source.saveAnchor(of: feed)
  }

  /// Each page commits with its rows in server order, its remote keys, the cache's generation
  /// and when it was fetched; the paginator reads the pages back from the cache.
  @Test func pagesAreStoredInServerOrderWithTheirRemoteKeys() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    let database = try PagingDatabase(path: folder.file())
    let network = Network()
    let source = try CachedPageSource(
      database: database, list: "feed", remote: network, now: clock.function)
    let feed = try source.paginator(configuration: Self.configuration)
    #expect(feed.items.isEmpty)
    let start = Task { await feed.start() }
    let first = await network.request(at: 0)
    #expect(first.direction == .refresh)
    #expect(first.cursor == nil)
    network.complete(first, items: rows(0..<20), next: "b")
    await start.value
    clock.advance(by: 60)
    feed.loadNextPage()
    let second = await network.request(at: 1)
    #expect(second.direction == .append)
    #expect(second.cursor == "b")
    network.complete(second, items: rows(20..<40), next: nil)
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<40))
    #expect(feed.hasNextPage == false)
    #expect(try source.cachedItems().map(\.id) == Array(0..<40))
    let t = clock.now.timeIntervalSince1970
    #expect(
      try Self.storedPages(database) == [
        StoredPage(ordinal: 0, cursor: nil, next: "\"b\"", generation: 1, fetchedAt: t - 60),
        StoredPage(ordinal: 1, cursor: "\"b\"", next: nil, generation: 1, fetchedAt: t),
      ])
  }

  /// Relaunch: the cached rows show at once at the saved row, and with
  /// `skipInitialRefresh` the revalidation is answered by the cache: 0 requests.
  @Test func aRelaunchShowsTheCachedRowsAtTheSavedPlaceWithoutARequest() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await Self.filledCache(folder, clock: clock)
    let network = DownNetwork()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network,
      initialize: .skipInitialRefresh, now: clock.function)
    let feed = try source.paginator(configuration: Self.configuration)
    #expect(feed.items.map(\.id) == Array(0..<40))
    #expect(feed.scrollAnchor == 25)
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(20..<40))
    #expect(feed.scrollAnchor == 25)
    #expect(feed.hasPreviousPage)
    #expect(feed.hasNextPage)
    feed.loadPreviousPage()
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<40))
    #expect(network.requests.isEmpty)
  }

  /// `launchInitialRefresh(ifOlderThan:)`: a cache younger than the age answers the first
  /// refresh; an older one is refreshed from the network at the anchored page's remote key, and
  /// the cached rows stay when that fails.
  @Test func aCacheOlderThanTheMaxAgeIsRefreshedFromTheNetwork() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await Self.filledCache(folder, clock: clock)
    clock.advance(by: 59 * 60)
    let young = DownNetwork()
    let fresh = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: young,
      initialize: .launchInitialRefresh(ifOlderThan: .seconds(3600)), now: clock.function)
    let kept = try fresh.paginator(configuration: Self.configuration)
    await kept.waitUntilIdle()
    #expect(young.requests.isEmpty)
    #expect(kept.items.map(\.id) == Array(20..<40))
    #expect(kept.refreshState == .idle)

    clock.advance(by: 2 * 60)
    let network = DownNetwork()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network,
      initialize: .launchInitialRefresh(ifOlderThan: .seconds(3600)), now: clock.function)
    let feed = try source.paginator(configuration: Self.configuration)
    await feed.waitUntilIdle()
    #expect(network.requests.map(\.direction) == [.refresh])
    #expect(network.requests.map(\.cursor) == ["b"])
    #expect(feed.items.map(\.id) == Array(0..<40))
    #expect(feed.refreshState == .failed(.sourceFailed(Offline())))
    #expect(try source.cachedItems().map(\.id) == Array(0..<40))
  }

  /// Offline after a relaunch: the cached rows scroll; the first page past them fails with
  /// the network's error on the append edge; a retry asks again at the stored remote key.
  @Test func offlineTheCacheScrollsAndRetryResumesAtTheStoredCursor() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await Self.filledCache(folder, clock: clock)
    let network = Network()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network,
      initialize: .launchInitialRefresh, now: clock.function)
    let feed = try source.paginator(configuration: Self.configuration)
    network.fail(await network.request(at: 0), with: Offline())
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<40))
    #expect(feed.refreshState == .failed(.sourceFailed(Offline())))
    feed.loadNextPage()
    let append = await network.request(at: 1)
    #expect(append.cursor == "c")
    network.fail(append, with: Offline())
    await feed.waitUntilIdle()
    #expect(feed.appendState == .failed(.sourceFailed(Offline())))
    #expect(feed.items.map(\.id) == Array(0..<40))
    feed.retry()
    let retry = await network.request(at: 2)
    #expect(retry.cursor == "c")
    network.complete(retry, items: rows(40..<60), next: nil)
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<60))
    #expect(try source.cachedItems().map(\.id) == Array(0..<60))
  }

  /// A refresh replaces the cache in one transaction when its first page arrives: until then
  /// the old rows stay, in the list and in the file.
  @Test func aRefreshReplacesTheCacheWholeWhenItsPageCommits() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await Self.filledCache(folder, clock: clock)
    let network = Network()
    let database = try PagingDatabase(path: folder.file())
    let source = try CachedPageSource(
      database: database, list: "feed", remote: network, initialize: .skipInitialRefresh,
      now: clock.function)
    let feed = try source.paginator(configuration: Self.configuration)
    await feed.waitUntilIdle()
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 0)
    #expect(refresh.cursor == "b")
    #expect(try source.cachedItems().map(\.id) == Array(0..<40))
    #expect(feed.items.map(\.id) == Array(20..<40))
    network.complete(refresh, items: rows(100..<120), next: "z")
    await refreshing.value
    #expect(feed.items.map(\.id) == Array(100..<120))
    #expect(try source.cachedItems().map(\.id) == Array(100..<120))
    #expect(try Self.storedPages(database).map(\.ordinal) == [1])
    #expect(try Self.storedPages(database).map(\.generation) == [2])
  }
}
