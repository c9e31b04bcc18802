/// The loaded items, as an ``ItemSnapshot`` in list order, plus an index from id to the chunk
/// that holds the item, so that finding a row by id is O(1) (fault class 16:
/// `firstIndex(where:)` on every `onAppear` is O(n)).
///
/// The index sits outside the snapshot: the state machine hands out ``items`` (a view keeps
/// the copy it last rendered), and the index, which nobody else holds, stays uniquely
/// referenced and is updated in place. The snapshot then copies at most one group of chunk
/// references per commit, and one chunk per edit (see ``ItemSnapshot``).
///
/// The index stores chunk handles, not positions: a commit's items go into new chunks, and an
/// edit moves items only inside the chunk of its row, so an insert or a remove rewrites one
/// bucket and the chunk, never the positions after it: O(chunk). Handles are stored with 8-bit
/// fingerprints in bit-packed buckets (see `PositionTable`), so the store costs the items plus
/// about 5 bytes per item at 1 million items, and one chunk's array header per page. Its
/// methods are `@inlinable` so that they specialise for the client's item type.
///
/// Ids are unique: every insertion goes through a ``DuplicatePolicy``.
@usableFromInline
package struct ItemStore<Item: Identifiable> {
  /// What an insertion did.
  @usableFromInline
  package struct InsertionResult: Hashable, Sendable {
    /// Items added.
    @usableFromInline package var inserted = 0
    /// Items dropped because their id was already present (``DuplicatePolicy/keepFirst``).
    @usableFromInline package var dropped = 0
    /// Items that replaced the item with the same id in place (``DuplicatePolicy/replace``).
    @usableFromInline package var replaced = 0

    /// Creates a result.
    /// - Parameters:
    ///   - inserted: Items added.
    ///   - dropped: Items dropped as duplicates.
    ///   - replaced: Items replaced in place.
    @inlinable package init(inserted: Int = 0, dropped: Int = 0, replaced: Int = 0) {
      self.inserted = inserted
      self.dropped = dropped
      self.replaced = replaced
    }
  }

  /// The items in list order: what ``Paginator/items`` hands out.
  /// - Complexity: O(1) (a copy shares the chunks).
  @inlinable package var items: ItemSnapshot<Item> { snapshot }
  /// The storage behind ``items``, written only with the index.
  @usableFromInline var snapshot = ItemSnapshot<Item>()
  /// The id index: for every item, a bucket holding the handle of its chunk in ``items``.
  @usableFromInline var table = PositionTable()

  /// Creates an empty store.
  /// - Complexity: O(1).
  @inlinable package init() {}

  /// Creates a store from items, de-duplicated by id.
  /// - Parameters:
  ///   - items: The items in order.
  ///   - policy: What to do with a repeated id (default: keep the first).
  /// - Complexity: O(*m*) on average for *m* items.
  @inlinable
  package init<S: Sequence>(_ items: S, policy: DuplicatePolicy = .keepFirst)
  where S.Element == Item {
    append(contentsOf: items, policy: policy)
  }

  /// The number of items.
  /// - Complexity: O(1).
  @inlinable package var count: Int { snapshot.count }

  /// Whether there are no items.
  /// - Complexity: O(1).
  @inlinable package var isEmpty: Bool { snapshot.isEmpty }

  /// The valid positions, `0 ..< count`.
  /// - Complexity: O(1).
  @inlinable package var indices: Range<Int> { 0..<snapshot.count }

  /// The item at `position`.
  /// - Parameter position: A position in `0 ..< count`; any other traps.
  /// - Complexity: O(1).
  @inlinable package subscript(position: Int) -> Item { snapshot[position] }

  /// The position of the item with `id`, or `nil`.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average (one hash and, at most 3/4 full, a few probes).
  @inlinable package func position(of id: Item.ID) -> Int? {
    guard let place = find(id).place else { return nil }
    return snapshot.startPosition(ofChunk: place.chunk) &+ place.index
  }

  /// The position of the item with `id` and where it sits, or `nil`, checking the neighbours
  /// of `hint` first: a scrolling list shows the row after (or before) the one it showed last,
  /// and comparing two ids costs less than hashing, and far less than a cache miss in a large
  /// index.
  /// - Parameters:
  ///   - id: An item id.
  ///   - hint: Where the last row looked up sat; any value is safe (it is checked by id).
  /// - Complexity: O(1) on average.
  @inlinable package func position(of id: Item.ID, near hint: ItemPlace)
    -> (position: Int, place: ItemPlace)?
  {
    // Most often the row after (or before) the last one, in the same chunk: one read of it.
    switch snapshot.neighbour(of: id, besides: hint) {
    case .found(let index):
      return (
        snapshot.startPosition(ofChunk: hint.chunk) &+ index,
        ItemPlace(chunk: hint.chunk, index: index)
      )
    case .atEdge:
      // The row before or after may start or end the chunk beside.
      if let next = snapshot.place(after: hint), snapshot[chunk: next.chunk, next.index].id == id {
        return (snapshot.startPosition(ofChunk: next.chunk) &+ next.index, next)
      }
      if let previous = snapshot.place(before: hint),
        snapshot[chunk: previous.chunk, previous.index].id == id
      {
        return (snapshot.startPosition(ofChunk: previous.chunk) &+ previous.index, previous)
      }
    case .elsewhere:
      break
    }
    guard let place = find(id).place else { return nil }
    let found = ItemPlace(chunk: place.chunk, index: place.index)
    return (snapshot.startPosition(ofChunk: place.chunk) &+ place.index, found)
  }

  /// The item with `id`, or `nil`.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average.
  @inlinable package subscript(id id: Item.ID) -> Item? {
    find(id).place.map { snapshot[chunk: $0.chunk, $0.index] }
  }

  /// Whether an item with `id` is present.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average.
  @inlinable package func contains(id: Item.ID) -> Bool { find(id).place != nil }

  /// The size of the id index in bytes: `log2(chunks) + 10` bits per bucket, 4/3 to 5/3
  /// buckets per item (4.2 to 5.2 MB at 1 million items in pages of 50). The items themselves
  /// take `items.allocatedCapacity × MemoryLayout<Item>.stride` more.
  /// - Complexity: O(1).
  package var indexByteCount: Int { table.byteCount }

  /// Appends items whose ids are new, after the last item; repeated ids follow `policy`, also
  /// within `items`.
  /// - Parameters:
  ///   - items: The items in order.
  ///   - policy: Keep the item already present, or replace it in place.
  /// - Returns: How many were inserted, dropped and replaced.
  /// - Complexity: O(*m*) on average for *m* new items, independent of the store's size
  ///   (amortised over the index's growth, which rebuilds it in O(*n*)). When a copy of
  ///   ``items`` is alive, it adds the copy of one chunk, its group and the array of groups:
  ///   see ``ItemSnapshot``.
  @inlinable @discardableResult
  package mutating func append<S: Sequence>(contentsOf items: S, policy: DuplicatePolicy)
    -> InsertionResult
  where S.Element == Item {
    insert(contentsOf: items, atFront: false, policy: policy)
  }

  /// Puts items whose ids are new before the first item, in their order (the first of `items`
  /// becomes the first item); repeated ids follow `policy`, also within `items` (the first
  /// occurrence in `items` is the one kept, or replaced in place).
  /// - Parameters:
  ///   - items: The items in server order.
  ///   - policy: Keep the item already present, or replace it in place.
  /// - Returns: How many were inserted, dropped and replaced.
  /// - Complexity: O(*m*) on average for *m* new items: the items already loaded keep their
  ///   slots, so nothing is renumbered. A copy of ``items`` alive adds the copy of one chunk,
  ///   its group and the array of groups.
  @inlinable @discardableResult
  package mutating func prepend<S: Sequence>(contentsOf items: S, policy: DuplicatePolicy)
    -> InsertionResult
  where S.Element == Item {
    insert(contentsOf: items, atFront: true, policy: policy)
  }

  /// ``append(contentsOf:policy:)`` or ``prepend(contentsOf:policy:)``: the items from
  /// contiguous memory, copied into an array first when the sequence has none.
  @inlinable
  mutating func insert<S: Sequence>(contentsOf items: S, atFront: Bool, policy: DuplicatePolicy)
    -> InsertionResult
  where S.Element == Item {
    if let result = items.withContiguousStorageIfAvailable({
      insert($0, atFront: atFront, policy: policy)
    }) {
      return result
    }
    return Array(items).withUnsafeBufferPointer { insert($0, atFront: atFront, policy: policy) }
  }

  /// Replaces every item in one step, de-duplicating `items` by `policy`.
  /// - Parameters:
  ///   - items: The new items in order.
  ///   - policy: What to do with an id repeated within `items`.
  /// - Returns: How many were inserted, dropped and replaced.
  /// - Complexity: O(*n* + *m*): the old items are released (or left to a copy that holds
  ///   them).
  @inlinable @discardableResult
  package mutating func replaceAll<S: Sequence>(with items: S, policy: DuplicatePolicy)
    -> InsertionResult
  where S.Element == Item {
    self = ItemStore()
    return append(contentsOf: items, policy: policy)
  }

  /// Checks that every id is unique and that the index and the items agree. For tests.
  /// - Returns: `nil` when the store is consistent, else a description of the first fault.
  /// - Complexity: O(*n*).
  package func invariantViolation() -> String? {
    if let layout = snapshot.layoutViolation() { return layout }
    let stored = (0..<table.bucketCount).map(table.content(of:)).filter {
      $0 != 0 && $0 != PositionTable.tombstone
    }
    if stored.count != snapshot.count {
      return "index has \(stored.count) entries for \(snapshot.count) items"
    }
    if table.used > table.capacity {
      return "index holds \(table.used) entries, more than its capacity \(table.capacity)"
    }
    for (position, item) in snapshot.enumerated() where self.position(of: item.id) != position {
      return "item at \(position) maps to \(String(describing: self.position(of: item.id)))"
    }
    return nil
  }
}

extension ItemStore: Sendable where Item: Sendable {}

extension ItemStore: Equatable where Item: Equatable {
  /// Two stores are equal when they hold equal items in the same order.
  /// - Complexity: O(*n*).
  @usableFromInline package static func == (lhs: ItemStore, rhs: ItemStore) -> Bool {
    lhs.snapshot == rhs.snapshot
  }
}
