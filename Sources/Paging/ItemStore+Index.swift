// ItemStore's id index at work: lookups, insertions and growth. Internal, and `@inlinable` so
// that it specialises for the client's item type.

extension ItemStore {
  /// The position of the item with `id` if present; else the empty bucket where probing ended
  /// and the id's fingerprint, which is where the id goes.
  /// - Parameters:
  ///   - id: The id.
  ///   - hashValue: `id.hashValue`.
  ///   - homeContent: The content of the id's home bucket, when known to be current.
  @inlinable func find(_ id: Item.ID, hashValue: Int, homeContent: Int? = nil)
    -> (position: Int?, bucket: Int, fingerprint: Int)
  {
    guard table.bucketCount > 0 else { return (nil, 0, 0) }
    let (home, fingerprint) = table.home(hashValue)
    var bucket = home
    var content = homeContent ?? table.content(of: home)
    while content != 0 {
      if PositionTable.matches(content, fingerprint) {
        let position = PositionTable.position(content)
        if storage[position].id == id { return (position, bucket, fingerprint) }
      }
      bucket = table.bucket(after: bucket)
      content = table.content(of: bucket)
    }
    return (nil, bucket, fingerprint)
  }

  /// The position of the item with `id`, the empty bucket where it would go, and its
  /// fingerprint.
  @inlinable func find(_ id: Item.ID) -> (position: Int?, bucket: Int, fingerprint: Int) {
    find(id, hashValue: id.hashValue)
  }

  /// Appends one item, or applies `policy` when its id is present.
  /// - Returns: The bucket written, or `nil` when none was.
  @inlinable @discardableResult
  mutating func insert(
    _ item: Item, hashValue: Int, homeContent: Int?, policy: DuplicatePolicy,
    into result: inout InsertionResult
  ) -> Int? {
    let found = find(item.id, hashValue: hashValue, homeContent: homeContent)
    if let existing = found.position {
      if policy == .replace {
        storage[existing] = item
        result.replaced += 1
      } else {
        result.dropped += 1
      }
      return nil
    }
    table.store(storage.count, fingerprint: found.fingerprint, in: found.bucket)
    storage.append(item)
    result.inserted += 1
    return found.bucket
  }

  /// Appends a page held in contiguous memory in two passes. The first hashes every id and
  /// reads its home bucket: these reads do not depend on each other, so the processor overlaps
  /// their cache misses (in a large index each is one). The second inserts, starting from the
  /// content already read unless an earlier item of the page was stored in that bucket.
  @inlinable mutating func append(_ items: UnsafeBufferPointer<Item>, policy: DuplicatePolicy)
    -> InsertionResult
  {
    var result = InsertionResult()
    withUnsafeTemporaryAllocation(of: (hash: Int, content: Int).self, capacity: items.count) {
      probes in
      for offset in 0..<items.count {
        let hashValue = items[offset].id.hashValue
        let content = table.bucketCount > 0 ? table.content(of: table.home(hashValue).bucket) : 0
        probes.initializeElement(at: offset, to: (hashValue, content))
      }
      // Bit `bucket % 64` is set once an item of this page was stored in `bucket`, or for all
      // buckets after the index grew: the contents read in the first pass are then stale.
      var written: UInt64 = 0
      for offset in 0..<items.count {
        if storage.count >= table.capacity {
          reserve(storage.count + 1)
          written = ~0
        }
        let probe = probes[offset]
        let current = written & 1 &<< UInt64(table.home(probe.hash).bucket & 63) == 0
        let bucket = insert(
          items[offset], hashValue: probe.hash, homeContent: current ? probe.content : nil,
          policy: policy, into: &result)
        if let bucket { written |= 1 &<< UInt64(bucket & 63) }
      }
      _ = probes.deinitialize()
    }
    return result
  }

  /// Grows the index, when needed, to hold `count` items (by 1/4 at least: amortised O(1) per
  /// item), and re-inserts every position.
  @inlinable mutating func reserve(_ count: Int) {
    guard count > table.capacity else { return }
    table.reset(capacity: count)
    for position in storage.indices {
      let (home, fingerprint) = table.home(storage[position].id.hashValue)
      table.store(position, fingerprint: fingerprint, in: table.emptyBucket(from: home))
    }
  }
}
