import Paging

/// A `Clock` whose time moves only when a test says so, for deterministic tests of anything
/// that waits: retry backoff, simulated latency, frame ticks.
///
/// Sleepers are kept ordered by deadline, then by the order they went to sleep; ``advance(by:isolation:)``
/// wakes each one whose deadline has come, in that order, after setting ``now`` to its
/// deadline. ``waitForSleepers(_:)`` lets a test wait until tasks have parked, without polling.
///
/// `advance` only resumes the sleepers: it returns before the woken tasks run, so a check of
/// their effects right after it cannot tell "did not wake" from "woke, not run yet". Check the
/// clock instead, which knows exactly: ``advance(by:isolation:)`` returns how many sleepers it woke, and
/// ``nextDeadline`` says when the next one is due. Zero woken means no sleeper went on, so an
/// effect that only a wake can cause has not happened and will not; one woken means its effect
/// will come, so await it (for example with `ScriptedPageSource.request(at:)`):
///
/// ```swift
/// await clock.waitForSleepers(1)  // the retry timer has parked
/// #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
/// try #require(clock.advance(by: .milliseconds(999)) == 0)  // not yet: no request can come
/// try #require(clock.advance(by: .milliseconds(1)) == 1)  // due: the retry will come
/// let retry = await source.request(at: 2)
/// ```
///
/// Woken tasks run after `advance` returns, so they all see ``now`` at its final value. To have
/// each act at its own deadline, advance to one ``nextDeadline`` at a time and await its effect.
///
/// A `Paginator` made with a `TestClock` (`Paginator(source:configuration:clock:)`,
/// `Paginator.restoring`, `CachedPageSource.paginator(configuration:clock:pollInterval:)`,
/// whether the clock is typed `TestClock` or `any Clock<Duration>`) does not sleep its timers
/// (automatic retries, hedges, the poll) in tasks: it sets them on the clock, which runs each
/// inside the advance that reaches it when the advance is called on the main actor. So right
/// after `clock.advance(by:)` the retry's request has started (`appendState` is `.loading`);
/// only its answer is still to come.
public final class TestClock: Clock, Sendable {
  /// A point on the test clock's time line: the time since the clock was created.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant at `offset` after the clock's start.
    /// - Parameter offset: The time since the start.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later, at most `Int64.max` seconds (about 292 billion years)
    /// from the start either way: time past it stays there, as the engine's own waits
    /// saturate (rulebook R26), so that no advance traps.
    /// - Parameter duration: The time to add (may be negative).
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: Self.bounded(Self.bounded(offset) + Self.bounded(duration)))
    }

    /// The time from this instant to `other`, within `Int64.max` seconds either way.
    /// - Parameter other: Another instant.
    /// - Returns: `other - self`.
    public func duration(to other: Instant) -> Duration {
      Self.bounded(Self.bounded(other.offset) - Self.bounded(offset))
    }

    /// The longest time from the start an instant holds: two of it add without overflow.
    private static let limit = Duration.seconds(Int64.max)

    /// `duration` within `-limit...limit`.
    private static func bounded(_ duration: Duration) -> Duration {
      min(max(duration, .zero - limit), limit)
    }

    /// Orders instants in time.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// The offset, for logs.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    var deadline: Instant
    var order: Int
    var wake: Wake
  }

  /// What waking a sleeper does.
  private enum Wake {
    /// Resumes a sleeping task, after its hooks' `resumed`.
    case task(CheckedContinuation<Void, any Error>, SleepHooks?)
    /// Runs a timer's action on the main actor (``setTimer(after:_:)``).
    case timer(@MainActor @Sendable () -> Void)
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    /// Deadlines by (deadline, rank, order); entries whose sleeper was cancelled are skipped.
    var queue = DeadlineHeap()
    var nextOrder = 0
    var waiters = CountWaiters()

    /// Pops the queue's leading entries whose sleeper was cancelled.
    mutating func dropCancelled() {
      while let top = queue.peek(), sleepers[top.order] == nil { _ = queue.pop() }
    }
  }

  private let state = Locked(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the test clock is exact.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock, with the timers set on it that have not fired.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The deadline of the earliest sleeper, or `nil` when no task is asleep on this clock.
  ///
  /// A sleeper that was cancelled does not count.
  /// - Complexity: O(1), plus O(log *n*) in the *n* sleepers for each cancelled one it drops
  ///   from the front of the queue.
  public var nextDeadline: Instant? {
    state.withLock { state in
      state.dropCancelled()
      return state.queue.peek().map { Instant(offset: $0.deadline) }
    }
  }

  /// Suspends until ``advance(by:isolation:)`` or ``advance(to:isolation:)`` reaches `deadline`.
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  /// - Complexity: O(log *n*) in the *n* sleepers, plus O(*m*) in the *m* tasks in
  ///   ``waitForSleepers(_:)``.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleep(until: deadline, rank: 0, hooks: nil)
  }

  /// Sleeps like ``sleep(until:tolerance:)``, with a tie-break rank and callbacks, for the
  /// simulated server.
  ///
  /// With `hooks`, the sleeper always parks, even when `deadline` has passed (it then wakes at
  /// the next advance), so that whoever steps the clock decides the order of every wake;
  /// `hooks.parked` runs once the sleeper is in the queue, and `hooks.resumed` runs
  /// synchronously when it is woken (`false`) or cancelled (`true`), before the sleeping task
  /// goes on. A task already cancelled on entry throws without calling either.
  func sleep(until deadline: Instant, rank: Int, hooks: SleepHooks?) async throws {
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
          if hooks == nil, deadline <= state.now { return (true, []) }
          state.sleepers[order] = Sleeper(
            deadline: deadline, order: order, wake: .task(continuation, hooks))
          state.queue.insert(deadline: deadline.offset, rank: rank, order: order)
          return (false, state.waiters.takeReady(count: state.sleepers.count))
        }
        if wakeNow {
          continuation.resume()
          return
        }
        hooks?.parked()
        for waiter in ready { waiter.resume() }
        // A cancellation that came before the sleeper was queued found nothing to cancel.
        if Task.isCancelled { cancelSleeper(order) }
      }
    } onCancel: {
      cancelSleeper(order)
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline comes, in order of
  /// deadline and then of sleep.
  ///
  /// Returns as soon as the sleepers are resumed, before the woken tasks run; the count tells
  /// exactly whether anything woke (see ``TestClock``).
  /// - Parameters:
  ///   - duration: How far to move (negative values do nothing).
  ///   - isolation: The caller's actor, which Swift passes by itself: on the main actor, the
  ///     timers set on this clock run inside the advance.
  /// - Returns: How many sleepers were woken.
  /// - Complexity: O((*k* + *c*) log *n*) for the *k* sleepers it wakes and the *c* cancelled
  ///   ones it drops, among *n*.
  @discardableResult
  public func advance(
    by duration: Duration, isolation: isolated (any Actor)? = #isolation
  ) -> Int {
    advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline` (never backwards), waking sleepers as
  /// ``advance(by:isolation:)`` does.
  /// - Parameters:
  ///   - deadline: The new time.
  ///   - isolation: The caller's actor, which Swift passes by itself: on the main actor, the
  ///     timers set on this clock run inside the advance.
  /// - Returns: How many sleepers were woken.
  /// - Complexity: O((*k* + *c*) log *n*) for the *k* sleepers it wakes and the *c* cancelled
  ///   ones it drops, among *n*.
  @discardableResult
  public func advance(to deadline: Instant, isolation: isolated (any Actor)? = #isolation) -> Int {
    var woken = 0
    while wakeNext(notAfter: deadline) { woken += 1 }
    return woken
  }

  /// Wakes the first sleeper due at or before `limit`, after moving ``now`` to its deadline
  /// (never backwards); when none is due, moves ``now`` to `limit` instead.
  ///
  /// The list simulator steps time with this, one wake at a time, so that it can wait for
  /// each answer to be applied before the next one is delivered; the randomized paginator test
  /// does too, to check each timer's effect apart when several are due at once.
  /// - Parameters:
  ///   - limit: The latest deadline to wake.
  ///   - isolation: The caller's actor: on the main actor a timer's action runs inside this
  ///     call; elsewhere it is sent to the main actor.
  /// - Returns: Whether a sleeper was woken.
  package func wakeNext(
    notAfter limit: Instant, isolation: isolated (any Actor)? = #isolation
  ) -> Bool {
    let next = state.withLock { state -> Sleeper? in
      state.dropCancelled()
      guard let top = state.queue.peek(), top.deadline <= limit.offset,
        let first = state.sleepers.removeValue(forKey: top.order)
      else {
        if state.now < limit { state.now = limit }
        return nil
      }
      _ = state.queue.pop()
      if state.now < first.deadline { state.now = first.deadline }
      return first
    }
    guard let next else { return false }
    switch next.wake {
    case .task(let continuation, let hooks):
      hooks?.resumed(false)
      continuation.resume()
    case .timer(let action):
      if let isolation, isolation === MainActor.shared {
        MainActor.assumeIsolated { action() }
      } else {
        Task { @MainActor in action() }
      }
    }
    return true
  }

  private func cancelSleeper(_ order: Int) {
    guard let sleeper = state.withLock({ $0.sleepers.removeValue(forKey: order) }),
      case .task(let continuation, let hooks) = sleeper.wake
    else { return }
    hooks?.resumed(true)
    continuation.resume(throwing: CancellationError())
  }

  /// Waits until at least `count` tasks are asleep on this clock. No polling: the last
  /// sleeper to park wakes the waiter.
  /// - Parameter count: How many sleepers to wait for.
  public func waitForSleepers(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.waiters.add(count, continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

extension TestClock: PagingTimerScheduler {
  /// Sets a timer that runs `action` when an advance reaches now + `delay`, in the same order
  /// as sleepers (by deadline, then by the order they were set), and counts as a sleeper
  /// meanwhile (``sleeperCount``, ``waitForSleepers(_:)``). Advanced on the main actor, the
  /// clock runs `action` inside the advance, so its effect is there when the advance returns.
  /// - Parameters:
  ///   - delay: How long from ``now``; a timer already due runs at the next advance.
  ///   - action: What to do then.
  /// - Returns: The timer's token, for ``cancelTimer(_:)``.
  package func setTimer(
    after delay: Duration, _ action: @escaping @MainActor @Sendable () -> Void
  ) -> Int {
    let ready = state.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
      state.nextOrder += 1
      let order = state.nextOrder
      let deadline = state.now.advanced(by: max(.zero, delay))
      state.sleepers[order] = Sleeper(deadline: deadline, order: order, wake: .timer(action))
      state.queue.insert(deadline: deadline.offset, rank: 0, order: order)
      return (order, state.waiters.takeReady(count: state.sleepers.count))
    }
    for waiter in ready.1 { waiter.resume() }
    return ready.0
  }

  /// Cancels the timer `token` if it has not fired.
  /// - Parameter token: What ``setTimer(after:_:)`` returned.
  package func cancelTimer(_ token: Int) {
    state.withLock { _ = $0.sleepers.removeValue(forKey: token) }
  }
}

/// Callbacks of a ``TestClock`` sleep, for the simulated server (see
/// ``TestClock/sleep(until:rank:hooks:)``).
struct SleepHooks: Sendable {
  /// Runs once the sleeper is queued.
  var parked: @Sendable () -> Void
  /// Runs when the sleeper is woken (`false`) or cancelled (`true`), before it goes on.
  var resumed: @Sendable (_ cancelled: Bool) -> Void
}
