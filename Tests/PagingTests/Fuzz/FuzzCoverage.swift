import Paging
import PagingReference

/// The situations a randomized run can reach. The coverage test checks that the generator
/// still reaches each of them: a generator that never fails a page, never repeats a cursor or
/// never answers late would pass every invariant and prove nothing.
enum FuzzSituation: String, CaseIterable, Sendable {
  case refreshCommit, appendCommit, endReached, sourceFailure, repeatedCursor
  case pagesWithoutNewItems, sourceCancellation, reloadAfterCancellation, staleResult
  case retryFired, appendFromAppearance, refreshCancellingAnAppend
  // Both edges and `start(at:)`.
  case startAtCommit, prependCommit, startReached, prependFailure, prependRepeatedCursor
  /// An edge's page gave a cursor the other edge points to or loads (fault class 19).
  case crossEdgeCursor
  case prependWithoutNewItems, prependCancellation, prependFromAppearance
  case refreshCancellingAPrepend, scrollAnchorKept, loadQueuedDuringRefresh, bothEdgesLoading
  // Hedges (rulebook R22).
  /// A hedge timer sent a hedge; one found its load hedged already, ended or committed.
  case hedgeStarted, hedgeTimerIgnored
  /// Of a load and its hedge, the hedge's page committed first; the load's.
  case hedgeWon, loadWonAfterHedge
  /// One of the two failed or was cancelled and the other went on alone.
  case hedgeContenderEnded
  /// After that, the other committed; the other failed too, and so did the load.
  case survivorCommitted, bothFailed
  /// A refresh (or `start(at:)`) cancelled a load and its hedge; so did `cancel()`.
  case refreshCancellingAHedge, cancelCancellingAHedge
  // Local changes (rulebook R23 to R25).
  /// An edit applied; an edit made during a refresh held through its commit.
  case localEdit, editHeldThroughRefresh
  /// A filter changed the rows shown.
  case filterChanged
  /// A new query cleared the rows, or kept them until its first page replaced them.
  case queryCleared, queryKeptPrevious, previousQueryReplaced
}

/// How often a run reached each ``FuzzSituation``.
struct FuzzCoverage: Sendable {
  private(set) var counts: [FuzzSituation: Int] = [:]

  subscript(situation: FuzzSituation) -> Int { counts[situation, default: 0] }

  mutating func record(
    _ event: PagingEvent<FuzzRow, Int>, effects: [PagingEffect<Int>], before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) {
    let starts = effects.compactMap { effect -> LoadDirection? in
      if case .startLoad(let request) = effect { return request.direction }
      return nil
    }
    let delivered = event.deliveredRequest.flatMap { id in
      before.inFlight.first { $0.id == id }
    }
    let live = event.deliveredRequest.map { _ in delivered != nil }
    if machine.prependRequest != nil, machine.appendRequest != nil,
      before.prependRequest == nil || before.appendRequest == nil
    {
      add(.bothEdgesLoading)
    }
    recordHedges(event, effects: effects, delivered: delivered, before: before, machine: machine)
    recordLocal(event, before: before, machine: machine)
    switch event {
    case .loadCompleted where live == true:
      recordCommit(delivered?.direction ?? .refresh, delivered, before: before, machine: machine)
    case _ where live == false: add(.staleResult)
    case _ where event.isCancellationResult:
      add(.sourceCancellation)
      if delivered?.direction == .prepend { add(.prependCancellation) }
      add(.reloadAfterCancellation, starts.count)
    case .loadFailed:
      add(.sourceFailure)
      if delivered?.direction == .prepend { add(.prependFailure) }
    case .retryTimerFired where !starts.isEmpty: add(.retryFired)
    case .rowAppeared:
      add(.appendFromAppearance, starts.filter { $0 == .append }.count)
      add(.prependFromAppearance, starts.filter { $0 == .prepend }.count)
    case .refresh, .startAt:
      guard machine.generation != before.generation else { break }
      if before.appendRequest != nil { add(.refreshCancellingAnAppend) }
      if before.prependRequest != nil { add(.refreshCancellingAPrepend) }
    case .loadNextPage, .loadPreviousPage:
      if before.refreshRequest != nil { add(.loadQueuedDuringRefresh) }
    default: break
    }
  }

