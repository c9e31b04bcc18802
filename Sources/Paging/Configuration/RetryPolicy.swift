/// When the engine retries a failed load by itself.
///
/// The default, in ``PagingConfiguration``, is ``exponentialBackoff(_:)`` with
/// ``ExponentialBackoff/standard``: a transient failure (a lost connection, a timeout, HTTP
/// 408, 429 or 5xx) is retried at once, then after about 1 s, 2 s and 4 s, each wait at least
/// the server's `Retry-After` (a longer `Retry-After` than ``ExponentialBackoff``'s `maxDelay`
/// fails at once, with the wait), and then the direction stays failed until
/// ``Paginator/retry()``; an error a retry cannot help (``PagingError/isRetryable`` is `false`)
/// latches at once. The retries so span about 7 s (5.6 s at the shortest jitter): a server
/// that restarts within that is waited for.
/// TanStack Query's default spans the same 7 s (3 retries after 1, 2 and 4 s), but it waits
/// 1 s before the first, retries every error, and without jitter; we retry at once because a
/// blip on a mobile network most
/// often heals within the next request, and a user scrolling fast reaches the end of the list
/// within a second (`paging-bench`'s flaky-network profile: 2.35 s at the spinner with a 1 s
/// first wait, 0.18 s with none). Android Paging 3 never retries by itself (``manual`` here).
/// Either way a failing page can never loop (rulebook R7, fault class 8).
public enum RetryPolicy: Hashable, Sendable {
  /// Never retry automatically; only ``Paginator/retry()`` does (Android Paging 3's way).
  case manual
  /// Retry retryable failures (see ``PagingError/isRetryable``) after a growing, jittered
  /// delay measured on the paginator's injected `Clock`, a bounded number of times in a row;
  /// after that the direction stays failed until ``Paginator/retry()``.
  case exponentialBackoff(ExponentialBackoff)
}

/// The delays of ``RetryPolicy/exponentialBackoff(_:)``: attempt *n* (1-based) waits
/// `min(maxDelay, initialDelay × multiplier^(n-1))`, spread by ±`jitter` of itself; with
/// `immediateFirstRetry`, attempt 1 goes at once and attempt *n* waits what attempt *n* - 1
/// would have. Every wait is at least the server's `Retry-After`; a `Retry-After` longer than
/// `maxDelay` is not retried at all: the load fails at once with
/// ``PagingError/retryAfterTooLong(wait:maxDelay:error:)``, which carries the wait.
///
/// The jitter comes from a seeded generator inside the state machine, so a run is
/// reproducible.
///
/// Every setting is given to
/// ``init(initialDelay:multiplier:maxDelay:maxAttempts:jitter:seed:immediateFirstRetry:)``,
/// as Android Paging 3's `PagingConfig` is built by its constructor; unlike its fields, they
/// cannot be read back, so that a new setting never widens what apps can read.
public struct ExponentialBackoff: Hashable, Sendable {
  /// ``PagingConfiguration``'s default: a transient failure is retried at once (a blip on a
  /// train heals before the user reaches the end of the list), then after about 1 s, 2 s and
  /// 4 s (±20 %), four attempts in all, spanning about 7 s: a server that restarts within that
  /// is waited for, as TanStack Query's three retries after 1, 2 and 4 s wait for it.
  public static var standard: ExponentialBackoff {
    ExponentialBackoff(maxAttempts: 4, immediateFirstRetry: true)
  }

  /// The delay before the first automatic retry (before the second with
  /// ``immediateFirstRetry``).
  package var initialDelay: Duration
  /// Whether the first automatic retry goes at once, the backoff starting with the second.
  package var immediateFirstRetry: Bool
  /// The factor between two successive delays (at least 1).
  package var multiplier: Double {
    didSet { multiplier = multiplier.isNaN ? 1 : max(1, multiplier) }
  }
  /// The longest delay, before jitter.
  package var maxDelay: Duration
  /// How many automatic retries run in a row before the direction stays failed (at least 0).
  package var maxAttempts: Int {
    didSet { maxAttempts = max(0, maxAttempts) }
  }
  /// The spread, as a fraction of the delay: 0.2 means ±20 %. Clamped to `0...1`.
  package var jitter: Double {
    didSet { jitter = min(1, max(0, jitter.isNaN ? 0 : jitter)) }
  }
  /// The seed of the jitter's random generator.
  package var seed: UInt64

  /// Creates a backoff schedule. Its defaults are TanStack Query's schedule (three retries,
  /// after about 1 s, 2 s and 4 s); ``standard``, the configuration's default, is this with
  /// `maxAttempts: 4` and `immediateFirstRetry: true`.
  /// - Parameters:
  ///   - initialDelay: The delay before the first automatic retry, before the second with
  ///     `immediateFirstRetry` (default 1 s).
  ///   - multiplier: The factor between two successive delays (default 2; at least 1).
  ///   - maxDelay: The longest delay, before jitter (default 30 s). A server's `Retry-After`
  ///     longer than this is not retried: the load fails at once with
  ///     ``PagingError/retryAfterTooLong(wait:maxDelay:error:)``.
  ///   - maxAttempts: How many automatic retries run in a row before the direction stays
  ///     failed (default 3; at least 0).
  ///   - jitter: The spread, as a fraction of the delay: 0.2 (the default) means ±20 %.
  ///     Clamped to `0...1`.
  ///   - seed: The seed of the jitter's random generator (default 0).
  ///   - immediateFirstRetry: Whether the first automatic retry goes at once, the backoff
  ///     starting with the second (default `false`; ``standard`` sets it).
  public init(
    initialDelay: Duration = .seconds(1), multiplier: Double = 2, maxDelay: Duration = .seconds(30),
    maxAttempts: Int = 3, jitter: Double = 0.2, seed: UInt64 = 0, immediateFirstRetry: Bool = false
  ) {
    self.immediateFirstRetry = immediateFirstRetry
    self.initialDelay = initialDelay
    self.multiplier = multiplier.isNaN ? 1 : max(1, multiplier)
    self.maxDelay = maxDelay
    self.maxAttempts = max(0, maxAttempts)
    self.jitter = min(1, max(0, jitter.isNaN ? 0 : jitter))
    self.seed = seed
  }

