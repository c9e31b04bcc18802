/// Tasks waiting until a count reaches a threshold (requests arrived, sleepers parked).
/// Keep it inside a lock; resume what ``takeReady(count:)`` returns outside it.
struct CountWaiters: Sendable {
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Adds a task that waits until the count reaches `count`.
  mutating func add(_ count: Int, _ continuation: CheckedContinuation<Void, Never>) {
    waiters.append((count, continuation))
  }

  /// Removes and returns the waiters satisfied by `count`.
  mutating func takeReady(count: Int) -> [CheckedContinuation<Void, Never>] {
    let ready = waiters.filter { $0.count <= count }.map(\.continuation)
    waiters.removeAll { $0.count <= count }
    return ready
  }
}
