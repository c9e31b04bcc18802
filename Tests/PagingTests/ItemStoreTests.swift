import Paging
import Testing

@Suite struct ItemStoreTests {
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
    #expect(store.map(\.id) == [5, 6, 7, 8])
    #expect(store.position(of: 0) == nil)
    #expect(store.position(of: 8) == 3)
    #expect(store.invariantViolation() == nil)
  }
}
