/// Times a cheap operation by batches: each batch calls the body for a run of rows, and the
/// batch's time divided by its calls is one measurement. Timing every call alone would add the
/// clock's own cost (about 20 ns) to each.
struct BatchTimer {
  /// The order in which a batch visits positions.
  enum Order: String, Codable, Sendable {
    /// Consecutive positions, as a scroll shows rows.
    case scroll
    /// Each position about 0.618 × span after the previous one (a golden-ratio walk): every
    /// call lands far from the last, as after jumps.
    case scattered
  }

  /// Calls per batch.
  var callsPerBatch: Int

  /// Runs batch number `index` of `body(position)` over positions in `0 ..< span`: it starts at
  /// a position spread over the span by `index` and visits positions in `order`, wrapping at
  /// the end.
  /// - Returns: Nanoseconds per call.
  func batch(_ index: Int, span: Int, order: Order, _ body: (Int) -> Void) -> Double {
    let step = order == .scroll ? 1 : Swift.max(1, Int(Double(span) * 0.618_033_988_7))
    var position = (index &* 7_919 &+ 13) % span
    let start = Stopwatch.now()
    for _ in 0..<callsPerBatch {
      body(position)
      position += step
      if position >= span { position -= span }
    }
    return Stopwatch.elapsed(since: start) / Double(callsPerBatch)
  }
}

/// Runs several measurements in turns, so that whatever else the machine does at a given
/// moment (it is shared) slows all of them alike, and the ratios between them hold.
///
/// In each round every measurement takes a turn: one measurement that warms the caches after
/// the other turns and is not kept, then ``keptPerTurn`` that are.
struct RoundRobin {
  /// Rounds to run at least, and at most.
  var minimumRounds: Int
  var maximumRounds: Int
  /// Stop after this many nanoseconds once `minimumRounds` are done.
  var budget: Double
  /// Measurements kept per turn, after the one that warms the caches.
  var keptPerTurn = 4

  /// Runs `measurements` in turns: each call of a measurement takes its next measurement and
  /// returns it.
  /// - Returns: One sample per measurement, in order.
  func run(_ measurements: [() -> Double]) -> [Sample] {
    var values = Array(repeating: [Double](), count: measurements.count)
    let started = Stopwatch.now()
    var round = 0
    while round < maximumRounds {
      for (index, measure) in measurements.enumerated() {
        _ = measure()
        for _ in 0..<keptPerTurn { values[index].append(measure()) }
      }
      round += 1
      if round >= minimumRounds, Stopwatch.elapsed(since: started) > budget { break }
    }
    return values.map(Sample.init)
  }
}
