/// A clock whose time a test steps by hand (`PagingTesting`'s `TestClock`), on which a timer
/// is set synchronously and fires synchronously.
///
/// On such a clock the paginator does not sleep its timers (automatic retries, hedges) in
/// tasks, whose first run and whose wake would race with whoever steps the clock: it sets each
/// timer when the engine asks for it, with its deadline fixed then, and the step that reaches
/// the deadline runs it. So what a timer starts happens at its own instant, run after run.
package protocol SteppingClock: Sendable {
  /// Sets a timer that runs `action` once the clock reaches now + `delay`.
  ///
  /// When the clock is stepped on the main actor, `action` runs inside the step, before the
  /// step goes on to the next deadline; otherwise it runs on the main actor as soon as it can.
  /// - Parameters:
  ///   - delay: How long from now.
  ///   - action: What to do then.
  /// - Returns: The timer's token, for ``cancelTimer(_:)``.
  func setTimer(after delay: Duration, _ action: @escaping @MainActor @Sendable () -> Void) -> Int
  /// Cancels a timer that has not fired; does nothing otherwise.
  /// - Parameter token: What ``setTimer(after:_:)`` returned.
  func cancelTimer(_ token: Int)
}
