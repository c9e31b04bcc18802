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

  /// One request in the log.
  struct Entry: Sendable {
    /// How a request ended.
    enum Outcome: Sendable, Equatable {
      /// Not answered yet.
      case pending
      /// Answered with `rows` rows; `endsList` when the page had no next cursor.
      case page(rows: Int, endsList: Bool)
      /// The answer was lost (``RecordingPageSource/dropNextRequest()``).
      case dropped
      /// The base source threw this error.
      case failed(String)
      /// The caller cancelled the request.
      case cancelled
      /// Never sent: the source's request limit was reached.
      case notSent
    }

    /// The request.
    var request: PageRequest<Cursor>
    /// When it was sent, since the source was created.
    var sentAt: Duration
    /// When it was answered, since the source was created.
    var answeredAt: Duration?
    /// Its place in the sequence of sends and answers.
    var arrival: Int
    /// Its answer's place in that sequence.
    var answer: Int?
    /// The place in that sequence reserved when the caller cancelled it: taken in the
    /// canceller's turn (before the request that replaces it is sent), so a cancellation and
    /// the next request are ordered the same way every run.
    var cancelledAt: Int?
    /// When the caller cancelled it, for the same reason.
    var cancelledTime: Duration?
    /// How it ended.
    var outcome: Outcome
    /// Whether it was answered with a page without a previous cursor (the start of a chat's
    /// history).
    var reachesStart = false

    /// The latency, once answered.
    var latency: Duration? { answeredAt.map { $0 - sentAt } }
  }

  private struct State: Sendable {
    var entries: [Entry] = []
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

  /// The log, in the order the requests were sent.
  var entries: [Entry] { withState { $0.entries } }

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

  /// The log as `RequestRecord`s for `SessionRecorder.addRequestFigures(_:to:)`: dropped
  /// answers count as failures, requests never sent are left out.
  var requestRecords: [RequestRecord<Cursor>] {
    entries.compactMap { entry in
      let outcome: RequestRecord<Cursor>.Outcome
      switch entry.outcome {
      case .pending: outcome = .pending
      case .page(_, let endsList): outcome = .page(endsList: endsList)
      case .dropped, .failed: outcome = .failed
      case .cancelled: outcome = .cancelled
      case .notSent: return nil
      }
      return RequestRecord(
        request: entry.request, arrival: entry.arrival, answer: entry.answer, outcome: outcome,
        reachesStart: entry.reachesStart)
    }
  }

  /// The log as the picture draws it: each request sent (not those over the limit), when it
  /// was sent and answered, and whether it was a duplicate, after the end, failed or
  /// cancelled (`RequestWaste`).
  /// - Parameter loaded: How many rows the feed had loaded at a time, in milliseconds.
  /// - Returns: The requests, in the order sent.
  func traceRequests(loaded: (Int) -> Int) -> [DemoTrace.Request] {
    let sent = entries.filter { $0.outcome != .notSent }
    let waste = Dictionary(
      RequestWaste.classify(requestRecords).map { ($0.record.request.id, $0.waste) },
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
        sentMilliseconds: DemoTimeline.milliseconds(entry.sentAt),
        answeredMilliseconds: entry.answeredAt.map(DemoTimeline.milliseconds),
        kind: kind, loadedWhenSent: loaded(DemoTimeline.milliseconds(entry.sentAt)))
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
        Entry(
          request: request, sentAt: now, arrival: state.sequence,
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
            guard state.entries[index].outcome == .pending, state.entries[index].cancelledAt == nil
            else { return }
            state.sequence += 1
            state.entries[index].cancelledAt = state.sequence
            state.entries[index].cancelledTime = now
          }
        })
    } catch {
      result = .failure(error)
    }
    switch result {
    case .failure(let error) where Self.isCancellation(error):
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
      finish(index, .failed(String(describing: error)))
      throw error
    }
  }

  private static func isCancellation(_ error: any Error) -> Bool {
    if error is CancellationError { return true }
    return (error as? URLError)?.code == .cancelled
  }

  private func finish(_ index: Int, _ outcome: Entry.Outcome, reachesStart: Bool = false) {
    let now = elapsed()
    withState { state in
      guard state.entries[index].outcome == .pending else { return }
      state.entries[index].outcome = outcome
      state.entries[index].reachesStart = reachesStart
      if case .cancelled = outcome, let reserved = state.entries[index].cancelledAt {
        state.entries[index].answer = reserved
        state.entries[index].answeredAt = state.entries[index].cancelledTime
      } else {
        state.sequence += 1
        state.entries[index].answer = state.sequence
        state.entries[index].answeredAt = now
      }
    }
  }
}
