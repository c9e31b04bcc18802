/// A snapshot of the loaded items, in list order: what ``Paginator/items`` returns (the meaning
/// of Android Paging 3's `ItemSnapshotList`).
///
/// It is a value: a copy kept by a view (SwiftUI keeps the collection it last rendered) never
/// changes, whatever the paginator loads afterwards. Keeping one is cheap for the paginator
/// too: the items live in chunks of at most 64 (a page's items take one chunk or more, never a
/// chunk another page uses), the chunks in groups of 64, and a commit while a copy is alive
/// copies the outermost group's chunk references and counts and the arrays of groups, never
/// the items; an edit copies the chunk it changes. (A plain array would copy all *n* items on
/// every commit and every edit while a view holds the last one.)
///
/// The chunks sit on two sides of a fixed point: appended pages add chunks forward from it,
/// prepended pages backward from it. A chunk holds any number of items (an edit inserts into or
/// removes from the chunk of its row), and each group keeps running counts, so finding the item
/// at a position takes two checked guesses (exact when the chunks hold equally many items) or
/// two binary searches over at most 64 counts and the groups.
///
/// It has no lookup by id; ``Paginator`` finds rows by id with its own index.
public struct ItemSnapshot<Item>: RandomAccessCollection {
  /// The most items a commit puts in one chunk: 64. An edit may make a chunk larger; a lookup
  /// by id compares the ids of one chunk's items.
  @inlinable package static var chunkCapacity: Int { ItemChunks.capacity }
  /// Chunks per group, log 2: 64 chunks per group.
  @inlinable static var groupShift: Int { 6 }
  /// Chunks per group: 64.
  @inlinable package static var groupCapacity: Int { 1 &<< groupShift }
  /// `groupCapacity - 1`.
  @inlinable static var groupMask: Int { groupCapacity &- 1 }

  /// The appended side: chunk handle `h ≥ 0` is its chunk `h`.
  @usableFromInline var back = Side()
  /// The prepended side, stored outwards: chunk handle `h < 0` is its chunk `-h - 1`, so the
  /// first chunk of the list is the last chunk of this side.
  @usableFromInline var front = Side()

  /// The number of items before the middle (in chunks with negative handles).
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
  @inlinable public var endIndex: Int { front.count &+ back.count }

  /// The item at `position`.
  /// - Parameter position: A position in `0 ..< count`; any other traps.
  /// - Complexity: O(1) when the chunks around it hold equally many items, as a list's pages
  ///   of one size make them; else O(log chunks).
  @inlinable public subscript(position: Int) -> Item {
    precondition(position >= 0 && position < endIndex, "ItemSnapshot index out of range")
    let place = location(of: position)
    return self[chunk: place.chunk, place.index]
  }

  /// The handle of the first chunk: chunks have the handles `firstChunk ..< endChunk`, in list
  /// order, and a chunk keeps its handle while it is in the snapshot.
  /// - Complexity: O(1).
  @inlinable package var firstChunk: Int { -front.chunkCount }

  /// One past the handle of the last chunk.
  /// - Complexity: O(1).
  @inlinable package var endChunk: Int { back.chunkCount }

  /// The chunk with `handle`, its items in list order.
  /// - Parameter handle: A handle in `firstChunk ..< endChunk`.
  /// - Complexity: O(1).
  @inlinable package func items(ofChunk handle: Int) -> [Item] {
    handle >= 0 ? back.chunk(handle) : front.chunk(~handle)
  }

  /// The position of the first item of the chunk with `handle`; ``endIndex`` for `endChunk`.
  /// - Parameter handle: A handle in `firstChunk ... endChunk`.
  /// - Complexity: O(1).
  @inlinable package func startPosition(ofChunk handle: Int) -> Int {
    handle >= 0
      ? front.count &+ back.start(ofChunk: handle)
      : front.count &- front.start(ofChunk: ~handle &+ 1)
  }

  /// The chunk that holds the item at `position`, and the item's index in it.
  /// - Parameter position: A position in `0 ..< count`.
  /// - Complexity: as ``subscript(_:)``.
  @inlinable package func location(of position: Int) -> (chunk: Int, index: Int) {
    if position >= front.count {
      let offset = position &- front.count
      let chunk = back.chunk(holding: offset)
      return (chunk, offset &- back.start(ofChunk: chunk))
    }
    let offset = front.count &- 1 &- position
    let chunk = front.chunk(holding: offset)
    return (~chunk, front.start(ofChunk: chunk &+ 1) &- 1 &- offset)
  }