  /// The delay before automatic attempt `attempt`.
  /// - Parameters:
  ///   - attempt: The attempt's number, from 1.
  ///   - randomFraction: A number in `0..<1`; 0.5 gives the delay without jitter.
  /// - Returns: The delay, never negative.
  /// - Complexity: O(*a*) for attempt *a*; the loop stops once the delay reaches `maxDelay`.
  package func delay(forAttempt attempt: Int, randomFraction: Double) -> Duration {
    if immediateFirstRetry, attempt <= 1 { return .zero }
    var base = min(initialDelay, maxDelay)
    for _ in 1..<max(1, attempt - (immediateFirstRetry ? 1 : 0)) {
      guard base > .zero, base < maxDelay else { break }
      // Compared before multiplying: a product past `maxDelay` may not fit in a `Duration`
      // (a multiplier of 1e30 or infinity would trap).
      guard multiplier < maxDelay / base else {
        base = maxDelay
        break
      }
      base = base.saturatingMultiplied(by: multiplier)
    }
    let spread = 1 + jitter * (2 * randomFraction - 1)
    return max(.zero, base.saturatingMultiplied(by: spread))
  }

  /// The delay before automatic attempt `attempt` when the server asked for a wait: the
  /// backoff's delay, or the server's `Retry-After` when that is longer, so a retry never goes
  /// sooner than the server asked. The engine calls it only for a wait within ``maxDelay``: a
  /// longer one is not retried but fails with
  /// ``PagingError/retryAfterTooLong(wait:maxDelay:error:)``.
  /// - Parameters:
  ///   - attempt: The attempt's number, from 1.
  ///   - randomFraction: A number in `0..<1`; 0.5 gives the delay without jitter.
  ///   - retryAfter: The server's wait (``RetryableError/retryAfter``), or `nil`.
  /// - Returns: The delay, never negative.
  /// - Complexity: O(*a*) for attempt *a*; the loop stops once the delay reaches `maxDelay`.
  package func delay(forAttempt attempt: Int, randomFraction: Double, retryAfter: Duration?)
    -> Duration
  {
    let backoff = delay(forAttempt: attempt, randomFraction: randomFraction)
    guard let retryAfter, retryAfter > backoff else { return backoff }
    return retryAfter
  }

  /// Whether the server's wait is longer than ``maxDelay``: such a failure is not retried
  /// automatically but fails at once with ``PagingError/retryAfterTooLong(wait:maxDelay:error:)``
  /// (rulebook R7).
  /// - Parameter retryAfter: The server's wait, or `nil`.
  /// - Returns: `true` when `retryAfter` exceeds ``maxDelay``.
  package func waitsTooLong(_ retryAfter: Duration?) -> Bool {
    retryAfter.map { $0 > maxDelay } ?? false
  }
}

/// Identifies one scheduled automatic retry. Numbers start at 1 and grow by one per retry, so a
/// timer that fires for a retry no longer pending is recognised and ignored.
@usableFromInline
package struct RetryID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The retry's number.
  @usableFromInline package let rawValue: Int

  /// Creates a retry id from its number.
  /// - Parameter rawValue: The retry's number.
  @usableFromInline package init(rawValue: Int) { self.rawValue = rawValue }

  /// Orders ids by number, which is the order in which the retries were scheduled.
  @usableFromInline package static func < (lhs: RetryID, rhs: RetryID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `"retry "` followed by the number, for logs.
  @usableFromInline package var description: String { "retry \(rawValue)" }
}

/// An automatic retry that the state machine asks its driver to schedule: after ``delay`` on
/// the driver's clock, send ``PagingEvent/retryTimerFired(_:)`` with ``id``.
@usableFromInline
package struct ScheduledRetry: Hashable, Sendable {
  /// Identifies this retry; a timer whose id is no longer pending is ignored.
  package let id: RetryID
  /// The direction to retry.
  package let direction: LoadDirection
  /// The automatic attempt's number, from 1.
  package let attempt: Int
  /// How long to wait before retrying.
  package let delay: Duration

  /// Creates a scheduled retry.
  /// - Parameters:
  ///   - id: The retry's id.
  ///   - direction: The direction to retry.
  ///   - attempt: The attempt's number, from 1.
  ///   - delay: The wait before retrying.
  package init(id: RetryID, direction: LoadDirection, attempt: Int, delay: Duration) {
    self.id = id
    self.direction = direction
    self.attempt = attempt
    self.delay = delay
  }
}
