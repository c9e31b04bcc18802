/// When a slow load gets a hedge: a second, identical request for the same page, sent while
/// the first still runs, of which the first answer commits and the other is cancelled. The
/// classic remedy for a latency distribution's heavy tail (Dean and Barroso, "The Tail at
/// Scale", 2013).
///
/// On by default (``standard``): a load that has run longer than the 95th percentile of the
/// loads measured so far, and at least twice their median, gets a hedge, within a token
/// budget that earns one hedge per 10 completed loads and saves at most 2 (``AdaptiveHedging``),
/// so hedges stay under about 10 % of the requests however slow the network. ``off`` turns
/// hedging off. A source whose loads are not idempotent
/// (``PageSource/loadsAreIdempotent``) is never hedged, whatever the policy. A load gets one
/// hedge at most, the hedge is never counted as a duplicate request
/// (``PagingMetrics/hedgesStarted``), and a refresh or ``Paginator/cancel()`` cancels both.
/// Rulebook R22.
public enum HedgingPolicy: Hashable, Sendable {
  /// Never hedge.
  case off
  /// Hedge a load that has run this long (measured on the paginator's clock), with no budget.
  case after(Duration)
  /// Hedge a load that has run longer than this quantile of the durations of the loads that
  /// completed so far (0.95: slower than 19 loads in 20), once at least `minimumSamples` have;
  /// before that, never; with no budget. The durations are kept in a fixed set of buckets
  /// 10 % wide (O(1) memory), so the threshold is the quantile rounded up by at most 10 %.
  case afterPercentile(Double, minimumSamples: Int)
  /// Hedge by the tail of the latencies measured so far, within a budget (the default,
  /// ``standard``): see ``AdaptiveHedging``.
  case adaptive(AdaptiveHedging)

  /// The default: ``adaptive(_:)`` with ``AdaptiveHedging/init(percentile:minimumSamples:minimumDelayInMedians:loadsPerHedge:maximumHedges:)``'s
  /// defaults (the 95th percentile and at least 2 medians, after 5 loads; one hedge per 10
  /// loads, 2 saved at most).
  public static var standard: HedgingPolicy { .adaptive(AdaptiveHedging()) }
}
