/// The id index of ``ItemStore``: an open-addressing hash table (linear probing) whose buckets
/// hold the handle of the chunk of the store's ``ItemSnapshot`` that holds an item, and a few
/// bits of the id's hash, packed in as few bits as the table's size needs (the layout of
/// swift-collections' `OrderedSet`, plus a fingerprint).
///
/// A chunk's handle is stable while the chunk stays: appended chunks take 0, 1, 2, …, prepended
/// ones -1, -2, …, and an edit that moves the items inside a chunk changes no bucket. A bucket
/// holds the handle zigzag-encoded (`0, -1, 1, -2, …` as `0, 1, 2, 3, …`: see
/// ``encode(_:)``), then 4 bits of the item's index in its chunk (``hint(forIndex:)``), then 8
/// bits of the id's hash, in ``bucketBits`` bits; 0 marks an empty bucket, and
/// ``tombstone`` a removed item's (probing goes on past it). The id itself is not stored: a
/// lookup compares the ids of the four items the hint names (one cache line of 16-byte items),
/// then, when an edit moved the item within its chunk, the chunk's others; the fingerprint
/// skips 255 of 256 buckets that hold another id without touching the items, which at a
/// million items is a cache and TLB miss each.
///
/// Size: the table holds ``capacity`` entries (tombstones count until the table is rebuilt) in
/// `capacity × 4/3` buckets (filled to at most 3/4) and grows by at least 1/4, so it is filled
/// to between 0.6 and 0.75 once it holds 64 items or more. A bucket takes enough bits for the
/// largest code it may hold (``codeLimit``) plus 12: 1 million items in pages of 50 take 1.33
/// to 1.67 million buckets of 26 bits, 4.3 to 5.4 MB, where `[ID: Int]` takes 2^21 buckets of
/// 16 bytes, 33.6 MB.
///
/// Internal to the engine; `@usableFromInline` so that ``ItemStore``'s lookups specialise in the
/// client's module.
@usableFromInline
struct PositionTable: Sendable {
  /// Entries the table holds before it must grow.
  @usableFromInline var capacity = 0
  /// Entries stored since the table was last rebuilt, tombstones included.
  @usableFromInline var used = 0
  /// The codes a bucket can hold: `0 ..< codeLimit`.
  @usableFromInline var codeLimit = 0
  /// The number of buckets (`capacity × 4/3`, rounded up; 0 for no table).
  @usableFromInline var bucketCount = 0
  /// The width of one bucket in bits: enough for a code below ``codeLimit`` (plus the empty and
  /// the removed marks), plus ``fingerprintBits``.
  @usableFromInline var bucketBits = 0
  /// The buckets, packed from the low bit of `words[0]` up.
  @usableFromInline var words: [UInt64] = []

  /// Bits of the hash kept in each bucket.
  @inlinable static var fingerprintBits: Int { 8 }
  /// Bits of the item's index in its chunk kept in each bucket, in fours: the lookup compares
  /// the ids of those four items (one cache line of 16-byte items) before the rest.
  @inlinable static var hintBits: Int { 4 }

  /// The hint for the item at `index` of its chunk: `index / 4`, at most 15.
  @inlinable static func hint(forIndex index: Int) -> Int { Swift.min(index &>> 2, 15) }

  /// The hint a bucket's content holds: where in its chunk to look first, in fours.
  @inlinable static func hint(_ content: Int) -> Int {
    (content &>> fingerprintBits) & (1 &<< hintBits &- 1)
  }

  /// An empty table with no buckets.
  @inlinable init() {}

  /// Where probing for `hashValue` starts, and the fingerprint to match.
  /// - Parameter hashValue: The id's hash value.
  /// - Returns: A bucket in `0 ..< bucketCount` (from the hash's high bits, by multiplying:
  ///   no power-of-two size needed) and the hash's low ``fingerprintBits`` bits.
  @inlinable func home(_ hashValue: Int) -> (bucket: Int, fingerprint: Int) {
    let high = UInt64(UInt(bitPattern: hashValue)) &<< UInt64(64 &- Int.bitWidth)
    let product = high.multipliedFullWidth(by: UInt64(bucketCount))
    return (Int(product.high), hashValue & (1 &<< Self.fingerprintBits &- 1))
  }

