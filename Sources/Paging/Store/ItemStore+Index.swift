// ItemStore's id index at work: lookups, insertions and growth. Internal, and `@inlinable` so
// that it specialises for the client's item type.

extension ItemStore {
  /// The slot of the item with `id` if present; else the empty bucket where probing ended and
  /// the id's fingerprint, which is where the id goes.
  /// - Parameters:
  ///   - id: The id.
  ///   - hashValue: `id.hashValue`.
  ///   - homeContent: The content of the id's home bucket, when known to be current.
  ///   - pending: The items of a page being inserted that the index holds but the snapshot
  ///     does not yet, if any.
  @inlinable func find(
    _ id: Item.ID, hashValue: Int, homeContent: Int? = nil, pending: PendingItems? = nil
  ) -> (slot: Int?, bucket: Int, fingerprint: Int) {
    guard table.bucketCount > 0 else { return (nil, 0, 0) }
    let (home, fingerprint) = table.home(hashValue)
    var bucket = home
    var content = homeContent ?? table.content(of: home)
    while content != 0 {
      if PositionTable.matches(content, fingerprint) {
        let slot = PositionTable.slot(content)
        if let offset = pending?.offset(of: slot) {
          if pending?.items[offset].id == id { return (slot, bucket, fingerprint) }
        } else if snapshot[slot: slot].id == id {
          return (slot, bucket, fingerprint)
        }
      }
      bucket = table.bucket(after: bucket)
      content = table.content(of: bucket)
    }
    return (nil, bucket, fingerprint)
  }

  /// The slot of the item with `id`, the empty bucket where it would go, and its fingerprint.
  @inlinable func find(_ id: Item.ID) -> (slot: Int?, bucket: Int, fingerprint: Int) {
    find(id, hashValue: id.hashValue)
  }

  /// The new items of a page while it is inserted: indexed already, added to the snapshot at
  /// the end in one step (a chunk at a time, not an item at a time).
  @usableFromInline
  struct PendingItems {
    /// The new items so far, in page order.
    @usableFromInline let items: UnsafeMutableBufferPointer<Item>
    /// The first slot the page fills: `backCount` when appending; when prepending, the first
    /// slot, below which the page goes.
    @usableFromInline let base: Int
    /// Whether the page goes before the first item.
    @usableFromInline let atFront: Bool

    @inlinable init(items: UnsafeMutableBufferPointer<Item>, base: Int, atFront: Bool) {
      self.items = items
      self.base = base
      self.atFront = atFront
    }

    /// The slot the index gives the `offset`-th new item: counting up from `base` when
    /// appending, down from `base - 1` when prepending (renumbered once the page is in).
    @inlinable func slot(_ offset: Int) -> Int { atFront ? base &- 1 &- offset : base &+ offset }

    /// The offset in ``items`` of a pending slot, or `nil` for a slot of the snapshot.
    @inlinable func offset(of slot: Int) -> Int? {
      if atFront { return slot < base ? base &- 1 &- slot : nil }
      return slot >= base ? slot &- base : nil
    }
  }

  /// Adds a page held in contiguous memory after the last item (or, `atFront`, before the
  /// first one, in page order), in two passes. The first hashes every id and reads its home
  /// bucket: these reads do not depend on each other, so the processor overlaps their cache
  /// misses (in a large index each is one). The second applies `policy` or indexes the item,
  /// starting from the content already read unless an earlier item of the page was stored in
  /// that bucket. The new items then go into the snapshot a chunk at a time.
  /// - Complexity: O(*m*) on average for *m* items, plus the index's growth.
  @inlinable mutating func insert(
    _ page: UnsafeBufferPointer<Item>, atFront: Bool, policy: DuplicatePolicy
  ) -> InsertionResult {
    var result = InsertionResult()
    guard !page.isEmpty else { return result }
    // Room for the whole page: the index does not grow during the passes, so the contents
    // read in the first pass and the buckets kept for a prepend stay valid.
    reserve(snapshot.count &+ page.count)
    let base = atFront ? snapshot.firstSlot : snapshot.backCount
    withUnsafeTemporaryAllocation(
      of: (hash: Int, content: Int, bucket: Int).self, capacity: page.count
    ) {
      probes in
      withUnsafeTemporaryAllocation(of: Item.self, capacity: page.count) { fresh in
        let pending = PendingItems(items: fresh, base: base, atFront: atFront)
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
          if let existing = found.slot {
            if policy == .replace {
              if let pendingOffset = pending.offset(of: existing) {
                fresh[pendingOffset] = item
              } else {
                snapshot[slot: existing] = item
              }
              result.replaced &+= 1
            } else {
              result.dropped &+= 1
            }
            continue
          }
          let added = result.inserted
          table.store(pending.slot(added), fingerprint: found.fingerprint, in: found.bucket)
          fresh.initializeElement(at: added, to: item)
          // Kept for a prepend's renumbering (probes[added] was read already).
          probes[added].bucket = found.bucket
          written |= 1 &<< UInt64(found.bucket & 63)
          result.inserted = added &+ 1
        }
        let added = result.inserted
        let items = UnsafeBufferPointer(rebasing: fresh[0..<added])
        if atFront {
          snapshot.prepend(contentsOf: items)
          // The index gave the new items slots counting down from the old first slot; in the
          // snapshot they read in page order, the first at base - added.
          for offset in 0..<added {
            let bucket = probes[offset].bucket
            let fingerprint =
              table.content(of: bucket) & (1 &<< PositionTable.fingerprintBits &- 1)
            table.clear(bucket)
            table.store(base &- added &+ offset, fingerprint: fingerprint, in: bucket)
          }
        } else {
          snapshot.append(contentsOf: items)
        }
        _ = fresh[0..<added].deinitialize()
      }
      _ = probes.deinitialize()
    }
    return result
  }

  /// Grows the index, when needed, to hold `count` items (by 1/4 at least: amortised O(1) per
  /// item), and re-inserts every slot.
  @inlinable mutating func reserve(_ count: Int) {
    guard count > table.capacity else { return }
    table.reset(capacity: count)
    snapshot.forEachSlot { item, slot in
      let (home, fingerprint) = table.home(item.id.hashValue)
      table.store(slot, fingerprint: fingerprint, in: table.emptyBucket(from: home))
    }
  }
}
