import Paging
import PagingTestSupport
import Testing

/// Rulebook R5 (fault class 5): after a page with no next cursor, nothing loads until a refresh.
@Suite(.timeLimit(.minutes(minuteLimit))) struct EndOfListTests {
  @Test func theLastPageCompletesTheAppendDirection() {
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    _ = machine.handle(.loadCompleted(append.id, page(20..<25, next: nil)))
    #expect(machine.appendState == .complete)
    #expect(machine.hasNextPage == false)
    #expect(machine.nextCursor == nil)
  }

  @Test func nothingLoadsAfterTheEndWhateverAppears() {
    var machine = Machine.loaded(count: 20, next: nil)
    var effects = machine.appear(0..<20)
    effects += machine.appear((0..<20).reversed())
    effects += machine.handle(.loadNextPage)
    effects += machine.handle(.retry)
    effects += machine.handle(.start)
    #expect(effects.isEmpty)
    #expect(machine.metrics.requestsStarted == 1)
    #expect(machine.appendState == .complete)
  }

  @Test func aRefreshLoadsAgainAfterTheEnd() {
    var machine = Machine.loaded(count: 20, next: nil)
    let effects = machine.handle(.refresh)
    #expect(effects.loads.map(\.direction) == [.refresh])
    let refresh = effects.loads[0]
    _ = machine.handle(.loadCompleted(refresh.id, page(0..<20, next: 20)))
    #expect(machine.appendState == .idle)
    #expect(machine.hasNextPage)
  }
}
