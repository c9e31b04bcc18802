import Paging

/// A row with an integer id; the smallest item a test needs.
struct Row: Identifiable, Sendable, Hashable, Codable {
  let id: Int
}

/// Rows with ids in `range`.
func rows(_ range: Range<Int>) -> [Row] { range.map(Row.init(id:)) }

/// A page of rows `range` whose next cursor is `next`.
func page(_ range: Range<Int>, next: Int?) -> Page<Row, Int> {
  Page(items: rows(range), nextCursor: next)
}

/// An error a source throws in tests.
struct Boom: Error, Equatable, RetryableError {
  var code = 1
  var isRetryable = true
  var retryAfter: Duration? = nil
}

extension Array where Element == PagingEffect<Int> {
  /// The requests these effects start, in order.
  var loads: [PageRequest<Int>] {
    compactMap { effect in
      if case .startLoad(let request) = effect { return request }
      return nil
    }
  }
}
