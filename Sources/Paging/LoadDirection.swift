/// Which end of the list a load fills: what Android's Paging 3 calls `LoadType` (`REFRESH`,
/// `APPEND`; prepend is not supported yet).
///
/// The engine keeps one ``LoadState`` and at most one load in flight per direction.
public enum LoadDirection: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Loads the first page of a new generation and replaces every item when it commits.
  case refresh
  /// Loads the page after the last loaded one and appends its items.
  case append

  /// `"refresh"` or `"append"`.
  public var description: String {
    switch self {
    case .refresh: "refresh"
    case .append: "append"
    }
  }
}
