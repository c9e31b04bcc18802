import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// Features combined in one simulated session, on the test clock: a counted list that jumps,
/// under a memory cap, with refresh, invalidation and a retry.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit)))
struct CombinedSessionTests {
  private struct Item: Identifiable, Sendable, Hashable { let id: Int }

  /// Counted offsets (placeholders and jumps), a cap of 60 with a fixed distance of 10, a
  /// drag far down (a jump), a refresh, an invalidation, a scroll back up through dropped
  /// pages, then to the end. At the end: no row twice, none out of order, nothing loading,
  /// the append edge complete, every id once in the paginator's items.
  @Test func aJumpingCappedListThroughRefreshAndInvalidationEndsClean() async {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<1_000).map(Item.init), pageSize: 20, pagination: .countedOffset,
      latency: .fixed(.milliseconds(120)), seed: 7, clock: clock)
    let feed = Paginator(
      source: server,
      configuration: PagingConfiguration(prefetch: .fixed(10), maxSize: 60), clock: clock)
    let list = ListSimulator(feed: feed, server: server, clock: clock)
    await list.startScreenTask()
    await list.scroll(to: 80, duration: .seconds(8))
    await list.jump(to: 700)
    await list.idle(for: .seconds(2))
    await list.pullToRefresh()
    await list.idle(for: .seconds(2))
    feed.invalidate()
    await list.idle(for: .seconds(2))
    await list.scroll(to: 600, duration: .seconds(10))
    await list.scroll(to: 999, duration: .seconds(30))
    await list.idle(for: .seconds(5))
    let report = list.report()
    #expect(report.duplicateRowsShown == 0)
    #expect(report.rowsOutOfOrder == 0)
    #expect(report.duplicateRequests == 0)
    #expect(feed.appendState == .complete)
    #expect(!feed.refreshState.isLoading && !feed.prependState.isLoading)
    let ids = feed.items.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(ids == ids.sorted())
    #expect(ids.last == 999)
  }

  /// A jump threshold of 1 row (the smallest the engine accepts) with a list whose margins
  /// draw placeholders around the landing: the list must settle after one jump and its edge
  /// loads, not jump again and again. Also under a cap smaller than the distance wants.
  @Test(arguments: [1, 2, 5])
  func aTinyJumpThresholdSettles(_ threshold: Int) async {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<10_000).map(Item.init), pageSize: 20, pagination: .countedOffset,
      latency: .fixed(.milliseconds(100)), clock: clock)
    let feed = Paginator(
      source: server,
      configuration: PagingConfiguration(prefetch: .fixed(3), jumpThreshold: .rows(threshold)),
      clock: clock)
    let list = ListSimulator(feed: feed, server: server, clock: clock)
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    let before = server.log.count
    await list.jump(to: 5_000)
    await list.idle(for: .seconds(10))
    let requests = server.log.count - before
    #expect(requests <= 4, "\(requests) requests after one jump")
    #expect(!feed.refreshState.isLoading && !feed.appendState.isLoading)
    let ids = feed.items.map(\.id)
    #expect(Set(ids).count == ids.count)
  }

  /// A counted list that jumps, searched while the jump loads (`keepPrevious`), invalidated
  /// while the new query's first page loads, then read to the end: only matching rows, each
  /// once, in order, the append edge complete, nothing loading, no request of the old query
  /// after the query changed.
  @Test func aQueryChangeDuringAJumpThenAnInvalidationEndsClean() async {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<2_000).map(Item.init), pageSize: 20, pagination: .countedOffset,
      latency: .fixed(.milliseconds(150)), seed: 3,
      search: { item, query in String(item.id).contains(query) }, clock: clock)
    let feed = Paginator(
      source: server,
      configuration: PagingConfiguration(prefetch: .fixed(8), maxSize: 80), clock: clock)
    let list = ListSimulator(feed: feed, server: server, clock: clock)
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    await list.jump(to: 1_500)
    let queryTask = Task { await feed.setQuery("7", transition: .keepPrevious) }
    await list.idle(for: .milliseconds(50))
    feed.invalidate()
    await list.idle(for: .seconds(2))
    await queryTask.value
    await list.scroll(to: 2_000, duration: .seconds(60))
    await list.idle(for: .seconds(5))
    let expected = (0..<2_000).filter { String($0).contains("7") }
    let ids = feed.items.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(ids == ids.sorted())
    #expect(ids.allSatisfy { String($0).contains("7") })
    #expect(ids.last == expected.last)
    #expect(feed.appendState == .complete)
    #expect(!feed.refreshState.isLoading && !feed.prependState.isLoading)
    #expect(!feed.isShowingPreviousQuery)
    let report = list.report()
    #expect(report.duplicateRowsShown == 0)
    #expect(report.rowsOutOfOrder == 0)
  }
}
