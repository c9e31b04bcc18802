/// Time as an offset since a start, on any `Clock<Duration>`: the simulations keep every time
/// as a `Duration` since they were created, whatever clock they were given.
struct ClockTimeline: Sendable {
  /// The clock when it is a ``TestClock``: then time moves only when someone advances it.
  let testClock: TestClock?
  /// The test clock's instant at the start.
  let testStart: TestClock.Instant
  private let readElapsed: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration) async throws -> Void

  init(_ clock: any Clock<Duration>) {
    self = Self.make(clock)
  }

  private init(
    testClock: TestClock?, readElapsed: @escaping @Sendable () -> Duration,
    sleepUntil: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.testClock = testClock
    self.testStart = testClock?.now ?? TestClock.Instant(offset: .zero)
    self.readElapsed = readElapsed
    self.sleepUntil = sleepUntil
  }

  private static func make<C: Clock<Duration>>(_ clock: C) -> ClockTimeline {
    let start = clock.now
    return ClockTimeline(
      testClock: clock as? TestClock,
      readElapsed: { start.duration(to: clock.now) },
      sleepUntil: { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) })
  }

  /// The time since the start.
  var elapsed: Duration { readElapsed() }

  /// Sleeps until `offset` after the start.
  func sleep(until offset: Duration) async throws { try await sleepUntil(offset) }

  /// The test clock's instant at `offset` after the start.
  func testInstant(at offset: Duration) -> TestClock.Instant { testStart.advanced(by: offset) }
}
