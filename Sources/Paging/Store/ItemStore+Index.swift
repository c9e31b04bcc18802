// ItemStore's id index at work: lookups, insertions and growth. Internal, and `@inlinable` so
// that it specialises for the client's item type.

extension ItemStore {
  /// Where an item is: the handle of its chunk and its index in that chunk.
  @usableFromInline typealias Place = (chunk: Int, index: Int)

  /// The place of the item with `id` if present, and its bucket; else the bucket where the id
  /// goes (the first tombstone probing passed, or the empty bucket where it ended), and the
  /// id's fingerprint.
  /// - Parameters:
  ///   - id: The id.
  ///   - hashValue: `id.hashValue`.
  ///   - homeContent: The content of the id's home bucket, when known to be current.
  ///   - pending: The items of a page being inserted that the index holds but the snapshot
  ///     does not yet, if any.
  @inlinable func find(
    _ id: Item.ID, hashValue: Int, homeContent: Int? = nil, pending: PendingItems? = nil
  ) -> (place: Place?, bucket: Int, fingerprint: Int) {
    guard table.bucketCount > 0 else { return (nil, 0, 0) }
    let (home, fingerprint) = table.home(hashValue)
    var bucket = home
    var content = homeContent ?? table.content(of: home)
    // Where a new id goes: the first tombstone on the way, else the empty bucket at its end.
    var free: Int?
    while content != 0 {
      if content == PositionTable.tombstone {
        if free == nil { free = bucket }
      } else if PositionTable.matches(content, fingerprint) {
        let handle = PositionTable.handle(content)
        if let pending, let chunk = pending.chunk(of: handle) {
          if let index = pending.index(of: id, inChunk: chunk) {
            return ((handle, index), bucket, fingerprint)
          }
        } else if let index = snapshot.index(
          of: id, inChunk: handle, from: PositionTable.hint(content) &<< 2)
        {
          return ((handle, index), bucket, fingerprint)
        }
      }
      bucket = table.bucket(after: bucket)
      content = table.content(of: bucket)
    }
    return (nil, free ?? bucket, fingerprint)
  }

  /// The place of the item with `id`, or the empty bucket where it would go, and its
  /// fingerprint.
  @inlinable func find(_ id: Item.ID) -> (place: Place?, bucket: Int, fingerprint: Int) {
    find(id, hashValue: id.hashValue)
  }

  /// The new items of a page while it is inserted: indexed already, added to the snapshot at
  /// the end in one step (a chunk at a time, not an item at a time). The `k`-th new item goes
  /// into the page's chunk `k / chunkCapacity`, which the index names by a handle: the final
  /// one when appending; when prepending, `firstChunk - 1 - chunk`, renumbered once the page is
  /// in and its number of chunks known.
  @usableFromInline
  struct PendingItems {
    /// The new items so far, in page order.
    @usableFromInline let items: UnsafeMutableBufferPointer<Item>
    /// When appending, the handle of the page's first chunk; when prepending, the first chunk's
    /// handle, below which the page goes.
    @usableFromInline let base: Int
    /// Whether the page goes before the first item.
    @usableFromInline let atFront: Bool
    /// How many new items ``items`` holds so far.
    @usableFromInline var added = 0

    @inlinable init(items: UnsafeMutableBufferPointer<Item>, base: Int, atFront: Bool) {
      self.items = items
      self.base = base
      self.atFront = atFront
    }

    /// The handle the index gives the page's chunk `chunk` while the page goes in.
    @inlinable func handle(ofChunk chunk: Int) -> Int {
      atFront ? base &- 1 &- chunk : base &+ chunk
    }

    /// The page's chunk a handle names, or `nil` for a chunk of the snapshot.
    @inlinable func chunk(of handle: Int) -> Int? {
      if atFront { return handle < base ? base &- 1 &- handle : nil }
      return handle >= base ? handle &- base : nil
    }

    /// The index within the page's chunk `chunk` of the new item with `id`, if any.
    @inlinable func index(of id: Item.ID, inChunk chunk: Int) -> Int? {
      let start = chunk &* ItemChunks.capacity
      let end = Swift.min(added, start &+ ItemChunks.capacity)
      guard start < end else { return nil }
      for offset in start..<end where items[offset].id == id { return offset &- start }
      return nil
    }
  }

