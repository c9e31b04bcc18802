import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@Suite(.timeLimit(.minutes(minuteLimit))) struct TestClockTests {
  /// Parks a task until `offset` on `clock`, and returns once it is asleep.
  func sleeper(on clock: TestClock, until offset: Duration) async -> Task<Void, any Error> {
    let parked = clock.sleeperCount
    let task = Task { try await clock.sleep(until: TestClock.Instant(offset: offset)) }
    await clock.waitForSleepers(parked + 1)
    return task
  }

  @Test func advanceReturnsHowManySleepersItWoke() async throws {
    let clock = TestClock()
    let first = await sleeper(on: clock, until: .seconds(1))
    let second = await sleeper(on: clock, until: .seconds(1))
    let third = await sleeper(on: clock, until: .seconds(3))
    #expect(clock.advance(by: .milliseconds(999)) == 0)
    #expect(clock.sleeperCount == 3)
    #expect(clock.advance(by: .milliseconds(1)) == 2)
    #expect(clock.sleeperCount == 1)
    try await first.value
    try await second.value
    #expect(clock.advance(to: TestClock.Instant(offset: .seconds(10))) == 1)
    #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
    try await third.value
    #expect(clock.advance(by: .seconds(1)) == 0)
  }

  @Test func nextDeadlineIsTheEarliestSleeperStillAsleep() async throws {
    let clock = TestClock()
    #expect(clock.nextDeadline == nil)
    let late = await sleeper(on: clock, until: .seconds(5))
    let early = await sleeper(on: clock, until: .seconds(2))
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(2)))
    clock.advance(by: .seconds(2))
    try await early.value
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(5)))
    clock.advance(by: .seconds(3))
    try await late.value
    #expect(clock.nextDeadline == nil)
  }

  @Test func aCancelledSleeperIsNeitherDueNorWoken() async {
    let clock = TestClock()
    let cancelled = await sleeper(on: clock, until: .seconds(1))
    let kept = await sleeper(on: clock, until: .seconds(4))
    cancelled.cancel()
    #expect(clock.sleeperCount == 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(4)))
    #expect(clock.advance(by: .seconds(3)) == 0)
    #expect(await (try? cancelled.value) == nil)
    #expect(clock.advance(by: .seconds(1)) == 1)
    #expect(await (try? kept.value) != nil)
  }
}
