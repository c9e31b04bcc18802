import Paging
import PagingTestSupport
import Testing

/// Rulebook R10 (fault class 12): every commit de-duplicates by id, per the policy, and counts it.
@Suite(.timeLimit(.minutes(minuteLimit))) struct DuplicateTests {
  struct Note: Identifiable, Sendable, Equatable {
    let id: Int
    let text: String
  }

  @Test func keepFirstDropsRepeatedItemsAndKeepsTheirPositions() {
    var machine = Machine.loaded()
    let append = machine.handle(.loadNextPage).loads[0]
    // Offset paging after 3 inserts at the head: page 2 repeats rows 17, 18, 19.
    _ = machine.handle(.loadCompleted(append.id, page(17..<37, next: 40)))
    #expect(machine.ids == Array(0..<37))
    #expect(machine.metrics.duplicatesDropped == 3)
    #expect(machine.metrics.itemsCommitted == 37)
    #expect(machine.store.invariantViolation() == nil)
  }

  @Test func duplicatesWithinOnePageAreDroppedToo() {
    var machine = Machine()
    let first = machine.handle(.start).loads[0]
    let items = [Row(id: 1), Row(id: 2), Row(id: 1), Row(id: 3), Row(id: 2)]
    _ = machine.handle(.loadCompleted(first.id, Page(items: items, nextCursor: 9)))
    #expect(machine.ids == [1, 2, 3])
    #expect(machine.metrics.duplicatesDropped == 2)
  }

  @Test func replacePutsTheNewItemAtTheOldPosition() {
    var machine = PagingStateMachine<Note, Int>(
      configuration: PagingConfiguration(duplicatePolicy: .replace))
    let first = machine.handle(.start).loads[0]
    let old = [Note(id: 1, text: "a"), Note(id: 2, text: "b")]
    _ = machine.handle(.loadCompleted(first.id, Page(items: old, nextCursor: 2)))
    let append = machine.handle(.loadNextPage).loads[0]
    let new = [Note(id: 1, text: "a2"), Note(id: 3, text: "c")]
    _ = machine.handle(.loadCompleted(append.id, Page(items: new, nextCursor: nil)))
    #expect(machine.items.map(\.text) == ["a2", "b", "c"])
    #expect(machine.metrics.duplicatesReplaced == 1)
    #expect(machine.metrics.duplicatesDropped == 0)
  }
}
