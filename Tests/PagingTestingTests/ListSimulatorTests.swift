import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// The simulator itself: what it fires, when, and what it measures.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct ListSimulatorTests {
  let frame = ListSimulatorConfiguration().frameDuration

  @Test func initialBurstFiresVisibleRowsPlusMarginOnce() async {
    let session = paginatorSession()  // 10 rows visible, List margins: 2 ahead, 1 behind
    await session.begin()
    #expect(session.appearedRows == Array(0..<12))
    let burst = session.list.events.filter {
      if case .rowAppeared = $0.kind { return true }
      return false
    }
    #expect(Set(burst.map(\.time)) == [frame * 18])  // one frame, the first at or after 300 ms
    #expect(session.list.events.first?.kind == .footerAppeared(.loading))
  }

  // iOS 18's visible set: the rows in the viewport speak, not those drawn ahead of it.
  @Test func theVisibleSetTellsOnlyTheRowsInTheViewport() async {
    let session = paginatorSession(list: tenRowList(rowSignal: .scrollTargetVisibility))
    await session.begin()
    #expect(session.appearedRows == Array(0..<10))
    #expect(session.list.events.first?.kind == .footerAppeared(.loading))
    await session.list.scroll(to: 20)
    await session.list.scroll(to: 0)
    #expect(session.appearances(of: 0) == 2)
    #expect(session.disappearances(of: 0) == 1)
    #expect(session.appearances(of: 25) == 1)
    #expect(session.appearances(of: 29) == 1)
    #expect(session.appearances(of: 30) == 0)  // the row below row 29 is never in view
  }

  // What the list's habits do to onAppear (dropped disappearances, spurious repeats) does not
  // touch the visible set, whose every change is told once.
  @Test func theVisibleSetHasNoDroppedDisappearancesNorRepeats() async {
    let session = paginatorSession(
      list: tenRowList(
        disappearPolicy: .never, spuriousRepeatProbability: 1,
        rowSignal: .scrollTargetVisibility(threshold: 0.5)))
    await session.begin()
    await session.list.scroll(to: 20)
    await session.list.scroll(to: 0)
    #expect(session.appearances(of: 0) == 2)
    #expect(session.disappearances(of: 0) == 1)
  }

  // A threshold past 1 counts as 1, NaN as SwiftUI's 0.5: no trap, whatever is passed.
  @Test func anyThresholdIsUsable() async {
    for threshold in [-1, 2, Double.nan, .infinity] {
      let session = paginatorSession(
        list: tenRowList(rowSignal: .scrollTargetVisibility(threshold: threshold)))
      await session.begin()
      #expect(session.appearedRows == Array(0..<10))
    }
  }

  @Test func eagerStackFiresEveryRowAsItLands() async {
    let session = paginatorSession(list: tenRowList(container: .eagerVStack))
    await session.begin()
    // Pages land at 300, 600 and 900 ms: every row of each fires, and each fetch the next.
    #expect(session.appearedRows == Array(0..<60))
    #expect(session.report.requestsIssued == 4)
  }

  @Test func scrollBackFiresAgain() async {
    let session = paginatorSession()
    await session.begin()
    await session.list.scroll(to: 20)
    await session.list.scroll(to: 0)
    #expect(session.appearances(of: 0) == 2)
    #expect(session.disappearances(of: 0) == 1)
    #expect(session.appearances(of: 25) == 1)
  }

  @Test func neverPolicyGivesTwoAppearancesWithoutDisappearance() async {
    let session = paginatorSession(list: tenRowList(disappearPolicy: .never))
    await session.begin()
    await session.list.scroll(to: 20)
    await session.list.scroll(to: 0)
    #expect(session.appearances(of: 0) == 2)
    #expect(session.disappearances(of: 0) == 0)
    #expect(session.report.disappearances == 0)
  }

  @Test func jumpSkipsTheRowsBetween() async {
    let session = paginatorSession(items: rows(200), pageSize: 100)
    await session.begin()
    await session.list.jump(to: 50)
    #expect(session.appearedRows == Array(0..<12) + Array(49..<62))
    #expect(session.disappearances(of: 0) == 1)
    #expect(session.list.now == frame * 61)
  }

  @Test func rowsThatStayDoNotFireAgainButNewRowsDo() async {
    // 5-row pages: the second page lands inside the window while rows 0 to 4 stay.
    let session = paginatorSession(pageSize: 5)
    await session.begin(idle: .seconds(2))
    #expect(session.appearedRows == Array(0..<12))
  }

  @Test func footerFiresAgainEachLoadCycle() async {
    // The guarded feed shows its footer only while loading: a new footer row each load.
    let session = guardedSession()
    await session.begin()
    await session.list.scroll(to: 15)
    await session.list.scroll(to: 35)
    let footers = session.list.events.filter { $0.kind == .footerAppeared(.loading) }
    #expect(footers.count == 3)
    #expect(session.report.requestsIssued == 3)
  }

  @Test func identityChurnRefiresTheWindowOnEveryChange() async {
    let session = paginatorSession(list: tenRowList(identityChurn: true))
    await session.begin()
    // Page 1 lands (rows 0-11 appear), page 2 lands (they disappear and appear again).
    #expect(session.appearances(of: 0) == 2)
    #expect(session.disappearances(of: 0) == 1)
  }

  @Test func spuriousRepeatsFireTheWindowAgain() async {
    let session = paginatorSession(list: tenRowList(spuriousRepeatProbability: 1))
    await session.begin()
    // Row 0 fires when page 1 lands (frame 18), then once more on each frame 18 to 60.
    #expect(session.appearances(of: 0) == 1 + (60 - 18 + 1))
    #expect(session.report.duplicateRequests == 0)
  }

  @Test func stallIsZeroWhenPagesArriveBeforeTheyAreNeeded() async {
    let session = paginatorSession(latency: .fixed(.milliseconds(300)))
    await session.begin()
    await session.list.fling(velocity: 5_000)
    await session.list.fling(velocity: 5_000)
    let report = session.report
    #expect(report.stallTime == .zero)
    #expect(report.rowsShown == 89)  // two flicks of 2,500 points: 78 rows, plus a screen
    #expect(report.duplicateRequests == 0)
  }

  @Test func stallIsPositiveWhenAFlingOutrunsThePages() async {
    let session = paginatorSession(latency: .fixed(.seconds(2)))
    await session.begin(idle: .seconds(3))
    await session.list.fling(velocity: 10_000)
    // Pages land every 2 s; the fling reaches the end of the loaded rows after about 0.1 s,
    // waits 0.9 s for page 2, then three times about 1.7 s for pages 3 to 5.
    #expect(session.report.stallTime == frame * 354)
    #expect(session.report.duplicateRequests == 0)
  }

  @Test func theUserTapsRetryAfterTheReactionTime() async {
    let list = ListSimulatorConfiguration(
      rowHeight: 64, viewportHeight: 640, tapsRetryAfter: .seconds(1))
    let session = paginatorSession(
      faults: Server.Faults(failingRequests: [2]),
      paging: PagingConfiguration(prefetch: .fixed(21), retryPolicy: .manual), list: list)
    await session.begin()  // page 2 fails at 0.6 s; its footer (row 20) is off screen
    await session.list.scroll(to: 10)  // the footer enters the window on the 48th frame
    await session.list.idle(for: .seconds(2))
    let retry = session.server.log[2]
    #expect(retry.request.cursor == after(19))
    #expect(retry.receivedAt == frame * (60 + 48 + 60))
    #expect(session.feed.items.count == 60)
  }

  @Test func timeToFirstRowIsTheFirstPageLatencyRoundedUpToAFrame() async {
    let session = paginatorSession(latency: .fixed(.milliseconds(150)))
    await session.begin(idle: .milliseconds(500))
    #expect(session.report.timeToFirstRow == frame * 9)
  }
}
