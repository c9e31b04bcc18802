/// A row of ``PagingRows``: a loaded item, or a placeholder for a row the source counted but
/// the list has not loaded (Android Paging 3's `null` item with placeholders on).
///
/// ```swift
/// List(feed.rows) { row in
///   switch row {
///   case .item(let post): PostRow(post)
///   case .placeholder: PostRow.placeholder.redacted(reason: .placeholder)
///   }
/// }
/// ```
public enum PagingRow<Item: Identifiable & Sendable>: Identifiable, Sendable
where Item.ID: Sendable {
  /// A loaded item.
  case item(Item)
  /// A row not loaded, at this position in the source's list (from 0).
  case placeholder(position: Int)

  /// The row's id: the item's, or the placeholder's position (``PagingRowID``).
  public var id: PagingRowID<Item.ID> {
    switch self {
    case .item(let item): .item(item.id)
    case .placeholder(let position): .placeholder(position)
    }
  }

  /// The loaded item, or `nil` for a placeholder.
  public var item: Item? {
    if case .item(let item) = self { return item }
    return nil
  }
}

extension PagingRow: Equatable where Item: Equatable {}
extension PagingRow: Hashable where Item: Hashable {}
