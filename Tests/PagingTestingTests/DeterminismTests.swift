import Paging
import PagingBaselines
import PagingTestSupport
import PagingTesting
import Testing

/// Same seeds, same session: the same report and the same callbacks, run after run.
@MainActor
@Suite(
  .enabled(
    if: !underThreadSanitizer,
    "main-actor simulation: nothing for ThreadSanitizer to find, and its minutes there queued other suites past their limits"
  ), .timeLimit(.minutes(minuteLimit))) struct DeterminismTests
{
  let frame = ListSimulatorConfiguration().frameDuration

  /// A busy 60-second session: a cellular network with failures, a LazyVStack that drops
  /// disappearances and repeats appearances, and a user who flings, jitters, scrolls back,
  /// taps Retry a second after an error shows, pulls to refresh, and leaves and comes back.
  func run<Feed: ListFeed>(_ makeFeed: (Server) -> Feed) async -> (
    SessionReport, [ListSimulator<Feed>.Event]
  ) where Feed.Item == Row {
    let clock = TestClock()
    let server = Server(
      items: rows(3_000), pageSize: 20, latency: .cellular,
      faults: Server.Faults(failureRate: 0.05), seed: 42, clock: clock)
    let configuration = ListSimulatorConfiguration(
      container: .lazyVStack, disappearPolicy: .dropped(probability: 0.3),
      spuriousRepeatProbability: 0.05, tapsRetryAfter: .seconds(1), seed: 9)
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

  /// Runs the session twice with fresh objects; checks both runs match, returns the report.
  func runTwice<Feed: ListFeed>(_ makeFeed: (Server) -> Feed) async -> SessionReport
  where Feed.Item == Row {
    let (first, firstEvents) = await run(makeFeed)
    let (second, secondEvents) = await run(makeFeed)
    #expect(first == second)
    #expect(firstEvents == secondEvents)
    #expect(first.duration == frame * 3_600)
    return first
  }

  @Test func paginatorSessionsRepeatExactly() async {
    let report = await runTwice {
      PaginatorFeed(
        Paginator(
          source: $0, configuration: PagingConfiguration(prefetch: .fixed(21)), clock: TestClock()))
    }
    #expect(report.failedRequests == 2)
    #expect(report.requestsIssued == 25)
    #expect(report.stallTime == frame * 170)
    #expect(report.duplicateRequests == 0)
    #expect(report.requestsAfterEnd == 0)
  }

  @Test func adaptivePrefetchSessionsRepeatExactly() async {
    // The default adapts the prefetch distance to the rows scrolled while pages load: on the
    // same session, two pages more than a fixed 21 rows and a wait 12 frames shorter.
    let report = await runTwice { PaginatorFeed(Paginator(source: $0, clock: TestClock())) }
    #expect(report.failedRequests == 2)
    #expect(report.requestsIssued == 27)
    #expect(report.stallTime == frame * 158)
    #expect(report.duplicateRequests == 0)
    #expect(report.requestsAfterEnd == 0)
  }

  @Test func naiveSessionsRepeatExactly() async {
    let report = await runTwice { NaiveOnAppearFeed(source: $0) }
    #expect(report.duplicateRequests == 3_905)
    #expect(report.duplicateRowsShown == 1_861)
  }

  @Test func guardedSessionsRepeatExactly() async {
    let report = await runTwice { GuardedOnAppearFeed(source: $0) }
    #expect(report.requestsIssued == 15)
    #expect(report.stallTime == frame * 209)
  }
}
