import Paging

/// One request as a page source saw it: what was asked, by whom, when it arrived and was
/// answered (as positions in one sequence of arrivals and answers, and as times on the source's
/// clock), and how it ended.
///
/// The test kit's one request log: ``ScriptedPageSource/records``,
/// ``SimulatedFeedServer/log`` and the demo's recording source keep their requests as these,
/// and a ``SessionReport`` counts a session's request figures from them.
public struct RequestRecord<Cursor: Hashable & Sendable>: Hashable, Sendable {
  /// How a request ended.
  public enum Outcome: Hashable, Sendable {
    /// Not answered yet.
    case pending
    /// Answered with a page of `rows` items; `endsList` when its next cursor was `nil` (for a
    /// refresh or an append: the end of the append edge).
    case page(rows: Int, endsList: Bool)
    /// Answered with an error; `reason` is its description, for logs.
    case failed(reason: String)
    /// Served, but the answer was lost on the way back (a dropped connection): the caller got
    /// an error. Counts as a failure.
    case dropped
    /// Cancelled by the caller before it was answered.
    case cancelled
    /// Never sent: a limit on the requests forwarded was reached. Not counted as issued.
    case notSent
  }

  /// The request.
  public var request: PageRequest<Cursor>
  /// Who sent it: 0 for a source used directly, else the number of the
  /// ``SimulatedFeedServer/client(_:)`` it came through.
  package var client: Int
  /// The request's place in the source's sequence of arrivals and answers.
  package var arrival: Int
  /// When it arrived, on the source's clock: since the source was created, or the test clock's
  /// time for a ``ScriptedPageSource`` given one (zero without a clock).
  public var receivedAt: Duration
  /// The answer's place in the same sequence, once answered.
  package var answer: Int?
  /// When it was answered (or cancelled), on the same clock.
  public var answeredAt: Duration?
  /// How the request ended.
  public var outcome: Outcome
  /// Whether it was answered with a page that had no previous cursor: the start of the list,
  /// which ends the prepend edge.
  package var reachesStart: Bool
  /// Whether the caller's task was cancelled while the request was pending (a source that
  /// answers cancelled requests may still answer it later).
  package var cancelledByCaller: Bool

  /// Creates a record.
  /// - Parameters:
  ///   - request: The request.
  ///   - client: Who sent it (default 0: the source's direct caller).
  ///   - arrival: Its place in the sequence of arrivals and answers.
  ///   - receivedAt: When it arrived, since the source was created (default zero).
  ///   - answer: Its answer's place in that sequence, if answered.
  ///   - answeredAt: When it was answered, since the source was created (default `nil`).
  ///   - outcome: How it ended.
  ///   - reachesStart: Whether its page had no previous cursor (default `false`).
  ///   - cancelledByCaller: Whether its caller cancelled it (default `false`).
  package init(
    request: PageRequest<Cursor>, client: Int = 0, arrival: Int, receivedAt: Duration = .zero,
    answer: Int?, answeredAt: Duration? = nil, outcome: Outcome, reachesStart: Bool = false,
    cancelledByCaller: Bool = false
  ) {
    self.request = request
    self.client = client
    self.arrival = arrival
    self.receivedAt = receivedAt
    self.answer = answer
    self.answeredAt = answeredAt
    self.outcome = outcome
    self.reachesStart = reachesStart
    self.cancelledByCaller = cancelledByCaller
  }

  /// Whether the request has been answered (with a page, an error, or as cancelled).
  package var isAnswered: Bool { outcome != .pending }

  /// How long the answer took, once answered.
  package var latency: Duration? { answeredAt.map { $0 - receivedAt } }

  /// Whether the request failed (an error, or its answer lost).
  package var isFailure: Bool {
    switch outcome {
    case .failed, .dropped: true
    case .pending, .page, .cancelled, .notSent: false
    }
  }

  /// Records the answer `result` as the outcome: a page (and whether it reached the start),
  /// a cancellation (`CancellationError` and the like, ``PagingError/isCancellation(_:)``), or
  /// a failure with the error's description.
  /// - Parameter result: What the source returned or threw.
  package mutating func settle<Item>(with result: Result<Page<Item, Cursor>, any Error>) {
    switch result {
    case .success(let page):
      outcome = .page(rows: page.items.count, endsList: page.nextCursor == nil)
      reachesStart = page.previousCursor == nil
    case .failure(let error) where PagingError.isCancellation(error):
      outcome = .cancelled
    case .failure(let error):
      outcome = .failed(reason: String(describing: error))
    }
  }
}
