import Paging

/// What a ``SimulatedFeedServer`` on a ``TestClock`` tells a ``ListSimulator``, so that a
/// session in virtual time is deterministic without sleeps or yields:
/// - how many requests have *arrived*: each is parked on the clock, or ended before it parked;
///   the simulator steps time only when every request its feed started has arrived, so that
///   every latency is measured from the same instant, run after run;
/// - which requests were *resolved* (woken by the clock, or cancelled), in order; after each
///   wake the simulator waits until its feed has applied that request before going on.
final class SimulationLedger: Sendable {
  private struct State: Sendable {
    var arrived: Set<PageRequestID> = []
    var arrivedCount = 0
    var resolved: [PageRequestID] = []
    var resolvedSet: Set<PageRequestID> = []
    var waiters = CountWaiters()
  }

  private let state = Locked(State())

  /// How many requests have arrived.
  var arrivedCount: Int { state.withLock { $0.arrivedCount } }

  /// Records that a request parked on the clock.
  func markArrived(_ id: PageRequestID) {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard state.arrived.insert(id).inserted else { return [] }
      state.arrivedCount += 1
      return state.waiters.takeReady(count: state.arrivedCount)
    }
    for waiter in ready { waiter.resume() }
  }

  /// Records that a request was woken or cancelled on the clock.
  func markResolved(_ id: PageRequestID) {
    state.withLock { state in
      guard state.resolvedSet.insert(id).inserted else { return }
      state.resolved.append(id)
    }
  }

  /// Records that a request ended without being woken (it was cancelled before it parked):
  /// it counts as arrived and resolved, unless it already was.
  func markEnded(_ id: PageRequestID) {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      if state.resolvedSet.insert(id).inserted { state.resolved.append(id) }
      guard state.arrived.insert(id).inserted else { return [] }
      state.arrivedCount += 1
      return state.waiters.takeReady(count: state.arrivedCount)
    }
    for waiter in ready { waiter.resume() }
  }

  /// Returns and forgets the requests resolved since the last call, in order.
  func takeResolved() -> [PageRequestID] {
    state.withLock { state in
      defer { state.resolved.removeAll() }
      return state.resolved
    }
  }

  /// Waits until at least `count` requests have arrived.
  func waitUntilArrived(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.arrivedCount >= count { return true }
        state.waiters.add(count, continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
