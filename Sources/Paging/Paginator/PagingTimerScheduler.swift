/// Where a paginator sets its timers (automatic retries, hedges, the invalidation poll).
///
/// A paginator takes its scheduler when it is made. The public initializers use
/// ``SleepingTimerScheduler``, a task asleep on the paginator's clock per timer. `PagingTesting`'s
/// `TestClock` is a scheduler of its own: it sets each timer when the engine asks for it, with
/// its deadline fixed then, and the step of the clock that reaches the deadline runs it, so
/// that what a timer starts happens at its own instant, run after run, with no task's first
/// run or wake racing whoever steps the clock.
package protocol PagingTimerScheduler: Sendable {
  /// Sets a timer that runs `action` on the main actor once `delay` has passed.
  /// - Parameters:
  ///   - delay: How long from now.
  ///   - action: What to do then.
  /// - Returns: The timer's token, for ``cancelTimer(_:)``.
  func setTimer(after delay: Duration, _ action: @escaping @MainActor @Sendable () -> Void) -> Int
  /// Cancels a timer that has not fired; does nothing otherwise.
  /// - Parameter token: What ``setTimer(after:_:)`` returned.
  func cancelTimer(_ token: Int)
}
