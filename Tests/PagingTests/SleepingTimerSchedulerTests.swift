import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// The timers of a paginator that was not given a test clock: a task asleep on the clock per
/// timer, which runs its action when it wakes, and which a cancelled timer's task never does.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct SleepingTimerSchedulerTests {
  @Test func aTimerRunsWhenItsTaskWakesAndACancelledOneNever() async throws {
    let clock = TestClock()
    let timers = SleepingTimerScheduler(clock: clock)
    let (fired, fires) = AsyncStream.makeStream(of: Int.self)
    _ = timers.setTimer(after: .seconds(1)) { fires.yield(1) }
    let cancelled = timers.setTimer(after: .seconds(1)) { fires.yield(2) }
    await clock.waitForSleepers(2)
    timers.cancelTimer(cancelled)
    #expect(clock.sleeperCount == 1)
    try #require(clock.advance(by: .milliseconds(999)) == 0)
    try #require(clock.advance(by: .milliseconds(1)) == 1)
    var iterator = fired.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    fires.finish()
    #expect(await iterator.next() == nil)
  }

  /// A delay no clock can reach (a hedge or retry delay of `Int64.max` seconds, from a
  /// configuration) waits the longest wait, about 136 years, instead of trapping in
  /// `ContinuousClock`; a negative one waits nothing.
  @Test func aDelayPastWhatAClockHoldsWaitsTheLongestWaitInstead() async throws {
    let clock = TestClock()
    let timers = SleepingTimerScheduler(clock: clock)
    let long = timers.setTimer(after: .seconds(Int64.max)) {}
    await clock.waitForSleepers(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(Int64(1) << 32)))
    timers.cancelTimer(long)
    let (fired, fires) = AsyncStream.makeStream(of: Int.self)
    _ = timers.setTimer(after: .zero - .seconds(Int64.max)) { fires.yield(1) }
    var iterator = fired.makeAsyncIterator()
    #expect(await iterator.next() == 1)
  }
}