  /// The bucket after `bucket`, wrapping at the end.
  @inlinable func bucket(after bucket: Int) -> Int {
    bucket &+ 1 == bucketCount ? 0 : bucket &+ 1
  }

  /// The raw content of `bucket`: 0 when empty.
  /// - Parameter bucket: A bucket in `0 ..< bucketCount`.
  @inlinable @inline(__always) func content(of bucket: Int) -> Int {
    let bit = bucket &* bucketBits
    let word = bit &>> 6
    let shift = bit & 63
    var value = words[word] &>> UInt64(shift)
    if shift &+ bucketBits > 64 { value |= words[word &+ 1] &<< UInt64(64 &- shift) }
    return Int(truncatingIfNeeded: value & (1 &<< UInt64(bucketBits) &- 1))
  }

  /// The chunk handle a bucket's content names (not for a tombstone).
  @inlinable static func handle(_ content: Int) -> Int {
    decode(content &>> (fingerprintBits &+ hintBits) &- 2)
  }

  /// The content of a tombstone: a removed item's bucket, which probing goes past.
  @inlinable static var tombstone: Int { 1 &<< (fingerprintBits &+ hintBits) }

  /// A handle's zigzag code: `0, -1, 1, -2, 2, …` become `0, 1, 2, 3, 4, …`, so that a handle
  /// of either sign takes as few bits as its magnitude.
  /// - Parameter slot: A handle, of either sign.
  /// - Returns: `2 × slot` for `slot ≥ 0`, `-2 × slot - 1` below.
  @inlinable static func encode(_ slot: Int) -> Int {
    (slot &<< 1) ^ (slot &>> (Int.bitWidth &- 1))
  }

  /// The handle of a zigzag code: the inverse of ``encode(_:)``.
  /// - Parameter code: A code from ``encode(_:)``.
  @inlinable static func decode(_ code: Int) -> Int {
    (code &>> 1) ^ -(code & 1)
  }

  /// Whether a bucket's content carries `fingerprint` (a tombstone carries none).
  @inlinable static func matches(_ content: Int, _ fingerprint: Int) -> Bool {
    content & (1 &<< fingerprintBits &- 1) == fingerprint && content != tombstone
  }

  /// Whether `handle`'s code fits in a bucket.
  @inlinable func fits(_ handle: Int) -> Bool { Self.encode(handle) < codeLimit }

  /// Stores `slot` with its hint and fingerprint in `bucket`, empty or a tombstone.
  /// - Parameters:
  ///   - slot: A chunk handle that ``fits(_:)``.
  ///   - hint: ``hint(forIndex:)`` of the item's index in the chunk.
  ///   - fingerprint: The fingerprint from ``home(_:)``.
  ///   - bucket: An empty bucket or a tombstone in `0 ..< bucketCount`.
  @inlinable mutating func store(_ slot: Int, hint: Int, fingerprint: Int, in bucket: Int) {
    let code = Self.encode(slot)
    // A tombstone taken again was counted already.
    if content(of: bucket) == Self.tombstone { clear(bucket) } else { used &+= 1 }
    let value = UInt64(
      truncatingIfNeeded: ((code &+ 2) &<< Self.hintBits | hint) &<< Self.fingerprintBits
        | fingerprint)
    let bit = bucket &* bucketBits
    let word = bit &>> 6
    let shift = bit & 63
    words[word] |= value &<< UInt64(shift)
    if shift &+ bucketBits > 64 { words[word &+ 1] |= value &>> UInt64(64 &- shift) }
  }

