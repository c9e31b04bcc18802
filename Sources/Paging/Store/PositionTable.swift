/// The id index of ``ItemStore``: an open-addressing hash table (linear probing) whose buckets
/// hold an item's slot in the store's ``ItemSnapshot`` and a few bits of the id's hash, packed
/// in as few bits as the table's size needs (the layout of swift-collections' `OrderedSet`,
/// plus a fingerprint).
///
/// A slot is stable: appended items take slots 0, 1, 2, …, prepended items -1, -2, …, and the
/// position of an item is its slot minus the first slot, so a prepend renumbers nothing. A
/// bucket holds the slot zigzag-encoded (`0, -1, 1, -2, …` as `0, 1, 2, 3, …`: see
/// ``encode(_:)``), as `(code + 1) << fingerprintBits | fingerprint` in ``bucketBits`` bits; 0
/// marks an empty bucket. The id itself is not stored: a lookup compares the id of the item in
/// the bucket's slot, and the fingerprint (8 bits of the hash) skips 255 of 256 buckets that
/// hold another id without touching the items, which at a million items is a cache and TLB
/// miss each.
///
/// Size: the table holds ``capacity`` slots in `capacity × 4/3` buckets (filled to at most
/// 3/4) and grows by at least 1/4, so it is filled to between 0.6 and 0.75 once it holds 64
/// slots or more. A code is below `2 × capacity` (no side holds more than ``capacity`` items),
/// so a bucket takes `log2(capacity) + 10` bits: 1 million items take 1.33 to 1.67 million
/// buckets of 30 bits, 5.0 to 6.3 MB, where `[ID: Int]` takes 2^21 buckets of 16 bytes,
/// 33.6 MB. Buckets are never removed (a prepend rewrites the slots of its new buckets in
/// place): items are only added or replaced in place.
///
/// Internal to the engine; `@usableFromInline` so that ``ItemStore``'s lookups specialise in the
/// client's module.
@usableFromInline
struct PositionTable: Sendable {
  /// Slots the table holds before it must grow.
  @usableFromInline var capacity = 0
  /// The number of buckets (`capacity × 4/3`, rounded up; 0 for no table).
  @usableFromInline var bucketCount = 0
  /// The width of one bucket in bits: enough for a code below `2 × capacity`, plus
  /// ``fingerprintBits``.
  @usableFromInline var bucketBits = 0
  /// The buckets, packed from the low bit of `words[0]` up.
  @usableFromInline var words: [UInt64] = []

  /// Bits of the hash kept in each bucket.
  @inlinable static var fingerprintBits: Int { 8 }

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
  @inlinable func content(of bucket: Int) -> Int {
    let bit = bucket &* bucketBits
    let word = bit &>> 6
    let shift = bit & 63
    var value = words[word] &>> UInt64(shift)
    if shift &+ bucketBits > 64 { value |= words[word &+ 1] &<< UInt64(64 &- shift) }
    return Int(truncatingIfNeeded: value & (1 &<< UInt64(bucketBits) &- 1))
  }

  /// The slot a bucket's content names.
  @inlinable static func slot(_ content: Int) -> Int {
    decode(content &>> fingerprintBits &- 1)
  }

  /// A slot's zigzag code: `0, -1, 1, -2, 2, …` become `0, 1, 2, 3, 4, …`, so that a slot of
  /// either sign takes as few bits as its magnitude.
  /// - Parameter slot: A slot, of either sign.
  /// - Returns: `2 × slot` for `slot ≥ 0`, `-2 × slot - 1` below.
  @inlinable static func encode(_ slot: Int) -> Int {
    (slot &<< 1) ^ (slot &>> (Int.bitWidth &- 1))
  }

  /// The slot of a zigzag code: the inverse of ``encode(_:)``.
  /// - Parameter code: A code from ``encode(_:)``.
  @inlinable static func decode(_ code: Int) -> Int {
    (code &>> 1) ^ -(code & 1)
  }

  /// Whether a bucket's content carries `fingerprint`.
  @inlinable static func matches(_ content: Int, _ fingerprint: Int) -> Bool {
    content & (1 &<< fingerprintBits &- 1) == fingerprint
  }

  /// Stores `slot` with its fingerprint in the empty `bucket`.
  /// - Parameters:
  ///   - slot: A slot whose code (``encode(_:)``) is below `2 × capacity`.
  ///   - fingerprint: The fingerprint from ``home(_:)``.
  ///   - bucket: An empty bucket in `0 ..< bucketCount`.
  @inlinable mutating func store(_ slot: Int, fingerprint: Int, in bucket: Int) {
    let code = Self.encode(slot)
    let value = UInt64(truncatingIfNeeded: (code &+ 1) &<< Self.fingerprintBits | fingerprint)
    let bit = bucket &* bucketBits
    let word = bit &>> 6
    let shift = bit & 63
    words[word] |= value &<< UInt64(shift)
    if shift &+ bucketBits > 64 { words[word &+ 1] |= value &>> UInt64(64 &- shift) }
  }

  /// Empties `bucket` (only to store another slot in it at once: probing stops at an empty
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

  /// Replaces the buckets with an empty table that holds at least `count` slots, and at least
  /// 1/4 more than before (so that growth costs O(1) per slot, amortised). The old buckets
  /// are released first.
  /// - Parameter count: Slots the table must hold before growing again.
  /// - Complexity: O(*count*) to allocate the buckets.
  @inlinable mutating func reset(capacity count: Int) {
    capacity = Swift.max(count, capacity &+ capacity / 4, 12)
    bucketCount = capacity &+ (capacity &+ 2) / 3
    // Codes are below 2 × capacity, so code + 1 fits in the bits of 2 × capacity.
    bucketBits = (Int.bitWidth &- (capacity &<< 1).leadingZeroBitCount) &+ Self.fingerprintBits
    // Release the old buckets before allocating the new ones (the caller re-inserts from the
    // items, not from them), so that growing never holds two tables at once.
    words = []
    words = Array(repeating: 0, count: (bucketCount &* bucketBits &+ 63) &>> 6)
  }

  /// The table's size in bytes (its buckets).
  var byteCount: Int { words.count &* MemoryLayout<UInt64>.stride }
}
