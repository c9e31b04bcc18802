import Foundation
import Paging
import PagingTesting

/// A page source in front of another that keeps a log of every request (when it was sent and
/// answered, on the session's clock, and how it ended), can lose the answer to the next request
/// on demand (the demo's dropped connection), and can cap the requests it forwards.
///
/// The demo puts one in front of each feed's source, in virtual time (in front of a
/// `SimulatedFeedServer`) and in real time (in front of an `HTTPPageSource`), so that the
/// timeline and the request figures come from the same log either way.
///
/// A dropped request still reaches the base source and waits for its answer, then fails with
/// `URLError(.networkConnectionLost)`: the server served it, the client never got it. So in
/// virtual time every request reaches the simulated server exactly once, as the list simulator
/// needs.
final class RecordingPageSource<Base: PageSource>: PageSource, Sendable {
  typealias Item = Base.Item
  typealias Cursor = Base.Cursor

  /// The base source's (hedges are forwarded to it).
  var loadsAreIdempotent: Bool { base.loadsAreIdempotent }
  /// The base source's: a counted list jumps through the recording source as through its base.
  var jumpingSupported: Bool { base.jumpingSupported }

  /// The base source's cursor for a position.
  /// - Parameter position: The row's position in the source's list, from 0.
  /// - Returns: The base source's cursor, or `nil` where it has none.
  func cursor(around position: Int) -> Cursor? { base.cursor(around: position) }

  private struct State: Sendable {
    var entries: [RequestRecord<Cursor>] = []
    /// The place in sequence and the time reserved when the caller cancelled a request, by its
    /// index in ``entries``: taken in the canceller's turn (before the request that replaces
    /// it is sent), so a cancellation and the next request are ordered the same way every run.
    var cancellations: [Int: (sequence: Int, time: Duration)] = [:]
    var sequence = 0
    var dropsPending = 0
    var forwarded = 0
  }

  private let base: Base
  private let elapsed: @Sendable () -> Duration
  private let state = Locked(State())
  /// The most requests forwarded to the base source; later ones fail at once without being
  /// sent. `nil`: no limit (in virtual time there must be none).
  let requestLimit: Int?

  /// Creates a recording source.
  /// - Parameters:
  ///   - base: The source that answers.
  ///   - clock: The session's clock; times in the log count from now on it.
  ///   - requestLimit: The most requests to forward, or `nil` for no limit.
  init<C: Clock<Duration>>(_ base: Base, clock: C, requestLimit: Int? = nil) {
    self.base = base
    self.requestLimit = requestLimit
    let start = clock.now
    self.elapsed = { start.duration(to: clock.now) }
  }

