import Observation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct PaginatorTests {
  typealias Source = ScriptedPageSource<Row, Int>

  /// A paginator whose first page (rows 0..<20, next 20) has committed.
  func loaded(
    _ source: Source, configuration: PagingConfiguration<Int> = PagingConfiguration(),
    clock: TestClock = TestClock()
  ) async -> Paginator<Row, Int> {
    let paginator = Paginator(source: source, configuration: configuration, clock: clock)
    let start = Task { await paginator.start() }
    let first = await source.request(at: 0)
    source.complete(first, items: rows(0..<20), next: 20)
    await start.value
    return paginator
  }

  @Test func concurrentStartsSendOneRequest() async {
    let source = Source()
    let paginator = Paginator(source: source)
    async let first: Void = paginator.start()
    async let second: Void = paginator.start()
    let request = await source.request(at: 0)
    source.complete(request, items: rows(0..<20), next: 20)
    _ = await (first, second)
    #expect(source.requests.count == 1)
    #expect(paginator.metrics.requestsStarted == 1)
    #expect(paginator.items.map(\.id) == Array(0..<20))
    await paginator.start()
    #expect(paginator.metrics.requestsStarted == 1)
  }

  @Test func tenRowsOnFirstDisplaySendOneAppend() async {
    let source = Source()
    let paginator = await loaded(source)
    for row in paginator.items.prefix(10) { paginator.rowAppeared(row) }
    #expect(paginator.metrics.requestsStarted == 2)
    let append = await source.request(at: 1)
    #expect(append.cursor == 20)
    #expect(append.direction == .append)
    source.complete(append, items: rows(20..<40), next: 40)
    await paginator.waitForLoad(append.id)
    #expect(paginator.items.count == 40)
    #expect(paginator.appendState == .idle)
  }

  @Test func aCancelledRefreshCallerDoesNotCancelTheRefresh() async {
    let source = Source()
    let paginator = await loaded(source)
    let caller = Task { await paginator.refresh() }
    let refresh = await source.request(at: 1)
    caller.cancel()
    #expect(source.wasCancelledByCaller(refresh) == false)
    source.complete(refresh, items: rows(100..<110), next: nil)
    await caller.value
    #expect(paginator.items.map(\.id) == Array(100..<110))
    #expect(paginator.refreshState == .idle)
    #expect(paginator.appendState == .complete)
    #expect(paginator.generation == Generation(rawValue: 2))
  }

  @Test func refreshCancelsTheAppendInFlightAndDropsItsAnswer() async {
    let source = Source(answersCancelledRequests: true)
    let paginator = await loaded(source)
    paginator.loadNextPage()
    let append = await source.request(at: 1)
    let refresh = Task { await paginator.refresh() }
    let refreshRequest = await source.request(at: 2)
    #expect(source.wasCancelledByCaller(append))
    source.complete(refreshRequest, items: rows(50..<70), next: 70)
    await refresh.value
    // The old generation's answer arrives late: dropped, items and cursor together.
    source.complete(append, items: rows(20..<40), next: 40)
    await paginator.waitForLoad(append.id)
    #expect(paginator.items.map(\.id) == Array(50..<70))
    #expect(paginator.stateMachine.nextCursor == 70)
  }

  @Test func aCancellationFromTheSourceIsNotAnError() async {
    let source = Source()
    let paginator = await loaded(source)
    paginator.loadNextPage()
    let append = await source.request(at: 1)
    source.cancel(append)
    await paginator.waitForLoad(append.id)
    // Not an error: the page someone asked for is loaded again (rulebook R8, R13).
    #expect(paginator.appendState == .loading)
    #expect(paginator.metrics.requestsFailed == 0)
    let reload = await source.request(at: 2)
    #expect(reload.cursor == append.cursor)
    source.complete(reload, items: rows(20..<40), next: 40)
    await paginator.waitUntilIdle()
    #expect(paginator.appendState == .idle)
  }

  @Test func aFailureLatchesAndRetryAsksForTheSameCursor() async {
    let source = Source()
    let paginator = await loaded(source)
    paginator.loadNextPage()
    let append = await source.request(at: 1)
    source.fail(append, with: Boom())
    await paginator.waitForLoad(append.id)
    #expect(paginator.appendState == .failed(.sourceFailed(Boom())))
    for row in paginator.items { paginator.rowAppeared(row) }
    #expect(paginator.metrics.requestsStarted == 2)
    paginator.retry()
    let retry = await source.request(at: 2)
    #expect(retry.cursor == 20)
  }

  /// The retry timer sleeps exactly the policy's delay on the paginator's clock: not a
  /// millisecond less (nothing wakes at 999 ms, so no request can reach the source), not more
  /// (the timer wakes at 1 s and the retry asks for the failed cursor again, once).
  @Test func theBackoffWaitsOnTheInjectedClock() async throws {
    let clock = TestClock()
    let source = Source()
    let backoff = ExponentialBackoff(initialDelay: .seconds(1), maxAttempts: 1, jitter: 0)
    let paginator = await loaded(
      source, configuration: PagingConfiguration(retryPolicy: .exponentialBackoff(backoff)),
      clock: clock)
    paginator.loadNextPage()
    let append = await source.request(at: 1)
    source.fail(append, with: Boom())
    await paginator.waitForLoad(append.id)
    await clock.waitForSleepers(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))

    try #require(clock.advance(by: .milliseconds(999)) == 0)
    #expect(clock.sleeperCount == 1)
    #expect(source.requests.count == 2)
    #expect(paginator.metrics.requestsStarted == 2)

    try #require(clock.advance(by: .milliseconds(1)) == 1)
    let retry = await source.request(at: 2)
    #expect(retry.direction == .append)
    #expect(retry.cursor == 20)
    #expect(source.requests.count == 3)
    #expect(paginator.metrics.requestsStarted == 3)
    #expect(paginator.metrics.retriesScheduled == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aCommittedPageIsOneObservableChangeOfTheItems() async {
    let source = Source()
    let paginator = await loaded(source)
    let tracker = ItemsTracker(paginator)
    tracker.track()
    paginator.loadNextPage()
    let append = await source.request(at: 1)
    source.complete(append, items: rows(20..<70), next: 70)
    await paginator.waitForLoad(append.id)
    #expect(tracker.changes.withLock { $0 } == 1)
    #expect(paginator.items.count == 70)
  }

  @Test func anAppearanceThatStartsNothingNotifiesNoObserver() async {
    let source = Source()
    let paginator = await loaded(source, configuration: PagingConfiguration(prefetch: .fixed(6)))
    let changes = Locked(0)
    withObservationTracking {
      _ = paginator.items
      _ = paginator.appendState
      _ = paginator.refreshState
      _ = paginator.hasNextPage
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    paginator.rowAppeared(id: 0)
    paginator.rowDisappeared(id: 0)
    paginator.rowAppeared(id: 12345)
    #expect(changes.withLock { $0 } == 0)
    #expect(paginator.metrics.appearanceSignals == 2)
  }

  @Test func startingAnAppendNotifiesOnlyTheAppendStateObservers() async {
    let source = Source()
    let paginator = await loaded(source)
    let refreshChanges = Locked(0)
    let appendChanges = Locked(0)
    withObservationTracking {
      _ = paginator.refreshState
      _ = paginator.hasNextPage
    } onChange: {
      refreshChanges.withLock { $0 += 1 }
    }
    withObservationTracking {
      _ = paginator.appendState
    } onChange: {
      appendChanges.withLock { $0 += 1 }
    }
    paginator.loadNextPage()
    #expect(refreshChanges.withLock { $0 } == 0)
    #expect(appendChanges.withLock { $0 } == 1)
    let append = await source.request(at: 1)
    source.complete(append, items: rows(20..<40), next: 40)
    await paginator.waitForLoad(append.id)
  }

  @Test func aClosureBuildsAPaginator() async {
    let paginator = Paginator<Row, Int> { request in
      let start = request.cursor ?? 0
      return page(start..<start + 10, next: start + 10 < 30 ? start + 10 : nil)
    }
    await paginator.start()
    while paginator.hasNextPage {
      paginator.loadNextPage()
      await paginator.waitUntilIdle()
    }
    #expect(paginator.items.map(\.id) == Array(0..<30))
    #expect(paginator.metrics.requestsStarted == 3)
    #expect(paginator.appendState == .complete)
  }
}

/// Counts changes of `items`, registering again after each one, so that every separate
/// mutation would be counted.
@MainActor
final class ItemsTracker {
  let paginator: Paginator<Row, Int>
  let changes = Locked(0)

  init(_ paginator: Paginator<Row, Int>) { self.paginator = paginator }

  func track() {
    withObservationTracking {
      _ = paginator.items
    } onChange: {
      self.changes.withLock { $0 += 1 }
      MainActor.assumeIsolated { self.track() }
    }
  }
}
