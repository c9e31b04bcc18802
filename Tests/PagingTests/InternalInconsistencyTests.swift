import Paging
import PagingTestSupport
import Testing

/// An impossible pair of state and event traps in debug builds; in release builds it ends the
/// load concerned with the typed internal error and counts it, never silently. The debug trap
/// is off here (`trapsOnInternalInconsistency`), so that a debug test run drives the release
/// path.
@Suite(.timeLimit(.minutes(minuteLimit))) struct InternalInconsistencyTests {
  @Test func theReleasePathEndsTheLoadWithTheTypedErrorAndCountsIt() throws {
    var configuration = PagingConfiguration<Int>.manualRetry
    configuration.trapsOnInternalInconsistency = false
    var machine = Machine.loaded(configuration: configuration)
    let append = try #require(machine.handle(.loadNextPage).loads.first)
    machine.internalInconsistency("a test's impossible state", failing: .append)
    #expect(machine.appendState == .failed(.internalInconsistency("a test's impossible state")))
    #expect(machine.metrics.internalInconsistencies == 1)
    // The answer of the load it ended is stale (R9): the rows stay; a retry loads again.
    #expect(machine.handle(.loadCompleted(append.id, page(20..<40, next: 40))).isEmpty)
    #expect(machine.ids == Array(0..<20))
    #expect(machine.metrics.staleResultsDropped == 1)
    #expect(machine.handle(.retry).loads.map(\.cursor) == [20])
  }

  /// Without a direction, nothing fails, and the count still says it happened.
  @Test func anInconsistencyOfNoLoadIsCounted() {
    var configuration = PagingConfiguration<Int>.manualRetry
    configuration.trapsOnInternalInconsistency = false
    var machine = Machine.loaded(configuration: configuration)
    machine.internalInconsistency("a test's impossible state")
    #expect(machine.metrics.internalInconsistencies == 1)
    #expect(machine.appendState == .idle)
    #expect(machine.refreshState == .idle)
  }
}
