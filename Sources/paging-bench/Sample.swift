import Paging

/// A set of measurements of one quantity, with the order statistics the report uses.
struct Sample: Codable, Sendable {
  /// How many measurements.
  let count: Int
  /// The median (the mean of the two middle values for an even count).
  let median: Double
  /// The 10th and 90th percentiles (nearest rank).
  let p10: Double
  let p90: Double
  /// The arithmetic mean, which includes rare slow measurements the median hides.
  let mean: Double
  /// The largest measurement.
  let max: Double

  /// Summarises `values` (at least one).
  init(_ values: [Double]) {
    let sorted = values.sorted()
    count = sorted.count
    let middle = sorted.count / 2
    median =
      sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    p10 = sorted.nearestRank(0.10)
    p90 = sorted.nearestRank(0.90)
    mean = sorted.reduce(0, +) / Double(sorted.count)
    max = sorted[sorted.count - 1]
  }
}
