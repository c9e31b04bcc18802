import Paging
import PagingBaselines
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// The four classic failures of fetching in `onAppear`, each shown on ``NaiveOnAppearFeed``
/// with its exact figure and passed by ``Paginator`` in the same session.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct ClassicFailureTests {
  /// Requests the session's server received for the page after row `id`.
  func requests<Feed>(after id: Int, in session: Session<Feed>) -> Int {
    session.server.log.filter { $0.request.cursor == after(id) }.count
  }

  @Test func tenVisibleRowsRequestTheSamePageTenTimes() async {
    let list = tenRowList(forwardMargin: 0)  // exactly rows 0 to 9 are drawn
    let naive = naiveSession(list: list)
    await naive.begin()
    #expect(requests(after: 19, in: naive) == 10)
    #expect(naive.report.requestsIssued == 11)
    #expect(naive.report.duplicateRequests == 9)
    #expect(naive.feed.items.count == 20 + 10 * 20)

    let paginator = paginatorSession(list: list)
    await paginator.begin()
    #expect(requests(after: 19, in: paginator) == 1)
    #expect(paginator.report.requestsIssued == 2)
    #expect(paginator.report.duplicateRequests == 0)
    #expect(paginator.feed.items.count == 40)
  }

  /// Scrolls 5 rows down and back up; returns the appearances and requests on the way.
  func scrollDownAndBack<Feed>(_ session: Session<Feed>) async -> (appearances: Int, requests: Int)
  {
    await session.begin()
    let before = session.report
    await session.list.scroll(to: 5, duration: .milliseconds(500))
    await session.list.scroll(to: 0, duration: .milliseconds(500))
    let after = session.report
    return (after.appearances - before.appearances, after.requestsIssued - before.requestsIssued)
  }

  @Test func scrollingBackRequestsAgain() async {
    // Rows 12 to 16 enter below, then rows 0 to 3 come back above: 9 appearances.
    let naive = await scrollDownAndBack(naiveSession())
    #expect(naive.appearances == 9)
    #expect(naive.requests == 9)
    let paginator = await scrollDownAndBack(paginatorSession())
    #expect(paginator.appearances == 9)
    #expect(paginator.requests == 0)
  }

  @Test func outOfOrderResponsesDuplicateRows() async {
    // 10-row pages, 10 rows on screen; even-numbered requests are slow, so answers land out
    // of order and each overwrites the cursor, whatever page it answers.
    let latency = LatencyModel.perRequest { number in
      .milliseconds(number % 2 == 0 ? 900 : 150)
    }
    let list = tenRowList(forwardMargin: 0)
    let naive = naiveSession(pageSize: 10, latency: latency, list: list)
    await naive.begin()
    await naive.list.scroll(to: 60, duration: .seconds(6))
    // Rows 0 to 9 sent 10 requests for rows 10 to 19; all 10 answers were appended, so the
    // reader scrolling to row 60 sees rows 10 to 19 six times over: 50 duplicates.
    #expect(naive.report.rowsShown == 70)
    #expect(naive.report.duplicateRowsShown == 50)

    let paginator = paginatorSession(pageSize: 10, latency: latency, list: list)
    await paginator.begin()
    await paginator.list.scroll(to: 60, duration: .seconds(6))
    #expect(paginator.report.duplicateRowsShown == 0)
    #expect(paginator.report.rowsOutOfOrder == 0)
    #expect(paginator.feed.items.map(\.id) == Array(0..<paginator.feed.items.count))
    #expect(paginator.report.rowsShown == 70)
  }

  @Test func theEndDoesNotStopRequests() async {
    // One page holds the whole list: its nil cursor is the end.
    let naive = naiveSession(items: rows(20))
    await naive.begin()
    // Each of the 12 rows drawn asks for "the page after nil", the first page, again.
    #expect(naive.report.requestsAfterEnd == 12)
    #expect(naive.report.requestsIssued == 13)
    #expect(naive.feed.items.count == 20 + 12 * 20)

    let paginator = paginatorSession(items: rows(20))
    await paginator.begin()
    await paginator.list.jitterAtBottom(times: 5)
    #expect(paginator.report.requestsAfterEnd == 0)
    #expect(paginator.report.requestsIssued == 1)
    #expect(paginator.feed.footerState == .end)
    #expect(paginator.feed.items.count == 20)
  }
}
