import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// Another writer of a cached list invalidates the lists over it (rulebook R30): a source in
/// the same process tells them when its refresh or edit commits, another connection is found
/// by polling `PRAGMA data_version` on the paginator's clock. The list reloads, from the cache
/// and with no request, the page that now holds its anchored row, and keeps that row.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct CacheInvalidationTests {
  /// A list opened from the cache that `filledCache` wrote (rows 0..<40, anchor 25), with the
  /// network down, showing rows 20..<40 with row 25 at the top. Its timers (the poll) are set
  /// on `paginatorClock` when there is one, so that its advances fire them, though it is passed
  /// only as the paginator's clock; else they sleep on the continuous clock.
  static func openList(
    _ database: PagingDatabase, clock: WallClock,
    configuration: PagingConfiguration<Int> = CachedPageSourceTests.configuration,
    paginatorClock: TestClock? = nil, pollInterval: Duration? = nil
  ) async throws -> (CachedPageSource<DownNetwork>, Paginator<Row, Int>, DownNetwork) {
    let network = DownNetwork()
    let source = try CachedPageSource(
      database: database, list: "feed", remote: network, initialize: .skipInitialRefresh,
      now: clock.function)
    let feed =
      if let paginatorClock {
        // The public entry point, as an app's test calls it: a test clock passed as a clock
        // sets the timers on itself.
        try source.paginator(
          configuration: configuration, clock: paginatorClock, pollInterval: pollInterval)
      } else {
        try source.paginator(configuration: configuration, pollInterval: pollInterval)
      }
    await feed.waitUntilIdle()
    feed.rowAppeared(id: 25)
    return (source, feed, network)
  }

  /// An edit written through one list reloads the other list's anchored page from the cache
  /// before the edit returns; the writer itself is not invalidated.
  @Test func anEditThroughOneListReloadsTheOtherFromTheCache() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let database = try PagingDatabase(path: folder.file())
    let (writer, edited, _) = try await Self.openList(database, clock: clock)
    let (_, other, network) = try await Self.openList(database, clock: clock)
    #expect(other.items.map(\.id) == Array(20..<40))
    let (writerGeneration, otherGeneration) = (edited.generation, other.generation)

    try writer.edit(.update(Row(id: 30, title: "edited")), in: edited)
    #expect(edited.generation == writerGeneration)
    #expect(other.generation > otherGeneration)
    await other.waitUntilIdle()
    #expect(other.items.map(\.id) == Array(20..<40))
    #expect(other.items.first { $0.id == 30 }?.title == "edited")
    #expect(other.scrollAnchor == 25)
    #expect(other.refreshState == .idle)
    #expect(network.requests.isEmpty)
  }

  /// Another list's refresh from the network replaces the cache with a page numbered from the
  /// origin: the list finds its anchored row's new page by the row and reloads that page from
  /// the cache, keeping the row, with no request of its own.
  @Test func anotherListsRefreshReloadsThePageThatNowHoldsTheAnchoredRow() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let database = try PagingDatabase(path: folder.file())
    let (_, other, down) = try await Self.openList(database, clock: clock)
    let network = Network()
    let writer = try CachedPageSource(
      database: database, list: "feed", remote: network, initialize: .skipInitialRefresh,
      now: clock.function)
    var origin = CachedPageSourceTests.configuration
    origin.refreshPolicy = .fromStart
    let refreshed = try writer.paginator(configuration: origin, pollInterval: nil)
    await refreshed.waitUntilIdle()
    let generation = other.generation

    let refresh = Task { await refreshed.refresh() }
    let request = await network.request(at: 0)
    #expect(request.cursor == nil)
    network.complete(request, items: rows(15..<35), next: "x")
    await refresh.value
    #expect(other.generation > generation)
    await other.waitUntilIdle()
    #expect(other.items.map(\.id) == Array(15..<35))
    #expect(other.scrollAnchor == 25)
    #expect(other.hasNextPage)
    #expect(other.hasPreviousPage == false)
    #expect(down.requests.isEmpty)
  }

  /// A commit by another connection (as another process's) is found by the poll, at the
  /// interval on the paginator's clock and not before.
  @Test func anotherConnectionsCommitIsFoundByThePollAtItsInterval() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let testClock = TestClock()
    let (_, feed, network) = try await Self.openList(
      try PagingDatabase(path: folder.file()), clock: clock, paginatorClock: testClock,
      pollInterval: .seconds(1))
    let generation = feed.generation
    let elsewhere = try PagingDatabase(path: folder.file())
    _ = try elsewhere.write {
      try PageCache<Row, String>(list: "feed").write(
        $0, .update(Row(id: 30, title: "elsewhere")), in: 1)
    }

    testClock.advance(by: .milliseconds(999))
    #expect(feed.generation == generation)
    testClock.advance(by: .milliseconds(1))
    #expect(feed.generation > generation)
    await feed.waitUntilIdle()
    #expect(feed.items.first { $0.id == 30 }?.title == "elsewhere")
    #expect(feed.scrollAnchor == 25)
    #expect(network.requests.isEmpty)
  }

  /// What changes no row the list shows does not invalidate it: a page another list appended,
  /// and another connection's commit to a list of another name. Without a poll interval,
  /// another connection's commit is not looked for.
  @Test func appendsAndOtherListsDoNotInvalidate() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let database = try PagingDatabase(path: folder.file())
    let testClock = TestClock()
    let (_, polled, _) = try await Self.openList(
      database, clock: clock, paginatorClock: testClock, pollInterval: .seconds(1))
    let unpolled = try await Self.openList(database, clock: clock, paginatorClock: testClock).1
    let network = Network()
    let writer = try CachedPageSource(
      database: database, list: "feed", remote: network, initialize: .skipInitialRefresh,
      now: clock.function)
    let appended = try writer.paginator(
      configuration: CachedPageSourceTests.configuration, pollInterval: nil)
    await appended.waitUntilIdle()
    appended.rowAppeared(id: 39)
    let append = await network.request(at: 0)
    #expect(append.direction == .append)
    network.complete(append, items: rows(40..<60), next: nil)
    await appended.waitUntilIdle()
    #expect(try writer.cachedItems().map(\.id) == Array(0..<60))
    let elsewhere = try PagingDatabase(path: folder.file())
    try elsewhere.write {
      try PageCache<Row, String>(list: "other").replace(
        $0, with: Page(items: rows(0..<5), nextCursor: nil), loadedBy: nil, at: 0,
        fetchedAt: clock.now)
    }
    let generations = (polled.generation, unpolled.generation)
    testClock.advance(by: .seconds(3))
    #expect(polled.generation == generations.0)
    #expect(unpolled.generation == generations.1)

    _ = try elsewhere.write {
      try PageCache<Row, String>(list: "feed").write(
        $0, .update(Row(id: 30, title: "elsewhere")), in: 1)
    }
    testClock.advance(by: .seconds(1))
    #expect(polled.generation > generations.0)
    #expect(unpolled.generation == generations.1)
  }

  /// A page that arrives after another connection replaced the cache under it is not
  /// committed: the source finds the change itself, before any poll, and the list reloads
  /// from the cache instead of showing an error on its edge.
  @Test func aPageFetchedIntoAReplacedCacheInvalidatesTheList() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let database = try PagingDatabase(path: folder.file())
    let network = Network()
    let source = try CachedPageSource(
      database: database, list: "feed", remote: network, initialize: .skipInitialRefresh,
      now: clock.function)
    let feed = try source.paginator(
      configuration: CachedPageSourceTests.configuration, pollInterval: nil)
    await feed.waitUntilIdle()
    feed.rowAppeared(id: 25)
    feed.rowAppeared(id: 39)
    let append = await network.request(at: 0)
    #expect(append.cursor == "c")
    let generation = feed.generation
    let elsewhere = try PagingDatabase(path: folder.file())
    try elsewhere.write {
      try PageCache<Row, String>(list: "feed").replace(
        $0, with: Page(items: rows(20..<30), nextCursor: nil), loadedBy: nil, at: 0,
        fetchedAt: clock.now)
    }

    network.complete(append, items: rows(40..<60), next: nil)
    await feed.waitUntilIdle()
    #expect(feed.generation > generation)
    #expect(feed.items.map(\.id) == Array(20..<30))
    #expect(feed.scrollAnchor == 25)
    #expect(feed.appendState == .complete)
    #expect(try source.cachedItems().map(\.id) == Array(20..<30))
    #expect(network.requests.count == 1)
  }
}
