import Paging
import PagingTestSupport
import Testing

/// Rulebook R3 and R20: a row triggers an append only within the prefetch distance of the loaded
/// end.
@Suite(.timeLimit(.minutes(minuteLimit))) struct PrefetchDistanceTests {
  /// Android Paging 3's meaning: a row triggers when fewer than the distance of loaded rows
  /// follow it, so the first triggering row has `distance - 1` rows after it.
  @Test(arguments: [1, 5, 20])
  func theFirstTriggeringRowHasOneRowFewerThanTheDistanceAfterIt(distance: Int) {
    var machine = Machine.loaded(count: 20, configuration: .init(prefetch: .fixed(distance)))
    let boundary = 20 - distance
    let before = machine.appear(0..<boundary)
    #expect(before.isEmpty)
    let at = machine.handle(.rowAppeared(.id(boundary)))
    #expect(at.loads.map(\.cursor) == [20])
  }

  @Test func aDistanceOfZeroLoadsOnlyWhenAskedTo() {
    var machine = Machine.loaded(count: 20, configuration: .init(prefetch: .fixed(0)))
    #expect(machine.appear(0..<20).isEmpty)
    #expect(machine.handle(.loadNextPage).loads.map(\.cursor) == [20])
  }

  @Test func anAppearanceByIndexCountsLikeOneById() {
    var machine = Machine.loaded(count: 20, configuration: .init(prefetch: .fixed(3)))
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
    #expect(PagingConfiguration<Int>().prefetch.initialDistance == 20)
    #expect(PagingConfiguration<Int>(prefetch: .fixed(-3)).prefetch.initialDistance == 0)
  }

  @Test func theCheckDoesNotDependOnHowManyItemsAreLoaded() {
    // 100,000 items: the row 5 from the end triggers, the row 6 from the end does not. The
    // decision reads one position from the id map; nothing scans the items.
    var machine = Machine.loaded(count: 100_000, next: 100_000)
    #expect(machine.handle(.rowAppeared(.id(99_993))).isEmpty)
    #expect(machine.handle(.rowAppeared(.id(99_994))).loads.map(\.cursor) == [100_000])
  }
}

/// Rows are looked up next to the last one first (a scroll's order); any order must resolve
/// every row to its own position.
@Suite(.timeLimit(.minutes(minuteLimit))) struct RowLookupTests {
  @Test func rowsInScrollOrderAndAfterJumpsResolveToTheirOwnPositions() {
    var machine = Machine.loaded(count: 100, next: 100)
    // 11 follows 10, 9 precedes 11's neighbour, 60 and 94 are jumps; only 94 is within 5 rows
    // of the end. A lookup that trusted the neighbour without comparing ids would miss it.
    #expect(machine.appear([10, 11, 10, 9, 60]).isEmpty)
    #expect(machine.handle(.rowAppeared(.id(94))).loads.map(\.cursor) == [100])
  }

  @Test func aRowDisappearingAfterAJumpStillLowersTheHighestVisibleRow() {
    var machine = Machine.loaded(count: 40, next: 40)
    let append = machine.appear([3, 36]).loads[0]
    for id in [37, 36] { _ = machine.handle(.rowDisappeared(.id(id))) }
    let effects = machine.handle(.loadCompleted(append.id, page(40..<41, next: 41)))
    #expect(effects.isEmpty)
  }

  @Test func lookupsAfterARefreshToFewerRowsIgnoreTheStalePosition() {
    var machine = Machine.loaded(count: 100, next: 100)
    _ = machine.appear([98, 99])
    let refresh = machine.handle(.refresh).loads.first { $0.direction == .refresh }
    if let refresh {
      _ = machine.handle(.loadCompleted(refresh.id, page(0..<10, next: 10)))
    }
    #expect(refresh != nil)
    #expect(machine.handle(.rowAppeared(.id(4))).loads.map(\.cursor) == [10])
  }
}