  private func withState<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock(body)
  }

  /// How many sends and answers the log holds: the place in that sequence of whatever
  /// happens next.
  var sequence: Int { withState { $0.sequence } }

  /// The log, in the order the requests were sent; `receivedAt` is when each was sent.
  var entries: [RequestRecord<Cursor>] { withState { $0.entries } }

  /// The number (`PageRequestID.rawValue`) of the first request still waiting for its
  /// answer, or `nil` when none is.
  var pendingRequestNumber: Int? {
    withState { $0.entries.first { $0.outcome == .pending }?.request.id.rawValue }
  }

  /// The first request still waiting for its answer (its number) and the place in the
  /// sequence of sends and answers, read together, or `nil` when none is waiting.
  var pendingRequest: (number: Int, sequence: Int)? {
    withState { state in
      state.entries.first { $0.outcome == .pending }.map {
        ($0.request.id.rawValue, state.sequence)
      }
    }
  }

  /// Loses the answer to the next request sent (each call loses one more).
  func dropNextRequest() { withState { $0.dropsPending += 1 } }

  /// The log as the picture draws it: each request sent (not those over the limit), when it
  /// was sent and answered, and whether it was a duplicate, after the end, failed or
  /// cancelled (`RequestWaste`).
  /// - Parameter loaded: How many rows the feed had loaded at a time, in milliseconds.
  /// - Returns: The requests, in the order sent.
  func traceRequests(loaded: (Int) -> Int) -> [DemoTrace.Request] {
    let sent = entries.filter { $0.outcome != .notSent }
    let waste = Dictionary(
      RequestWaste.classify(sent).map { ($0.record.request.id, $0.waste) },
      uniquingKeysWith: { first, _ in first })
    return sent.map { entry in
      let flags = waste[entry.request.id] ?? RequestWaste()
      // Waste first: a request after the end that also failed is drawn as after the end.
      let kind: DemoTrace.Request.Kind =
        if flags.isAfterEnd {
          .afterEnd
        } else if flags.isDuplicate {
          .duplicate
        } else {
          switch entry.outcome {
          case .dropped, .failed: .failed
          case .cancelled: .cancelled
          case .pending, .page, .notSent: .useful
          }
        }
      return DemoTrace.Request(
        sentMilliseconds: DemoTimeline.milliseconds(entry.receivedAt),
        answeredMilliseconds: entry.answeredAt.map(DemoTimeline.milliseconds),
        kind: kind, loadedWhenSent: loaded(DemoTimeline.milliseconds(entry.receivedAt)))
    }
  }

  /// Logs the request, forwards it (unless over the limit) and logs how it ended.
  /// - Parameter request: The page to load.
  /// - Returns: The base source's page.
  /// - Throws: What the base source throws; `URLError(.networkConnectionLost)` for a dropped
  ///   answer; ``DemoRequestLimitError`` over the limit.
  func loadPage(_ request: PageRequest<Cursor>) async throws -> Page<Item, Cursor> {
    let now = elapsed()
    let (index, drop, overLimit) = withState { state in
      state.sequence += 1
      let overLimit = requestLimit.map { state.forwarded >= $0 } ?? false
      let drop = !overLimit && state.dropsPending > 0
      if drop { state.dropsPending -= 1 }
      if !overLimit { state.forwarded += 1 }
      state.entries.append(
        RequestRecord(
          request: request, arrival: state.sequence, receivedAt: now, answer: nil,
          outcome: overLimit ? .notSent : .pending))
      return (state.entries.count - 1, drop, overLimit)
    }
    if overLimit { throw DemoRequestLimitError(limit: requestLimit ?? 0) }
    let result: Result<Page<Item, Cursor>, any Error>
    do {
      result = .success(
        try await withTaskCancellationHandler {
          try await base.loadPage(request)
        } onCancel: {
          let now = elapsed()
          withState { state in
            guard state.entries[index].outcome == .pending, state.cancellations[index] == nil
            else { return }
            state.sequence += 1
            state.entries[index].cancelledByCaller = true
            state.cancellations[index] = (state.sequence, now)
          }
        })
    } catch {
      result = .failure(error)
    }
    switch result {
    case .failure(let error) where PagingError.isCancellation(error):
      finish(index, .cancelled)
      throw error
    case _ where drop:
      finish(index, .dropped)
      throw URLError(.networkConnectionLost)
    case .success(let page):
      finish(
        index, .page(rows: page.items.count, endsList: page.nextCursor == nil),
        reachesStart: page.previousCursor == nil)
      return page
    case .failure(let error):
      finish(index, .failed(reason: String(describing: error)))
      throw error
    }
  }

  private func finish(
    _ index: Int, _ outcome: RequestRecord<Cursor>.Outcome, reachesStart: Bool = false
  ) {
    let now = elapsed()
    withState { state in
      guard state.entries[index].outcome == .pending else { return }
      state.entries[index].outcome = outcome
      state.entries[index].reachesStart = reachesStart
      if case .cancelled = outcome, let reserved = state.cancellations[index] {
        state.entries[index].answer = reserved.sequence
        state.entries[index].answeredAt = reserved.time
      } else {
        state.sequence += 1
        state.entries[index].answer = state.sequence
        state.entries[index].answeredAt = now
      }
    }
  }
}
