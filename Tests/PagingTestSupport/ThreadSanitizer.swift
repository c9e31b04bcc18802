#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the tests run under ThreadSanitizer (its runtime is linked in). Suites confined to
/// the main actor do less there: the sanitizer finds nothing in work that never leaves one
/// actor, and its slowdown queued other suites' main-actor tests past their time limits.
package let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

/// The minutes of a suite's one-minute time limit: ten under ThreadSanitizer, where the main
/// actor and the two cores are queued many times over and a test that takes milliseconds can
/// wait minutes for its turn. A hang still fails, ten minutes later there.
package let minuteLimit = underThreadSanitizer ? 10 : 1
