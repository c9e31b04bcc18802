/// Hedged requests (``PagingConfiguration``'s `hedging`): the paginator owns the timer, the machine
/// decides. A load has at most one hedge; whichever of the two answers first commits and the
/// other is cancelled; when one of them fails or is cancelled, the other goes on alone, and the
/// load fails only when both have. Under ``HedgingPolicy/adaptive(_:)`` a hedge also needs the
/// budget's credit. Rulebook R22.
extension PagingStateMachine {
  /// How long a load may run before its hedge timer fires, or `nil` for no timer: the policy's
  /// fixed delay, or the quantile of ``latencies`` it names (for ``HedgingPolicy/adaptive(_:)``
  /// at least its multiple of their median), once enough loads were measured.
  package var hedgeDelay: Duration? {
    policyHedgeDelay.map { Swift.max(.zero, $0) }  // a negative delay hedges at once
  }

  /// ``hedgeDelay`` as the policy gives it, which a negative setting can make negative.
  private var policyHedgeDelay: Duration? {
    switch configuration.hedging {
    case .off: return nil
    case .after(let delay): return delay
    case .afterPercentile(let quantile, let minimumSamples):
      guard latencies.count >= max(1, minimumSamples) else { return nil }
      return latencies.percentile(quantile)
    case .adaptive(let rule):
      guard latencies.count >= rule.minimumSamples,
        let tail = latencies.percentile(rule.percentile),
        let median = latencies.percentile(0.5)
      else { return nil }
      return max(tail, median.saturatingMultiplied(by: rule.minimumDelayInMedians))
    }
  }

  /// ``PagingEvent/loadTimed(_:request:load:)``: records how long the request `id` took to
  /// return its page (`request`: from its own start) and how long its load had run (`load`:
  /// from the start of the load it answers, the first request's when `id` is a hedge). The
  /// hedge delay reads the first; the adaptive prefetch distance, the speed of the scroll
  /// during the load, the second.
  /// - Complexity: O(1).
  mutating func recordTiming(
    of id: PageRequestID, request: Duration, load: Duration
  ) {
    latencies.record(request)
    for direction in LoadDirection.allCases {
      guard case .loading(let attempt) = activity(direction),
        attempt.request.id == id || attempt.hedge?.id == id
      else { continue }
      prefetchEstimator.timed(attempt.request.id, load)
    }
  }

  /// Sends a hedge for the load `id` if it is still in flight in this generation, has no hedge
  /// and never had one, and the budget, if any, holds a hedge.
  mutating func hedgeTimerFired(_ id: PageRequestID) -> Transition<Cursor> {
    for direction in LoadDirection.allCases {
      guard case .loading(var attempt) = activity(direction), attempt.request.id == id,
        attempt.request.generation == generation, attempt.hedgeState == .none
      else { continue }
      if case .adaptive(let rule) = configuration.hedging {
        guard hedgeCredit >= rule.budget.loadsPerHedge else { return .none }  // R22's budget
        hedgeCredit -= rule.budget.loadsPerHedge
      }
      let hedge = PageRequest(
        id: PageRequestID(rawValue: nextRequestNumber), direction: direction,
        cursor: attempt.request.cursor, generation: generation, query: attempt.request.query,
        isHedge: true, isJump: attempt.request.isJump)
      nextRequestNumber += 1
      recordedMetrics.hedgesStarted += 1
      attempt.hedgeState = .inFlight(hedge)
      setActivity(direction, .loading(attempt), plan: refreshing.plan)
      return Transition(.startLoad(hedge))
    }
    return .none  // the load ended, or was hedged, before its timer fired (R9, R22)
  }

  /// A load returned a page: the budget earns one load's worth of a hedge, up to its
  /// capacity.
  mutating func earnHedgeCredit() {
    guard case .adaptive(let rule) = configuration.hedging else { return }
    hedgeCredit = min(rule.budget.capacity, hedgeCredit.saturatingAdding(1))
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
