#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the tests run under ThreadSanitizer (its runtime is linked in). Suites confined to
/// the main actor do less there: the sanitizer finds nothing in work that never leaves one
/// actor, and its slowdown queued other suites' main-actor tests past their time limits.
package let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

/// The minutes of every suite's time limit, which catches a hang and never slowness: Swift
/// Testing starts every test at once, so on a loaded machine a test that takes milliseconds
/// waits for the two cores and the main actor as long as the whole run takes. Three runs of
/// the test command at once on two cores (load average 9 to 11) took 385 to 406 s, and 58 to
/// 84 tests that had finished in a second on a quiet machine ran past a one-minute limit; ten
/// minutes is half again the longest of those runs. Thirty under ThreadSanitizer, whose
/// quiet run alone takes about eight minutes. A hang still fails, that much later.
package let minuteLimit = underThreadSanitizer ? 30 : 10
