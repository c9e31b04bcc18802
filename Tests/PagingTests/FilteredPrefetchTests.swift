import Paging
import PagingTestSupport
import Testing

/// Rulebook R25 and R3: under a display filter the adaptive prefetch distance is counted in
/// shown rows and is the shown rows the user scrolls during a load, whatever share of rows the
/// filter hides. A fixed distance is the app's and never moves.
@Suite(.timeLimit(.minutes(minuteLimit))) struct FilteredPrefetchTests {
  /// Opens a feed of 20-row pages and shows its first two shown rows and its last, which starts
  /// the append (the distance starts at 2 rows, so only the last is near the edge; a load
  /// started while a screen had a single row measures nothing, R3), and answers that append:
  /// the user did not scroll while it loaded, so the adaptive rule's distance (no warm-up) is
  /// its minimum, 2 rows.
  static func afterOneAppend(
    filter: (@Sendable (Row) -> Bool)?,
    prefetch: PrefetchStrategy = .adaptive(AdaptivePrefetch(initialDistance: 2, warmUpSamples: 1))
  ) -> Machine {
    var machine = Machine(configuration: PagingConfiguration(prefetch: prefetch))
    if let filter { _ = machine.handle(.setFilter(filter)) }
    let first = machine.handle(.start).loads[0]
    var loads = machine.handle(.loadCompleted(first.id, page(0..<20, next: 20))).loads
    let shown = machine.items.map(\.id)
    for id in [shown[0], shown[1], shown[shown.count - 1]] {
      loads += machine.handle(.rowAppeared(.id(id))).loads
    }
    if let append = loads.first {
      _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    }
    return machine
  }

  @Test func theAdaptiveDistanceIsNotScaledByTheRowsTheFilterHides() {
    #expect(Self.afterOneAppend(filter: nil).currentPrefetchDistance == 2)
    #expect(Self.afterOneAppend(filter: { $0.id % 2 == 0 }).currentPrefetchDistance == 2)
    #expect(Self.afterOneAppend(filter: { $0.id % 5 == 0 }).currentPrefetchDistance == 2)
    let fixed = Self.afterOneAppend(filter: { $0.id % 2 == 0 }, prefetch: .fixed(3))
    #expect(fixed.currentPrefetchDistance == 3)
  }

  /// The distance counts shown rows: with half the rows hidden, 20 shown rows and a distance
  /// of 2, shown row 17 (row 34, 2 shown rows after it) starts nothing and shown row 18
  /// (row 36) starts the append.
  @Test func theDistanceCountsShownRows() {
    var machine = Self.afterOneAppend(filter: { $0.id % 2 == 0 })
    #expect(machine.items.count == 20)
    #expect(machine.handle(.rowAppeared(.id(34))).loads.isEmpty)
    #expect(machine.handle(.rowAppeared(.id(36))).loads.map(\.cursor) == [40])
  }
}
