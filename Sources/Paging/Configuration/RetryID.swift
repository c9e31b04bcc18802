/// Identifies one scheduled automatic retry. Numbers start at 1 and grow by one per retry, so a
/// timer that fires for a retry no longer pending is recognised and ignored.
public struct RetryID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The retry's number.
  public let rawValue: Int

  /// Creates a retry id from its number.
  /// - Parameter rawValue: The retry's number.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Orders ids by number, which is the order in which the retries were scheduled.
  public static func < (lhs: RetryID, rhs: RetryID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `"retry "` followed by the number, for logs.
  public var description: String { "retry \(rawValue)" }
}
