/// Lets a caller wait until a task it started has begun to run.
@MainActor
final class StartSignal {
  private var started = false
  private var waiter: CheckedContinuation<Void, Never>?

  func signal() {
    started = true
    waiter?.resume()
    waiter = nil
  }

  func wait() async {
    if started { return }
    await withCheckedContinuation { waiter = $0 }
  }
}

/// Starts `body` in a new main-actor task and returns once the task has run up to its first
/// suspension, so that what it starts synchronously is seen by the next frame of a simulator.
/// - Parameter body: The task's work.
/// - Returns: The task.
@MainActor
func spawnStarted(_ body: @escaping @MainActor () async -> Void) async -> Task<Void, Never> {
  let started = StartSignal()
  let task = Task { @MainActor in
    started.signal()
    await body()
  }
  await started.wait()
  return task
}
