/// When a slow load gets a hedge: a second, identical request for the same page, sent while
/// the first still runs, of which the first answer commits and the other is cancelled. The
/// classic remedy for a latency distribution's heavy tail (Dean and Barroso, "The Tail at
/// Scale", 2013); no other pagination library sends them.
///
/// Off by default: a hedge asks the server for a page twice, so turn it on only for a source
/// whose reads are idempotent (a `GET`) and whose server can take a few percent more requests.
/// A load gets one hedge at most, the hedge is never counted as a duplicate request
/// (``PageRequest/isHedge``, ``PagingMetrics/hedgesStarted``), and a refresh or
/// ``Paginator/cancel()`` cancels both. Rulebook R22.
public enum HedgingPolicy: Hashable, Sendable {
  /// Never hedge.
  case off
  /// Hedge a load that has run this long (measured on the paginator's clock).
  case after(Duration)
  /// Hedge a load that has run longer than this quantile of the durations of the loads that
  /// completed so far (0.95: slower than 19 loads in 20), once at least `minimumSamples` have;
  /// before that, never. The durations are kept in a fixed set of buckets 10 % wide (O(1)
  /// memory), so the threshold is the quantile rounded up by at most 10 %.
  case afterPercentile(Double, minimumSamples: Int)
}
