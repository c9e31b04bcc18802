import Observation
import Paging
import PagingTestSupport
import Testing

/// Defects of engine v2 found with hostile inputs and interleavings, now fixed. Each test states
/// the behaviour the rulebook (or the doc comment it names) promises, with exact values, and
/// failed before its fix (the "Observed" comments say how).
@Suite(.timeLimit(.minutes(minuteLimit))) struct HostileEngineV2Tests {
  /// One automatic retry at most, no jitter.
  static let oneRetry = ExponentialBackoff(initialDelay: .seconds(1), maxAttempts: 1, jitter: 0)

  /// Rulebook R7 ("up to maxAttempts times in a row and then leaves the edge failed") and R13:
  /// a source that alternates a failure and a cancellation on the append edge. The reload after
  /// the cancellation starts with `automaticRetries` 0, so the next failure schedules attempt 1
  /// again: the backoff never reaches its bound and the edge loops, one request a second.
  @Test
  func aSourceAlternatingFailureAndCancellationStopsAfterMaxAttempts() {
    var machine = Machine.loaded(
      configuration: .init(prefetch: .fixed(6), retryPolicy: .exponentialBackoff(Self.oneRetry)))
    var load = machine.appear(19..<20).loads.first
    var cycles = 0
    while let current = load, cycles < 10 {
      let failed = machine.handle(.loadFailed(current.id, Boom()))
      guard case .scheduleRetry(let retry)? = failed.first else { break }
      cycles += 1
      guard let retried = machine.handle(.retryTimerFired(retry.id)).loads.first else { break }
      // The source reports a cancellation nobody asked for: the row is visible, so it reloads.
      load = machine.handle(.loadCancelled(retried.id)).loads.first
    }
    // Observed: cycles == 10, retriesScheduled == 10, requestsStarted == 22, and the append
    // edge is still loading.
    #expect(cycles == 1)
    #expect(machine.metrics.retriesScheduled == 1)
    #expect(machine.metrics.requestsStarted == 4)
    #expect(machine.appendState == .failed(.sourceFailed(Boom())))
  }

  /// The same through `Paginator`: the walk of `Paginator`'s own closure example, over a source
  /// whose appends always report cancellation, runs until the test's bound of 50 calls.
  @MainActor
  @Test(.timeLimit(.minutes(minuteLimit)))
  func aWalkOverASourceThatCancelsEveryAppendEnds() async {
    let requests = Locked(0)
    let paginator = Paginator<Row, Int>(configuration: .init(prefetch: .fixed(0))) { request in
      requests.withLock { $0 += 1 }
      if request.direction == .append { throw CancellationError() }
      return page(0..<10, next: 10)
    }
    await paginator.start()
    var calls = 0
    while paginator.hasNextPage, paginator.appendState == .idle, calls < 50 {
      calls += 1
      paginator.loadNextPage()
      await paginator.waitForLoadsToEnd()
    }
    // Observed: calls == 50, requests == 51, appendState idle.
    #expect(calls == 1)
    #expect(requests.withLock { $0 } == 5)
    #expect(paginator.appendState == .failed(.sourceCancelled(times: 4)))
  }

  /// Rulebook R13 / fault class 25 for explicit loads: with prefetch distance 0 (a server-side
  /// walk, a "Load more" button) a source that cancels every append is never reloaded (no row
  /// "triggers" the edge), its count is forgotten, and the next `loadNextPage` starts again at
  /// 0: the edge never fails with `sourceCancelled`, so
  /// `while hasNextPage { loadNextPage(); await waitUntilIdle() }` never ends.
  @Test
  func explicitLoadsThatTheSourceKeepsCancellingEndInAVisibleFailure() {
    var machine = Machine.loaded(configuration: .init(prefetch: .fixed(0)))
    var requests = 0
    for _ in 0..<10 {
      guard var current = machine.handle(.loadNextPage).loads.first else { break }
      requests += 1
      while let reload = machine.handle(.loadCancelled(current.id)).loads.first {
        requests += 1
        current = reload
      }
    }
    // Observed: requests == 10 (one per call, each cancelled and forgotten), appendState idle,
    // hasNextPage true.
    #expect(requests == 4)
    #expect(machine.appendState == .failed(.sourceCancelled(times: 4)))
  }

  /// Rulebook R15 and the comment in `loadFailed`: explicit loads asked for during a refresh
  /// that fails are dropped. When the refresh fails because the source kept cancelling it
  /// (`sourceCancelled(times: 4)`) they are kept, and run at the commit of a later, unrelated
  /// refresh: an append nobody asked for (prefetch 0, no row visible).
  @Test
  func aRefreshThatTheSourceKeepsCancellingDropsTheQueuedLoads() {
    var machine = Machine.loaded(configuration: .init(prefetch: .fixed(0)))
    var refresh = machine.handle(.refresh).loads[0]
    #expect(machine.handle(.loadNextPage).isEmpty)
    for _ in 0..<3 { refresh = machine.handle(.loadCancelled(refresh.id)).loads[0] }
    #expect(machine.handle(.loadCancelled(refresh.id)).isEmpty)
    #expect(machine.refreshState == .failed(.sourceCancelled(times: 4)))
    let later = machine.handle(.refresh).loads[0]
    let effects = machine.handle(.loadCompleted(later.id, page(0..<20, next: 20)))
    // Observed: [append at cursor 20, generation 3].
    #expect(effects.loads.isEmpty)
    #expect(machine.appendState == .idle)
  }

  /// Rulebook R7 and fault class 8: "Rows that appear, and loadNextPage(), start nothing on a
  /// failed edge". After a failed first load, every `loadNextPage()` (a footer's `onAppear`)
  /// starts the first load again, so a footer that re-appears on each state change loops; with
  /// a backoff policy it also cancels the timer and resets the attempt count, so the bound of
  /// `maxAttempts` is never reached.
  @Test
  func loadNextPageAfterAFailedFirstLoadStartsNothing() {
    var machine = Machine(
      configuration: .init(prefetch: .fixed(3), retryPolicy: .exponentialBackoff(Self.oneRetry)))
    let first = machine.handle(.start).loads[0]
    #expect(machine.handle(.loadFailed(first.id, Boom())).count == 1)  // scheduleRetry
    var restarts = 0
    var effects = machine.handle(.loadNextPage)
    while let load = effects.loads.first, restarts < 10 {
      restarts += 1
      _ = machine.handle(.loadFailed(load.id, Boom()))
      effects = machine.handle(.loadNextPage)
    }
    // Observed: restarts == 10, requestsStarted == 12, retriesScheduled == 11.
    #expect(restarts == 0)
    #expect(machine.metrics.requestsStarted == 1)
    #expect(machine.metrics.retriesScheduled == 1)
  }

  /// `Paginator.start(at:)`: "Idempotent for the same cursor; with another cursor it starts a
  /// new generation there". The origin moves to the new cursor when the jump starts, not when
  /// it commits: after the jump is cancelled (or fails) the old list stays, and asking again
  /// for the same cursor compares equal to the origin and only re-checks the rows.
  @Test
  func startAtAfterACancelledJumpOpensTheListThere() {
    var machine = Machine(configuration: .init(prefetch: .fixed(3)))
    let open = machine.handle(.startAt(10)).loads[0]
    _ = machine.handle(
      .loadCompleted(open.id, Page(items: rows(10..<20), nextCursor: nil, previousCursor: nil)))
    #expect(machine.handle(.startAt(500)).loads.map(\.cursor) == [500])
    _ = machine.handle(.cancel)
    #expect(machine.ids == Array(10..<20))
    // Observed: no effect; the list stays at 10..<20 with origin 500.
    #expect(machine.handle(.startAt(500)).loads.map(\.cursor) == [500])

    var failed = Machine(configuration: .init(prefetch: .fixed(3), retryPolicy: .manual))
    let first = failed.handle(.startAt(10)).loads[0]
    _ = failed.handle(
      .loadCompleted(first.id, Page(items: rows(10..<20), nextCursor: nil, previousCursor: nil)))
    let jump = failed.handle(.startAt(500)).loads[0]
    _ = failed.handle(.loadFailed(jump.id, Boom()))
    // Observed: no effect.
    #expect(failed.handle(.startAt(500)).loads.map(\.cursor) == [500])
  }

  /// `AdaptivePrefetch`'s initialiser clamps `samples` to at least 1, but the property is a
  /// public `var` without the `didSet` clamp that `ExponentialBackoff` and
  /// `PagingConfiguration.maxPagesWithoutNewItems` have: `samples = -1` traps in
  /// `PrefetchEstimator.ended` (`removeFirst(count + 1)`) at the first completed edge load.
  @Test
  func aNegativeSampleCountSetAfterCreationDoesNotTrap() async {
    // Observed: the child process exits with SIGILL.
    await #expect(processExitsWith: .success) {
      var rule = AdaptivePrefetch()
      rule.samples = -1
      var machine = Machine.loaded(configuration: .init(prefetch: .adaptive(rule)))
      let append = machine.handle(.loadNextPage).loads[0]
      _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    }
  }

  /// `PagingChanges`: "so that a driver notifies the observers of each exactly once, and only
  /// when its value changed". A page that adds no item (empty, or only ids already loaded with
  /// `.keepFirst`) still reports `.items`, so `Paginator` re-renders every list for nothing
  /// (up to `maxPagesWithoutNewItems` times in a row per edge).
  @Test
  func aPageThatAddsNothingDoesNotChangeTheItems() {
    var machine = Machine.loaded(configuration: .init(prefetch: .fixed(0)))
    let empty = machine.handle(.loadNextPage).loads[0]
    var changes = PagingChanges()
    _ = machine.handle(.loadCompleted(empty.id, page(20..<20, next: 21)), changes: &changes)
    #expect(machine.ids == Array(0..<20))
    // Observed: [.items].
    #expect(changes.contains(.items) == false)

    let duplicates = machine.handle(.loadNextPage).loads[0]
    changes = PagingChanges()
    _ = machine.handle(.loadCompleted(duplicates.id, page(0..<5, next: 22)), changes: &changes)
    #expect(machine.ids == Array(0..<20))
    #expect(changes.contains(.items) == false)
  }
}
