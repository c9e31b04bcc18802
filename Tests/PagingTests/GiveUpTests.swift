import Paging
import PagingTestSupport
import Testing

/// Rulebook R11 and R12 (fault classes 15 and 14): a repeated cursor and a run of pages without
/// new items end in typed errors, not loops.
@Suite(.timeLimit(.minutes(minuteLimit))) struct GiveUpTests {
  @Test func aCursorWhosePageCommittedIsNeverRequestedAgain() {
    var machine = Machine.loaded()
    let append = machine.handle(.loadNextPage).loads[0]
    // The server answers page 20 with a next cursor of 20 again.
    let effects = machine.handle(.loadCompleted(append.id, page(20..<40, next: 20)))
    #expect(effects.isEmpty)
    #expect(machine.appendState == .failed(.repeatedCursor(20)))
    #expect(machine.ids == Array(0..<40))
    var later = machine.appear(30..<40)
    later += machine.handle(.loadNextPage)
    later += machine.handle(.retry)
    #expect(later.isEmpty)
    #expect(machine.metrics.requestsStarted == 2)
  }

  @Test func aCursorFromEarlierInTheGenerationIsRepeatedToo() {
    var machine = Machine.loaded(configuration: .init(initialCursor: 0))
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 0)))
    #expect(machine.appendState == .failed(.repeatedCursor(0)))
  }

  @Test func aRefreshForgetsTheCursorsOfTheOldGeneration() {
    var machine = Machine.loaded()
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 20)))
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadCompleted(refresh.id, page(0..<20, next: 20)))
    #expect(machine.appendState == .idle)
    #expect(machine.handle(.loadNextPage).loads.map(\.cursor) == [20])
  }

  @Test func threePagesWithoutNewItemsEndInATypedError() {
    var machine = Machine.loaded()
    var request = machine.appear(15..<20).loads.first
    var cursor = 20
    var requests = 0
    while let current = request {
      requests += 1
      cursor += 1
      // Each page repeats rows already loaded: nothing new.
      request = machine.handle(.loadCompleted(current.id, page(0..<5, next: cursor))).loads.first
    }
    #expect(requests == 3)
    #expect(machine.appendState == .failed(.noNewItems(pages: 3)))
    #expect(machine.metrics.duplicatesDropped == 15)
    #expect(machine.appear(15..<20).isEmpty)
  }

  @Test func theLimitIsConfigurableAndRetryStartsANewCount() {
    var machine = Machine.loaded(
      configuration: .init(prefetch: .fixed(6), maxPagesWithoutNewItems: 1))
    let append = machine.appear(15..<20).loads[0]
    _ = machine.handle(.loadCompleted(append.id, page(20..<20, next: 21)))
    #expect(machine.appendState == .failed(.noNewItems(pages: 1)))
    let retry = machine.handle(.retry).loads
    #expect(retry.map(\.cursor) == [21])
    _ = machine.handle(.loadCompleted(retry[0].id, page(20..<40, next: 40)))
    #expect(machine.appendState == .idle)
  }

  @Test func aPageWithNewItemsResetsTheCount() {
    var machine = Machine.loaded()
    var request = machine.appear(15..<20).loads[0]
    // empty, empty, 1 new row, empty, empty: never three in a row.
    let pages = [
      page(20..<20, next: 21), page(20..<20, next: 22), page(20..<21, next: 23),
      page(21..<21, next: 24), page(21..<21, next: 25),
    ]
    for page in pages {
      let next = machine.handle(.loadCompleted(request.id, page)).loads
      if let first = next.first { request = first }
    }
    #expect(machine.appendState == .loading)
    #expect(request.cursor == 25)
  }
}
