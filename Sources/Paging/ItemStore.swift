/// The loaded items: an array in list order plus a map from id to position, so that finding a
/// row by id is O(1) (fault class 16: `firstIndex(where:)` on every `onAppear` is O(n)).
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
  public private(set) var elements: [Item] = []
  private var positions: [Item.ID: Int] = [:]

  /// Creates an empty store.
  public init() {}

  /// Creates a store from items, de-duplicated by id.
  /// - Parameters:
  ///   - items: The items in order.
  ///   - policy: What to do with a repeated id (default: keep the first).
  /// - Complexity: O(*n*).
  public init<S: Sequence>(_ items: S, policy: DuplicatePolicy = .keepFirst)
  where S.Element == Item {
    append(contentsOf: items, policy: policy)
  }

  /// The position of the first item.
  public var startIndex: Int { 0 }
  /// One past the position of the last item.
  public var endIndex: Int { elements.count }

  /// The item at `position`.
  /// - Parameter position: A valid position, from 0.
  public subscript(position: Int) -> Item { elements[position] }

  /// The position of the item with `id`, or `nil`.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average (one hash lookup).
  public func position(of id: Item.ID) -> Int? { positions[id] }

  /// The item with `id`, or `nil`.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average.
  public subscript(id id: Item.ID) -> Item? {
    positions[id].map { elements[$0] }
  }

  /// Whether an item with `id` is present.
  /// - Parameter id: An item id.
  /// - Complexity: O(1) on average.
  public func contains(id: Item.ID) -> Bool { positions[id] != nil }

  /// Appends items whose ids are new; repeated ids follow `policy`, also within `items`.
  /// - Parameters:
  ///   - items: The items in order.
  ///   - policy: Keep the item already present, or replace it in place.
  /// - Returns: How many were inserted, dropped and replaced.
  /// - Complexity: O(*m*) on average for *m* new items, independent of the store's size
  ///   (amortised over the array's and the map's growth), when the store's storage is not
  ///   shared. A copy held elsewhere (a `let` snapshot, a view that keeps the old value) makes
  ///   the next append copy the storage first: O(*n*), as with any Swift array.
  @discardableResult
  public mutating func append<S: Sequence>(contentsOf items: S, policy: DuplicatePolicy)
    -> InsertionResult
  where S.Element == Item {
    var result = InsertionResult()
    for item in items {
      let next = elements.count
      if let existing = positions.updateValue(next, forKey: item.id) {
        positions[item.id] = existing
        if policy == .replace {
          elements[existing] = item
          result.replaced += 1
        } else {
          result.dropped += 1
        }
      } else {
        elements.append(item)
        result.inserted += 1
      }
    }
    return result
  }

  /// Replaces every item in one step, de-duplicating `items` by `policy`.
  /// - Parameters:
  ///   - items: The new items in order.
  ///   - policy: What to do with an id repeated within `items`.
  /// - Returns: How many were inserted, dropped and replaced.
  /// - Complexity: O(*n* + *m*): the old items are released.
  @discardableResult
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
    if positions.count != elements.count {
      return "map has \(positions.count) ids for \(elements.count) items"
    }
    for (position, item) in elements.enumerated() where positions[item.id] != position {
      return "item at \(position) maps to \(String(describing: positions[item.id]))"
    }
    return nil
  }
}

extension ItemStore: Sendable where Item: Sendable, Item.ID: Sendable {}

extension ItemStore: Equatable where Item: Equatable {
  /// Two stores are equal when they hold equal items in the same order.
  public static func == (lhs: ItemStore, rhs: ItemStore) -> Bool { lhs.elements == rhs.elements }
}
