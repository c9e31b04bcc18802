/// The id of a row of ``PagingRows``: a loaded item's id, or a placeholder's position.
///
/// A placeholder's id is the position of the row it stands for in the source's list, as the
/// counts of the pages place it (``Page/itemsBefore``), so it stays the same while pages load
/// around it; the row's item, once loaded, has its own id, and SwiftUI shows it as a new row.
public enum PagingRowID<ID: Hashable & Sendable>: Hashable, Sendable {
  /// A loaded item, by its id.
  case item(ID)
  /// A placeholder, by the position of the row it stands for in the source's list (from 0).
  case placeholder(Int)
}
