import Paging
import PagingTesting
import Testing

/// Same seeds, same session: the same report and the same callbacks, run after run.
@MainActor
@Suite struct DeterminismTests {
  /// A busy 60-second session: a cellular network with failures, a LazyVStack that drops
  /// disappearances and repeats appearances, and a user who flings, jitters, scrolls back,
  /// retries, pulls to refresh and leaves and comes back.
  func run<Feed: ListFeed>(_ makeFeed: (Server) -> Feed) async -> (
    SessionReport, [ListSimulator<Feed>.Event]
  ) where Feed.Item == Row {
    let clock = TestClock()
    let server = Server(
      items: rows(3_000), pageSize: 20, latency: .cellular,
      faults: Server.Faults(failureRate: 0.05), seed: 42, clock: clock)
    let configuration = ListSimulatorConfiguration(
      container: .lazyVStack, disappearPolicy: .dropped(probability: 0.3),
      spuriousRepeatProbability: 0.05, seed: 9)
    let list = ListSimulator(
      feed: makeFeed(server), server: server, configuration: configuration, clock: clock)
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    await list.fling(velocity: 6_000)
    await list.jitterAtBottom(times: 5)
    await list.scroll(by: -800, duration: .seconds(1))
    await list.tapRetry()
    await list.fling(velocity: 12_000)
    await list.cancelScreenTask()
    await list.idle(for: .seconds(2))
    await list.startScreenTask()
    await list.fling(velocity: 9_000)
    await list.pullToRefresh(cancelledAfter: .milliseconds(50))
    await list.scroll(to: 40, duration: .seconds(4))
    await list.jump(to: 5)
    await list.fling(velocity: 20_000)
    await list.idle(for: .seconds(60) - list.now)
    return (list.report(), list.events)
  }

  @Test func paginatorSessionsRepeatExactly() async {
    let make = { (server: Server) in Paginator(source: server, clock: TestClock()) }
    let (first, firstEvents) = await run(make)
    let (second, secondEvents) = await run(make)
    #expect(first == second)
    #expect(firstEvents == secondEvents)
    #expect(first.duration == ListSimulatorConfiguration().frameDuration * 3_600)
    #expect(first.failedRequests > 0)
    #expect(first.duplicateRequests == 0)
    #expect(first.requestsAfterEnd == 0)
  }

  @Test func naiveSessionsRepeatExactly() async {
    let make = { (server: Server) in NaiveOnAppearFeed(source: server) }
    let (first, firstEvents) = await run(make)
    let (second, secondEvents) = await run(make)
    #expect(first == second)
    #expect(firstEvents == secondEvents)
    #expect(first.duplicateRequests > 0)
  }

  @Test func guardedSessionsRepeatExactly() async {
    let make = { (server: Server) in GuardedOnAppearFeed(source: server) }
    let (first, firstEvents) = await run(make)
    let (second, secondEvents) = await run(make)
    #expect(first == second)
    #expect(firstEvents == secondEvents)
  }
}
