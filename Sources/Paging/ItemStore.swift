/// The loaded items: an array in list order plus an index from id to position, so that finding a
/// row by id is O(1) (fault class 16: `firstIndex(where:)` on every `onAppear` is O(n)).
///
/// The index stores only positions and 8-bit fingerprints, in bit-packed buckets (see
/// `PositionTable`), so the store costs the items' array plus 4.8 to 6.0 bytes per item at 1
/// million items. Its methods are
/// `@inlinable` so that they specialise for the client's item type.
///
/// Ids are unique: every insertion goes through a ``DuplicatePolicy``. Positions are stable
/// between refreshes, since items are only appended (or replaced in place).
public struct ItemStore<Item: Identifiable>: RandomAccessCollection {
  /// What an insertion did.
  public struct InsertionResult: Hashable, Sendable {
    /// Items added at the end.
    public var inserted = 0
    /// Items dropped because their id was already present (``DuplicatePolicy/keepFirst``).
    public var dropped = 0
    /// Items that replaced the item with the same id in place (``DuplicatePolicy/replace``).
    public var replaced = 0

    /// Creates a result.
    /// - Parameters:
    ///   - inserted: Items added.
    ///   - dropped: Items dropped as duplicates.
    ///   - replaced: Items replaced in place.
    public init(inserted: Int = 0, dropped: Int = 0, replaced: Int = 0) {
      self.inserted = inserted
      self.dropped = dropped
      self.replaced = replaced
    }
  }

  /// The items in list order.
  @inlinable public var elements: [Item] { storage }

  /// The items in list order (the storage behind ``elements``).
  @usableFromInline var storage: [Item] = []
  /// The id index: for every item, a bucket holding its position in ``storage``.
  @usableFromInline var table = PositionTable()

  /// Creates an empty store.
  @inlinable public init() {}

  /// Creates a store from items, de-duplicated by id.
  /// - Parameters:
  ///   - items: The items in order.
  ///   - policy: What to do with a repeated id (default: keep the first).
  /// - Complexity: O(*n*).
  @inlinable
  public init<S: Sequence>(_ items: S, policy: DuplicatePolicy = .keepFirst)
  where S.Element == Item {
    append(contentsOf: items, policy: policy)
  }

  /// The position of the first item.
  @inlinable public var startIndex: Int { 0 }
  /// One past the position of the last item.
  @inlinable public var endIndex: Int { storage.count }

  /// The item at `position`.
  /// - Parameter position: A valid position, from 0.
  @inlinable public subscript(position: Int) -> Item { storage[position] }

  /// The position of the item with `id`, or `nil`.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average (one hash and, at most 3/4 full, a few probes).
  @inlinable public func position(of id: Item.ID) -> Int? {
    find(id).position
  }

  /// The position of the item with `id`, or `nil`, checking the neighbours of `hint` first: a
  /// scrolling list shows the row after (or before) the one it showed last, and comparing two
  /// ids in the array costs less than hashing, and far less than a cache miss in a large index.
  /// - Parameters:
  ///   - id: An item id.
  ///   - hint: A position, usually the last one looked up; any value is safe.
  /// - Complexity: O(1) on average.
  @inlinable func position(of id: Item.ID, near hint: Int) -> Int? {
    let next = hint &+ 1
    if next >= 0, next < storage.count, storage[next].id == id { return next }
    let previous = hint &- 1
    if previous >= 0, previous < storage.count, storage[previous].id == id { return previous }
    return find(id).position
  }

  /// The item with `id`, or `nil`.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average.
  @inlinable public subscript(id id: Item.ID) -> Item? {
    position(of: id).map { storage[$0] }
  }

  /// Whether an item with `id` is present.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average.
  @inlinable public func contains(id: Item.ID) -> Bool { position(of: id) != nil }

  /// The size of the id index in bytes: `log2(n) + 9` bits per bucket, 4/3 to 5/3 buckets per
  /// item (4.8 to 6.0 MB at 1 million items). The items themselves take
  /// `elements.capacity × MemoryLayout<Item>.stride` more.
  public var indexByteCount: Int { table.byteCount }

  /// Appends items whose ids are new; repeated ids follow `policy`, also within `items`.
  /// - Parameters:
  ///   - items: The items in order.
  ///   - policy: Keep the item already present, or replace it in place.
  /// - Returns: How many were inserted, dropped and replaced.
  /// - Complexity: O(*m*) on average for *m* new items, independent of the store's size
  ///   (amortised over the array's and the index's growth, which rebuild in O(*n*)), when the
  ///   store's storage is not shared. A copy held elsewhere (a `let` snapshot, a view that
  ///   keeps the old value) makes the next append copy the storage first: O(*n*), as with any
  ///   Swift array.
  @inlinable @discardableResult
  public mutating func append<S: Sequence>(contentsOf items: S, policy: DuplicatePolicy)
    -> InsertionResult
  where S.Element == Item {
    reserve(storage.count + items.underestimatedCount)
    if let result = items.withContiguousStorageIfAvailable({ append($0, policy: policy) }) {
      return result
    }
    var result = InsertionResult()
    for item in items {
      insert(item, hashValue: item.id.hashValue, homeContent: nil, policy: policy, into: &result)
    }
    return result
  }

  /// Replaces every item in one step, de-duplicating `items` by `policy`.
  /// - Parameters:
  ///   - items: The new items in order.
  ///   - policy: What to do with an id repeated within `items`.
  /// - Returns: How many were inserted, dropped and replaced.
  /// - Complexity: O(*n* + *m*): the old items are released.
  @inlinable @discardableResult
  public mutating func replaceAll<S: Sequence>(with items: S, policy: DuplicatePolicy)
    -> InsertionResult
  where S.Element == Item {
    var fresh = ItemStore()
    let result = fresh.append(contentsOf: items, policy: policy)
    self = fresh
    return result
  }

  /// Checks that every id is unique and that the map and the array agree. For tests.
  /// - Returns: `nil` when the store is consistent, else a description of the first fault.
  /// - Complexity: O(*n*).
  public func invariantViolation() -> String? {
    let stored = (0..<table.bucketCount).map(table.content(of:)).filter { $0 != 0 }
    if stored.count != storage.count {
      return "index has \(stored.count) positions for \(storage.count) items"
    }
    if storage.count > table.capacity {
      return "index holds \(storage.count) items, more than its capacity \(table.capacity)"
    }
    for (position, item) in storage.enumerated() where self.position(of: item.id) != position {
      return "item at \(position) maps to \(String(describing: self.position(of: item.id)))"
    }
    return nil
  }
}

extension ItemStore: Sendable where Item: Sendable, Item.ID: Sendable {}

extension ItemStore: Equatable where Item: Equatable {
  /// Two stores are equal when they hold equal items in the same order.
  public static func == (lhs: ItemStore, rhs: ItemStore) -> Bool { lhs.elements == rhs.elements }
}
