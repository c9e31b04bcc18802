import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// `Paginator.waitForLoad(_:)` and `waitUntilIdle()` must cover a load the engine cancelled
/// whose source still answers: until its late result has been dropped, a test that reads
/// the paginator's state races with it.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct PaginatorWaitTests {
  @Test func waitingCoversACancelledLoadWhoseSourceStillAnswers() async {
    let source = ScriptedPageSource<Row, Int>(answersCancelledRequests: true)
    let paginator = Paginator(source: source)
    let start = Task { await paginator.start() }
    source.complete(await source.request(at: 0), items: rows(20), next: 20)
    await start.value
    paginator.rowAppeared(at: 19)
    let append = await source.request(at: 1)
    paginator.cancel()
    #expect(source.wasCancelledByCaller(append))
    source.complete(append, items: Array(rows(40)[20...]), next: 40)
    await paginator.waitForLoad(append.id)
    #expect(paginator.metrics.staleResultsDropped == 1)
    #expect(paginator.items.count == 20)
  }
}
