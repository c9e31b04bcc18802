extension ItemSnapshot {
  /// One side of a snapshot: chunks 0, 1, 2, … from the middle outwards, each holding its items
  /// in list order, any number of them (a chunk is part of one page: a commit starts new
  /// chunks, and an edit grows or shrinks the chunk of its row). The chunks sit in groups of
  /// `groupCapacity`, every group full but the outermost, so a chunk's number names its group
  /// and place by a shift and a mask.
  ///
  /// Each chunk sits beside the running count of items at its end within its group (in the
  /// same array, so that reading a chunk and where it starts touches one cache line), and the
  /// side keeps the running count at the end of each group, so that where a chunk starts is two
  /// reads, and
  /// the chunk that holds an offset is found by a guess (chunks of one page size make it
  /// exact) checked against those counts, or by a binary search. An edit inside a chunk updates
  /// the counts after it: at most `groupCapacity` in its group and one per group outwards.
  ///
  /// Two levels keep a commit cheap while a copy of the snapshot is alive: it copies the
  /// outermost group (at most `groupCapacity` chunk references and counts) and the arrays of
  /// groups, never the items of another chunk.
  @usableFromInline
  struct Side {
    /// The chunks, in groups; chunk `c` is `groups[c >> groupShift][c & groupMask]`.
    @usableFromInline var groups: [[Chunk]] = []
    /// The items in the groups up to and including each group.
    @usableFromInline var groupEnds: [Int] = []
    /// The number of chunks.
    @usableFromInline var chunkCount = 0
    /// The number of items.
    @usableFromInline var count = 0

    /// An empty side.
    @inlinable init() {}

    /// The chunk numbered `chunk`.
    /// - Parameter chunk: A chunk in `0 ..< chunkCount`.
    @inlinable func chunk(_ chunk: Int) -> [Item] {
      groups[chunk &>> groupShift][chunk & groupMask].items
    }

    /// The offset of the first item of `chunk`; `count` for `chunkCount`.
    /// - Parameter chunk: A chunk in `0 ... chunkCount`.
    /// - Complexity: O(1).
    @inlinable func start(ofChunk chunk: Int) -> Int {
      if chunk == chunkCount { return count }
      let group = chunk &>> groupShift
      let place = chunk & groupMask
      let base = group == 0 ? 0 : groupEnds[group &- 1]
      return place == 0 ? base : base &+ groups[group][place &- 1].end
    }

    /// The number of items in `chunk`.
    /// - Complexity: O(1).
    @inlinable func count(ofChunk chunk: Int) -> Int {
      let group = chunk &>> groupShift
      let place = chunk & groupMask
      let end = groups[group][place].end
      return place == 0 ? end : end &- groups[group][place &- 1].end
    }

    /// The chunk that holds the item at `offset` (an empty chunk holds none).
    /// - Parameter offset: An offset in `0 ..< count`.
    /// - Complexity: O(1) when the chunks around it hold equally many items (a guess from the
    ///   average, checked); else O(log chunks).
    @inlinable func chunk(holding offset: Int) -> Int {
      let groupCount = groupEnds.count
      var group = 0
      if groupCount > 1 {
        // Every group but the last holds `groupCapacity` chunks: guess in proportion.
        let guess = Swift.min(groupCount &- 1, offset &* groupCount / count)
        if (guess == 0 || groupEnds[guess &- 1] <= offset) && groupEnds[guess] > offset {
          group = guess
        } else {
          var high = groupCount &- 1
          while group < high {
            let middle = (group &+ high) &>> 1
            if groupEnds[middle] > offset { high = middle } else { group = middle &+ 1 }
          }
        }
      }
      let local = group == 0 ? offset : offset &- groupEnds[group &- 1]
      return groups[group].withUnsafeBufferPointer { counts in
        let chunks = counts.count
        let place = Swift.min(chunks &- 1, local &* chunks / counts[chunks &- 1].end)
        if (place == 0 || counts[place &- 1].end <= local) && counts[place].end > local {
          return group &<< groupShift &+ place
        }
        var low = 0
        var high = chunks &- 1
        while low < high {
          let middle = (low &+ high) &>> 1
          if counts[middle].end > local { high = middle } else { low = middle &+ 1 }
        }
        return group &<< groupShift &+ low
      }
    }

    /// The item at `index` in `chunk`, read or written in place.
    /// - Complexity: O(1); writing copies the chunk, its group and the array of groups first
    ///   when a copy of the snapshot shares them.
    @inlinable subscript(chunk chunk: Int, index: Int) -> Item {
      get { groups[chunk &>> groupShift][chunk & groupMask].items[index] }
      set { groups[chunk &>> groupShift][chunk & groupMask].items[index] = newValue }
    }

    /// Adds a chunk holding `items`, in list order, outside the outermost chunk.
    /// - Parameter items: The chunk's items (may be empty).
    /// - Complexity: O(*m* + `groupCapacity` + groups); see ``ItemSnapshot``.
    @inlinable mutating func push<C: Collection>(chunk items: C) where C.Element == Item {
      if chunkCount & groupMask == 0 {
        groups.append([])
        groups[groups.count &- 1].reserveCapacity(groupCapacity)
        groupEnds.append(count)
      }
      let group = groups.count &- 1
      let chunk = Array(items)
      let added = chunk.count
      let before = groups[group].last?.end ?? 0
      groups[group].append(Chunk(items: chunk, end: before &+ added))
      groupEnds[group] &+= added
      count &+= added
      chunkCount &+= 1
    }

    /// Adds `delta` to the counts from `chunk` outwards (an item went in or out of it).
    @inlinable mutating func adjustCounts(from chunk: Int, by delta: Int) {
      let group = chunk &>> groupShift
      groups[group].withUnsafeMutableBufferPointer { chunks in
        for place in (chunk & groupMask)..<chunks.count { chunks[place].end &+= delta }
      }
      groupEnds.withUnsafeMutableBufferPointer { counts in
        for later in group..<counts.count { counts[later] &+= delta }
      }
      count &+= delta
    }

    /// Puts `item` at `index` of `chunk`.
    /// - Complexity: O(items in the chunk + `groupCapacity` + groups).
    @inlinable mutating func insert(_ item: Item, inChunk chunk: Int, at index: Int) {
      groups[chunk &>> groupShift][chunk & groupMask].items.insert(item, at: index)
      adjustCounts(from: chunk, by: 1)
    }

    /// Takes the item at `index` out of `chunk`.
    /// - Complexity: as ``insert(_:inChunk:at:)``.
    @inlinable @discardableResult
    mutating func remove(inChunk chunk: Int, at index: Int) -> Item {
      let item = groups[chunk &>> groupShift][chunk & groupMask].items.remove(at: index)
      adjustCounts(from: chunk, by: -1)
      return item
    }

    /// The chunks, innermost first.
    @inlinable var chunks: LazyMapSequence<FlattenSequence<[[Chunk]]>, [Item]> {
      groups.joined().lazy.map(\.items)
    }
  }

  /// A chunk's items and the running count of items at its end within its group.
  @usableFromInline
  struct Chunk {
    /// The items, in list order.
    @usableFromInline var items: [Item]
    /// The items in the group's chunks up to and including this one.
    @usableFromInline var end: Int

    @inlinable init(items: [Item], end: Int) {
      self.items = items
      self.end = end
    }
  }
}

extension ItemSnapshot.Chunk: Sendable where Item: Sendable {}

extension ItemSnapshot.Side: Sendable where Item: Sendable {}
