import Paging

/// One page at a time of a walk: what ``ReadAhead`` runs ahead of the caller.
protocol PageWalkSteps<Element>: Sendable {
  associatedtype Element: Sendable
  /// The next page, or `nil` at the end.
  mutating func next() async throws -> Element?
}

/// Runs a walk's steps up to `pagesAhead` pages ahead of its caller
/// (``PageWalkOptions``'s `readAhead`): a chain of tasks, each taking the steps where the one before
/// left them, so the pages still load one after another, in order, through the same engine; the
/// caller takes them from the front of the chain, and each time it does, one more task joins
/// the back. A task that throws passes its error down the chain, so the caller gets it after
/// the pages before it, and then `nil`.
///
/// Cancelling the caller's task while it waits cancels the whole chain, and so the request in
/// flight; a chain left behind by a caller that stopped early is cancelled when the walk's
/// iterator is released.
final class ReadAhead<Steps: PageWalkSteps>: Sendable {
  /// A step's outcome: the page, and the steps to go on from.
  private typealias Outcome = (page: Steps.Element?, steps: Steps)

  private struct State: Sendable {
    /// The steps, until the first task takes them.
    var start: Steps?
    /// The tasks not yet taken by the caller, in page order.
    var chain: [Task<Outcome, any Error>] = []
    /// Whether the walk ended (its last page, a throw or a cancellation): nothing joins the
    /// chain any more.
    var ended = false
  }

  private let pagesAhead: Int
  private let state: Locked<State>

  init(_ steps: Steps, pagesAhead: Int) {
    self.pagesAhead = max(1, pagesAhead)
    state = Locked(State(start: steps))
  }

  deinit { cancelChain() }

  /// The next page: the front task's, once it has loaded; the chain grows to `pagesAhead`
  /// tasks behind it first, so that they load while the caller works on this page.
  /// - Throws: What the steps throw, in order; `CancellationError` when the caller's task was
  ///   cancelled.
  func next() async throws -> Steps.Element? {
    let front = state.withLock { state -> Task<Outcome, any Error>? in
      guard !state.ended else { return nil }
      while state.chain.count < pagesAhead + 1 {
        state.chain.append(Self.step(after: state.chain.last, or: &state.start))
      }
      return state.chain.removeFirst()
    }
    guard let front else { return nil }
    do {
      let outcome = try await withTaskCancellationHandler {
        try await front.value
      } onCancel: {
        front.cancel()
        cancelChain()
      }
      try Task.checkCancellation()
      if outcome.page == nil { end() }
      return outcome.page
    } catch {
      end()
      throw error
    }
  }

  /// Stops the chain: its tasks are cancelled (a task past the end sends no request anyway).
  private func end() {
    cancelChain()
    state.withLock { state in
      state.ended = true
      state.chain = []
    }
  }

  /// Cancels every task of the chain the caller has not taken yet.
  private func cancelChain() {
    state.withLock { state in for task in state.chain { task.cancel() } }
  }

  /// A task that runs one step from where `previous` left the steps, or from `start`.
  private static func step(
    after previous: Task<Outcome, any Error>?, or start: inout Steps?
  ) -> Task<Outcome, any Error> {
    if let previous {
      return Task {
        var steps = try await previous.value.steps
        let page = try await steps.next()
        return (page, steps)
      }
    }
    guard var steps = start else {
      preconditionFailure("a walk's read-ahead chain lost its steps")
    }
    start = nil
    return Task {
      let page = try await steps.next()
      return (page, steps)
    }
  }
}
