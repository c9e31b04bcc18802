/// Identifies one request for a page. Numbers start at 1 and grow by one per request, across
/// generations, so a larger id is always a later request.
public struct PageRequestID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The request's number.
  public let rawValue: Int

  /// Creates a request id from its number.
  /// - Parameter rawValue: The request's number.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Orders ids by number, which is the order in which the requests were made.
  public static func < (lhs: PageRequestID, rhs: PageRequestID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `"#"` followed by the number, for logs.
  public var description: String { "#\(rawValue)" }
}
