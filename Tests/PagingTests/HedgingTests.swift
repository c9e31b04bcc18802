import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Rulebook R22: a slow load gets one hedge; the first answer commits once, the other is
/// cancelled; a hedge is never sent for a page that committed; a refresh cancels both.
@Suite(.timeLimit(.minutes(minuteLimit))) struct HedgingTests {
  /// A machine whose append (cursor 20) is in flight, and that request.
  static func appending(
    _ configuration: PagingConfiguration<Int> = .manualRetry
  ) -> (Machine, PageRequest<Int>) {
    var machine = Machine.loaded(configuration: configuration)
    let append = machine.handle(.loadNextPage).loads[0]
    return (machine, append)
  }

  /// R22's budget: a hedge spends `loadsPerHedge` loads of credit, each completed load earns
  /// one, and the bucket starts full at `maximumHedges` hedges.
  @Test func theBudgetHoldsAndRefillsAfterCompletedLoads() {
    var configuration = PagingConfiguration<Int>.manualRetry
    configuration.hedging = .adaptive(
      AdaptiveHedging(loadsPerHedge: 3, maximumHedges: 2))
    var machine = Machine.loaded(configuration: configuration)
    var hedges: [Int] = []
    for start in stride(from: 20, to: 100, by: 20) {
      let load = machine.handle(.loadNextPage).loads[0]
      hedges.append(machine.handle(.hedgeTimerFired(load.id)).loads.count)
      _ = machine.handle(.loadCompleted(load.id, page(start..<start + 20, next: start + 20)))
    }
    // Full (6 loads): hedge (3), +1, hedge (1), +1, none (2), +1, hedge (0).
    #expect(hedges == [1, 1, 0, 1])
    #expect(machine.metrics.hedgesStarted == 3)
    #expect(machine.hedgeCredit == 1)
  }

  /// The hedge's timer is an effect of the transition that starts a load, at the delay the
  /// policy gives then; a hedge gets none, and a policy that gives no delay yet (too few loads
  /// measured) none either. The durations the driver measures are an event too.
  @Test func aLoadsHedgeTimerIsAnEffectOfItsStart() throws {
    var configuration = PagingConfiguration<Int>.manualRetry
    configuration.hedging = .after(.seconds(2))
    var machine = Machine(configuration: configuration)
    let effects = machine.handle(.start)
    let first = try #require(effects.loads.first)
    #expect(effects == [.startLoad(first), .scheduleHedge(first.id, after: .seconds(2))])
    let hedge = machine.handle(.hedgeTimerFired(first.id))
    #expect(hedge.count == 1)
    #expect(hedge.loads.map(\.isHedge) == [true])

    configuration.hedging = .afterPercentile(0.5, minimumSamples: 1)
    machine = Machine(configuration: configuration)
    let untimed = try #require(machine.handle(.start).loads.first)
    #expect(machine.hedgeDelay == nil)
    #expect(machine.handle(.loadTimed(untimed.id, request: .milliseconds(40), load: .zero)) == [])
    #expect(machine.latencies.count == 1)
    _ = machine.handle(.loadCompleted(untimed.id, page(0..<20, next: 20)))
    let next = machine.handle(.loadNextPage)
    let append = try #require(next.loads.first)
    let delay = try #require(machine.hedgeDelay)
    #expect(next == [.startLoad(append), .scheduleHedge(append.id, after: delay)])
  }

  /// A source that says its loads are not idempotent is never hedged, whatever the policy.
  @MainActor
  @Test func aSourceWhoseLoadsAreNotIdempotentIsNeverHedged() {
    struct WritingSource: PageSource {
      var loadsAreIdempotent: Bool { false }
      func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
        Page(items: rows(0..<20), nextCursor: 20)
      }
    }
    let feed = Paginator(
      source: WritingSource(),
      configuration: PagingConfiguration(hedging: .after(.milliseconds(500))), clock: TestClock())
    #expect(feed.stateMachine.configuration.hedging == .off)
    #expect(feed.stateMachine.hedgeDelay == nil)
  }

  @Test func theTimerSendsOneHedgeForTheSameCursorAndGeneration() {
    var (machine, append) = Self.appending()
    let effects = machine.handle(.hedgeTimerFired(append.id))
    #expect(
      effects.loads == [
        PageRequest(
          id: PageRequestID(rawValue: 3), direction: .append, cursor: 20,
          generation: append.generation, isHedge: true)
      ])
    #expect(machine.metrics.hedgesStarted == 1)
    #expect(machine.metrics.requestsStarted == 2)
    #expect(machine.appendState == .loading)
    // One hedge per load, however often the timer fires.
    #expect(machine.handle(.hedgeTimerFired(append.id)).isEmpty)
    #expect(machine.metrics.hedgesStarted == 1)
  }

  @Test func whenTheHedgeAnswersFirstItCommitsOnceAndTheFirstRequestIsCancelled() {
    var (machine, append) = Self.appending()
    let hedge = machine.handle(.hedgeTimerFired(append.id)).loads[0]
    let effects = machine.handle(.loadCompleted(hedge.id, page(20..<40, next: 40)))
    #expect(effects.cancellations == [append.id])
    #expect(machine.ids == Array(0..<40))
    #expect(machine.metrics.hedgesWon == 1)
    // The first request's late page is dropped.
    #expect(machine.handle(.loadCompleted(append.id, page(20..<40, next: 40))).isEmpty)
    #expect(machine.ids == Array(0..<40))
    #expect(machine.metrics.staleResultsDropped == 1)
    #expect(machine.metrics.requestsCompleted == 2)
  }

  @Test func whenTheFirstRequestAnswersFirstTheHedgeIsCancelled() {
    var (machine, append) = Self.appending()
    let hedge = machine.handle(.hedgeTimerFired(append.id)).loads[0]
    let effects = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    #expect(effects.cancellations == [hedge.id])
    #expect(machine.ids == Array(0..<40))
    #expect(machine.metrics.hedgesWon == 0)
  }

  @Test func oneFailureLeavesTheOtherRequestToAnswer() {
    var (machine, append) = Self.appending()
    let hedge = machine.handle(.hedgeTimerFired(append.id)).loads[0]
    #expect(machine.handle(.loadFailed(append.id, Boom())).isEmpty)
    #expect(machine.appendState == .loading)
    #expect(machine.loadsInFlight == [hedge])
    // The hedge answers: the page commits.
    _ = machine.handle(.loadCompleted(hedge.id, page(20..<40, next: 40)))
    #expect(machine.ids == Array(0..<40))
    #expect(machine.metrics.requestsFailed == 1)
    // A hedge that is cancelled by the source leaves the first request too.
    let next = machine.handle(.loadNextPage).loads[0]
    let second = machine.handle(.hedgeTimerFired(next.id)).loads[0]
    #expect(machine.handle(.loadCancelled(second.id)).isEmpty)
    #expect(machine.loadsInFlight == [next])
  }

  @Test func theLoadFailsOnlyWhenBothFailed() {
    var (machine, append) = Self.appending()
    let hedge = machine.handle(.hedgeTimerFired(append.id)).loads[0]
    _ = machine.handle(.loadFailed(hedge.id, Boom(code: 1)))
    #expect(machine.appendState == .loading)
    _ = machine.handle(.loadFailed(append.id, Boom(code: 2)))
    #expect(machine.appendState == .failed(.sourceFailed(Boom(code: 2))))
    // The failed load had its hedge; a retry is a new load, which may get one.
    let retry = machine.handle(.retry).loads[0]
    #expect(machine.handle(.hedgeTimerFired(retry.id)).loads.map(\.cursor) == [20])
  }

  @Test func noHedgeForAPageThatCommitted() {
    var (machine, append) = Self.appending()
    _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    #expect(machine.handle(.hedgeTimerFired(append.id)).isEmpty)
    #expect(machine.metrics.hedgesStarted == 0)
  }

  @Test func aRefreshCancelsTheRequestAndItsHedge() {
    var (machine, append) = Self.appending()
    let hedge = machine.handle(.hedgeTimerFired(append.id)).loads[0]
    let effects = machine.handle(.refresh)
    #expect(effects.cancellations == [append.id, hedge.id])
    #expect(effects.loads.map(\.direction) == [.refresh])
    // Late answers of both are dropped.
    _ = machine.handle(.loadCompleted(hedge.id, page(20..<40, next: 40)))
    #expect(machine.ids == Array(0..<20))
  }

  /// The paginator owns the timer: the hedge goes out when the load has run exactly as long
  /// as the policy allows, not a moment before, and the loser is cancelled at the source.
  @MainActor
  @Test func thePaginatorHedgesAtTheThresholdAndCancelsTheLoser() async throws {
    let clock = TestClock()
    let source = ScriptedPageSource<Row, Int>(clock: clock)
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(hedging: .after(.milliseconds(500))), clock: clock)
    let start = Task { await feed.start() }
    let first = await source.request(at: 0)
    // The first load's hedge timer is set; answering in time cancels it.
    #expect(clock.sleeperCount == 1)
    source.complete(first, items: rows(0..<20), next: 20)
    await start.value
    #expect(clock.sleeperCount == 0)
    feed.loadNextPage()
    let append = await source.request(at: 1)
    try #require(clock.advance(by: .milliseconds(499)) == 0)
    #expect(feed.requestsSent == 2)
    try #require(clock.advance(by: .milliseconds(1)) == 1)
    let hedge = await source.request(at: 2)
    #expect(hedge.isHedge)
    #expect(hedge.cursor == 20)
    #expect(hedge.generation == append.generation)
    source.complete(hedge, items: rows(20..<40), next: 40)
    await feed.waitUntilIdle()
    #expect(source.wasCancelledByCaller(append))
    #expect(feed.items.map(\.id) == Array(0..<40))
    #expect(feed.metrics.hedgesStarted == 1)
    #expect(feed.metrics.hedgesWon == 1)
    #expect(feed.requestsSent == 3)
  }

  /// With a percentile policy nothing is hedged until enough loads completed; then the
  /// threshold is that percentile of their durations (rounded up to its 10 % bucket).
  @MainActor
  @Test func aPercentilePolicyWaitsForItsSamples() async throws {
    let clock = TestClock()
    let source = ScriptedPageSource<Row, Int>(clock: clock)
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(
        prefetch: .fixed(0), hedging: .afterPercentile(0.5, minimumSamples: 2)),
      clock: clock)
    let start = Task { await feed.start() }
    let first = await source.request(at: 0)
    #expect(clock.sleeperCount == 0)  // no sample yet: no hedge timer
    clock.advance(by: .milliseconds(100))
    source.complete(first, items: rows(0..<20), next: 20)
    await start.value
    feed.loadNextPage()
    let second = await source.request(at: 1)
    #expect(clock.sleeperCount == 0)  // one sample of two
    clock.advance(by: .milliseconds(100))
    source.complete(second, items: rows(20..<40), next: 40)
    await feed.waitUntilIdle()
    #expect(feed.latencies.count == 2)
    feed.loadNextPage()
    _ = await source.request(at: 2)
    // The median of 100 ms and 100 ms, rounded up to its bucket: 1.1^49 ms ≈ 106.7 ms.
    let threshold = try #require(feed.latencies.percentile(0.5))
    #expect(threshold == .microseconds(106_719))
    try #require(clock.advance(by: threshold - .microseconds(1)) == 0)
    try #require(clock.advance(by: .microseconds(1)) == 1)
    #expect(await source.request(at: 3).isHedge)
  }
}

/// The durations behind ``HedgingPolicy/afterPercentile(_:minimumSamples:)``.
@Suite(.timeLimit(.minutes(minuteLimit))) struct LatencyDigestTests {
  @Test func percentilesAreTheBucketsUpperBounds() {
    var digest = LatencyDigest()
    #expect(digest.percentile(0.5) == nil)
    for milliseconds in 1...100 { digest.record(.milliseconds(milliseconds)) }
    #expect(digest.count == 100)
    // 50 ms lies in the bucket up to 1.1^42 ms ≈ 54.76 ms; 95 ms in the one up to 1.1^48 ms.
    #expect(digest.percentile(0.5) == .microseconds(54_764))
    #expect(digest.percentile(0.95) == .microseconds(97_018))
    #expect(digest.percentile(1) == .microseconds(106_719))
    digest.record(.zero)
    #expect(digest.percentile(0) == .microseconds(1_000))
  }
}
