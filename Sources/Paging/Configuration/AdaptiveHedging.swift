/// The default hedging rule: hedge a load that has run longer than a high quantile of the
/// loads measured so far, as "The Tail at Scale" does, but only where the distribution has a
/// heavy tail, and within a ``HedgeBudget``.
///
/// The delay is the larger of the ``percentile`` of the measured durations and
/// ``minimumDelayInMedians`` times their median, once ``minimumSamples`` loads have returned
/// a page (before that, no hedge). The floor is what keeps a network without a heavy tail
/// free of hedges: there a load slower than the 95th percentile is seldom much slower, and
/// it usually answers before a new request, which takes about the median, would. Where the
/// tail is heavy (a phone network, whose 99th percentile is several times its median), a
/// load past two medians is likely to run far longer still, and the hedge wins.
public struct AdaptiveHedging: Hashable, Sendable {
  /// The quantile of the measured durations a load must exceed before its hedge, in `0...1`
  /// (default 0.95).
  public var percentile: Double {
    didSet { percentile = percentile.isNaN ? 0.95 : min(1, max(0, percentile)) }
  }
  /// How many loads must have returned a page before any hedge (default 5, at least 1).
  public var minimumSamples: Int {
    didSet { minimumSamples = max(1, minimumSamples) }
  }
  /// The shortest delay, in medians of the measured durations (default 2, at least 0).
  public var minimumDelayInMedians: Double {
    didSet {
      minimumDelayInMedians = minimumDelayInMedians.isNaN ? 2 : max(0, minimumDelayInMedians)
    }
  }
  /// How many hedges may be sent (default ``HedgeBudget/init(loadsPerHedge:maximumHedges:)``'s).
  public var budget: HedgeBudget

  /// Creates a rule.
  /// - Parameters:
  ///   - percentile: The quantile a load must exceed, in `0...1` (default 0.95; clamped).
  ///   - minimumSamples: Loads measured before the first hedge (default 5; at least 1).
  ///   - minimumDelayInMedians: The shortest delay in medians (default 2; at least 0).
  ///   - budget: The hedges allowed (default: one per 10 completed loads, 2 saved at most).
  public init(
    percentile: Double = 0.95, minimumSamples: Int = 5, minimumDelayInMedians: Double = 2,
    budget: HedgeBudget = HedgeBudget()
  ) {
    self.percentile = percentile.isNaN ? 0.95 : min(1, max(0, percentile))
    self.minimumSamples = max(1, minimumSamples)
    self.minimumDelayInMedians = minimumDelayInMedians.isNaN ? 2 : max(0, minimumDelayInMedians)
    self.budget = budget
  }
}
