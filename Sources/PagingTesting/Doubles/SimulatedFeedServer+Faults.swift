extension SimulatedFeedServer {
  /// The faults a ``SimulatedFeedServer`` plays, each keyed by request number: the n-th request
  /// the server received, from 1, in the order the paginator issued them.
  public struct Faults: Sendable {
    /// The share of requests that fail with ``SimulatedServerError/unavailable(request:)``,
    /// in `0...1`, drawn per request number from the server's seed.
    package var failureRate: Double
    /// Requests that fail with ``SimulatedServerError/unavailable(request:)``.
    package var failingRequests: Set<Int>
    /// Requests answered with no item and a fresh next cursor at the same position (fault
    /// class 14).
    package var emptyPageRequests: Set<Int>
    /// Requests whose page starts this many items early, repeating the end of the page
    /// before.
    package var repeatedItems: [Int: Int]
    /// Items inserted at the head of the dataset just before the request with this number is
    /// answered (with offset paging, later pages shift: fault class 12).
    package var headInsertions: [Int: [Item]]
    /// Requests whose next cursor is the cursor they were asked with, so the server repeats a
    /// cursor (fault class 15). Ignored for a request without a cursor.
    package var repeatedCursorRequests: Set<Int>

    /// Creates a fault script; by default the server plays none.
    /// - Parameters:
    ///   - failureRate: The share of requests that fail, clamped to `0...1`.
    ///   - failingRequests: Requests that fail.
    ///   - emptyPageRequests: Requests answered with an empty page and a next cursor.
    ///   - repeatedItems: Requests whose page repeats this many earlier items (a negative count
    ///     repeats none).
    ///   - headInsertions: Items inserted at the head before the request is answered.
    ///   - repeatedCursorRequests: Requests that hand back their own cursor as the next one.
    public init(
      failureRate: Double = 0, failingRequests: Set<Int> = [], emptyPageRequests: Set<Int> = [],
      repeatedItems: [Int: Int] = [:], headInsertions: [Int: [Item]] = [:],
      repeatedCursorRequests: Set<Int> = []
    ) {
      self.failureRate = min(1, max(0, failureRate))
      self.failingRequests = failingRequests
      self.emptyPageRequests = emptyPageRequests
      self.repeatedItems = repeatedItems.mapValues { max(0, $0) }
      self.headInsertions = headInsertions
      self.repeatedCursorRequests = repeatedCursorRequests
    }
  }
}
