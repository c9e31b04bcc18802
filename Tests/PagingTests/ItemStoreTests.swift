import Paging
import PagingTestSupport
import Testing

/// The engine's store: an ``ItemSnapshot`` on two sides plus an id index of stable slots.
@Suite(.timeLimit(.minutes(minuteLimit))) struct ItemStoreTests {
  /// A row with a payload, to tell a replaced item from the one it replaced.
  struct VersionedRow: Identifiable, Sendable, Hashable {
    let id: Int
    var version = 0
  }

  @Test func appendFindsEveryItemByIdAtItsPosition() {
    var store = ItemStore<Row>()
    let result = store.append(contentsOf: rows(0..<100), policy: .keepFirst)
    #expect(result == ItemStore<Row>.InsertionResult(inserted: 100, dropped: 0, replaced: 0))
    #expect(store.count == 100)
    #expect(store.position(of: 42) == 42)
    #expect(store[id: 99] == Row(id: 99))
    #expect(store[id: 100] == nil)
    #expect(store.contains(id: 0))
    #expect(store.invariantViolation() == nil)
  }

  @Test func replaceAllDeduplicatesAndForgetsTheOldIds() {
    var store = ItemStore(rows(0..<10))
    let result = store.replaceAll(with: rows(5..<8) + rows(6..<9), policy: .keepFirst)
    #expect(result.inserted == 4)
    #expect(result.dropped == 2)
    #expect(store.items.map(\.id) == [5, 6, 7, 8])
    #expect(store.position(of: 0) == nil)
    #expect(store.position(of: 8) == 3)
    #expect(store.invariantViolation() == nil)
  }

  @Test func prependPutsThePageBeforeTheFirstItemInServerOrder() {
    var store = ItemStore(rows(10..<20))
    let result = store.prepend(contentsOf: rows(4..<10), policy: .keepFirst)
    #expect(result == ItemStore<Row>.InsertionResult(inserted: 6))
    #expect(store.items.map(\.id) == Array(4..<20))
    #expect(store[0] == Row(id: 4))
    #expect(store[15] == Row(id: 19))
    #expect(store.position(of: 4) == 0)
    #expect(store.position(of: 9) == 5)
    #expect(store.position(of: 10) == 6)
    #expect(store.position(of: 19) == 15)
    #expect(store.invariantViolation() == nil)
  }

  @Test func positionsFollowPrependsWithoutRenumbering() {
    // Pages of 7 prepended 300 times (2,100 items, over two front chunks), then appended.
    var store = ItemStore(rows(0..<5))
    var violations: [String] = []
    for end in stride(from: 0, to: -2_100, by: -7) {
      store.prepend(contentsOf: rows((end - 7)..<end), policy: .keepFirst)
      if let violation = store.invariantViolation() { violations.append(violation) }
    }
    store.append(contentsOf: rows(5..<9), policy: .keepFirst)
    #expect(violations.isEmpty)
    #expect(store.count == 2_109)
    #expect(store.items.map(\.id) == Array(-2_100..<9))
    #expect((-2_100..<9).allSatisfy { store.position(of: $0) == $0 + 2_100 })
    #expect(store.position(of: -2_101) == nil)
    #expect(store.position(of: 9) == nil)
    // The hint path finds neighbours across the boundary between the two sides.
    let minusOne = store.position(of: -1, near: ItemPlace.none)
    #expect(minusOne?.position == 2_099)
    let zero = store.position(of: 0, near: minusOne?.place ?? ItemPlace.none)
    #expect(zero?.position == 2_100)
    #expect(store.position(of: -1, near: zero?.place ?? ItemPlace.none)?.position == 2_099)
    #expect(store.position(of: 9, near: zero?.place ?? ItemPlace.none) == nil)
    #expect(store.invariantViolation() == nil)
  }

  @Test func keepFirstDropsRepeatsOnBothSides() {
    var store = ItemStore((10..<20).map { VersionedRow(id: $0) })
    let page = [5, 6, 12, 5, 7].map { VersionedRow(id: $0, version: 1) }
    let prepended = store.prepend(contentsOf: page, policy: .keepFirst)
    #expect(prepended == ItemStore<VersionedRow>.InsertionResult(inserted: 3, dropped: 2))
    #expect(store.items.map(\.id) == [5, 6, 7] + Array(10..<20))
    #expect(store[id: 12]?.version == 0)
    let appended = store.append(
      contentsOf: [VersionedRow(id: 5, version: 2), VersionedRow(id: 20, version: 2)],
      policy: .keepFirst)
    #expect(appended == ItemStore<VersionedRow>.InsertionResult(inserted: 1, dropped: 1))
    #expect(store.items.map(\.version) == [1, 1, 1] + Array(repeating: 0, count: 10) + [2])
    let again = store.prepend(
      contentsOf: [VersionedRow(id: 19, version: 3), VersionedRow(id: 4, version: 3)],
      policy: .keepFirst)
    #expect(again == ItemStore<VersionedRow>.InsertionResult(inserted: 1, dropped: 1))
    #expect(store.items.map(\.id) == [4, 5, 6, 7] + Array(10..<21))
    #expect(store.position(of: 20) == 14)
    #expect(store.invariantViolation() == nil)
  }

  @Test func replaceWritesRepeatsInPlaceOnBothSides() {
    var store = ItemStore((10..<20).map { VersionedRow(id: $0) })
    let page = [
      VersionedRow(id: 5, version: 1), VersionedRow(id: 6, version: 1),
      VersionedRow(id: 12, version: 1), VersionedRow(id: 5, version: 2),
      VersionedRow(id: 7, version: 1),
    ]
    let prepended = store.prepend(contentsOf: page, policy: .replace)
    #expect(prepended == ItemStore<VersionedRow>.InsertionResult(inserted: 3, replaced: 2))
    #expect(store.items.map(\.id) == [5, 6, 7] + Array(10..<20))
    #expect(store.items.map(\.version) == [2, 1, 1, 0, 0, 1] + Array(repeating: 0, count: 7))
    let appended = store.append(
      contentsOf: [VersionedRow(id: 5, version: 3), VersionedRow(id: 19, version: 3)],
      policy: .replace)
    #expect(appended == ItemStore<VersionedRow>.InsertionResult(replaced: 2))
    #expect(store[0] == VersionedRow(id: 5, version: 3))
    #expect(store[12] == VersionedRow(id: 19, version: 3))
    #expect(store.count == 13)
    #expect(store.invariantViolation() == nil)
  }

  @Test func aHeldSnapshotStaysAsItWasWhateverTheStoreDoesNext() {
    let chunk = ItemSnapshot<VersionedRow>.chunkCapacity
    var store = ItemStore((0..<(chunk + 3)).map { VersionedRow(id: $0) })
    store.prepend(contentsOf: (-5..<0).map { VersionedRow(id: $0) }, policy: .keepFirst)
    let held = store.items
    let heldIds = Array(-5..<(chunk + 3))
    store.append(contentsOf: [VersionedRow(id: chunk + 3)], policy: .keepFirst)
    store.prepend(contentsOf: [VersionedRow(id: -6)], policy: .keepFirst)
    store.append(contentsOf: [VersionedRow(id: 0, version: 1)], policy: .replace)
    store.prepend(contentsOf: [VersionedRow(id: chunk + 2, version: 1)], policy: .replace)
    store.prepend(contentsOf: (-2_000..<(-6)).map { VersionedRow(id: $0) }, policy: .keepFirst)
    #expect(held.map(\.id) == heldIds)
    #expect(held.allSatisfy { $0.version == 0 })
    #expect(store[id: 0]?.version == 1)
    #expect(store[id: chunk + 2]?.version == 1)
    #expect(store.count == chunk + 2_004)
    store.replaceAll(with: [VersionedRow(id: 1, version: 9)], policy: .keepFirst)
    #expect(held.map(\.id) == heldIds)
    #expect(held.allSatisfy { $0.version == 0 })
    #expect(store.items.map(\.version) == [9])
    #expect(store.invariantViolation() == nil)
  }

  @Test func anEmptyPageChangesNothing() {
    var store = ItemStore(rows(0..<3))
    #expect(store.prepend(contentsOf: [Row](), policy: .keepFirst) == .init())
    #expect(store.append(contentsOf: [Row](), policy: .replace) == .init())
    #expect(store.items.map(\.id) == [0, 1, 2])
    #expect(store.invariantViolation() == nil)
  }
}
