/// The durations of completed loads, kept as counts in fixed buckets so that the median and
/// the percentiles cost O(1) memory however many loads ran: bucket *i* holds durations from
/// 1 ms × 1.1^(i-1) up to, not including, 1 ms × 1.1^i (bucket 0: under 1 ms; the last,
/// 1.1^199 ms or about 53 hours, also holds everything longer).
package struct LatencyDigest: Sendable, Equatable {
  private static let bucketCount = 200
  /// The buckets' upper bounds in milliseconds: 1.1^i.
  private static let upperBounds: [Double] = {
    var bounds: [Double] = []
    var bound = 1.0
    for _ in 0..<bucketCount {
      bounds.append(bound)
      bound *= 1.1
    }
    return bounds
  }()
  private var counts = [Int](repeating: 0, count: bucketCount)
  /// How many durations were recorded.
  package private(set) var count = 0

  package init() {}

  /// Records one duration.
  /// - Parameter duration: A load's duration; negative values count as zero.
  /// - Complexity: O(1).
  package mutating func record(_ duration: Duration) {
    let milliseconds = duration.milliseconds
    // The first bucket whose upper bound is above the duration (binary search over 200).
    var low = 0
    var high = Self.bucketCount - 1
    while low < high {
      let middle = (low + high) / 2
      if Self.upperBounds[middle] > milliseconds { high = middle } else { low = middle + 1 }
    }
    counts[low] += 1
    count += 1
  }

  /// The duration below which the fraction `quantile` of the recorded durations lie, rounded
  /// up to its bucket's upper bound (at most 10 % above the true value); `nil` before any was
  /// recorded.
  /// - Parameter quantile: In `0...1` (clamped): 0.5 is the median, 0.95 the 95th percentile.
  /// - Complexity: O(1) (200 buckets).
  package func percentile(_ quantile: Double) -> Duration? {
    guard count > 0 else { return nil }
    let rank = NearestRank.rank(quantile, count: count)
    var seen = 0
    for (bucket, number) in counts.enumerated() {
      seen += number
      if seen >= rank { return Self.upperBound(bucket) }
    }
    return Self.upperBound(Self.bucketCount - 1)
  }

  private static func upperBound(_ bucket: Int) -> Duration {
    .microseconds(Int64((upperBounds[bucket] * 1_000).rounded(.up)))
  }
}

extension Duration {
  /// The duration in milliseconds.
  fileprivate var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1_000 + Double(attoseconds) * 1e-15
  }
}
