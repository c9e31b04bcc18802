import Foundation
import Paging
import PagingTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Rulebook R8 and R13 (fault classes 9 and 25): a cancellation is never a failure; the page stays
/// unloaded and the next trigger loads it.
@Suite(.timeLimit(.minutes(minuteLimit))) struct CancellationTests {
  @Test(arguments: [
    CancellationError() as any Error, URLError(.cancelled),
    PagingError.sourceFailed(CancellationError()),
  ])
  func aCancelledAppendIsNotAFailureAndIsLoadedAgain(error: any Error) {
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    // Row 19 is still visible, so the machine asks for the same cursor again.
    let effects = machine.handle(.loadFailed(append.id, error))
    #expect(machine.appendState == .loading)
    #expect(effects.loads.map(\.cursor) == [20])
    #expect(machine.metrics.requestsFailed == 0)
    #expect(machine.metrics.requestsCancelled == 1)
  }

  @Test func aCancelledAppendWithNoRowNearTheEndWaitsForTheNextTrigger() {
    var machine = Machine.loaded()
    let append = machine.appear([19]).loads[0]
    _ = machine.handle(.rowDisappeared(.id(19)))
    let effects = machine.handle(.loadCancelled(append.id))
    #expect(effects.isEmpty)
    #expect(machine.appendState == .idle)
    #expect(machine.nextCursor == 20)
    #expect(machine.handle(.rowAppeared(.id(19))).loads.map(\.cursor) == [20])
  }

  /// Fault class 25: after three reloads the edge fails visibly (and retryably), instead of
  /// looping or leaving an idle list with no error.
  @Test func aSourceThatAlwaysCancelsCannotLoopAndEndsInAVisibleFailure() {
    var machine = Machine.loaded()
    var request = machine.appear(15..<20).loads.first
    var reloads = 0
    while let current = request {
      request = machine.handle(.loadCancelled(current.id)).loads.first
      if request != nil { reloads += 1 }
    }
    #expect(reloads == 3)
    #expect(machine.appendState == .failed(.sourceCancelled(times: 4)))
    #expect(machine.appendState.error?.isRetryable == true)
    // Appearances start nothing while it is latched; retry() loads the same cursor.
    #expect(machine.handle(.rowAppeared(.id(19))).isEmpty)
    #expect(machine.handle(.retry).loads.map(\.cursor) == [20])
  }

  /// Fault class 25 on the first load: the empty screen ends in a failed refresh that a Retry
  /// button can show, never an idle blank list.
  @Test func aFirstLoadTheSourceAlwaysCancelsEndsInAVisibleFailure() {
    var machine = Machine()
    var request = machine.handle(.start).loads.first
    var requests = 0
    while let current = request {
      requests += 1
      request = machine.handle(.loadCancelled(current.id)).loads.first
    }
    #expect(requests == 4)
    #expect(machine.refreshState == .failed(.sourceCancelled(times: 4)))
    #expect(machine.handle(.retry).loads.map(\.direction) == [.refresh])
  }

  /// An explicit load (a "Load more" button, a walk) that the source cancels is loaded again,
  /// whether or not a row is near the end: someone asked for it.
  @Test func aCancelledExplicitLoadIsLoadedAgain() {
    var machine = Machine.loaded()
    let append = machine.handle(.loadNextPage).loads[0]
    #expect(machine.handle(.loadCancelled(append.id)).loads.map(\.cursor) == [20])
  }

  @Test func cancelStopsEveryLoadAndShowsNoError() {
    var machine = Machine.loaded()
    let append = machine.appear(15..<20).loads[0]
    let effects = machine.handle(.cancel)
    #expect(effects == [.cancelLoad(append.id)])
    #expect(machine.appendState == .idle)
    #expect(machine.loadsInFlight.isEmpty)
    // The answer, if it still arrives, is dropped.
    _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 40)))
    #expect(machine.items.count == 20)
    #expect(machine.metrics.staleResultsDropped == 1)
    // The next trigger loads the same cursor.
    #expect(machine.handle(.rowAppeared(.id(19))).loads.map(\.cursor) == [20])
  }

  @Test func aCancelledFirstLoadIsLoadedByTheNextStart() {
    var machine = Machine()
    let first = machine.handle(.start).loads[0]
    #expect(machine.handle(.cancel) == [.cancelLoad(first.id)])
    #expect(machine.refreshState == .idle)
    #expect(machine.handle(.start).loads.map(\.direction) == [.refresh])
  }
}
