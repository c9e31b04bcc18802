import Foundation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Rulebook R7 with the default configuration: a transient failure is retried by itself, a
/// bounded number of times, never sooner than the server asked; other failures latch at once.
@Suite(.timeLimit(.minutes(minuteLimit))) struct DefaultRetryTests {
  /// The default's delays with its seed-0 jitter: at once, then ±20 % around 1 s, 2 s and 4 s.
  static let delays: [Duration] = {
    let backoff = ExponentialBackoff.standard
    var random = SeededRandom(seed: 0)
    return (1...4).map { backoff.delay(forAttempt: $0, randomFraction: random.nextFraction()) }
  }()

  @Test func theDefaultRetriesATransientFailureFourTimesThenLatches() {
    var machine = Machine(configuration: PagingConfiguration(prefetch: .fixed(6)))
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(.loadCompleted(first.id, page(0..<20, next: 20)))
    var scheduled: [ScheduledRetry] = []
    var request = machine.handle(.loadNextPage).loads[0]
    for attempt in 1...5 {
      let effects = machine.handle(.loadFailed(request.id, URLError(.timedOut)))
      guard case .scheduleRetry(let retry) = effects.first else {
        #expect(attempt == 5)
        #expect(effects.isEmpty)
        break
      }
      scheduled.append(retry)
      // While it waits, the footer shows the failure and rows near the end start nothing.
      #expect(machine.appendState == .failed(.sourceFailed(URLError(.timedOut))))
      #expect(machine.appear(15..<20).isEmpty)
      request = machine.handle(.retryTimerFired(retry.id)).loads[0]
      #expect(request.cursor == 20)
    }
    #expect(scheduled.map(\.attempt) == [1, 2, 3, 4])
    #expect(scheduled.map(\.delay) == Self.delays)
    #expect(Self.delays[0] == .zero)
    #expect(Self.delays[1] > .milliseconds(800) && Self.delays[1] < .milliseconds(1_200))
    #expect(Self.delays[2] > .milliseconds(1_600) && Self.delays[2] < .milliseconds(2_400))
    #expect(Self.delays[3] > .milliseconds(3_200) && Self.delays[3] < .milliseconds(4_800))
    #expect(machine.appendState == .failed(.sourceFailed(URLError(.timedOut))))
    #expect(machine.metrics.retriesScheduled == 4)
    #expect(machine.metrics.requestsStarted == 6)
  }

  /// The default's retries span a server restart of a few seconds: at the shortest jitter the
  /// waits add up to 5.6 s (0 + 0.8 + 1.6 + 3.2), at the longest to 8.4 s; with three
  /// retries they added up to 2.4 s, less than the 4 s a restart took on four servers.
  @Test func theDefaultRetriesSpanAFourSecondRestart() {
    let backoff = ExponentialBackoff.standard
    func span(_ fraction: Double) -> Duration {
      (1...4).map { backoff.delay(forAttempt: $0, randomFraction: fraction) }
        .reduce(.zero, +)
    }
    #expect(span(0) == .milliseconds(5_600))
    #expect(span(0.5) == .seconds(7))
    #expect(span(0.999_999) < .milliseconds(8_400))
    #expect(span(0) > .seconds(4))
  }

  @Test(arguments: [
    PagingError.sourceFailed(URLError(.badURL)),
    .sourceFailed(URLError(.userAuthenticationRequired)),
    .sourceFailed(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "x"))),
    .sourceFailed(Boom(isRetryable: false)),
  ])
  func anErrorARetryCannotHelpLatchesAtOnce(failure: PagingError) {
    guard case .sourceFailed(let error) = failure else { return }
    var machine = Machine.loaded()
    let append = machine.handle(.loadNextPage).loads[0]
    #expect(machine.handle(.loadFailed(append.id, error)).isEmpty)
    #expect(machine.appendState == .failed(failure))
    #expect(!failure.isRetryable)
  }

  @Test(arguments: [
    URLError.Code.timedOut, .networkConnectionLost, .notConnectedToInternet,
    .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
  ])
  func aTransientTransportErrorIsRetried(code: URLError.Code) {
    var machine = Machine.loaded()
    let append = machine.handle(.loadNextPage).loads[0]
    let effects = machine.handle(.loadFailed(append.id, URLError(code)))
    #expect(
      effects == [
        .scheduleRetry(ScheduledRetry(id: 1, direction: .append, attempt: 1, delay: Self.delays[0]))
      ])
  }

  /// An error of the app's own that says nothing counts as transient, as TanStack Query's
  /// default retries every error.
  @Test func anUnknownErrorIsRetried() {
    struct Unknown: Error {}
    var machine = Machine.loaded()
    let append = machine.handle(.loadNextPage).loads[0]
    #expect(machine.handle(.loadFailed(append.id, Unknown())).count == 1)
  }

  /// The paginator retries at once, then waits on its clock: not a moment before the delay,
  /// and the retry asks for the same cursor and commits its page.
  @MainActor
  @Test func thePaginatorRetriesOnItsClockAndCommits() async throws {
    let clock = TestClock()
    let source = ScriptedPageSource<Row, Int>(clock: clock)
    let feed = Paginator(source: source, clock: clock)
    let start = Task { await feed.start() }
    source.complete(await source.request(at: 0), items: rows(0..<20), next: 20)
    await start.value
    feed.loadNextPage()
    source.fail(await source.request(at: 1), with: URLError(.networkConnectionLost))
    await feed.waitUntilIdle()
    // The first retry is due at once: the next advance, even by nothing, sends it.
    #expect(clock.nextDeadline == TestClock.Instant(offset: .zero))
    try #require(clock.advance(by: .zero) == 1)
    source.fail(await source.request(at: 2), with: URLError(.networkConnectionLost))
    await feed.waitUntilIdle()
    #expect(clock.nextDeadline == TestClock.Instant(offset: Self.delays[1]))
    try #require(
      clock.advance(to: TestClock.Instant(offset: Self.delays[1] - .nanoseconds(1))) == 0)
    #expect(source.requests.count == 3)
    try #require(clock.advance(to: TestClock.Instant(offset: Self.delays[1])) == 1)
    // On a test clock the timer fires inside the advance: the retry is already under way, so
    // a list simulator stepping the clock sees it at its own instant.
    #expect(feed.appendState == .loading)
    #expect(feed.requestsSent == 4)
    let retry = await source.request(at: 3)
    #expect(retry.cursor == 20)
    #expect(retry.direction == .append)
    source.complete(retry, items: rows(20..<40), next: 40)
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<40))
    #expect(feed.appendState == .idle)
    #expect(feed.metrics.retriesScheduled == 2)
  }
}
