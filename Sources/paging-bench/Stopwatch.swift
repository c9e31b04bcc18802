#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A monotonic clock read in nanoseconds, for timing code (not a `Clock`: no allocation, no
/// existential, so the reading itself costs about 20 ns).
enum Stopwatch {
  /// Nanoseconds since an arbitrary fixed point, from `CLOCK_MONOTONIC`.
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// Nanoseconds since `start`.
  static func elapsed(since start: UInt64) -> Double { Double(now() &- start) }
}
