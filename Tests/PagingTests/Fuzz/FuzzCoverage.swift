import Paging

/// The situations a randomized run can reach. The coverage test checks that the generator
/// still reaches each of them: a generator that never fails a page, never repeats a cursor or
/// never answers late would pass every invariant and prove nothing.
enum FuzzSituation: String, CaseIterable, Sendable {
  case refreshCommit, appendCommit, endReached, sourceFailure, repeatedCursor
  case pagesWithoutNewItems, sourceCancellation, reloadAfterCancellation, staleResult
  case retryFired, appendFromAppearance, refreshCancellingAnAppend
}

/// How often a run reached each ``FuzzSituation``.
struct FuzzCoverage: Sendable {
  private(set) var counts: [FuzzSituation: Int] = [:]

  subscript(situation: FuzzSituation) -> Int { counts[situation, default: 0] }

  mutating func record(
    _ event: PagingEvent<FuzzRow, Int>, effects: [PagingEffect<Int>], before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) {
    let starts = effects.filter { if case .startLoad = $0 { true } else { false } }.count
    let live = event.deliveredRequest.map { id in before.inFlight.contains { $0.id == id } }
    switch event {
    case .loadCompleted where live == true:
      add(before.refreshRequest != nil ? .refreshCommit : .appendCommit)
      if machine.appendState == .complete { add(.endReached) }
      if case .repeatedCursor = machine.appendState.error { add(.repeatedCursor) }
      if case .noNewItems = machine.appendState.error { add(.pagesWithoutNewItems) }
    case _ where live == false: add(.staleResult)
    case _ where event.isCancellationResult:
      add(.sourceCancellation)
      add(.reloadAfterCancellation, starts)
    case .loadFailed: add(.sourceFailure)
    case .retryTimerFired where starts > 0: add(.retryFired)
    case .rowAppeared: add(.appendFromAppearance, starts)
    case .refresh where before.appendRequest != nil: add(.refreshCancellingAnAppend)
    default: break
    }
  }

  private mutating func add(_ situation: FuzzSituation, _ count: Int = 1) {
    counts[situation, default: 0] += count
  }

  static func + (lhs: FuzzCoverage, rhs: FuzzCoverage) -> FuzzCoverage {
    var sum = lhs
    sum.counts.merge(rhs.counts, uniquingKeysWith: +)
    return sum
  }
}
