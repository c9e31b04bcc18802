import Paging
import PagingTestSupport
import Testing

/// The id index behind ``ItemStore``: bit-packed zigzag-coded slots with fingerprints, probed
/// from the id's hash, grown by a quarter at least.
@Suite(.timeLimit(.minutes(minuteLimit))) struct ItemStoreIndexTests {
  /// An id whose every value hashes alike: every lookup collides.
  struct CollidingID: Hashable, Sendable {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  struct CollidingRow: Identifiable, Sendable, Equatable {
    let id: CollidingID
    var version = 0
  }

  @Test func everyItemIsFoundAtItsPositionWhileTheIndexGrowsPageByPage() {
    var store = ItemStore<Row>()
    var violations: [String] = []
    for start in stride(from: 0, to: 5_000, by: 7) {
      store.append(contentsOf: rows(start..<(start + 7)), policy: .keepFirst)
      if let violation = store.invariantViolation() { violations.append(violation) }
    }
    #expect(violations.isEmpty)
    #expect(store.count == 5_005)
    #expect((0..<5_005).allSatisfy { store.position(of: $0) == $0 })
    #expect(store.position(of: 5_005) == nil)
    #expect(store.position(of: -1) == nil)
  }

  @Test func idsThatAllCollideAreStillFoundAndDeduplicated() {
    let items = (0..<300).map { CollidingRow(id: CollidingID(value: $0)) }
    var store = ItemStore(items)
    let result = store.append(
      contentsOf: [CollidingRow(id: CollidingID(value: 150), version: 1)]
        + [CollidingRow(id: CollidingID(value: 300))],
      policy: .keepFirst)
    #expect(result == ItemStore<CollidingRow>.InsertionResult(inserted: 1, dropped: 1))
    #expect(store.count == 301)
    #expect(store.position(of: CollidingID(value: 299)) == 299)
    #expect(store[id: CollidingID(value: 150)]?.version == 0)
    #expect(store.position(of: CollidingID(value: 301)) == nil)
    #expect(store.invariantViolation() == nil)
  }

  @Test func aPageInContiguousMemoryAndALazySequenceGiveTheSameStore() {
    // Arrays take the two-pass path (hash every id first); other sequences go one by one.
    let page = rows(0..<40) + rows(10..<20) + rows(40..<60) + rows(59..<61)
    var fromArray = ItemStore(rows(0..<5))
    var fromSequence = ItemStore(rows(0..<5))
    let arrayResult = fromArray.append(contentsOf: page, policy: .keepFirst)
    let sequenceResult = fromSequence.append(contentsOf: page.lazy.map { $0 }, policy: .keepFirst)
    #expect(arrayResult == ItemStore<Row>.InsertionResult(inserted: 56, dropped: 16))
    #expect(sequenceResult == arrayResult)
    #expect(fromArray == fromSequence)
    #expect(fromArray.items.map(\.id) == Array(0..<61))
    #expect(fromArray.invariantViolation() == nil)
  }

  @Test func aPageLargerThanTheIndexGrowsItOnceAndKeepsEveryDuplicateOut() {
    var store = ItemStore(rows(0..<3))
    let page = (0..<1_000).map { Row(id: $0 % 600) }
    let result = store.append(contentsOf: page, policy: .keepFirst)
    #expect(result == ItemStore<Row>.InsertionResult(inserted: 597, dropped: 403))
    #expect(store.count == 600)
    #expect(store.invariantViolation() == nil)
  }

  @Test func replaceWritesInPlaceAndKeepsThePosition() {
    var store = ItemStore((0..<100).map { CollidingRow(id: CollidingID(value: $0)) })
    let result = store.append(
      contentsOf: [CollidingRow(id: CollidingID(value: 42), version: 7)], policy: .replace)
    #expect(result == ItemStore<CollidingRow>.InsertionResult(replaced: 1))
    #expect(store.count == 100)
    #expect(store[42].version == 7)
    #expect(store.position(of: CollidingID(value: 42)) == 42)
    #expect(store.invariantViolation() == nil)
  }

  @Test func theIndexTakesBitsNotWordsPerItem() {
    // 1,000 items in 16 chunks: capacity 1,062 (a sixteenth of room), 1,416 buckets of 6 + 4
    // + 8 bits (codes below 41: 16 handles, zigzag-coded, and a quarter more; the index in the
    // chunk, in fours; the hash) = 399 words = 3,192 bytes (a [Int: Int] takes 2,048 buckets
    // of 16 bytes, 32,768 bytes).
    #expect(ItemStore(rows(0..<1_000)).indexByteCount == 3_192)
    #expect(ItemStore<Row>().indexByteCount == 0)
    var store = ItemStore<Row>()
    for start in stride(from: 0, to: 100_000, by: 50) {
      store.append(contentsOf: rows(start..<(start + 50)), policy: .keepFirst)
    }
    // Grown page by page (by a quarter at least) to about 145,000 buckets, filled to 0.69, of
    // 13 + 4 + 8 bits (a page of 50 is one chunk: 2,000 handles, whose zigzag codes and a
    // quarter more fit in 13 bits, since the codes grow only when a handle does not fit):
    // 4.5 bytes per item (a power-of-two table would need 2^18 buckets: 8.5 bytes).
    #expect(store.indexByteCount == 454_224)
  }

  @Test func anEmptyStoreFindsNothing() {
    let store = ItemStore<Row>()
    #expect(store.position(of: 0) == nil)
    #expect(store[id: 0] == nil)
    #expect(!store.contains(id: 0))
    #expect(store.invariantViolation() == nil)
  }
}
