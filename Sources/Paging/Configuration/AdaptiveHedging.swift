/// The default hedging rule: hedge a load that has run longer than a high quantile of the
/// loads measured so far, as "The Tail at Scale" does, but only where the distribution has a
/// heavy tail, and within a budget of hedges.
///
/// The delay is the larger of the `percentile` of the measured durations and
/// `minimumDelayInMedians` times their median, once `minimumSamples` loads have returned a
/// page (before that, no hedge). The floor is what keeps a network without a heavy tail free
/// of hedges: there a load slower than the 95th percentile is seldom much slower, and it
/// usually answers before a new request, which takes about the median, would. Where the tail
/// is heavy (a phone network, whose 99th percentile is several times its median), a load past
/// two medians is likely to run far longer still, and the hedge wins.
///
/// The budget is a token bucket, as gRPC's retry throttling and Envoy's retry budgets bound
/// retries and hedges: it holds up to `maximumHedges` hedges and starts full; each load that
/// returns a page earns 1 / `loadsPerHedge` of a hedge, each hedge spends one, and a load
/// whose hedge timer fires while the bucket holds less than one hedge goes on alone. So over
/// any run of *n* completed loads at most `maximumHedges` + *n* / `loadsPerHedge` hedges are
/// sent: with the defaults, 2 plus 10 % of the loads.
///
/// Every setting is given to
/// ``init(percentile:minimumSamples:minimumDelayInMedians:loadsPerHedge:maximumHedges:)``, as
/// Android Paging 3's `PagingConfig` is built by its constructor; unlike its fields, they
/// cannot be read back, so that a new setting never widens what apps can read.
public struct AdaptiveHedging: Hashable, Sendable {
  /// The quantile of the measured durations a load must exceed before its hedge, in `0...1`
  /// (default 0.95).
  package var percentile: Double {
    didSet { percentile = percentile.isNaN ? 0.95 : min(1, max(0, percentile)) }
  }
  /// How many loads must have returned a page before any hedge (default 5, at least 1).
  package var minimumSamples: Int {
    didSet { minimumSamples = max(1, minimumSamples) }
  }
  /// The shortest delay, in medians of the measured durations (default 2, at least 0).
  package var minimumDelayInMedians: Double {
    didSet {
      minimumDelayInMedians = minimumDelayInMedians.isNaN ? 2 : max(0, minimumDelayInMedians)
    }
  }
  /// How many hedges may be sent.
  package var budget: HedgeBudget

  /// Creates a rule.
  /// - Parameters:
  ///   - percentile: The quantile of the measured durations a load must exceed before its
  ///     hedge, in `0...1` (default 0.95; clamped).
  ///   - minimumSamples: Loads that must have returned a page before the first hedge
  ///     (default 5; at least 1).
  ///   - minimumDelayInMedians: The shortest delay, in medians of the measured durations
  ///     (default 2; at least 0).
  ///   - loadsPerHedge: Completed loads that earn one hedge (default 10; at least 1).
  ///   - maximumHedges: The most hedges saved up, and the budget's starting balance
  ///     (default 2; at least 0).
  public init(
    percentile: Double = 0.95, minimumSamples: Int = 5, minimumDelayInMedians: Double = 2,
    loadsPerHedge: Int = 10, maximumHedges: Int = 2
  ) {
    self.percentile = percentile.isNaN ? 0.95 : min(1, max(0, percentile))
    self.minimumSamples = max(1, minimumSamples)
    self.minimumDelayInMedians = minimumDelayInMedians.isNaN ? 2 : max(0, minimumDelayInMedians)
    self.budget = HedgeBudget(loadsPerHedge: loadsPerHedge, maximumHedges: maximumHedges)
  }
}
