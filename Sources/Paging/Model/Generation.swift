/// A number that grows by one every time a refresh begins: the first load, every `refresh()`,
/// and every retry of a failed refresh (so the first load is generation 1, and a first load
/// retried once commits in generation 2).
///
/// Every request carries the generation it was made in. A result whose generation is not the
/// current one is dropped, items and cursor together, so a slow load that started before a
/// refresh can never overwrite the refreshed list. While a refresh runs, or after one failed,
/// the items shown still come from the previous generation.
public struct Generation: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The generation's number; 0 before the first load.
  public let rawValue: Int

  /// Creates a generation from its number.
  /// - Parameter rawValue: The generation's number.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The generation after this one.
  public var next: Generation { Generation(rawValue: rawValue + 1) }

  /// Orders generations by number.
  public static func < (lhs: Generation, rhs: Generation) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `"g"` followed by the number, for logs.
  public var description: String { "g\(rawValue)" }
}
