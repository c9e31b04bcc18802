// ItemStore's id index at work: lookups, insertions and growth. Internal, and `@inlinable` so
// that it specialises for the client's item type.

extension ItemStore {
  /// The slot of the item with `id` if present; else the empty bucket where probing ended and
  /// the id's fingerprint, which is where the id goes.
  /// - Parameters:
  ///   - id: The id.
  ///   - hashValue: `id.hashValue`.
  ///   - homeContent: The content of the id's home bucket, when known to be current.
  @inlinable func find(_ id: Item.ID, hashValue: Int, homeContent: Int? = nil)
    -> (slot: Int?, bucket: Int, fingerprint: Int)
  {
    guard table.bucketCount > 0 else { return (nil, 0, 0) }
    let (home, fingerprint) = table.home(hashValue)
    var bucket = home
    var content = homeContent ?? table.content(of: home)
    while content != 0 {
      if PositionTable.matches(content, fingerprint) {
        let slot = PositionTable.slot(content)
        if snapshot[slot: slot].id == id { return (slot, bucket, fingerprint) }
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

  /// Adds one item after the last one (or before the first one, `atFront`), or applies
  /// `policy` when its id is present. The index must have room for one more item.
  /// - Returns: The bucket written, or `nil` when none was.
  @inlinable @discardableResult
  mutating func insert(
    _ item: Item, hashValue: Int, homeContent: Int?, atFront: Bool, policy: DuplicatePolicy,
    into result: inout InsertionResult
  ) -> Int? {
    let found = find(item.id, hashValue: hashValue, homeContent: homeContent)
    if let existing = found.slot {
      if policy == .replace {
        snapshot[slot: existing] = item
        result.replaced += 1
      } else {
        result.dropped += 1
      }
      return nil
    }
    if atFront {
      table.store(snapshot.firstSlot &- 1, fingerprint: found.fingerprint, in: found.bucket)
      snapshot.prepend(item)
    } else {
      table.store(snapshot.backCount, fingerprint: found.fingerprint, in: found.bucket)
      snapshot.append(item)
    }
    result.inserted += 1
    return found.bucket
  }

  /// Adds a page held in contiguous memory, in two passes, after the last item (or, `atFront`,
  /// each new item before the first one, so that they end up in reverse order). The first
  /// pass hashes every id and reads its home bucket: these reads do not depend on each other,
  /// so the processor overlaps their cache misses (in a large index each is one). The second
  /// inserts, starting from the content already read unless an earlier item of the page was
  /// stored in that bucket.
  /// - Parameter buckets: When given, receives the bucket of each inserted item, in order; the
  ///   caller must then have reserved room for the whole page (so the index does not grow).
  @inlinable mutating func insert(
    _ page: UnsafeBufferPointer<Item>, atFront: Bool, policy: DuplicatePolicy,
    buckets: UnsafeMutableBufferPointer<Int>?
  ) -> InsertionResult {
    var result = InsertionResult()
    withUnsafeTemporaryAllocation(of: (hash: Int, content: Int).self, capacity: page.count) {
      probes in
      for offset in 0..<page.count {
        let hashValue = page[offset].id.hashValue
        let content = table.bucketCount > 0 ? table.content(of: table.home(hashValue).bucket) : 0
        probes.initializeElement(at: offset, to: (hashValue, content))
      }
      // Bit `bucket % 64` is set once an item of this page was stored in `bucket`, or for all
      // buckets after the index grew: the contents read in the first pass are then stale.
      var written: UInt64 = 0
      for offset in 0..<page.count {
        if snapshot.count >= table.capacity {
          precondition(buckets == nil, "ItemStore: room for the page must be reserved first")
          reserve(snapshot.count + 1)
          written = ~0
        }
        let probe = probes[offset]
        let current = written & 1 &<< UInt64(table.home(probe.hash).bucket & 63) == 0
        let inserted = result.inserted
        let bucket = insert(
          page[offset], hashValue: probe.hash, homeContent: current ? probe.content : nil,
          atFront: atFront, policy: policy, into: &result)
        if let bucket {
          written |= 1 &<< UInt64(bucket & 63)
          buckets?[inserted] = bucket
        }
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
