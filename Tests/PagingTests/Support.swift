import Paging

/// A row with an integer id; the smallest item a test needs.
struct Row: Identifiable, Sendable, Hashable, Codable {
  let id: Int
}

typealias Machine = PagingStateMachine<Row, Int>

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

  /// The ids these effects cancel, in order.
  var cancellations: [PageRequestID] {
    compactMap { effect in
      if case .cancelLoad(let id) = effect { return id }
      return nil
    }
  }
}

extension PagingStateMachine where Item == Row, Cursor == Int {
  /// A machine whose first page (rows `0..<count`, next cursor `count`) has committed.
  static func loaded(
    count: Int = 20, next: Int? = 20,
    configuration: PagingConfiguration<Int> = PagingConfiguration(prefetch: .fixed(6))
  ) -> Machine {
    var machine = Machine(configuration: configuration)
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(.loadCompleted(first.id, page(0..<count, next: next)))
    return machine
  }

  /// Sends appearance signals for rows with ids `ids`, in order; returns every effect.
  mutating func appear(_ ids: some Sequence<Int>) -> [PagingEffect<Int>] {
    ids.flatMap { handle(.rowAppeared(.id($0))) }
  }

  /// The ids of the items, in order.
  var ids: [Int] { items.map(\.id) }
}

extension PagingConfiguration where Cursor == Int {
  /// The tests' usual rules with retries left to ``Paginator/retry()``: what the tests of
  /// rulebook R7's latch use (the automatic default is tested in `DefaultRetryTests`).
  static var manualRetry: Self { Self(prefetch: .fixed(6), retryPolicy: .manual) }
}

extension RetryID: ExpressibleByIntegerLiteral {
  /// A retry id from an integer literal, so that tests read `.retryTimerFired(1)`.
  public init(integerLiteral value: Int) { self.init(rawValue: value) }
}
