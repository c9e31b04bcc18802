import Paging
import PagingBaselines
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// Three gaps of the three-guard fix, each shown on ``GuardedOnAppearFeed`` and passed by
/// ``Paginator`` in the same session with the same seed.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct GuardGapTests {
  let frame = ListSimulatorConfiguration().frameDuration

  /// A reader scrolling 10 rows a second through 150 rows on a cellular network.
  func read<Feed>(_ session: Session<Feed>) async {
    await session.begin()
    await session.list.scroll(to: 150, duration: .seconds(15))
  }

  @Test func loadingOnlyAtTheLastRowMakesTheUserWait() async {
    let guarded = guardedSession(latency: .cellular, serverSeed: 7)
    await read(guarded)
    // The next page starts when the last row enters the window, 2 rows (0.2 s) before the
    // reader reaches it: every page with a latency above 0.2 s makes the reader wait.
    #expect(guarded.report.stallTime == frame * 90)
    #expect(guarded.report.requestsIssued == 9)

    let paginator = paginatorSession(latency: .cellular, serverSeed: 7)
    await read(paginator)
    #expect(paginator.report.stallTime == .zero)
    #expect(paginator.report.requestsIssued == 9)
  }

  @Test func aFirstPageShorterThanTheScreenNeverLoadsMore() async {
    let guarded = guardedSession(pageSize: 5)
    await guarded.begin(idle: .seconds(5))
    #expect(guarded.report.requestsIssued == 1)
    #expect(guarded.feed.items.count == 5)
    // Frames 18 (the first page) to 300 (5 s): the reader sees 5 rows and waits.
    #expect(guarded.report.stallTime == frame * 283)

    let paginator = paginatorSession(
      pageSize: 5, paging: PagingConfiguration(prefetch: .fixed(21)))
    await paginator.begin(idle: .seconds(5))
    // It loads until more than 20 rows follow the last row drawn (row 11): 35 rows, 7 pages.
    #expect(paginator.report.requestsIssued == 7)
    #expect(paginator.feed.items.count == 35)
    // Until page 3 lands (frame 54) the 5 or 10 rows do not fill the screen.
    #expect(paginator.report.stallTime == frame * 36)
  }

  @Test func afterAFailureNothingLoadsWithoutARetryPath() async {
    let faults = Server.Faults(failingRequests: [2])
    let guarded = guardedSession(faults: faults)
    await guarded.begin()
    await guarded.list.scroll(to: 20)
    await guarded.list.idle(for: .seconds(10))
    await guarded.list.tapRetry()
    await guarded.list.idle(for: .seconds(1))
    #expect(guarded.report.requestsIssued == 2)
    #expect(guarded.feed.items.count == 20)
    #expect(guarded.feed.footerState == .failed)

    let paginator = paginatorSession(
      faults: faults, paging: PagingConfiguration(prefetch: .fixed(21), retryPolicy: .manual))
    await paginator.begin()
    await paginator.list.scroll(to: 20)
    await paginator.list.idle(for: .seconds(10))
    #expect(paginator.report.requestsIssued == 2)
    #expect(paginator.feed.footerState == .failed)
    await paginator.list.tapRetry()
    await paginator.list.idle(for: .seconds(1))
    // The retry asks for the same cursor, then the next page follows (row 19 is drawn).
    #expect(paginator.report.requestsIssued == 4)
    #expect(paginator.feed.items.count == 60)
    #expect(paginator.server.log[2].request.cursor == after(19))
  }
}
