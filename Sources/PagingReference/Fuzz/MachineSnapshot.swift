import Paging

/// What the checker compares before and after one event: the loads in flight, the pending
/// retries, the states, the chains' cursors, the scroll anchor and what was committed.
///
/// It holds the machine itself (a value: the copy shares its storage until the machine
/// changes), and every reading below is derived from it, so no list of the machine's fields
/// is kept here by hand: what the machine stores, the snapshot has.
package struct MachineSnapshot {
  /// The machine as it was.
  package let machine: PagingStateMachine<FuzzRow, Int>

  package init(_ machine: PagingStateMachine<FuzzRow, Int>) { self.machine = machine }

  package var refreshRequest: PageRequest<Int>? { machine.refreshRequest }
  package var prependRequest: PageRequest<Int>? { machine.prependRequest }
  package var appendRequest: PageRequest<Int>? { machine.appendRequest }
  /// The hedges in flight beside those requests (rulebook R22), by direction.
  package var hedges: [LoadDirection: PageRequest<Int>] {
    var hedges: [LoadDirection: PageRequest<Int>] = [:]
    for direction in LoadDirection.allCases { hedges[direction] = machine.hedge(direction) }
    return hedges
  }
  /// The directions whose load in flight was ever hedged.
  package var hedged: Set<LoadDirection> {
    Set(
      LoadDirection.allCases.filter { direction in
        if case .loading(let attempt) = machine.activity(direction) { return attempt.hedged }
        return false
      })
  }
  package var pendingRetries: [ScheduledRetry] { machine.scheduledRetries }
  package var refreshState: LoadState { machine.refreshState }
  package var prependState: LoadState { machine.prependState }
  package var appendState: LoadState { machine.appendState }
  package var previousCursor: Int? { machine.previousCursor }
  package var nextCursor: Int? { machine.nextCursor }
  package var scrollAnchor: Int? { machine.scrollAnchor }
  package var generation: Generation { machine.generation }
  package var metrics: PagingMetrics { machine.metrics }
  /// The rows shown.
  package var items: [FuzzRow] { Array(machine.items) }
  /// How many local edits are in force (R23).
  package var editsInForce: Int { machine.editsInForce.count }
  /// Whether the rows shown are the previous query's (R24).
  package var showsPreviousQuery: Bool { machine.isShowingPreviousQuery }
  /// The delay of the hedge timer a load started now gets, if any (R22).
  package var hedgeDelay: Duration? { machine.hedgeDelay }

  /// Every request in flight, hedges included.
  package var inFlight: [PageRequest<Int>] {
    [refreshRequest, prependRequest, appendRequest].compactMap { $0 }
      + LoadDirection.allCases.compactMap { hedges[$0] }
  }

  package func state(_ direction: LoadDirection) -> LoadState {
    switch direction {
    case .refresh: refreshState
    case .prepend: prependState
    case .append: appendState
    }
  }

  package func request(_ direction: LoadDirection) -> PageRequest<Int>? {
    switch direction {
    case .refresh: refreshRequest
    case .prepend: prependRequest
    case .append: appendRequest
    }
  }

  /// The effects that explain the change from `before` to `after` for `event`: the paginator
  /// test cannot see the machine's effects, so it reconstructs them; the state machine test
  /// checks that the machine's own effects are exactly these.
  package static func effects(
    from before: MachineSnapshot, to after: MachineSnapshot, event: PagingEvent<FuzzRow, Int>
  ) -> Set<PagingEffect<Int>> {
    var effects: Set<PagingEffect<Int>> = []
    let delivered = event.deliveredRequest
    let afterIDs = Set(after.inFlight.map(\.id))
    let beforeIDs = Set(before.inFlight.map(\.id))
    for request in before.inFlight where !afterIDs.contains(request.id) && request.id != delivered {
      effects.insert(.cancelLoad(request.id))
    }
    for request in after.inFlight where !beforeIDs.contains(request.id) {
      effects.insert(.startLoad(request))
      if !request.isHedge, let delay = after.hedgeDelay {
        effects.insert(.scheduleHedge(request.id, after: delay))
      }
    }
    for old in before.pendingRetries where !after.pendingRetries.contains(old) {
      if case .retryTimerFired(old.id) = event {} else { effects.insert(.cancelRetry(old.id)) }
    }
    for new in after.pendingRetries where !before.pendingRetries.contains(new) {
      effects.insert(.scheduleRetry(new))
    }
    return effects
  }
}

extension PagingStateMachine where Item == FuzzRow, Cursor == Int {
  /// The request in flight in `direction`, if any.
  package func request(_ direction: LoadDirection) -> PageRequest<Int>? {
    switch direction {
    case .refresh: refreshRequest
    case .prepend: prependRequest
    case .append: appendRequest
    }
  }

  /// The hedge in flight beside the load of `direction`, if any.
  package func hedge(_ direction: LoadDirection) -> PageRequest<Int>? {
    guard case .loading(let attempt) = activity(direction) else { return nil }
    return attempt.hedge
  }

  /// Every request in flight, hedges included.
  package var requestsInFlight: [PageRequest<Int>] {
    loadsInFlight + LoadDirection.allCases.compactMap { hedge($0) }
  }
}

extension PagingEvent where Item == FuzzRow, Cursor == Int {
  /// The request this event answers, if it is a result.
  package var deliveredRequest: PageRequestID? {
    switch self {
    case .loadCompleted(let id, _), .loadFailed(let id, _), .loadCancelled(let id): id
    default: nil
    }
  }

  /// Whether this is `setQuery`.
  package var isQueryChange: Bool {
    if case .setQuery = self { return true }
    return false
  }

  /// Whether this event reports a cancellation (in any of its shapes).
  package var isCancellationResult: Bool {
    switch self {
    case .loadCancelled: true
    case .loadFailed(_, let error): PagingError.isCancellation(error)
    default: false
    }
  }
}
