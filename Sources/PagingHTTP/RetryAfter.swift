import Foundation

/// The value of an HTTP `Retry-After` header (RFC 9110 section 10.2.3): a delay in seconds or
/// an HTTP-date.
public enum RetryAfter: Sendable, Hashable, CustomStringConvertible {
  /// Retry after this many seconds.
  case seconds(Int)
  /// Retry at this time.
  case date(Date)

  /// Parses a field value: a non-negative integer of seconds (`1*DIGIT`: one too long for an
  /// `Int` waits ``maximumDelay``), or an HTTP-date in any of the three forms a recipient must
  /// accept (RFC 9110 section 5.6.7): an IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT`,
  /// the obsolete RFC 850 form `Sunday, 06-Nov-94 08:49:37 GMT` (a two-digit year more than 50
  /// years ahead is the past century's, as the RFC says) or the asctime form
  /// `Sun Nov  6 08:49:37 1994`.
  /// - Parameter fieldValue: The header's value.
  /// - Returns: `nil` for anything else.
  /// - Complexity: O(n) in the field value's length.
  public init?(fieldValue: String) {
    let value = fieldValue.trimmingCharacters(in: .whitespaces)
    if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    {
      self = .seconds(Int(value) ?? Self.maximumSeconds)
      return
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.isLenient = false
    // The RFC 850 form's two-digit year lies within 50 years of now.
    formatter.twoDigitStartDate = Date(timeIntervalSinceNow: -50 * 365.25 * 86_400)
    // asctime pads a one-digit day with a space: runs of spaces read as one.
    let spaced = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    for format in [
      "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'",
      "EEE MMM d HH:mm:ss yyyy",
    ] {
      formatter.dateFormat = format
      // `yyyy` reads "26" as the year 26: an HTTP-date is never before 1900.
      if let date = formatter.date(from: spaced), date.timeIntervalSince1970 >= -2_208_988_800 {
        self = .date(date)
        return
      }
    }
    return nil
  }

  /// How long to wait from `now`: never negative, and at most ``maximumDelay`` (a date
  /// centuries away, or a `Date` that is not finite, never traps).
  /// - Parameter now: The current time (pass the response's `Date` header for a server's
  ///   view of it).
  /// - Returns: The delay, in `0...maximumDelay`.
  public func delay(from now: Date) -> Duration {
    switch self {
    case .seconds(let seconds):
      return .seconds(min(max(0, seconds), Self.maximumSeconds))
    case .date(let date):
      let milliseconds = (date.timeIntervalSince(now) * 1000).rounded()
      guard milliseconds.isFinite, milliseconds > 0 else { return .zero }
      return .milliseconds(Int(min(milliseconds, Double(Self.maximumSeconds) * 1000)))
    }
  }

  /// The longest delay ``delay(from:)`` returns: 100 years, far past any retry policy's
  /// `maxDelay`, and small enough that a clock's deadline never overflows.
  public static let maximumDelay = Duration.seconds(maximumSeconds)

  private static let maximumSeconds = 100 * 365 * 24 * 3600

  /// `120 s` or the date.
  public var description: String {
    switch self {
    case .seconds(let seconds): "\(seconds) s"
    case .date(let date): "\(date)"
    }
  }
}
