// In-place replacement of one item, for local edits.

extension ItemStore {
  /// Replaces the item with `item`'s id by `item`, in place.
  /// - Parameter item: The new value.
  /// - Returns: Whether an item with that id was present (if not, nothing changes).
  /// - Complexity: O(1) on average; with a copy of ``items`` alive, the copy of one chunk and
  ///   its group (see ``ItemSnapshot``).
  @discardableResult
  package mutating func replace(_ item: Item) -> Bool {
    guard let slot = find(item.id).slot else { return false }
    snapshot[slot: slot] = item
    return true
  }
}
