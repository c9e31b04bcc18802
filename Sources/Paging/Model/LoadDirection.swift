/// Which part of the list a load fills: Android Paging 3's `LoadType` (`REFRESH`, `PREPEND`,
/// `APPEND`).
///
/// The engine keeps one ``LoadState`` and at most one load in flight per direction; a refresh
/// cancels the other two.
public enum LoadDirection: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Loads the first page of a new generation (at the initial cursor, or the one given to
  /// ``Paginator/start(at:)``) and replaces every item when it commits.
  case refresh
  /// Loads the page before the first loaded one (towards the top: older messages in a chat) and
  /// puts its items before the first item.
  case prepend
  /// Loads the page after the last loaded one and appends its items.
  case append

  /// `"refresh"`, `"prepend"` or `"append"`.
  public var description: String {
    switch self {
    case .refresh: "refresh"
    case .prepend: "prepend"
    case .append: "append"
    }
  }
}
