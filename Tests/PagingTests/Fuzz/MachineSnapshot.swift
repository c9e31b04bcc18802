import Paging

/// What the checker compares before and after one event: the loads in flight, the pending
/// retry, the states and what was committed.
struct MachineSnapshot {
  var refreshRequest: PageRequest<Int>?
  var appendRequest: PageRequest<Int>?
  var pendingRetry: ScheduledRetry?
  var refreshState: LoadState
  var appendState: LoadState
  var generation: Generation
  var metrics: PagingMetrics

  init(_ machine: PagingStateMachine<FuzzRow, Int>) {
    refreshRequest = machine.refreshRequest
    appendRequest = machine.appendRequest
    pendingRetry = machine.scheduledRetries.first
    refreshState = machine.refreshState
    appendState = machine.appendState
    generation = machine.generation
    metrics = machine.metrics
  }

  var inFlight: [PageRequest<Int>] { [refreshRequest, appendRequest].compactMap { $0 } }

  /// The effects that explain the change from `before` to `after` for `event`: the paginator
  /// test cannot see the machine's effects, so it reconstructs them; the state machine test
  /// checks that the machine's own effects are exactly these.
  static func effects(
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
    }
    if let old = before.pendingRetry, old != after.pendingRetry {
      if case .retryTimerFired(old.id) = event {} else { effects.insert(.cancelRetry(old.id)) }
    }
    if let new = after.pendingRetry, new != before.pendingRetry {
      effects.insert(.scheduleRetry(new))
    }
    return effects
  }
}

extension PagingEvent where Item == FuzzRow, Cursor == Int {
  /// The request this event answers, if it is a result.
  var deliveredRequest: PageRequestID? {
    switch self {
    case .loadCompleted(let id, _), .loadFailed(let id, _), .loadCancelled(let id): id
    default: nil
    }
  }

  /// Whether this event reports a cancellation (in any of its shapes).
  var isCancellationResult: Bool {
    switch self {
    case .loadCancelled: true
    case .loadFailed(_, let error): PagingError.isCancellation(error)
    default: false
    }
  }
}
