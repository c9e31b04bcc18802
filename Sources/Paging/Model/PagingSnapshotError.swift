/// Why a ``PagingSnapshot`` could not be restored. The paginator then starts empty; nothing
/// crashes. Messages name types and versions only, never the snapshot's contents.
public enum PagingSnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The data is not a snapshot this version can read (corrupt, truncated, or not JSON).
  case unreadable
  /// The snapshot was written in another format version.
  case unsupportedFormat(Int)
  /// The snapshot holds other item or cursor types than the paginator's (`found` and
  /// `expected` are the type names, as `"Item, Cursor"`).
  case otherTypes(expected: String, found: String)
  /// The snapshot belongs to a list with another ``PagingConfiguration/initialCursor``.
  case otherList
  /// The snapshot's pages and chains disagree (a page list without chains).
  case inconsistent

  /// A sentence for logs.
  public var description: String {
    switch self {
    case .unreadable: "the list snapshot does not decode"
    case .unsupportedFormat(let version): "the list snapshot has format \(version), not 1"
    case .otherTypes(let expected, let found):
      "the list snapshot holds \(found), not \(expected)"
    case .otherList: "the list snapshot belongs to a list opened at another initial cursor"
    case .inconsistent: "the list snapshot's pages and chains disagree"
    }
  }
}
