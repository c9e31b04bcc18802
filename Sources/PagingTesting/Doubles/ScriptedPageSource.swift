import Paging

/// A `PageSource` whose answers the test gives: it records every request and keeps it
/// pending until the test completes, fails or cancels it, in any order.
///
/// ```swift
/// let source = ScriptedPageSource<Row, Int>()
/// let paginator = Paginator(source: source)
/// let start = Task { await paginator.start() }
/// let first = await source.request(at: 0)     // waits until the paginator asks
/// source.complete(first, items: rows(0..<20), next: 20)
/// await start.value
/// ```
///
/// When the caller's task is cancelled (the engine cancels a load it no longer wants), the
/// pending request ends with `CancellationError` at once, as `URLSession` does, unless
/// `answersCancelledRequests` is set; then it stays pending, so a test can deliver a late,
/// stale answer.
public final class ScriptedPageSource<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>:
  PageSource, Sendable
where Item.ID: Sendable {
  private struct State: Sendable {
    var records: [RequestRecord<Cursor>] = []
    var sequence = 0

    /// Stamps record `index`'s answer with the next place in sequence and `time`, and sets
    /// `outcome` if given.
    mutating func stampAnswer(
      _ index: Int, _ outcome: RequestRecord<Cursor>.Outcome?, at time: Duration
    ) {
      sequence += 1
      records[index].answer = sequence
      records[index].answeredAt = time
      if let outcome { records[index].outcome = outcome }
    }
    var indexByID: [PageRequestID: Int] = [:]
    var pending: [PageRequestID: CheckedContinuation<Page<Item, Cursor>, any Error>] = [:]
    var waiters = CountWaiters()
  }

  private let state = Locked(State())
  private let clock: TestClock?
  private let answersCancelledRequests: Bool

  /// Creates a source with no request yet.
  /// - Parameters:
  ///   - clock: Stamps each request and answer with this clock's time, if given.
  ///   - answersCancelledRequests: Keep a request pending when its caller is cancelled
  ///     (default `false`: it ends with `CancellationError` at once).
  public init(clock: TestClock? = nil, answersCancelledRequests: Bool = false) {
    self.clock = clock
    self.answersCancelledRequests = answersCancelledRequests
  }

  /// Every request so far, in arrival order, with how it ended; times are the clock's (zero
  /// without one).
  public var records: [RequestRecord<Cursor>] { state.withLock { $0.records } }

  /// Every request so far, in arrival order.
  /// - Complexity: O(*n*) in the requests so far.
  public var requests: [PageRequest<Cursor>] { records.map(\.request) }

  /// The requests not yet answered, in arrival order.
  /// - Complexity: O(*n*) in the requests so far.
  public var pendingRequests: [PageRequest<Cursor>] {
    records.filter { !$0.isAnswered }.map(\.request)
  }

  /// Records the request and waits for the test's answer.
  /// - Parameter request: The page to load.
  /// - Returns: The page the test gives with ``complete(_:items:next:previous:)``.
  /// - Throws: The test's error, or `CancellationError`.
  /// - Complexity: O(*m*) in the *m* tasks waiting in ``request(at:)``.
  public func loadPage(_ request: PageRequest<Cursor>) async throws -> Page<Item, Cursor> {
    let time = now
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (ready, cancelled) = state.withLock { state in
          state.indexByID[request.id] = state.records.count
          // A caller cancelled before this point (the engine gave the load up before its task
          // ran) found nothing to cancel in `onCancel`; end it here, or it waits forever.
          let cancelledByCaller = Task.isCancelled
          let cancelled = cancelledByCaller && !answersCancelledRequests
          state.sequence += 1
          state.records.append(
            RequestRecord(
              request: request, arrival: state.sequence, receivedAt: time, answer: nil,
              outcome: .pending, cancelledByCaller: cancelledByCaller))
          if cancelled { state.stampAnswer(state.records.count - 1, .cancelled, at: time) }
          if !cancelled { state.pending[request.id] = continuation }
          return (state.waiters.takeReady(count: state.records.count), cancelled)
        }
        for waiter in ready { waiter.resume() }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let time = now
      let continuation = state.withLock {
        state -> CheckedContinuation<Page<Item, Cursor>, any Error>? in
        guard let index = state.indexByID[request.id] else { return nil }
        state.records[index].cancelledByCaller = true
        guard !answersCancelledRequests,
          let continuation = state.pending.removeValue(forKey: request.id)
        else { return nil }
        state.stampAnswer(index, .cancelled, at: time)
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Waits until request number `index` (from 0, in arrival order) has arrived, and returns it.
  /// - Parameter index: The request's position in arrival order.
  /// - Returns: The request.
  public func request(at index: Int) async -> PageRequest<Cursor> {
    let index = max(0, index)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.records.count > index { return true }
        state.waiters.add(index.saturatingAdding(1), continuation)
        return false
      }
      if ready { continuation.resume() }
    }
    return state.withLock { $0.records[index].request }
  }

  /// Answers a pending request with a page.
  /// - Parameters:
  ///   - request: The request to answer.
  ///   - items: The page's items.
  ///   - next: The next page's cursor; `nil` ends the list.
  ///   - previous: The previous page's cursor (towards the top); `nil` (the default) when there
  ///     is none.
  /// - Returns: `false` when the request was already answered (for example cancelled).
  @discardableResult
  public func complete(
    _ request: PageRequest<Cursor>, items: [Item], next: Cursor?, previous: Cursor? = nil
  ) -> Bool {
    answer(
      request.id, with: .success(Page(items: items, nextCursor: next, previousCursor: previous)))
  }

  /// Answers a pending request with a page, with both of its cursors (a page before or after
  /// the middle of a list gives a previous cursor).
  /// - Parameters:
  ///   - request: The request to answer.
  ///   - page: The page the source returns.
  /// - Returns: `false` when the request was already answered (for example cancelled).
  @discardableResult
  public func complete(_ request: PageRequest<Cursor>, with page: Page<Item, Cursor>) -> Bool {
    answer(request.id, with: .success(page))
  }

  /// Answers a pending request with an error.
  /// - Parameters:
  ///   - request: The request to answer.
  ///   - error: The error the source throws.
  /// - Returns: `false` when the request was already answered.
  @discardableResult
  public func fail(_ request: PageRequest<Cursor>, with error: any Error) -> Bool {
    answer(request.id, with: .failure(error))
  }

  /// Ends a pending request with `CancellationError`, as a source does when its work is
  /// cancelled from outside.
  /// - Parameter request: The request to end.
  /// - Returns: `false` when the request was already answered.
  @discardableResult
  public func cancel(_ request: PageRequest<Cursor>) -> Bool {
    answer(request.id, with: .failure(CancellationError()))
  }

  /// Whether the caller's task was cancelled while `request` was pending.
  /// - Parameter request: A recorded request.
  /// - Returns: `true` when the engine cancelled it.
  public func wasCancelledByCaller(_ request: PageRequest<Cursor>) -> Bool {
    state.withLock { state in
      state.indexByID[request.id].map { state.records[$0].cancelledByCaller } ?? false
    }
  }

  private func answer(_ id: PageRequestID, with result: Result<Page<Item, Cursor>, any Error>)
    -> Bool
  {
    let time = now
    let continuation = state.withLock { state in
      let continuation = state.pending.removeValue(forKey: id)
      if continuation != nil, let index = state.indexByID[id] {
        state.records[index].settle(with: result)
        state.stampAnswer(index, nil, at: time)
      }
      return continuation
    }
    guard let continuation else { return false }
    continuation.resume(with: result)
    return true
  }

  /// The clock's time (its offset from its start), or zero without a clock.
  private var now: Duration { clock?.now.offset ?? .zero }
}
