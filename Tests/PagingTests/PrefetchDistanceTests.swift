import Paging
import Testing

/// Rule 2: a row triggers an append only within the prefetch distance of the loaded end.
@Suite struct PrefetchDistanceTests {
  @Test(arguments: [0, 1, 5, 19])
  func theFirstTriggeringRowHasExactlyPrefetchDistanceRowsAfterIt(distance: Int) {
    var machine = Machine.loaded(count: 20, configuration: .init(prefetchDistance: distance))
    let boundary = 20 - 1 - distance
    let before = machine.appear(0..<boundary)
    #expect(before.isEmpty)
    let at = machine.handle(.rowAppeared(.id(boundary)))
    #expect(at.loads.map(\.cursor) == [20])
  }

  @Test func anAppearanceByIndexCountsLikeOneById() {
    var machine = Machine.loaded(count: 20, configuration: .init(prefetchDistance: 2))
    #expect(machine.handle(.rowAppeared(.index(16))).isEmpty)
    #expect(machine.handle(.rowAppeared(.index(17))).loads.map(\.cursor) == [20])
  }

  @Test func rowsOutsideTheListAreIgnoredAndCounted() {
    var machine = Machine.loaded(count: 20)
    #expect(machine.handle(.rowAppeared(.index(20))).isEmpty)
    #expect(machine.handle(.rowAppeared(.index(-1))).isEmpty)
    #expect(machine.handle(.rowAppeared(.id(999))).isEmpty)
    #expect(machine.metrics.appearanceSignals == 3)
    #expect(machine.metrics.appearanceSignalsIgnored == 3)
  }

  @Test func theDefaultDistanceIsTwentyRows() {
    #expect(PagingConfiguration<Int>().prefetchDistance == 20)
    #expect(PagingConfiguration<Int>(prefetchDistance: -3).prefetchDistance == 0)
  }

  @Test func theCheckDoesNotDependOnHowManyItemsAreLoaded() {
    // 100,000 items: the row 5 from the end triggers, the row 6 from the end does not. The
    // decision reads one position from the id map; nothing scans the items.
    var machine = Machine.loaded(count: 100_000, next: 100_000)
    #expect(machine.handle(.rowAppeared(.id(99_993))).isEmpty)
    #expect(machine.handle(.rowAppeared(.id(99_994))).loads.map(\.cursor) == [100_000])
  }
}
