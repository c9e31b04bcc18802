/// A function that returns the time on `clock` since it was made: how the paginator, a walk,
/// its deadline and a source's rate limit measure time on a clock that a test drives.
/// - Parameter clock: The clock (a test's `TestClock`, or `ContinuousClock`).
/// - Returns: The time elapsed on `clock` since this call, read each time it is called.
package func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
  let start = clock.now
  return { start.duration(to: clock.now) }
}
