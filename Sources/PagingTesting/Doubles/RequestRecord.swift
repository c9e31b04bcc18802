import Paging

/// One request as a page source saw it, for ``SessionRecorder``: what was asked, when it
/// arrived and was answered (as positions in one sequence of arrivals and answers), and how it
/// ended.
public struct RequestRecord<Cursor: Hashable & Sendable>: Hashable, Sendable {
  /// How a request ended.
  public enum Outcome: Hashable, Sendable {
    /// Not answered yet.
    case pending
    /// Answered with a page; `endsList` when its next cursor was `nil` (for a refresh or an
    /// append: the end of the append edge).
    case page(endsList: Bool)
    /// Answered with an error.
    case failed
    /// Cancelled by the caller before it was answered.
    case cancelled
  }

  /// The request.
  public var request: PageRequest<Cursor>
  /// The request's place in the source's sequence of arrivals and answers.
  public var arrival: Int
  /// The answer's place in the same sequence, once answered.
  public var answer: Int?
  /// How the request ended.
  public var outcome: Outcome
  /// Whether it was answered with a page that had no previous cursor: the start of the list,
  /// which ends the prepend edge.
  public var reachesStart: Bool

  /// Creates a record.
  /// - Parameters:
  ///   - request: The request.
  ///   - arrival: Its place in the sequence of arrivals and answers.
  ///   - answer: Its answer's place in that sequence, if answered.
  ///   - outcome: How it ended.
  ///   - reachesStart: Whether its page had no previous cursor (default `false`).
  public init(
    request: PageRequest<Cursor>, arrival: Int, answer: Int?, outcome: Outcome,
    reachesStart: Bool = false
  ) {
    self.request = request
    self.arrival = arrival
    self.answer = answer
    self.outcome = outcome
    self.reachesStart = reachesStart
  }
}
