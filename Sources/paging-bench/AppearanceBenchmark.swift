import Paging

/// The CPU cost of one row-appearance signal with *n* items loaded, for the engine (through
/// ``Paginator`` and through the bare ``PagingStateMachine``) and for the scanning helper.
///
/// The rows that appear are spread over the whole list but never within the prefetch distance
/// of its end, so no signal starts a load: this is the cost of the common signal, the one that
/// must not slow scrolling down. Two orders: consecutive rows, as a scroll shows them, and
/// scattered rows (each far from the last), the worst case for caches. At each size the
/// engine's cases run in turns (``RoundRobin``): in each turn, one batch of 1,000 signals
/// warms the caches after the other cases, and the next 4 are kept.
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
  /// The subject that signals a row of `Paginator.rows` (`rowAppeared(_:)` with a `PagingRow`).
  nonisolated static let rowSubject = "Paginator, PagingRow"
  /// The yardstick's subject: one `Dictionary<Int, Int>` lookup at the same size and order.
  nonisolated static let dictionarySubject = "Dictionary<Int, Int> lookup"

  /// Measures every subject at every size, in both orders.
  static func run(sizes: [Int], quick: Bool) async -> [Result] {
    var results: [Result] = []
    for size in sizes { results += await engine(size: size, quick: quick) }
    for size in sizes {
      results.append(scanningHelper(size: size, span: size - endMargin, quick: quick))
    }
    return results
  }

  /// The engine's four cases at one size (Paginator and state machine, in both orders), in
  /// turns. Sizes are measured one after another, so that the caches a case finds hold its
  /// own size's data, not a larger size's.
  private static func engine(size: Int, quick: Bool) async -> [Result] {
    let timer = BatchTimer(callsPerBatch: 1_000)
    let span = size - endMargin
    let paginator = await Fill.paginator(count: size)
    let rows = paginator.rows
    let machine = MachineBox(Fill.machine(count: size))
    // The yardstick: one lookup in a dictionary of the same size, in the same turns, so that
    // the goal is a ratio measured side by side rather than nanoseconds on a shared machine.
    let dictionary = Dictionary(uniqueKeysWithValues: (0..<size).map { ($0, $0) })
    var labels: [(subject: String, order: BatchTimer.Order)] = []
    var measurements: [() -> Double] = []
    for order in [BatchTimer.Order.scroll, .scattered] {
      var paginatorBatch = 0
      labels.append(("Paginator", order))
      measurements.append {
        paginatorBatch += 1
        return timer.batch(paginatorBatch, span: span, order: order) {
          paginator.rowAppeared(id: $0)
        }
      }
      // The same signal through `rows`, as a list with placeholders tells it: one
      // `PagingRow` a signal, taken from the rows read once (reading them is not the signal).
      var rowBatch = 0
      labels.append((Self.rowSubject, order))
      measurements.append {
        rowBatch += 1
        return timer.batch(rowBatch, span: span, order: order) {
          paginator.rowAppeared(rows[$0])
        }
      }
      var machineBatch = 0
      labels.append(("PagingStateMachine", order))
      measurements.append {
        machineBatch += 1
        // The machine leaves its box for the batch, so that calls on it pay no dynamic
        // exclusivity check (a `var` captured by an escaping closure would).
        var local = PagingStateMachine<SmallItem, Int>()
        swap(&local, &machine.value)
        defer { swap(&local, &machine.value) }
        return timer.batch(machineBatch, span: span, order: order) {
          blackHole(local.handle(.rowAppeared(.id($0))))
        }
      }
      var dictionaryBatch = 0
      labels.append((Self.dictionarySubject, order))
      measurements.append {
        dictionaryBatch += 1
        return timer.batch(dictionaryBatch, span: span, order: order) {
          blackHole(dictionary[$0])
        }
      }
    }
    let rounds = RoundRobin(
      minimumRounds: quick ? 10 : 50, maximumRounds: quick ? 25 : 250, budget: quick ? 1e8 : 1e9)
    return zip(labels, rounds.run(measurements)).map { label, sample in
      Result(
        subject: label.subject, order: label.order, items: size, nanoseconds: sample,
        callsPerBatch: timer.callsPerBatch)
    }
  }

  /// The scanning helper over a plain array of the same items (its cost depends on the row's
  /// position, not on the order, so one order is measured; at milliseconds a call, it needs
  /// no turns).
  private static func scanningHelper(size: Int, span: Int, quick: Bool) -> Result {
    let items = SmallItem.page(0..<size)
    let timer = BatchTimer(callsPerBatch: max(1, 100_000 / size))
    var triggers = 0
    var batch = 0
    let rounds = RoundRobin(
      minimumRounds: quick ? 2 : 5, maximumRounds: quick ? 10 : 50, budget: quick ? 2e8 : 1e9)
    let sample = rounds.run([
      {
        batch += 1
        return timer.batch(batch, span: span, order: .scattered) { position in
          if ScanningThresholdHelper.isThresholdItem(
            items, offset: ScanningThresholdHelper.exampleOffset, item: items[position])
          {
            triggers += 1
          }
        }
      }
    ])[0]
    blackHole(triggers)
    return Result(
      subject: "scanning helper", order: .scattered, items: size, nanoseconds: sample,
      callsPerBatch: timer.callsPerBatch)
  }
}

/// A state machine kept in a class, so that measurement closures can share it.
@MainActor
final class MachineBox {
  var value: PagingStateMachine<SmallItem, Int>
  init(_ value: PagingStateMachine<SmallItem, Int>) { self.value = value }
}