  /// Points the entry in `bucket` at another chunk and place, keeping its fingerprint (an item
  /// that moved to another chunk, or whose chunk was numbered once its page was in).
  /// - Parameters:
  ///   - bucket: A bucket in `0 ..< bucketCount` that holds an item.
  ///   - slot: The chunk handle the item is in now; it ``fits(_:)``.
  ///   - hint: ``hint(forIndex:)`` of its index there.
  @inlinable mutating func repoint(_ bucket: Int, to slot: Int, hint: Int) {
    let fingerprint = content(of: bucket) & (1 &<< Self.fingerprintBits &- 1)
    clear(bucket)
    used &-= 1
    store(slot, hint: hint, fingerprint: fingerprint, in: bucket)
  }

  /// Marks the item in `bucket` removed: probing goes on past it, and it counts towards
  /// ``used`` until the table is rebuilt.
  /// - Parameter bucket: A bucket in `0 ..< bucketCount` that holds an item.
  @inlinable mutating func remove(_ bucket: Int) {
    clear(bucket)
    storeRaw(Self.tombstone, in: bucket)
  }

  /// Writes `content` into the empty `bucket`.
  @inlinable mutating func storeRaw(_ content: Int, in bucket: Int) {
    let value = UInt64(truncatingIfNeeded: content)
    let bit = bucket &* bucketBits
    let word = bit &>> 6
    let shift = bit & 63
    words[word] |= value &<< UInt64(shift)
    if shift &+ bucketBits > 64 { words[word &+ 1] |= value &>> UInt64(64 &- shift) }
  }

  /// Empties `bucket` (only to store another handle in it at once: probing stops at an empty
  /// bucket).
  /// - Parameter bucket: A bucket in `0 ..< bucketCount`.
  @inlinable mutating func clear(_ bucket: Int) {
    let mask = UInt64.max &>> UInt64(64 &- bucketBits)
    let bit = bucket &* bucketBits
    let word = bit &>> 6
    let shift = bit & 63
    words[word] &= ~(mask &<< UInt64(shift))
    if shift &+ bucketBits > 64 { words[word &+ 1] &= ~(mask &>> UInt64(64 &- shift)) }
  }

  /// The first empty bucket from `bucket` on.
  @inlinable func emptyBucket(from bucket: Int) -> Int {
    var bucket = bucket
    while content(of: bucket) != 0 { bucket = self.bucket(after: bucket) }
    return bucket
  }

  /// Replaces the buckets with an empty table that holds at least `count` entries and codes
  /// below at least `codes`. A table that must grow grows by at least 1/4 (so that growth
  /// costs O(1) per entry, amortised); one with room enough keeps its size, so that a window
  /// that drops pages and grows back by as many (a capped list scrolling on, a walk forgetting
  /// its older pages) does not rebuild it as it grows again. The old buckets are released
  /// first.
  /// - Parameters:
  ///   - count: Entries the table must hold before growing again.
  ///   - codes: The codes it must hold: `0 ..< codes`.
  /// - Complexity: O(capacity) to allocate the buckets.
  @inlinable mutating func reset(capacity count: Int, codes: Int) {
    // A sixteenth more than asked at least: a large page that fills the table exactly would
    // otherwise leave an edit's insert to rebuild it at once.
    let wanted = count &+ count / 16
    capacity =
      wanted > capacity ? Swift.max(wanted, capacity &+ capacity / 4, 12) : Swift.max(capacity, 12)
    used = 0
    // Room for a quarter more codes too, so that a list that keeps adding chunks does not
    // rebuild the table for each.
    if codes > codeLimit {
      codeLimit = Swift.max(codes &+ codes / 4, codeLimit &+ codeLimit / 4, 16)
    }
    bucketCount = capacity &+ (capacity &+ 2) / 3
    // A bucket holds code + 2, below codeLimit + 2, then the hint and the fingerprint.
    bucketBits =
      (Int.bitWidth &- (codeLimit &+ 1).leadingZeroBitCount) &+ Self.hintBits
      &+ Self.fingerprintBits
    // Release the old buckets before allocating the new ones (the caller re-inserts from the
    // items, not from them), so that growing never holds two tables at once.
    words = []
    words = Array(repeating: 0, count: (bucketCount &* bucketBits &+ 63) &>> 6)
  }

  /// The table's size in bytes (its buckets).
  var byteCount: Int { words.count &* MemoryLayout<UInt64>.stride }
}
