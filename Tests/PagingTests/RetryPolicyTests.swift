import Paging
import PagingTestSupport
import Testing

/// Rulebook R7's opt-in: exponential backoff retries a bounded number of times, at growing delays.
@Suite(.timeLimit(.minutes(minuteLimit))) struct RetryPolicyTests {
  static let backoff = ExponentialBackoff(
    initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(30), maxAttempts: 2, jitter: 0)

  static func failingAppend(_ machine: inout Machine, _ error: any Error = Boom())
    -> [PagingEffect<Int>]
  {
    let request = machine.loadsInFlight.first ?? machine.handle(.loadNextPage).loads[0]
    return machine.handle(.loadFailed(request.id, error))
  }

  @Test func retriesTwiceAtOneAndTwoSecondsThenStaysFailed() {
    var machine = Machine.loaded(
      configuration: .init(retryPolicy: .exponentialBackoff(Self.backoff)))
    let first = Self.failingAppend(&machine)
    #expect(
      first == [
        .scheduleRetry(ScheduledRetry(id: 1, direction: .append, attempt: 1, delay: .seconds(1)))
      ])
    #expect(machine.appendState == .failed(.sourceFailed(Boom())))
    // While the timer runs, rows near the end start nothing.
    #expect(machine.appear(15..<20).isEmpty)
    #expect(machine.handle(.retryTimerFired(1)).loads.map(\.cursor) == [20])
    let second = Self.failingAppend(&machine)
    #expect(
      second == [
        .scheduleRetry(ScheduledRetry(id: 2, direction: .append, attempt: 2, delay: .seconds(2)))
      ])
    _ = machine.handle(.retryTimerFired(2))
    let third = Self.failingAppend(&machine)
    #expect(third.isEmpty)
    #expect(machine.metrics.retriesScheduled == 2)
    #expect(machine.metrics.requestsStarted == 4)
  }

  @Test func aManualRetryStartsTheCountAgainAndCancelsThePendingTimer() {
    var machine = Machine.loaded(
      configuration: .init(retryPolicy: .exponentialBackoff(Self.backoff)))
    _ = Self.failingAppend(&machine)
    let retry = machine.handle(.retry)
    #expect(retry.first == .cancelRetry(1))
    #expect(retry.loads.map(\.cursor) == [20])
    #expect(machine.handle(.retryTimerFired(1)).isEmpty)
    let next = Self.failingAppend(&machine)
    // The manual retry reset the count: this is automatic attempt 1 again.
    #expect(
      next == [
        .scheduleRetry(ScheduledRetry(id: 2, direction: .append, attempt: 1, delay: .seconds(1)))
      ])
  }

  /// Rulebook R7: the server's `Retry-After` is a floor on the wait, never shortened.
  @Test func theServersRetryAfterLengthensTheWait() {
    var machine = Machine.loaded(
      configuration: .init(retryPolicy: .exponentialBackoff(Self.backoff)))
    let longer = Self.failingAppend(&machine, Boom(retryAfter: .seconds(7)))
    #expect(
      longer == [
        .scheduleRetry(ScheduledRetry(id: 1, direction: .append, attempt: 1, delay: .seconds(7)))
      ])
    _ = machine.handle(.retryTimerFired(1))
    // Exactly the maximum delay is still waited for.
    let atTheCap = Self.failingAppend(&machine, Boom(retryAfter: .seconds(30)))
    #expect(
      atTheCap == [
        .scheduleRetry(ScheduledRetry(id: 2, direction: .append, attempt: 2, delay: .seconds(30)))
      ])
    var shorter = Machine.loaded(
      configuration: .init(retryPolicy: .exponentialBackoff(Self.backoff)))
    // A wait shorter than the backoff's does not shorten it.
    let kept = Self.failingAppend(&shorter, Boom(retryAfter: .milliseconds(10)))
    #expect(
      kept == [
        .scheduleRetry(ScheduledRetry(id: 1, direction: .append, attempt: 1, delay: .seconds(1)))
      ])
  }

  /// Rulebook R7: a `Retry-After` past the maximum delay is neither retried early nor clamped:
  /// the edge fails at once with the wait.
  @Test func aRetryAfterLongerThanTheMaximumDelayFailsAtOnceWithTheWait() {
    var machine = Machine.loaded(
      configuration: .init(retryPolicy: .exponentialBackoff(Self.backoff)))
    let error = Boom(code: 5, retryAfter: .seconds(120))
    let effects = Self.failingAppend(&machine, error)

    #expect(effects.isEmpty)
    #expect(
      machine.appendState
        == .failed(.retryAfterTooLong(wait: .seconds(120), maxDelay: .seconds(30), error: error)))
    #expect(machine.appendState.error?.retryAfter == .seconds(120))
    #expect(machine.appendState.error?.isRetryable == true)
    #expect(machine.metrics.retriesScheduled == 0)
    // A manual retry sends the same cursor again.
    #expect(machine.handle(.retry).loads.map(\.cursor) == [20])
    #expect(Self.backoff.waitsTooLong(.seconds(30)) == false)
    #expect(Self.backoff.waitsTooLong(.milliseconds(30_001)) == true)
    #expect(Self.backoff.waitsTooLong(nil) == false)
  }

  @Test func nonRetryableErrorsAreNotRetried() {
    var machine = Machine.loaded(
      configuration: .init(retryPolicy: .exponentialBackoff(Self.backoff)))
    let effects = Self.failingAppend(&machine, Boom(isRetryable: false))
    #expect(effects.isEmpty)
    #expect(machine.appendState.error?.isRetryable == false)
  }

  @Test func aFailedRefreshIsRetriedByTheTimerToo() {
    var machine = Machine(configuration: .init(retryPolicy: .exponentialBackoff(Self.backoff)))
    let first = machine.handle(.start).loads[0]
    let effects = machine.handle(.loadFailed(first.id, Boom()))
    #expect(
      effects == [
        .scheduleRetry(ScheduledRetry(id: 1, direction: .refresh, attempt: 1, delay: .seconds(1)))
      ])
    let retry = machine.handle(.retryTimerFired(1)).loads
    #expect(retry.map(\.direction) == [.refresh])
    let again = machine.handle(.loadFailed(retry[0].id, Boom()))
    #expect(again.count == 1)
    _ = machine.handle(.retryTimerFired(2))
    let last = machine.handle(.loadFailed(machine.loadsInFlight[0].id, Boom()))
    #expect(last.isEmpty)
  }

  @Test func delaysGrowAreCappedAndJitterStaysWithinItsSpread() {
    let backoff = ExponentialBackoff(
      initialDelay: .milliseconds(100), multiplier: 3, maxDelay: .seconds(1), jitter: 0.5)
    #expect(backoff.delay(forAttempt: 1, randomFraction: 0.5) == .milliseconds(100))
    #expect(backoff.delay(forAttempt: 2, randomFraction: 0.5) == .milliseconds(300))
    #expect(backoff.delay(forAttempt: 3, randomFraction: 0.5) == .milliseconds(900))
    #expect(backoff.delay(forAttempt: 4, randomFraction: 0.5) == .seconds(1))
    #expect(backoff.delay(forAttempt: 1, randomFraction: 0) == .milliseconds(50))
    #expect(backoff.delay(forAttempt: 1, randomFraction: 1) == .milliseconds(150))
  }

  /// A multiplier whose product leaves `Duration`'s range gives the longest delay, where
  /// `Duration * Double` would trap.
  @Test(arguments: [1e30, Double.infinity])
  func aHugeMultiplierReachesTheCapWithoutOverflowing(_ multiplier: Double) {
    let backoff = ExponentialBackoff(
      initialDelay: .seconds(1), multiplier: multiplier, maxDelay: .seconds(30), jitter: 0)
    #expect(backoff.delay(forAttempt: 1, randomFraction: 0.5) == .seconds(1))
    #expect(backoff.delay(forAttempt: 2, randomFraction: 0.5) == .seconds(30))
    #expect(backoff.delay(forAttempt: 50, randomFraction: 0.5) == .seconds(30))
  }

  @Test func aNegativeInitialDelayWaitsZeroAtEveryAttempt() {
    let backoff = ExponentialBackoff(
      initialDelay: .seconds(-1), multiplier: 1e30, maxDelay: .seconds(30), jitter: 0)
    #expect(backoff.delay(forAttempt: 1, randomFraction: 0.5) == .zero)
    #expect(backoff.delay(forAttempt: 3, randomFraction: 0.5) == .zero)
  }
}
