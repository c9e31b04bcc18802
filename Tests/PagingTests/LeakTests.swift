import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// A ``Paginator`` and the tasks it owns go away with their owner, even while a load or a
/// retry is pending, and no task the paginator gave up on stays suspended in the source.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct LeakTests {
  private struct Row: Identifiable, Hashable, Sendable { let id: Int }

  private func rows(_ range: Range<Int>) -> [Row] { range.map(Row.init) }

  @Test func aPaginatorIsReleasedWhileALoadIsInFlight() async {
    let source = ScriptedPageSource<Row, Int>()
    var paginator: Paginator<Row, Int>? = Paginator(source: source)
    weak let released = paginator
    paginator?.loadNextPage()
    let request = await source.request(at: 0)
    #expect(paginator?.loadsInFlight == [request])

    paginator = nil

    #expect(released == nil)
    #expect(source.wasCancelledByCaller(request))
    #expect(source.pendingRequests.isEmpty)
  }

  /// The load's task holds only a weak reference to the paginator, and ends once its
  /// cancellation reaches the source: then it releases the load closure and what it captured.
  @Test(.timeLimit(.minutes(minuteLimit)))
  func theLoadTaskEndsAndReleasesTheSourceAfterTheOwnerLeft() async {
    let source = ScriptedPageSource<Row, Int>()
    let (released, onRelease) = AsyncStream<Void>.makeStream()
    var paginator: Paginator<Row, Int>? = {
      let probe = ReleaseProbe(onRelease)
      return Paginator { request in
        try await probe.load(request, from: source)
      }
    }()
    weak let releasedPaginator = paginator
    paginator?.loadNextPage()
    let request = await source.request(at: 0)

    paginator = nil

    #expect(releasedPaginator == nil)
    guard releasedPaginator == nil else { return }  // else the task would never end
    for await _ in released {}  // ends when the task let go of the closure's probe
    #expect(source.wasCancelledByCaller(request))
    #expect(source.pendingRequests.isEmpty)
  }

  @Test func aPaginatorIsReleasedWhileARetryWaits() async {
    let clock = TestClock()
    let source = ScriptedPageSource<Row, Int>()
    let configuration = PagingConfiguration<Int>(
      retryPolicy: .exponentialBackoff(ExponentialBackoff()))
    var paginator: Paginator<Row, Int>? = Paginator(
      source: source, configuration: configuration, clock: clock)
    weak let released = paginator
    paginator?.loadNextPage()
    let request = await source.request(at: 0)
    source.fail(request, with: SourceDown())
    await paginator?.waitForLoad(request.id)
    #expect(paginator?.stateMachine.scheduledRetries.first?.attempt == 1)
    await clock.waitForSleepers(1)

    paginator = nil

    #expect(released == nil)
    #expect(clock.sleeperCount == 0)  // the retry task was cancelled, not left asleep
    #expect(source.requests.count == 1)
  }

  @Test func aPaginatorWithNothingInFlightIsReleased() async {
    let source = ScriptedPageSource<Row, Int>()
    var paginator: Paginator<Row, Int>? = Paginator(source: source)
    weak let released = paginator
    paginator?.loadNextPage()
    let request = await source.request(at: 0)
    source.complete(request, items: rows(0..<3), next: nil)
    await paginator?.waitUntilIdle()
    #expect(paginator?.items.count == 3)

    paginator = nil

    #expect(released == nil)
  }
}

private struct SourceDown: Error {}

/// Captured by a load closure; finishes its stream when released.
private final class ReleaseProbe: Sendable {
  private let released: AsyncStream<Void>.Continuation

  init(_ released: AsyncStream<Void>.Continuation) { self.released = released }

  deinit { released.finish() }

  func load<Item, Cursor>(
    _ request: PageRequest<Cursor>, from source: ScriptedPageSource<Item, Cursor>
  ) async throws -> Page<Item, Cursor> {
    try await source.loadPage(request)
  }
}
