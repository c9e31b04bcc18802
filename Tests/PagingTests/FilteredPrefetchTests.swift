import Paging
import Testing

/// Rulebook R25 and R3: under a display filter the adaptive prefetch distance, in shown rows,
/// grows by the window's ratio of loaded to shown rows when a load ends, since each page brings
/// only its shown rows; up to the strategy's largest distance. A fixed distance is the app's
/// and never moves.
@Suite struct FilteredPrefetchTests {
  /// Opens a feed of 20-row pages, shows its first shown row (which starts the append), and
  /// answers that append: the user did not scroll while it loaded, so the adaptive rule's
  /// distance is its minimum, 2 rows, before the filter's ratio of the 20 rows loaded when
  /// the load ended.
  static func afterOneAppend(
    filter: (@Sendable (Row) -> Bool)?, prefetch: PrefetchStrategy = .adaptive(AdaptivePrefetch())
  ) -> Machine {
    var machine = Machine(configuration: PagingConfiguration(prefetch: prefetch))
    if let filter { _ = machine.handle(.setFilter(filter)) }
    let first = machine.handle(.start).loads[0]
    var loads = machine.handle(.loadCompleted(first.id, page(0..<20, next: 20))).loads
    if let row = machine.items.first { loads += machine.handle(.rowAppeared(.id(row.id))).loads }
    if let append = loads.first {
      _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    }
    return machine
  }

  @Test func theAdaptiveDistanceGrowsByTheShareOfRowsTheFilterHides() {
    #expect(Self.afterOneAppend(filter: nil).currentPrefetchDistance == 2)
    #expect(Self.afterOneAppend(filter: { $0.id % 2 == 0 }).currentPrefetchDistance == 4)
    #expect(Self.afterOneAppend(filter: { $0.id % 4 == 0 }).currentPrefetchDistance == 8)
    #expect(Self.afterOneAppend(filter: { $0.id % 5 == 0 }).currentPrefetchDistance == 10)
    // A window of hidden rows only: the largest distance.
    #expect(Self.afterOneAppend(filter: { _ in false }).currentPrefetchDistance == 100)
    let fixed = Self.afterOneAppend(filter: { $0.id % 2 == 0 }, prefetch: .fixed(3))
    #expect(fixed.currentPrefetchDistance == 3)
  }

  /// The grown distance decides the trigger: with half the rows hidden, 20 shown rows and a
  /// distance of 4, shown row 15 (row 30, 4 shown rows after it) starts nothing and shown
  /// row 16 (row 32) starts the append; at the unscaled distance of 2 only row 36 would.
  @Test func aRowWithinTheGrownDistanceLoadsTheNextPage() {
    var machine = Self.afterOneAppend(filter: { $0.id % 2 == 0 })
    #expect(machine.items.count == 20)
    #expect(machine.handle(.rowAppeared(.id(30))).loads.isEmpty)
    #expect(machine.handle(.rowAppeared(.id(32))).loads.map(\.cursor) == [40])
  }
}
