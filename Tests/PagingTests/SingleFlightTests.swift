import Paging
import PagingTestSupport
import Testing

/// Rulebook R1 and R4 (fault classes 2, 3, 13 and 14): one load at a time; appearances during a
/// load are remembered and re-checked after it, so the list is never stuck near the end.
@Suite(.timeLimit(.minutes(minuteLimit))) struct SingleFlightTests {
  @Test func appearancesDuringAnAppendSendNothing() {
    var machine = Machine.loaded()
    let first = machine.appear(15..<20)
    let again = machine.appear(15..<20)
    #expect(first.loads.count == 1)
    #expect(again.isEmpty)
    #expect(machine.metrics.requestsStarted == 2)
    #expect(machine.loadsInFlight.count == 1)
  }

  @Test func aRowSeenDuringTheLoadTriggersTheNextPageAfterAShortCommit() {
    // Row 19 appeared while page 2 was loading; page 2 brought only 2 rows, so row 19 is still
    // within 5 rows of the end: the machine loads page 3 without a new appearance.
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    let effects = machine.handle(.loadCompleted(append.id, page(20..<22, next: 22)))
    #expect(effects.loads.map(\.cursor) == [22])
  }

  @Test func aFullPageMovesTheEndAwayAndNothingMoreLoads() {
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    let effects = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    #expect(effects.isEmpty)
    #expect(machine.appendState == .idle)
  }

  @Test func aFirstPageShorterThanTheScreenKeepsLoadingUntilTheWindowIsFilled() {
    // Fault class 13: 5 rows, a screen of 12. The five rows appear; every commit re-checks
    // the highest visible row (4), which stays near the end until 3 more pages arrive.
    var machine = Machine.loaded(count: 5, next: 5)
    var requests = machine.appear(0..<5).loads
    var cursor = 5
    while let request = requests.first, cursor < 30 {
      #expect(request.cursor == cursor)
      requests =
        machine.handle(.loadCompleted(request.id, page(cursor..<cursor + 5, next: cursor + 5)))
        .loads
      cursor += 5
    }
    // Row 4 is the highest visible row: with 10 rows loaded, 5 follow it (still within the
    // distance of 5); with 15 loaded, 10 follow it and loading stops.
    #expect(machine.items.count == 15)
    #expect(machine.metrics.requestsStarted == 3)
    #expect(requests.isEmpty)
  }

  @Test func anEmptyPageWithANextCursorLoadsTheNextOne() {
    // Fault class 14: a page adds no row, so no new row appears; the machine goes on by itself.
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    let effects = machine.handle(.loadCompleted(append.id, page(20..<20, next: 21)))
    #expect(effects.loads.map(\.cursor) == [21])
  }

  @Test func anEmptyFirstPageWithANextCursorLoadsTheNextOne() {
    var machine = Machine()
    let first = machine.handle(.start).loads[0]
    let effects = machine.handle(.loadCompleted(first.id, page(0..<0, next: 1)))
    #expect(effects.loads.map(\.cursor) == [1])
  }

  @Test func aRowThatDisappearedNoLongerCounts() {
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    for id in 15..<20 { _ = machine.handle(.rowDisappeared(.id(id))) }
    _ = machine.appear(0..<3)
    let effects = machine.handle(.loadCompleted(append.id, page(20..<22, next: 22)))
    #expect(effects.isEmpty)
  }

  @Test func rowsWhoseDisappearanceNeverComesStillCountAsSeen() {
    // LazyVStack on iOS 16 to 18: no onDisappear. Row 19 stays "visible", which at worst loads
    // one page the user may not reach; it never loops, since a full page moves the end away.
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    let effects = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    #expect(effects.isEmpty)
    #expect(machine.metrics.requestsStarted == 2)
  }

  @Test func loadNextPageJoinsTheLoadInFlight() {
    var machine = Machine.loaded()
    #expect(machine.handle(.loadNextPage).loads.map(\.cursor) == [20])
    #expect(machine.handle(.loadNextPage).isEmpty)
    #expect(machine.metrics.requestsStarted == 2)
  }

  @Test func loadNextPageBeforeAnyPageLoadsTheFirst() {
    var machine = Machine()
    let effects = machine.handle(.loadNextPage)
    #expect(effects.loads.map(\.direction) == [.refresh])
  }
}
