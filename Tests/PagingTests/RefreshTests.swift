import Paging
import PagingTestSupport
import Testing

/// Rulebook R2 and R9 (fault classes 10 and 11): a refresh starts a new generation, cancels loads
/// in flight and drops their late results; items are replaced in one step when it commits.
@Suite(.timeLimit(.minutes(minuteLimit))) struct RefreshTests {
  @Test func refreshCancelsTheAppendInFlightAndStartsANewGeneration() {
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    let effects = machine.handle(.refresh)
    #expect(effects.cancellations == [append.id])
    #expect(effects.loads.map(\.direction) == [.refresh])
    #expect(effects.loads.map(\.generation) == [Generation(rawValue: 2)])
    #expect(machine.generation == Generation(rawValue: 2))
  }

  @Test func aLateAppendFromTheOldGenerationIsDroppedItemsAndCursorTogether() {
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadCompleted(refresh.id, page(100..<120, next: 120)))
    _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    #expect(machine.ids == Array(100..<120))
    #expect(machine.nextCursor == 120)
    #expect(machine.metrics.staleResultsDropped == 1)
  }

  @Test func theOldItemsStayUntilTheRefreshCommitsThenAreReplacedInOneStep() {
    var machine = Machine.loaded()
    let refresh = machine.handle(.refresh).loads[0]
    #expect(machine.ids == Array(0..<20))
    var changes = PagingChanges()
    _ = machine.handle(.loadCompleted(refresh.id, page(50..<60, next: 60)), changes: &changes)
    #expect(machine.ids == Array(50..<60))
    // The prepend edge showed no end while the refresh ran; the new page has no previous
    // cursor, so it completes again.
    #expect(changes == [.items, .refreshState, .prependState, .hasPreviousPage])
    #expect(machine.refreshState == .idle)
  }

  /// With manual retries; while an automatic retry of the refresh is pending the old list
  /// waits for it (`DefaultRetryTests`).
  @Test func aFailedRefreshKeepsTheOldItemsAndShowsTheError() {
    var machine = Machine.loaded(configuration: .manualRetry)
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadFailed(refresh.id, Boom()))
    #expect(machine.ids == Array(0..<20))
    #expect(machine.refreshState == .failed(.sourceFailed(Boom())))
    // The old list can still grow from its own cursor.
    #expect(machine.handle(.rowAppeared(.id(19))).loads.map(\.cursor) == [20])
  }

  @Test func concurrentRefreshesShareOneRequest() {
    var machine = Machine.loaded()
    let first = machine.handle(.refresh)
    let second = machine.handle(.refresh)
    let third = machine.handle(.start)
    #expect(first.loads.count == 1)
    #expect(second.isEmpty)
    #expect(third.isEmpty)
    #expect(machine.generation == Generation(rawValue: 2))
  }

  @Test func appearancesDuringARefreshAreCheckedWhenItCommits() {
    var machine = Machine.loaded()
    let refresh = machine.handle(.refresh).loads[0]
    // The old rows 15 to 19 are on screen during the refresh: no append of the old list.
    #expect(machine.appear(15..<20).isEmpty)
    // The fresh first page still holds rows 15 to 19, near its end: an append follows at once.
    let effects = machine.handle(.loadCompleted(refresh.id, page(0..<20, next: 20)))
    #expect(effects.loads.map(\.cursor) == [20])
    #expect(effects.loads.map(\.generation) == [Generation(rawValue: 2)])
  }

  @Test func visibleRowsThatAreGoneAfterARefreshNoLongerCount() {
    var machine = Machine.loaded()
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.appear(15..<20)
    let effects = machine.handle(.loadCompleted(refresh.id, page(100..<120, next: 120)))
    #expect(effects.isEmpty)
  }

  @Test func aRefreshClearsAFailureOfTheOldList() {
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    _ = machine.handle(.loadFailed(append.id, Boom()))
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadCompleted(refresh.id, page(0..<20, next: 20)))
    #expect(machine.appendState == .loading)
  }
}