  /// The item at `index` of the chunk with `handle`, read or written in place.
  /// - Parameters:
  ///   - handle: A handle in `firstChunk ..< endChunk`.
  ///   - index: An index in that chunk.
  /// - Complexity: O(1); writing copies the chunk, its group and the arrays of groups first
  ///   when a copy of the snapshot shares them.
  @inlinable package subscript(chunk handle: Int, index: Int) -> Item {
    get { handle >= 0 ? back[chunk: handle, index] : front[chunk: ~handle, index] }
    set {
      if handle >= 0 {
        back[chunk: handle, index] = newValue
      } else {
        front[chunk: ~handle, index] = newValue
      }
    }
  }

  /// Puts `item` at `index` of the chunk with `handle` (an edit's insert).
  /// - Complexity: O(items in the chunk + `groupCapacity` + groups).
  @inlinable package mutating func insert(_ item: Item, inChunk handle: Int, at index: Int) {
    if handle >= 0 {
      back.insert(item, inChunk: handle, at: index)
    } else {
      front.insert(item, inChunk: ~handle, at: index)
    }
  }

  /// Takes the item at `index` out of the chunk with `handle` (an edit's remove); the chunk
  /// stays, empty or not.
  /// - Complexity: as ``insert(_:inChunk:at:)``.
  @inlinable @discardableResult
  package mutating func remove(inChunk handle: Int, at index: Int) -> Item {
    handle >= 0
      ? back.remove(inChunk: handle, at: index) : front.remove(inChunk: ~handle, at: index)
  }

  /// Adds `item` after the last item, in a chunk of its own.
  /// - Parameter item: The item.
  /// - Complexity: O(1), amortised; see ``append(contentsOf:)``.
  @inlinable package mutating func append(_ item: Item) {
    back.push(chunk: CollectionOfOne(item))
  }

  /// Adds `item` before the first item, in a chunk of its own.
  /// - Parameter item: The item.
  /// - Complexity: as ``append(_:)``, on the front side.
  @inlinable package mutating func prepend(_ item: Item) {
    front.push(chunk: CollectionOfOne(item))
  }

  /// Adds `items` after the last item, in order, in new chunks of at most ``chunkCapacity``.
  /// - Parameter items: The items.
  /// - Complexity: O(*m* + `groupCapacity` + groups) for *m* items: when a copy is alive, the
  ///   outermost group's references and the arrays of groups are copied, never the items.
  @inlinable package mutating func append<S: Sequence>(contentsOf items: S)
  where S.Element == Item {
    if items.withContiguousStorageIfAvailable({ append(contentsOfBuffer: $0) }) == nil {
      Array(items).withUnsafeBufferPointer { append(contentsOfBuffer: $0) }
    }
  }

  /// Adds `items` after the last item, in order, in new chunks of at most ``chunkCapacity``.
  /// - Parameter items: The items.
  /// - Complexity: as ``append(contentsOf:)``.
  @inlinable package mutating func append(contentsOfBuffer items: UnsafeBufferPointer<Item>) {
    var start = 0
    while start < items.count {
      let end = Swift.min(items.count, start &+ Self.chunkCapacity)
      back.push(chunk: items[start..<end])
      start = end
    }
  }

  /// Adds `items` before the first item, in their order (the first of `items` becomes the
  /// first item), in new chunks of at most ``chunkCapacity``.
  /// - Parameter items: The items.
  /// - Complexity: as ``append(contentsOf:)``.
  @inlinable package mutating func prepend<S: Sequence>(contentsOf items: S)
  where S.Element == Item {
    if items.withContiguousStorageIfAvailable({ prepend(contentsOfBuffer: $0) }) == nil {
      Array(items).withUnsafeBufferPointer { prepend(contentsOfBuffer: $0) }
    }
  }

  /// Adds `items` before the first item, in their order, in new chunks of at most
  /// ``chunkCapacity``: the chunk that holds the last of them goes in first.
  /// - Parameter items: The items.
  /// - Complexity: as ``append(contentsOf:)``.
  @inlinable package mutating func prepend(contentsOfBuffer items: UnsafeBufferPointer<Item>) {
    let chunks = Self.chunkCount(for: items.count)
    for chunk in (0..<chunks).reversed() {
      let start = chunk &* Self.chunkCapacity
      front.push(chunk: items[start..<Swift.min(items.count, start &+ Self.chunkCapacity)])
    }
  }

  /// The chunks a page of `count` items takes: `count / chunkCapacity`, rounded up.
  @inlinable package static func chunkCount(for count: Int) -> Int { ItemChunks.count(for: count) }

  /// Calls `body` with every chunk's handle and items, in list order.
  /// - Parameter body: Called once per chunk.
  /// - Complexity: O(chunks), plus what `body` does.
  @inlinable package func forEachChunk(_ body: (Int, [Item]) throws -> Void) rethrows {
    for handle in firstChunk..<endChunk { try body(handle, items(ofChunk: handle)) }
  }

