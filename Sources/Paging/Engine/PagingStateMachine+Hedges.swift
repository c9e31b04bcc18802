/// Hedged requests (``PagingConfiguration/hedging``): the paginator owns the timer, the machine
/// decides. A load has at most one hedge; whichever of the two answers first commits and the
/// other is cancelled; when one of them fails or is cancelled, the other goes on alone, and the
/// load fails only when both have. Rulebook R22.
extension PagingStateMachine {
  /// Sends a hedge for the load `id` if it is still in flight in this generation, has no hedge
  /// and never had one.
  mutating func hedgeTimerFired(_ id: PageRequestID) -> Transition<Cursor> {
    for direction in LoadDirection.allCases {
      guard case .loading(var attempt) = activity(direction), attempt.request.id == id,
        attempt.request.generation == generation, attempt.hedgeState == .none
      else { continue }
      let hedge = PageRequest(
        id: PageRequestID(rawValue: nextRequestNumber), direction: direction,
        cursor: attempt.request.cursor, generation: generation, query: attempt.request.query,
        isHedge: true)
      nextRequestNumber += 1
      recordedMetrics.hedgesStarted += 1
      attempt.hedgeState = .inFlight(hedge)
      setActivity(direction, .loading(attempt), plan: refreshing.plan)
      return Transition(.startLoad(hedge))
    }
    return .none
  }

  /// When `id` is one of two requests in flight for one load (a load and its hedge), forgets it
  /// and lets the other go on alone; returns whether it did.
  mutating func dropContender(_ id: PageRequestID) -> Bool {
    for direction in LoadDirection.allCases {
      guard case .loading(var attempt) = activity(direction), let hedge = attempt.hedge,
        attempt.request.id == id || hedge.id == id
      else { continue }
      if attempt.request.id == id {
        prefetchEstimator.replace(id, with: hedge.id)
        attempt.request = hedge
      }
      attempt.hedgeState = .spent
      setActivity(direction, .loading(attempt), plan: refreshing.plan)
      return true
    }
    return false
  }
}
