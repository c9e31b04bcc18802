/// The list at its full length: the placeholders before the loaded rows, the loaded rows
/// (``Paginator/items``), and the placeholders after them (``Paginator/rows``).
///
/// A source that counts the rows around its pages (``Page/itemsBefore``, ``Page/itemsAfter``)
/// makes the list as long as the source's list from the first screen, as Android Paging 3 does
/// with placeholders on: the scroll bar is true, and the user can drag it anywhere. A source
/// that counts nothing gives no placeholder, and the rows are the items.
///
/// The placeholders are computed, never stored: the collection holds the items' snapshot and
/// two counts, so a list of ten million rows with a thousand loaded costs what the thousand
/// cost. SwiftUI's `List` may still walk every id once; that costs time, not memory.
///
/// The counts are the source's rows, before any display filter (rulebook R31): a filter hides
/// loaded rows only, since a row not loaded cannot be tested.
public struct PagingRows<Item: Identifiable & Sendable>: RandomAccessCollection, Sendable
where Item.ID: Sendable {
  /// The loaded rows, as ``Paginator/items`` gives them.
  public let items: ItemSnapshot<Item>
  /// How many placeholders come before the loaded rows.
  public let placeholdersBefore: Int
  /// How many placeholders come after the loaded rows.
  public let placeholdersAfter: Int
  /// The loaded rows the filter hides: an after-placeholder's position in the source's list
  /// counts them.
  @usableFromInline let hiddenRows: Int

  /// Creates rows from the loaded items and the placeholders around them. The counts are
  /// clamped so that the whole fits an `Int`.
  /// - Parameters:
  ///   - items: The loaded rows shown.
  ///   - placeholdersBefore: Placeholders before them (negative counts as 0).
  ///   - placeholdersAfter: Placeholders after them (negative counts as 0).
  ///   - hiddenRows: Loaded rows the filter hides (default 0).
  package init(
    items: ItemSnapshot<Item>, placeholdersBefore: Int = 0, placeholdersAfter: Int = 0,
    hiddenRows: Int = 0
  ) {
    self.items = items
    let before = Swift.min(Swift.max(0, placeholdersBefore), Int.max - items.count)
    self.placeholdersBefore = before
    self.placeholdersAfter = Swift.min(
      Swift.max(0, placeholdersAfter), Int.max - items.count - before)
    self.hiddenRows = Swift.max(0, hiddenRows)
  }

  /// Position 0.
  @inlinable public var startIndex: Int { 0 }

  /// The number of rows: placeholders and loaded rows.
  @inlinable public var endIndex: Int { placeholdersBefore + items.count + placeholdersAfter }

  /// The row at `position`: a placeholder or a loaded item.
  /// - Parameter position: A position from 0 to `count - 1`.
  /// - Complexity: O(1).
  @inlinable public subscript(position: Int) -> PagingRow<Item> {
    if position < placeholdersBefore { return .placeholder(position: position) }
    let loaded = position - placeholdersBefore
    if loaded < items.count { return .item(items[loaded]) }
    // Saturating: the rows the filter hides are in the source's list too.
    return .placeholder(position: position.saturatingAdding(hiddenRows))
  }

  /// The position in this collection of the row with `id`, for a scroll to it: a
  /// placeholder's is read off its id, an item's is looked up in the loaded rows.
  /// - Parameter id: A row's id.
  /// - Returns: The position, or `nil` when no row has that id.
  /// - Complexity: O(1) for a placeholder; O(*n*) for an item (use
  ///   ``Paginator/position(of:)`` for an O(1) lookup).
  public func position(of id: PagingRowID<Item.ID>) -> Int? {
    switch id {
    case .placeholder(let position):
      if position >= 0, position < placeholdersBefore { return position }
      let start = placeholdersBefore + items.count
      // Saturating: any position a caller passes is answered (hiddenRows is never negative).
      let after = position.saturatingAdding(-hiddenRows)
      return after >= start && after < endIndex ? after : nil
    case .item(let id):
      return items.firstIndex { $0.id == id }.map { $0 + placeholdersBefore }
    }
  }
}