  /// The items the chunks have room for: what the snapshot's storage takes, in items.
  /// - Complexity: O(chunks).
  package var allocatedCapacity: Int {
    front.chunks.reduce(0) { $0 + $1.capacity } + back.chunks.reduce(0) { $0 + $1.capacity }
  }

  /// Checks the layout: every group full but the outermost on each side, none empty, and the
  /// running counts agree with the chunks. For tests.
  /// - Returns: `nil` when the layout holds, else a description of the first fault.
  /// - Complexity: O(chunks).
  package func layoutViolation() -> String? {
    for (name, side) in [("back", back), ("front", front)] {
      let chunks = Array(side.chunks)
      if chunks.count != side.chunkCount {
        return "\(name) has \(chunks.count) chunks, count \(side.chunkCount)"
      }
      if chunks.reduce(0, { $0 + $1.count }) != side.count {
        return
          "\(name) chunks hold \(chunks.reduce(0) { $0 + $1.count }) items, count \(side.count)"
      }
      var total = 0
      for (index, group) in side.groups.enumerated() {
        if group.isEmpty || (index < side.groups.count - 1 && group.count != Self.groupCapacity) {
          return "\(name) group \(index) of \(side.groups.count) holds \(group.count) chunks"
        }
        var running = 0
        for (place, chunk) in group.enumerated() {
          running += chunk.items.count
          if group[place].end != running {
            return
              "\(name) group \(index) counts \(group[place].end) at chunk \(place), not \(running)"
          }
        }
        total += running
        if side.groupEnds[index] != total {
          return "\(name) counts \(side.groupEnds[index]) at group \(index), not \(total)"
        }
      }
    }
    return nil
  }

  /// An iterator that reads the chunks in order: O(1) per item, with no search.
  public struct Iterator: IteratorProtocol {
    @usableFromInline let snapshot: ItemSnapshot
    @usableFromInline var handle: Int
    @usableFromInline var chunk: [Item]
    @usableFromInline var index: Int

    @inlinable init(_ snapshot: ItemSnapshot) {
      self.snapshot = snapshot
      handle = snapshot.firstChunk
      chunk = []
      index = 0
    }

    /// The next item in list order, or `nil` after the last.
    /// - Complexity: O(1), amortised over the chunks (empty chunks are skipped).
    @inlinable public mutating func next() -> Item? {
      while index == chunk.count {
        guard handle < snapshot.endChunk else { return nil }
        chunk = snapshot.items(ofChunk: handle)
        handle &+= 1
        index = 0
      }
      defer { index &+= 1 }
      return chunk[index]
    }
  }

  /// An iterator over the items in list order.
  /// - Complexity: O(1).
  @inlinable public func makeIterator() -> Iterator { Iterator(self) }
}

extension ItemSnapshot where Item: Identifiable {
  /// The index in the chunk with `handle` of the item with `id`, if it is there: the ids of
  /// the four items from `start` are compared first (where the index last saw it), then the
  /// others in order, in place.
  /// - Complexity: O(1) when it is among those four; else O(items in the chunk).
  @inlinable package func index(of id: Item.ID, inChunk handle: Int, from start: Int = 0) -> Int? {
    handle >= 0
      ? back.index(of: id, inChunk: handle, from: start)
      : front.index(of: id, inChunk: ~handle, from: start)
  }
}

extension ItemSnapshot where Item: Identifiable {
  /// Whether the item with `id` is next to `place` inside its chunk (after it, then before
  /// it); whether `place` is at an edge of its chunk, where a neighbour may be in the chunk
  /// beside (then neither neighbour was compared); or neither.
  /// - Complexity: O(1).
  @inlinable func neighbour(of id: Item.ID, besides place: ItemPlace) -> Neighbour {
    let chunk = place.chunk
    guard chunk >= firstChunk, chunk < endChunk else { return .elsewhere }
    return chunk >= 0
      ? back.neighbour(of: id, besides: place.index, inChunk: chunk)
      : front.neighbour(of: id, besides: place.index, inChunk: ~chunk)
  }
}

/// What ``ItemSnapshot/neighbour(of:besides:)`` found.
@usableFromInline
enum Neighbour {
  /// The item, at this index of the chunk.
  case found(Int)
  /// The place is the first or last of its chunk: its neighbours are not compared yet.
  case atEdge
  /// Not next to the place, which is inside its chunk (or not in the snapshot).
  case elsewhere
}

