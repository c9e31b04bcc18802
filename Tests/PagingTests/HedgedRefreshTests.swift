import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// What the randomized runs with hedges showed about a refresh whose hedge wins (rulebook R2,
/// R22): `start()` and `refresh()` wait "until the refresh commits or fails", and the point of
/// a hedge is not to wait for the slow request.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct HedgedRefreshTests {
  /// The first load's hedge answers and commits; the first request, cancelled, belongs to a
  /// source that does not stop when cancelled (a callback API wrapped in a continuation without
  /// a cancellation handler). `start()` returns once the page committed, not when the slow
  /// request the hedge was sent to route around ends. Were it to wait for the loser, the test
  /// would hang and the time limit fail it.
  @Test(.timeLimit(.minutes(minuteLimit)))
  func startReturnsWhenItsHedgeCommitsNotWhenTheLoserEnds() async throws {
    let clock = TestClock()
    let source = ScriptedPageSource<Row, Int>(clock: clock, answersCancelledRequests: true)
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(hedging: .after(.milliseconds(500))), clock: clock)
    let returned = Returned()
    let start = Task {
      await feed.start()
      returned.value = true
    }
    let first = await source.request(at: 0)
    try #require(clock.advance(by: .milliseconds(500)) == 1)
    let hedge = await source.request(at: 1)
    #expect(hedge.isHedge)
    source.complete(hedge, items: rows(0..<20), next: 20)
    await feed.waitForRequest(hedge.id)
    #expect(feed.items.map(\.id) == Array(0..<20))
    #expect(feed.refreshState == .idle)
    #expect(source.wasCancelledByCaller(first))
    // start() returns while the loser still runs.
    await start.value
    #expect(returned.value)
    #expect(!source.pendingRequests.isEmpty)
    // The loser's late page is dropped.
    source.complete(first, items: rows(0..<20), next: 20)
    await feed.waitUntilIdle()
    #expect(feed.metrics.staleResultsDropped == 1)
    #expect(feed.metrics.hedgesWon == 1)
  }

  /// Whether a call returned; read and written on the main actor only.
  @MainActor private final class Returned {
    var value = false
  }
}
