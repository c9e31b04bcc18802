/// A `Clock` whose time moves only when a test says so, for deterministic tests of anything
/// that waits: retry backoff, simulated latency, frame ticks.
///
/// Sleepers are kept ordered by deadline, then by the order they went to sleep; ``advance(by:)``
/// wakes each one whose deadline has come, in that order, after setting ``now`` to its
/// deadline. ``waitForSleepers(_:)`` lets a test wait until tasks have parked, without polling.
public final class TestClock: Clock, Sendable {
  /// A point on the test clock's time line: the time since the clock was created.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant at `offset` after the clock's start.
    /// - Parameter offset: The time since the start.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    /// - Parameter duration: The time to add (may be negative).
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this instant to `other`.
    /// - Parameter other: Another instant.
    /// - Returns: `other - self`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants in time.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// The offset, for logs.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    var deadline: Instant
    var order: Int
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    /// Deadlines by (deadline, order); entries whose sleeper was cancelled are skipped.
    var queue = DeadlineHeap()
    var nextOrder = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the test clock is exact.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until ``advance(by:)`` or ``advance(to:)`` reaches `deadline`.
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let order = state.withLock { state -> Int in
      state.nextOrder += 1
      return state.nextOrder
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (wakeNow, ready) = state.withLock {
          state -> (Bool, [CheckedContinuation<Void, Never>]) in
          if deadline <= state.now { return (true, []) }
          state.sleepers[order] = Sleeper(
            deadline: deadline, order: order, continuation: continuation)
          state.queue.insert(deadline: deadline.offset, order: order)
          return (false, Self.takeReadyWaiters(&state))
        }
        if wakeNow { continuation.resume() }
        for waiter in ready { waiter.resume() }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: order) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline comes, in order of
  /// deadline and then of sleep.
  /// - Parameter duration: How far to move (negative values do nothing).
  public func advance(by duration: Duration) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline` (never backwards), waking sleepers as
  /// ``advance(by:)`` does.
  /// - Parameter deadline: The new time.
  public func advance(to deadline: Instant) {
    while true {
      let next = state.withLock { state -> Sleeper? in
        while let top = state.queue.peek(), state.sleepers[top.order] == nil {
          _ = state.queue.pop()
        }
        guard let top = state.queue.peek(), top.deadline <= deadline.offset,
          let first = state.sleepers.removeValue(forKey: top.order)
        else {
          if state.now < deadline { state.now = deadline }
          return nil
        }
        _ = state.queue.pop()
        if state.now < first.deadline { state.now = first.deadline }
        return first
      }
      guard let next else { return }
      next.continuation.resume()
    }
  }

  /// Waits until at least `count` tasks are asleep on this clock. No polling: the last
  /// sleeper to park wakes the waiter.
  /// - Parameter count: How many sleepers to wait for.
  public func waitForSleepers(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private static func takeReadyWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
    let count = state.sleepers.count
    let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
    state.waiters.removeAll { $0.count <= count }
    return ready
  }
}