extension ItemSnapshot.Side where Item: Identifiable {
  /// The item with `id` at `index + 1` or `index - 1` of `chunk`, or where `index` sits.
  @inlinable func neighbour(of id: Item.ID, besides index: Int, inChunk chunk: Int) -> Neighbour {
    groups[chunk &>> ItemSnapshot.groupShift][chunk & ItemSnapshot.groupMask].items
      .withUnsafeBufferPointer { items in
        let count = items.count
        guard index >= 0, index < count else { return .elsewhere }
        let next = index &+ 1
        // At an edge, the place's neighbours are read once each, by the caller.
        if index == 0 || next == count { return .atEdge }
        if items[next].id == id { return .found(next) }
        if items[index &- 1].id == id { return .found(index &- 1) }
        return .elsewhere
      }
  }

  /// The index in `chunk` of the item with `id`, if it is there, looking at the four items from
  /// `start` first.
  ///
  /// The chunk's count comes from the running counts beside it, not from its array's header:
  /// a lookup far from the last one (an index probe, then this check of the id) would
  /// otherwise wait for the header's cache line and then for the item's.
  @inlinable func index(of id: Item.ID, inChunk chunk: Int, from start: Int) -> Int? {
    let items = groups[chunk &>> ItemSnapshot.groupShift][chunk & ItemSnapshot.groupMask].items
    let count = self.count(ofChunk: chunk)
    // The side's mutators keep each chunk's running count with its items (checked here in
    // debug builds, and by `ItemStore.invariantViolation()` in the tests).
    assert(count == items.count, "chunk \(chunk) counts \(count) items and holds \(items.count)")
    return withExtendedLifetime(items) { () -> Int? in
      guard let base = items._baseAddressIfContiguous else {
        return items.firstIndex { $0.id == id }
      }
      let items = UnsafeBufferPointer(start: base, count: count)
      let first = Swift.min(start, count)
      let end = Swift.min(first &+ 4, count)
      for index in first..<end where items[index].id == id { return index }
      for index in 0..<first where items[index].id == id { return index }
      for index in end..<count where items[index].id == id { return index }
      return nil
    }
  }
}

/// Where an item sits in an ``ItemSnapshot``: the handle of its chunk and its index there. A
/// lookup's hint: it stays right while the chunk keeps its handle and its items before it, and
/// whoever reads it checks the item's id.
@usableFromInline
package struct ItemPlace: Hashable, Sendable {
  /// The chunk's handle.
  @usableFromInline var chunk: Int
  /// The index in the chunk.
  @usableFromInline var index: Int

  /// A place.
  @inlinable init(chunk: Int, index: Int) {
    self.chunk = chunk
    self.index = index
  }

  /// No place: no row was looked up yet.
  @inlinable package static var none: Self { Self(chunk: Int.min, index: 0) }
}

extension ItemSnapshot {
  /// The number of items in the chunk with `handle`.
  /// - Complexity: O(1).
  @inlinable func count(ofChunk handle: Int) -> Int {
    handle >= 0 ? back.count(ofChunk: handle) : front.count(ofChunk: ~handle)
  }

  /// The place of the item after the one at `place`, if `place` is in the snapshot and an item
  /// follows it (in its chunk, else first in the next chunk when that one holds items).
  /// - Complexity: O(1).
  @inlinable func place(after place: ItemPlace) -> ItemPlace? {
    let chunk = place.chunk
    guard chunk >= firstChunk, chunk < endChunk, place.index >= 0 else { return nil }
    if place.index &+ 1 < count(ofChunk: chunk) {
      return ItemPlace(chunk: chunk, index: place.index &+ 1)
    }
    let next = chunk &+ 1
    guard next < endChunk, count(ofChunk: next) > 0 else { return nil }
    return ItemPlace(chunk: next, index: 0)
  }

  /// The place of the item before the one at `place` (as ``place(after:)``).
  /// - Complexity: O(1).
  @inlinable func place(before place: ItemPlace) -> ItemPlace? {
    let chunk = place.chunk
    guard chunk >= firstChunk, chunk < endChunk, place.index >= 0 else { return nil }
    if place.index > 0, place.index &- 1 < count(ofChunk: chunk) {
      return ItemPlace(chunk: chunk, index: place.index &- 1)
    }
    let previous = chunk &- 1
    guard previous >= firstChunk else { return nil }
    let count = count(ofChunk: previous)
    return count > 0 ? ItemPlace(chunk: previous, index: count &- 1) : nil
  }
}

/// The size of an ``ItemSnapshot``'s chunks, apart from the item type, so that generic code
/// reads it without the snapshot type's metadata.
@usableFromInline
enum ItemChunks {
  /// The most items a commit puts in one chunk.
  @inlinable static var capacity: Int { 64 }

  /// The chunks `count` items take: `count / capacity`, rounded up.
  @inlinable static func count(for count: Int) -> Int { (count &+ capacity &- 1) / capacity }
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
