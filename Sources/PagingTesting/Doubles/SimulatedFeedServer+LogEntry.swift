import Paging

extension SimulatedFeedServer {
  /// One request in the server's log.
  public struct LogEntry: Sendable {
    /// How the request ended.
    public enum Outcome: Sendable {
      /// Not answered yet.
      case pending
      /// Answered with these items (by id) and this next cursor.
      case page(itemIDs: [Item.ID], nextCursor: Cursor?)
      /// Answered with a scripted error.
      case failed
      /// Cancelled by the caller while it waited.
      case cancelled
    }

    /// The request.
    public var request: PageRequest<Cursor>
    /// Who sent it: 0 for the server used directly as a source, else the number of its
    /// ``SimulatedFeedServer/client(_:)``.
    public var client: Int
    /// Its place in the server's sequence of arrivals and answers.
    public var arrival: Int
    /// When it arrived, since the server was created.
    public var receivedAt: Duration
    /// Its answer's place in that sequence, once answered.
    public var answer: Int?
    /// When it was answered (or cancelled), since the server was created.
    public var answeredAt: Duration?
    /// How it ended.
    public var outcome: Outcome
    /// The previous cursor of the page it was answered with (`nil` for a page that reached the
    /// start, and until a page is answered).
    public var previousCursor: Cursor?

    init(request: PageRequest<Cursor>, client: Int, arrival: Int, receivedAt: Duration) {
      self.request = request
      self.client = client
      self.arrival = arrival
      self.receivedAt = receivedAt
      self.outcome = .pending
    }

    /// The entry as a ``RequestRecord``.
    public var record: RequestRecord<Cursor> {
      let kind: RequestRecord<Cursor>.Outcome =
        switch outcome {
        case .pending: .pending
        case .page(_, let next): .page(endsList: next == nil)
        case .failed: .failed
        case .cancelled: .cancelled
        }
      var reachesStart = false
      if case .page = outcome { reachesStart = previousCursor == nil }
      return RequestRecord(
        request: request, arrival: arrival, answer: answer, outcome: kind,
        reachesStart: reachesStart)
    }
  }
}
