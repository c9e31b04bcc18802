extension ItemSnapshot {
  /// One side of a snapshot: items at offsets 0, 1, 2, … from the middle outwards, in chunks
  /// of `chunkCapacity` items, the chunks in groups of `groupCapacity`. Every chunk and every
  /// group is full but the last, so an offset names its group, chunk and place by shifts and
  /// masks: O(1).
  ///
  /// Two levels keep a commit cheap while a copy of the snapshot is alive: the commit copies
  /// the last chunk, the last group (at most `groupCapacity` references) and the array of
  /// groups (one reference per `chunkCapacity × groupCapacity` items, 16 at a million
  /// items), where one flat array of chunks would retain every chunk again (977 at a million
  /// items, each a likely cache miss).
  @usableFromInline
  struct Side {
    /// The chunks, in groups; `groups[g][c][i]` is offset
    /// `(g × groupCapacity + c) × chunkCapacity + i`.
    @usableFromInline var groups: [[[Item]]] = []
    /// The number of items.
    @usableFromInline var count = 0

    /// An empty side.
    @inlinable init() {}

    /// Offsets per group, log 2.
    @inlinable static var groupItemShift: Int { chunkShift &+ groupShift }

    /// The item at `offset`, read or written in place.
    /// - Parameter offset: An offset in `0 ..< count`; any other traps.
    /// - Complexity: O(1); writing copies the chunk, its group and the group array first when
    ///   a copy of the snapshot shares them.
    @inlinable subscript(offset: Int) -> Item {
      get {
        groups[offset &>> Self.groupItemShift][(offset &>> chunkShift) & groupMask][
          offset & chunkMask]
      }
      set {
        groups[offset &>> Self.groupItemShift][(offset &>> chunkShift) & groupMask][
          offset & chunkMask] = newValue
      }
    }

    /// Adds `items` at offsets `count`, `count + 1`, …, a chunk at a time.
    /// - Parameter items: The items, innermost first.
    /// - Complexity: O(*m* + `groupCapacity` + groups); see ``ItemSnapshot``.
    @inlinable mutating func push<C: Collection>(_ items: C) where C.Element == Item {
      var start = items.startIndex
      var remaining = items.count
      while remaining > 0 {
        let used = count & chunkMask
        if used == 0 {
          if count & (1 &<< Self.groupItemShift &- 1) == 0 {
            groups.append([])
            groups[groups.count &- 1].reserveCapacity(groupCapacity)
          }
          groups[groups.count &- 1].append(newChunk())
        }
        let taken = Swift.min(remaining, chunkCapacity &- used)
        let end = items.index(start, offsetBy: taken)
        let group = groups.count &- 1
        let chunk = groups[group].count &- 1
        groups[group][chunk].append(contentsOf: items[start..<end])
        count &+= taken
        remaining &-= taken
        start = end
      }
    }

    /// The chunks, innermost first.
    @inlinable var chunks: FlattenSequence<[[[Item]]]> { groups.joined() }
  }
}

extension ItemSnapshot.Side: Sendable where Item: Sendable {}
