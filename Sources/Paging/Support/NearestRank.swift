/// The nearest-rank percentile, the one definition the engine's estimates and the reports share:
/// the `quantile` of *n* ordered values is the value of rank ⌈`quantile` × *n*⌉, counted from 1
/// (at least 1), so it is always one of the values, never an interpolation.
package enum NearestRank {
  /// The rank, from 1, of the value at `quantile` among `count` ordered values.
  /// - Parameters:
  ///   - quantile: In `0...1` (clamped; NaN counts as 1): 0.5 is the median, 0.9 the 90th
  ///     percentile.
  ///   - count: How many values (at least 1 for a meaningful rank).
  /// - Returns: ⌈`quantile` × `count`⌉, within `1...max(1, count)`.
  package static func rank(_ quantile: Double, count: Int) -> Int {
    let q = quantile.isNaN ? 1 : min(1, max(0, quantile))
    return min(max(1, count), max(1, Int((q * Double(count)).rounded(.up))))
  }
}

extension Array {
  /// The nearest-rank value at `quantile` of this array, which must be sorted and not empty.
  /// - Parameter quantile: In `0...1` (clamped, see ``NearestRank/rank(_:count:)``).
  /// - Returns: The element of rank ⌈`quantile` × `count`⌉.
  package func nearestRank(_ quantile: Double) -> Element {
    self[NearestRank.rank(quantile, count: count) - 1]
  }
}
