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
  /// One recorded request.
  public struct Record: Sendable {
    /// The request as the engine made it.
    public var request: PageRequest<Cursor>
    /// The test clock's time when the request arrived, if a clock was given.
    public var time: TestClock.Instant?
    /// Whether the caller's task was cancelled while the request was pending.
    public var cancelledByCaller: Bool
    /// Whether the request has been answered (completed, failed or cancelled).
    public var isAnswered: Bool
  }

  private struct State: Sendable {
    var records: [Record] = []
    var indexByID: [PageRequestID: Int] = [:]
    var pending: [PageRequestID: CheckedContinuation<Page<Item, Cursor>, any Error>] = [:]
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())
  private let clock: TestClock?
  private let answersCancelledRequests: Bool

  /// Creates a source with no request yet.
  /// - Parameters:
  ///   - clock: Stamps each request with this clock's time, if given.
  ///   - answersCancelledRequests: Keep a request pending when its caller is cancelled
  ///     (default `false`: it ends with `CancellationError` at once).
  public init(clock: TestClock? = nil, answersCancelledRequests: Bool = false) {
    self.clock = clock
    self.answersCancelledRequests = answersCancelledRequests
  }

  /// Every request so far, in arrival order.
  public var records: [Record] { state.withLock { $0.records } }

  /// Every request so far, in arrival order.
  public var requests: [PageRequest<Cursor>] { records.map(\.request) }

  /// The requests not yet answered, in arrival order.
  public var pendingRequests: [PageRequest<Cursor>] {
    records.filter { !$0.isAnswered }.map(\.request)
  }

  /// Records the request and waits for the test's answer.
  /// - Parameter request: The page to load.
  /// - Returns: The page the test gives with ``complete(_:items:next:previous:)``.
  /// - Throws: The test's error, or `CancellationError`.
  public func loadPage(_ request: PageRequest<Cursor>) async throws -> Page<Item, Cursor> {
    let time = clock?.now
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (ready, cancelled) = state.withLock { state in
          state.indexByID[request.id] = state.records.count
          // A caller cancelled before this point (the engine gave the load up before its task
          // ran) found nothing to cancel in `onCancel`; end it here, or it waits forever.
          let cancelledByCaller = Task.isCancelled
          state.records.append(
            Record(
              request: request, time: time, cancelledByCaller: cancelledByCaller,
              isAnswered: cancelledByCaller && !answersCancelledRequests))
          let cancelled = cancelledByCaller && !answersCancelledRequests
          if !cancelled { state.pending[request.id] = continuation }
          let count = state.records.count
          let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
          state.waiters.removeAll { $0.count <= count }
          return (ready, cancelled)
        }
        for waiter in ready { waiter.resume() }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = state.withLock {
        state -> CheckedContinuation<Page<Item, Cursor>, any Error>? in
        guard let index = state.indexByID[request.id] else { return nil }
        state.records[index].cancelledByCaller = true
        guard !answersCancelledRequests else { return nil }
        state.records[index].isAnswered = true
        return state.pending.removeValue(forKey: request.id)
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Waits until request number `index` (from 0, in arrival order) has arrived, and returns it.
  /// - Parameter index: The request's position in arrival order.
  /// - Returns: The request.
  public func request(at index: Int) async -> PageRequest<Cursor> {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.records.count > index { return true }
        state.waiters.append((index + 1, continuation))
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
    let continuation = state.withLock { state in
      if let index = state.indexByID[id] { state.records[index].isAnswered = true }
      return state.pending.removeValue(forKey: id)
    }
    guard let continuation else { return false }
    continuation.resume(with: result)
    return true
  }
}
