import Paging
import PagingTesting
import Testing

/// The timers of a paginator that was not given a test clock: a task asleep on the clock per
/// timer, which runs its action when it wakes, and which a cancelled timer's task never does.
@MainActor
@Suite struct SleepingTimerSchedulerTests {
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
}
