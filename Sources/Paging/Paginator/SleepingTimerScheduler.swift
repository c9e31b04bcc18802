/// The timers of a paginator on a real clock: each timer is a task asleep on the clock, which
/// runs its action on the main actor when it wakes, unless the timer was cancelled while it slept.
package final class SleepingTimerScheduler: PagingTimerScheduler {
  private struct State {
    var nextToken = 0
    var tasks: [Int: Task<Void, Never>] = [:]
  }

  private let clock: any Clock<Duration>
  private let state = Locked(State())

  /// Creates a scheduler whose timers sleep on `clock`.
  /// - Parameter clock: The clock the timers wait on.
  package init(clock: any Clock<Duration>) { self.clock = clock }

  /// Starts a task that sleeps `delay` on the clock, then runs `action` on the main actor.
  /// - Parameters:
  ///   - delay: How long to sleep.
  ///   - action: What to do then.
  /// - Returns: The timer's token, for ``cancelTimer(_:)``.
  package func setTimer(
    after delay: Duration, _ action: @escaping @MainActor @Sendable () -> Void
  ) -> Int {
    let clock = self.clock
    let shared = state
    return shared.withLock { state in
      state.nextToken += 1
      let token = state.nextToken
      state.tasks[token] = Task { @MainActor in
        do {
          try await clock.sleep(for: delay.asWait)
        } catch {
          return
        }
        shared.withLock { _ = $0.tasks.removeValue(forKey: token) }
        action()
      }
      return token
    }
  }

  /// Cancels the sleeping task of the timer `token`, if it has not fired.
  /// - Parameter token: What ``setTimer(after:_:)`` returned.
  package func cancelTimer(_ token: Int) {
    state.withLock { $0.tasks.removeValue(forKey: token) }?.cancel()
  }
}

extension SleepingTimerScheduler {
  /// Where a paginator on `clock` sets its timers: on the clock itself when it is a scheduler
  /// (`PagingTesting`'s `TestClock`, which runs each timer inside the advance that reaches it,
  /// however the clock was passed, even as `any Clock<Duration>`), else a task asleep on it per
  /// timer.
  /// - Parameter clock: The paginator's clock.
  /// - Returns: The scheduler.
  package static func timers(for clock: any Clock<Duration>) -> any PagingTimerScheduler {
    (clock as? any PagingTimerScheduler) ?? SleepingTimerScheduler(clock: clock)
  }
}
