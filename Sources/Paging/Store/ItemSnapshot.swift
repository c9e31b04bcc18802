/// A snapshot of the loaded items, in list order: what ``Paginator/items`` returns (the meaning
/// of Android Paging 3's `ItemSnapshotList`).
///
/// It is a value: a copy kept by a view (SwiftUI keeps the collection it last rendered) never
/// changes, whatever the paginator loads afterwards. Keeping one is cheap for the paginator
/// too: the items live in chunks of 1,024, the chunks in groups of 64, and a commit while a
/// copy is alive copies, at the end it grows, the one partly filled chunk, its group (64
/// references) and the array of groups (one reference per 65,536 items), never the other
/// items. (A plain array would copy all *n* items on every commit while a view holds the last
/// one.)
///
/// The chunks sit on two sides of a fixed point: appended items fill chunks forward from it,
/// prepended items fill chunks backward from it. Every chunk and group but the outermost on
/// each side is full, so finding the item at a position takes shifts and masks: O(1), with no
/// search.
///
/// It has no lookup by id; ``Paginator`` finds rows by id with its own index.
public struct ItemSnapshot<Item>: RandomAccessCollection {
  /// Items per chunk, log 2: 1,024 items per chunk.
  @inlinable package static var chunkShift: Int { 10 }
  /// Items per chunk: 1,024. A chunk is the most of the items a commit copies while a copy of
  /// the snapshot is alive (16 KB of 16-byte items).
  @inlinable package static var chunkCapacity: Int { 1 &<< chunkShift }
  /// `chunkCapacity - 1`: the offset of a slot within its chunk.
  @inlinable static var chunkMask: Int { chunkCapacity &- 1 }
  /// Chunks per group, log 2: 64 chunks (65,536 items) per group.
  @inlinable static var groupShift: Int { 6 }
  /// Chunks per group: 64.
  @inlinable package static var groupCapacity: Int { 1 &<< groupShift }
  /// `groupCapacity - 1`.
  @inlinable static var groupMask: Int { groupCapacity &- 1 }

  /// The appended side: slot `s ≥ 0` is offset `s`.
  @usableFromInline var back = Side()
  /// The prepended side, stored outwards: slot `s < 0` is offset `-s - 1`, so the first item
  /// of the list is the last item of this side.
  @usableFromInline var front = Side()

  /// The number of appended items (slots `0 ..< backCount`).
  /// - Complexity: O(1).
  @inlinable package var backCount: Int { back.count }
  /// The number of prepended items (slots `-frontCount ..< 0`).
  /// - Complexity: O(1).
  @inlinable package var frontCount: Int { front.count }

  /// Creates an empty snapshot.
  /// - Complexity: O(1).
  @inlinable package init() {}

  /// Creates a snapshot of `items`, in order.
  /// - Parameter items: The items.
  /// - Complexity: O(*m*) for *m* items.
  @inlinable package init<S: Sequence>(_ items: S) where S.Element == Item {
    append(contentsOf: items)
  }

  /// The position of the first item: 0.
  /// - Complexity: O(1).
  @inlinable public var startIndex: Int { 0 }

  /// One past the position of the last item: the number of items. (`count` and `isEmpty`
  /// are `RandomAccessCollection`'s, O(1) with these `Int` positions.)
  /// - Complexity: O(1).
  @inlinable public var endIndex: Int { frontCount &+ backCount }

  /// The item at `position`.
  /// - Parameter position: A position in `0 ..< count`; any other traps.
  /// - Complexity: O(1): shifts, masks and three array reads (group, chunk, item), no search.
  @inlinable public subscript(position: Int) -> Item {
    precondition(position >= 0 && position < endIndex, "ItemSnapshot index out of range")
    return self[slot: position &- frontCount]
  }

  /// The slot of the first item: `-frontCount`. The item at position `p` is in slot
  /// `p + firstSlot`; a slot never changes while the item stays (prepends add slots below).
  /// - Complexity: O(1).
  @inlinable package var firstSlot: Int { -frontCount }

  /// The item in `slot`, read or written in place.
  /// - Parameter slot: A slot in `firstSlot ..< backCount`; any other traps.
  /// - Complexity: O(1); writing copies the slot's chunk, its group and the array of groups
  ///   first when a copy of the snapshot shares them: O(`chunkCapacity` + `groupCapacity` +
  ///   groups on that side).
  @inlinable package subscript(slot slot: Int) -> Item {
    get { slot >= 0 ? back[slot] : front[~slot] }
    set {
      if slot >= 0 { back[slot] = newValue } else { front[~slot] = newValue }
    }
  }

  /// An empty chunk with room for ``chunkCapacity`` items.
  @inlinable static func newChunk() -> [Item] {
    var chunk: [Item] = []
    chunk.reserveCapacity(chunkCapacity)
    return chunk
  }