  private mutating func recordCommit(
    _ direction: LoadDirection, _ request: PageRequest<Int>?, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) {
    switch direction {
    case .refresh:
      add(.refreshCommit)
      if request?.cursor != nil, machine.previousCursor != nil { add(.startAtCommit) }
    case .prepend:
      add(.prependCommit)
      if machine.scrollAnchor != before.scrollAnchor { add(.scrollAnchorKept) }
    case .append: add(.appendCommit)
    }
    if machine.appendState == .complete, before.appendState != .complete { add(.endReached) }
    if machine.prependState == .complete, before.prependState != .complete { add(.startReached) }
    for edge in [LoadDirection.prepend, .append] {
      let state = machine.loadState(edge)
      guard state != before.state(edge), let error = state.error else { continue }
      switch error {
      case .repeatedCursor(let cursor as Int):
        add(edge == .prepend ? .prependRepeatedCursor : .repeatedCursor)
        let other: LoadDirection = edge == .prepend ? .append : .prepend
        let otherCursor = other == .prepend ? machine.previousCursor : machine.nextCursor
        // At an edge's commit (a refresh whose previous cursor is its next one is a cycle
        // too, but reached far more easily).
        if direction != .refresh,
          cursor == otherCursor || cursor == before.request(other)?.cursor
        {
          add(.crossEdgeCursor)
        }
      case .noNewItems:
        add(edge == .prepend ? .prependWithoutNewItems : .pagesWithoutNewItems)
      default: break
      }
    }
  }

  private mutating func recordHedges(
    _ event: PagingEvent<FuzzRow, Int>, effects: [PagingEffect<Int>],
    delivered: PageRequest<Int>?, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) {
    switch event {
    case .hedgeTimerFired:
      add(effects.isEmpty ? .hedgeTimerIgnored : .hedgeStarted)
    case .refresh, .startAt:
      if machine.generation != before.generation, !before.hedges.isEmpty {
        add(.refreshCancellingAHedge)
      }
    case .cancel:
      if !before.hedges.isEmpty { add(.cancelCancellingAHedge) }
    case .loadCompleted, .loadFailed, .loadCancelled:
      guard let delivered else { return }
      let direction = delivered.direction
      if before.hedges[direction] != nil {
        if case .loadCompleted = event {
          add(delivered.isHedge ? .hedgeWon : .loadWonAfterHedge)
        } else {
          add(.hedgeContenderEnded)
        }
      } else if before.hedged.contains(direction) {
        if case .loadCompleted = event {
          add(.survivorCommitted)
        } else if machine.loadState(direction).error != nil {
          add(.bothFailed)
        }
      }
    default: break
    }
  }

  private mutating func recordLocal(
    _ event: PagingEvent<FuzzRow, Int>, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) {
    switch event {
    case .edit where machine.editsInForce.count > before.editsInForce: add(.localEdit)
    case .setFilter where !machine.items.elementsEqual(before.items): add(.filterChanged)
    case .setQuery(_, .clear) where machine.generation != before.generation: add(.queryCleared)
    case .setQuery(_, .keepPrevious) where machine.isShowingPreviousQuery:
      add(.queryKeptPrevious)
    case .loadCompleted where before.refreshRequest != nil && machine.refreshRequest == nil:
      if before.editsInForce > 0, !machine.editsInForce.isEmpty { add(.editHeldThroughRefresh) }
      if before.showsPreviousQuery, !machine.isShowingPreviousQuery {
        add(.previousQueryReplaced)
      }
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
