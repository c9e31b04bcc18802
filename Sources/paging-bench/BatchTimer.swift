/// Times a cheap operation by batches: each batch calls the body for consecutive rows, and the
/// batch's time divided by its calls is one measurement. Timing every call alone would add the
/// clock's own cost (about 20 ns) to each.
struct BatchTimer {
  /// Calls per batch.
  var callsPerBatch: Int
  /// Batches to measure at least, and at most.
  var minimumBatches: Int
  var maximumBatches: Int
  /// Stop after this many nanoseconds once `minimumBatches` are done.
  var budget: Double

  /// The order in which a batch visits positions.
  enum Order: String, Codable, Sendable {
    /// Consecutive positions, as a scroll shows rows.
    case scroll
    /// Each position about 0.618 × span after the previous one (a golden-ratio walk): every
    /// call lands far from the last, as after jumps.
    case scattered
  }

  /// Measures `body(position)` for positions in `0 ..< span`: batch *b* starts at a position
  /// spread over the span and visits positions in `order`, wrapping at the end. One untimed
  /// batch warms the caches and branch predictors first.
  /// - Returns: Nanoseconds per call, one value per batch.
  func measure(span: Int, order: Order = .scroll, _ body: (Int) -> Void) -> Sample {
    let step = order == .scroll ? 1 : Swift.max(1, Int(Double(span) * 0.618_033_988_7))
    var perCall: [Double] = []
    let started = Stopwatch.now()
    var batch = 0
    while batch <= maximumBatches {
      var position = (batch &* 7_919 &+ 13) % span
      let start = Stopwatch.now()
      for _ in 0..<callsPerBatch {
        body(position)
        position += step
        if position >= span { position -= span }
      }
      let elapsed = Stopwatch.elapsed(since: start)
      if batch > 0 { perCall.append(elapsed / Double(callsPerBatch)) }
      batch += 1
      if batch > minimumBatches, Stopwatch.elapsed(since: started) > budget { break }
    }
    return Sample(perCall)
  }
}
