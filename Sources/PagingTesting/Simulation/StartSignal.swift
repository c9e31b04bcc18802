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
