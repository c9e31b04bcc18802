/// The ids of a walk's last pages (rulebook R29), for dropping the items whose id one of them
/// had (R10): at least the last `pages` pages, at most twice as many, in two generations of up
/// to `pages` pages each. When the newer generation is full it becomes the older one and the
/// older one is forgotten, so the memory is bounded by the ids of `2 × pages` pages whatever the
/// walk's length.
///
/// Each id is hashed once. Each generation keeps its ids in the order they came; one
/// open-addressed table of 8-byte slots (32 bits of the id's hash, its generation, its index)
/// serves both, so that a lookup reads one small table and compares an id only when the hashes
/// agree, and forgetting a generation moves the slots of the other into a cleared table
/// without hashing an id again. Integer ids are hashed by a multiplication with an odd number
/// drawn for each walk (multiply-shift hashing, Dietzfelbinger et al. 1997): as hard for a
/// server to collide on purpose as `Hasher`'s seeded hash, and a nanosecond instead of a
/// dozen. The walk admits each page here, in code specialised for the caller's items (its
/// admission closure is made where the caller starts the walk), before the engine's machine
/// counts the page: the machine's window holds one page at a time.
@usableFromInline
struct RecentIDs<ID: Hashable & Sendable>: Sendable {
  /// The pages of a generation, at least 1.
  @usableFromInline let pages: Int
  /// The positions, in the last page admitted, of the items dropped: empty when every item
  /// was new.
  @usableFromInline var dropped: [Int] = []
  /// Each slot: the hash's 32 bits above the generation's bit above the id's index in its
  /// generation plus one; 0 for an empty slot.
  @usableFromInline var slots: [UInt64] = []
  /// The ids of each generation, by the generation's bit.
  @usableFromInline var ids: [[ID]] = [[], []]
  /// The newer generation's bit.
  @usableFromInline var newer = 0
  @usableFromInline var pagesInNewer = 0
  /// The slots in use.
  @usableFromInline var used = 0
  /// The multiplier of integer ids' hashes: odd, drawn for each walk.
  @usableFromInline let multiplier: UInt64

  /// The most ids a generation holds: its indices take 31 bits of a slot.
  @usableFromInline static var generationLimit: Int { 1 << 31 - 2 }

  /// A memory of at least `pages` pages (at least 1).
  @usableFromInline init(pages: Int) {
    self.pages = Swift.max(1, pages)
    var random = SystemRandomNumberGenerator()
    multiplier = random.next() | 1
  }

  /// Admits a page: each item whose id neither generation holds, nor an earlier item of the
  /// page had, is new and its id joins the newer generation; the others are dropped
  /// (``dropped``).
  /// - Parameter items: The page's items, in order.
  /// - Complexity: O(*m*) expected for the *m* items, one hash each, plus O(*n*) for the *n*
  ///   slots when a generation is forgotten (every `pages` pages).
  @inlinable
  mutating func admit<Item: Identifiable>(_ items: [Item]) where Item.ID == ID {
    if pagesInNewer == pages || ids[newer].count > Self.generationLimit - items.count {
      forgetOlderGeneration()
    }
    pagesInNewer += 1
    dropped.removeAll(keepingCapacity: true)
    reserve(adding: items.count)
    let generation = UInt64(newer) << 31
    var mine = ids[newer]
    ids[newer] = []
    let theirs = ids[1 - newer]
    var dropped = self.dropped
    self.dropped = []
    var added = 0
    let multiplier = self.multiplier
    slots.withUnsafeMutableBufferPointer { slots in
      let mask = slots.count - 1
      for position in items.indices {
        let id = items[position].id
        let hash = Self.fingerprint(id, multiplier: multiplier)
        var index = Int(truncatingIfNeeded: hash) & mask
        var seen = false
        while slots[index] != 0 {
          let slot = slots[index]
          if slot >> 32 == hash {
            let stored = Int(truncatingIfNeeded: slot & 0x7FFF_FFFF) - 1
            if (slot & 1 << 31 == generation ? mine[stored] : theirs[stored]) == id {
              seen = true
              break
            }
          }
          index = (index + 1) & mask
        }
        if seen {
          dropped.append(position)
        } else {
          mine.append(id)
          slots[index] = hash << 32 | generation | UInt64(mine.count)
          added += 1
        }
      }
    }
    used += added
    ids[newer] = mine
    self.dropped = dropped
  }

  /// 32 bits of `id`'s hash: multiply-shift by `multiplier` for integer ids, the upper half
  /// of `Hasher`'s seeded hash for any other.
  @inlinable
  static func fingerprint(_ id: ID, multiplier: UInt64) -> UInt64 {
    let bits: UInt64
    if ID.self == Int.self {
      bits = UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self)))
    } else if ID.self == Int64.self {
      bits = UInt64(bitPattern: unsafeBitCast(id, to: Int64.self))
    } else if ID.self == UInt64.self {
      bits = unsafeBitCast(id, to: UInt64.self)
    } else if ID.self == Int32.self {
      bits = UInt64(UInt32(bitPattern: unsafeBitCast(id, to: Int32.self)))
    } else {
      return UInt64(UInt(bitPattern: id.hashValue)) >> 32
    }
    return (bits &* multiplier) >> 32
  }

  /// The newer generation becomes the older one, and the older one's ids are forgotten: the
  /// other's slots move into the cleared table.
  /// - Complexity: O(*n*) for the *n* slots, without hashing an id.
  @inlinable
  mutating func forgetOlderGeneration() {
    newer = 1 - newer
    pagesInNewer = 0
    ids[newer].removeAll(keepingCapacity: true)
    rebuild(capacity: slots.count, dropping: newer)
  }

  /// Makes room for `adding` more ids at a load of at most one half.
  /// - Complexity: O(*n*) for the *n* slots when the table grows.
  @inlinable
  mutating func reserve(adding: Int) {
    let needed = (used + adding).saturatingMultiplyingByTwo
    guard needed > slots.count else { return }
    var capacity = Swift.max(16, slots.count)
    while capacity < needed { capacity *= 2 }
    rebuild(capacity: capacity, dropping: nil)
  }

  /// Moves the slots into a cleared table of `capacity` slots (a power of two), but those of
  /// the generation whose bit is `dropped`.
  /// - Complexity: O(*n*) for the *n* slots, without hashing an id.
  @inlinable
  mutating func rebuild(capacity: Int, dropping dropped: Int?) {
    let droppedBit = dropped.map { UInt64($0) << 31 }
    var table = [UInt64](repeating: 0, count: capacity)
    var used = 0
    table.withUnsafeMutableBufferPointer { table in
      let mask = capacity - 1
      for slot in slots where slot != 0 && slot & 1 << 31 != droppedBit {
        var index = Int(truncatingIfNeeded: slot >> 32) & mask
        while table[index] != 0 { index = (index + 1) & mask }
        table[index] = slot
        used += 1
      }
    }
    slots = table
    self.used = used
  }
}

extension Int {
  /// Twice the value, or `Int.max` when that overflows.
  @usableFromInline var saturatingMultiplyingByTwo: Int {
    let (twice, overflow) = multipliedReportingOverflow(by: 2)
    return overflow ? .max : twice
  }
}