  /// Adds a page held in contiguous memory after the last item (or, `atFront`, before the
  /// first one, in page order), in two passes. The first hashes every id and reads its home
  /// bucket: these reads do not depend on each other, so the processor overlaps their cache
  /// misses (in a large index each is one). The second applies `policy` or indexes the item,
  /// starting from the content already read unless an earlier item of the page was stored in
  /// that bucket. The new items then go into the snapshot in new chunks.
  /// - Complexity: O(*m*) on average for *m* items, plus the index's growth.
  @inlinable mutating func insert(
    _ page: UnsafeBufferPointer<Item>, atFront: Bool, policy: DuplicatePolicy
  ) -> InsertionResult {
    var result = InsertionResult()
    guard !page.isEmpty else { return result }
    let chunks = ItemChunks.count(for: page.count)
    // Room for the whole page and its chunks' handles: the index does not grow during the
    // passes, so the contents read in the first pass and the buckets kept stay valid.
    reserve(
      snapshot.count &+ page.count,
      handles: atFront ? snapshot.firstChunk &- chunks : snapshot.endChunk &+ chunks)
    let base = atFront ? snapshot.firstChunk : snapshot.endChunk
    withUnsafeTemporaryAllocation(
      of: (hash: Int, content: Int, bucket: Int).self, capacity: page.count
    ) {
      probes in
      withUnsafeTemporaryAllocation(of: Item.self, capacity: page.count) { fresh in
        var pending = PendingItems(items: fresh, base: base, atFront: atFront)
        for offset in 0..<page.count {
          let hashValue = page[offset].id.hashValue
          let home = table.home(hashValue).bucket
          let content = table.content(of: home)
          // Also read the bucket a probe for a new id usually reaches (about 7 buckets on at
          // 3/4 full), so that its cache line, when it is the next one, loads meanwhile too.
          let ahead = table.content(of: Swift.min(home &+ 7, table.bucketCount &- 1))
          probes.initializeElement(at: offset, to: (hashValue, content, ahead))
        }
        // Bit `bucket % 64` is set once an item of this page was stored in `bucket`: the
        // content read in the first pass is then stale.
        var written: UInt64 = 0
        for offset in 0..<page.count {
          let probe = probes[offset]
          let current = written & 1 &<< UInt64(table.home(probe.hash).bucket & 63) == 0
          let item = page[offset]
          let found = find(
            item.id, hashValue: probe.hash, homeContent: current ? probe.content : nil,
            pending: pending)
          if let existing = found.place {
            if policy == .replace {
              if let chunk = pending.chunk(of: existing.chunk) {
                fresh[chunk &* ItemChunks.capacity &+ existing.index] = item
              } else {
                snapshot[chunk: existing.chunk, existing.index] = item
              }
              result.replaced &+= 1
            } else {
              result.dropped &+= 1
            }
            continue
          }
          let added = result.inserted
          let chunk = added / ItemChunks.capacity
          table.store(
            pending.handle(ofChunk: chunk),
            hint: PositionTable.hint(forIndex: added % ItemChunks.capacity),
            fingerprint: found.fingerprint, in: found.bucket)
          fresh.initializeElement(at: added, to: item)
          // Kept for a prepend's renumbering (probes[added] was read already).
          probes[added].bucket = found.bucket
          written |= 1 &<< UInt64(found.bucket & 63)
          result.inserted = added &+ 1
          pending.added = added &+ 1
        }
        let added = result.inserted
        let items = UnsafeBufferPointer(rebasing: fresh[0..<added])
        if atFront {
          snapshot.prepend(contentsOfBuffer: items)
          // The page's chunk c (in page order) of `total` has the handle base - total + c.
          let total = ItemChunks.count(for: added)
          if total > 1 {
            for offset in 0..<added {
              table.repoint(
                probes[offset].bucket, to: base &- total &+ offset / ItemChunks.capacity,
                hint: PositionTable.hint(forIndex: offset % ItemChunks.capacity))
            }
          }
        } else {
          snapshot.append(contentsOfBuffer: items)
        }
        _ = fresh[0..<added].deinitialize()
      }
      _ = probes.deinitialize()
    }
    return result
  }

  /// Grows the index, when needed, to hold `count` entries and the handle `handle` (by 1/4
  /// at least: amortised O(1) per item), and re-inserts every item; a rebuild also clears the
  /// tombstones of removed items.
  @inlinable mutating func reserve(_ count: Int, handles handle: Int? = nil) {
    let needed = count &- snapshot.count &+ table.used
    let fits = handle.map(table.fits) ?? true
    guard needed > table.capacity || !fits else { return }
    let codes =
      Swift.max(
        PositionTable.encode(snapshot.firstChunk &- 1), PositionTable.encode(snapshot.endChunk),
        handle.map(PositionTable.encode) ?? 0) &+ 1
    table.reset(capacity: count, codes: codes)
    snapshot.forEachChunk { handle, items in indexChunk(items, as: handle) }
  }

  /// Stores every item of a chunk, whose ids are new, in the index under `handle`, with its
  /// place in the chunk. The index must have room.
  /// - Complexity: O(items), each a hash and a probe; the loop runs over the chunk's memory, so
  ///   that code not specialised for the item type pays no iterator witness per item.
  @inlinable mutating func indexChunk(_ items: [Item], as handle: Int) {
    items.withUnsafeBufferPointer { buffer in
      for index in 0..<buffer.count {
        let (home, fingerprint) = table.home(buffer[index].id.hashValue)
        table.store(
          handle, hint: PositionTable.hint(forIndex: index), fingerprint: fingerprint,
          in: table.emptyBucket(from: home))
      }
    }
  }
}
