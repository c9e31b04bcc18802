/// The display filter, a layer over the window: the predicate and the window's rows it accepts,
/// in window order, with their own id index, so that the row signals and ``PagingStateMachine/items``
/// read the shown rows in O(1) while the window (and its page table) keeps every loaded row.
@usableFromInline
package struct FilterLayer<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// Whether an item is shown.
  package let predicate: @Sendable (Item) -> Bool
  /// The rows of the window the predicate accepts, in window order.
  @usableFromInline package internal(set) var shown: ItemStore<Item>

  /// The layer of `predicate` over `window`.
  /// - Complexity: O(*n*) for *n* rows in the window.
  init(_ predicate: @escaping @Sendable (Item) -> Bool, over window: ItemStore<Item>) {
    self.predicate = predicate
    shown = ItemStore(window.items.filter(predicate))
  }

  /// Filters `window` again, after rows changed in it other than at an edge.
  /// - Complexity: O(*n*) for *n* rows in the window.
  mutating func rebuild(over window: ItemStore<Item>) {
    shown = ItemStore()
    shown = ItemStore(window.items.filter(predicate))
  }

  /// How many of `window`'s rows in `range` are shown.
  /// - Complexity: O(`range.count`).
  func shownCount(in range: Range<Int>, of window: ItemStore<Item>) -> Int {
    range.reduce(0) { $0 + (shown.contains(id: window[$1].id) ? 1 : 0) }
  }
}
