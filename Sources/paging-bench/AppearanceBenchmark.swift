import Paging

/// The CPU cost of one row-appearance signal with *n* items loaded, for the engine (through
/// ``Paginator`` and through the bare ``PagingStateMachine``) and for the scanning helper.
///
/// The rows that appear are spread over the whole list but never within the prefetch distance
/// of its end, so no signal starts a load: this is the cost of the common signal, the one that
/// must not slow scrolling down. Two orders: consecutive rows, as a scroll shows them, and
/// scattered rows (each far from the last), the worst case for caches.
@MainActor
enum AppearanceBenchmark {
  /// One measured subject at one size.
  struct Result: Codable, Sendable {
    /// `Paginator`, `PagingStateMachine` or `scanning helper`.
    let subject: String
    /// The order the rows appear in.
    let order: BatchTimer.Order
    /// Items loaded.
    let items: Int
    /// Nanoseconds per appearance signal; one value per batch.
    let nanoseconds: Sample
    /// Calls timed together in one batch.
    let callsPerBatch: Int
  }

  /// Rows kept clear of the end so that no signal triggers a load (default prefetch is 20).
  static let endMargin = 64

  /// Measures every subject at every size, in both orders.
  static func run(sizes: [Int], quick: Bool) async -> [Result] {
    var results: [Result] = []
    let engineTimer = BatchTimer(
      callsPerBatch: 1_000, minimumBatches: quick ? 31 : 101,
      maximumBatches: quick ? 101 : 1_001, budget: quick ? 5e7 : 3e8)
    for size in sizes {
      let span = size - endMargin
      let paginator = await Fill.paginator(count: size)
      var machine = Fill.machine(count: size)
      for order in [BatchTimer.Order.scroll, .scattered] {
        let paginatorSample = engineTimer.measure(span: span, order: order) { position in
          paginator.rowAppeared(id: position)
        }
        results.append(
          Result(
            subject: "Paginator", order: order, items: size, nanoseconds: paginatorSample,
            callsPerBatch: engineTimer.callsPerBatch))
        let machineSample = engineTimer.measure(span: span, order: order) { position in
          blackHole(machine.handle(.rowAppeared(.id(position))))
        }
        results.append(
          Result(
            subject: "PagingStateMachine", order: order, items: size, nanoseconds: machineSample,
            callsPerBatch: engineTimer.callsPerBatch))
      }
      results.append(scanningHelper(size: size, span: span, quick: quick))
    }
    return results
  }

  /// The scanning helper over a plain array of the same items (its cost depends on the row's
  /// position, not on the order, so one order is measured).
  private static func scanningHelper(size: Int, span: Int, quick: Bool) -> Result {
    let items = SmallItem.page(0..<size)
    let calls = max(1, 100_000 / size)
    let timer = BatchTimer(
      callsPerBatch: calls, minimumBatches: quick ? 5 : 21, maximumBatches: quick ? 41 : 201,
      budget: quick ? 2e8 : 1e9)
    var triggers = 0
    let sample = timer.measure(span: span, order: .scattered) { position in
      if ScanningThresholdHelper.isThresholdItem(
        items, offset: ScanningThresholdHelper.exampleOffset, item: items[position])
      {
        triggers += 1
      }
    }
    blackHole(triggers)
    return Result(
      subject: "scanning helper", order: .scattered, items: size, nanoseconds: sample,
      callsPerBatch: calls)
  }
}
