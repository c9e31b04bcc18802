import Paging
import PagingTestSupport

typealias Machine = PagingStateMachine<Row, Int>

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