  /// Adds `item` after the last item, in slot `backCount`.
  /// - Parameter item: The item.
  /// - Complexity: O(1), amortised over the arrays' growth. When a copy of the snapshot is
  ///   alive, the first append after the copy copies the last chunk (at most `chunkCapacity`
  ///   items), its group (at most `groupCapacity` references) and the array of groups.
  @inlinable package mutating func append(_ item: Item) {
    back.push(CollectionOfOne(item))
  }

  /// Adds `item` before the first item, in slot `firstSlot - 1`.
  /// - Parameter item: The item.
  /// - Complexity: as ``append(_:)``, on the front side.
  @inlinable package mutating func prepend(_ item: Item) {
    front.push(CollectionOfOne(item))
  }

  /// Adds `items` after the last item, in order.
  /// - Parameter items: The items.
  /// - Complexity: O(*m* + `groupCapacity` + groups) for *m* items: when a copy is alive,
  ///   the last chunk, its group and the array of groups are copied once, never the other
  ///   items.
  @inlinable package mutating func append<S: Sequence>(contentsOf items: S)
  where S.Element == Item {
    if items.withContiguousStorageIfAvailable({ append(contentsOfBuffer: $0) }) == nil {
      Array(items).withUnsafeBufferPointer { append(contentsOfBuffer: $0) }
    }
  }

  /// Adds `items` after the last item, in order, a chunk at a time.
  /// - Parameter items: The items.
  /// - Complexity: as ``append(contentsOf:)``.
  @inlinable package mutating func append(contentsOfBuffer items: UnsafeBufferPointer<Item>) {
    back.push(items)
  }

  /// Adds `items` before the first item, in their order: the first of `items` becomes the
  /// first item.
  /// - Parameter items: The items.
  /// - Complexity: as ``append(contentsOf:)``, on the front side.
  @inlinable package mutating func prepend<S: Sequence>(contentsOf items: S)
  where S.Element == Item {
    if items.withContiguousStorageIfAvailable({ prepend(contentsOfBuffer: $0) }) == nil {
      Array(items).withUnsafeBufferPointer { prepend(contentsOfBuffer: $0) }
    }
  }

  /// Adds `items` before the first item, in their order, a chunk at a time.
  /// - Parameter items: The items.
  /// - Complexity: as ``append(contentsOf:)``.
  @inlinable package mutating func prepend(contentsOfBuffer items: UnsafeBufferPointer<Item>) {
    // The front side is stored outwards: the last of `items` goes in first.
    front.push(items.reversed())
  }

  /// Calls `body` with every item and its slot, in list order, chunk by chunk.
  /// - Parameter body: Called once per item.
  /// - Complexity: O(*n*).
  @inlinable package func forEachSlot(_ body: (Item, Int) throws -> Void) rethrows {
    var distance = frontCount
    for chunk in front.chunks.reversed() {
      for item in chunk.reversed() {
        distance &-= 1
        try body(item, ~distance)
      }
    }
    var slot = 0
    for chunk in back.chunks {
      for item in chunk {
        try body(item, slot)
        slot &+= 1
      }
    }
  }

  /// The items the chunks have room for: what the snapshot's storage takes, in items.
  /// - Complexity: O(chunks).
  package var allocatedCapacity: Int {
    front.chunks.reduce(0) { $0 + $1.capacity } + back.chunks.reduce(0) { $0 + $1.capacity }
  }

  /// Checks the layout: every chunk and group full but the outermost on each side, none
  /// empty, and the counts agree. For tests.
  /// - Returns: `nil` when the layout holds, else a description of the first fault.
  /// - Complexity: O(chunks).
  package func layoutViolation() -> String? {
    for (name, side) in [("back", back), ("front", front)] {
      let chunks = Array(side.chunks)
      if chunks.reduce(0, { $0 + $1.count }) != side.count {
        return
          "\(name) chunks hold \(chunks.reduce(0) { $0 + $1.count }) items, count \(side.count)"
      }
      let expected = (side.count &+ Self.chunkMask) &>> Self.chunkShift
      if chunks.count != expected {
        return "\(name) has \(chunks.count) chunks for \(side.count) items, expected \(expected)"
      }
      for (index, chunk) in chunks.enumerated()
      where index < chunks.count - 1 && chunk.count != Self.chunkCapacity {
        return "\(name) chunk \(index) of \(chunks.count) holds \(chunk.count) items"
      }
      for (index, group) in side.groups.enumerated()
      where group.isEmpty || (index < side.groups.count - 1 && group.count != Self.groupCapacity) {
        return "\(name) group \(index) of \(side.groups.count) holds \(group.count) chunks"
      }
    }
    return nil
  }
}

extension ItemSnapshot: Sendable where Item: Sendable {}

extension ItemSnapshot: Equatable where Item: Equatable {
  /// Two snapshots are equal when they hold equal items in the same order, however their
  /// chunks are laid out.
  /// - Complexity: O(*n*).
  @inlinable public static func == (lhs: ItemSnapshot, rhs: ItemSnapshot) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}
