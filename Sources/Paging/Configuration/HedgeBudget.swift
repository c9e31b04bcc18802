/// How many hedges an ``AdaptiveHedging`` rule may send: a token bucket, as gRPC's retry
/// throttling and Envoy's retry budgets bound retries and hedges. Apps set it through
/// ``AdaptiveHedging``'s initializer; the engine reads it here.
///
/// The bucket holds up to ``maximumHedges`` hedges and starts full. Each load that returns a
/// page earns 1 / ``loadsPerHedge`` of a hedge (kept as whole loads, so the count is exact);
/// each hedge spends one. A load whose hedge timer fires while the bucket holds less than one
/// hedge goes on alone. So over any run of *n* completed loads at most
/// ``maximumHedges`` + *n* / ``loadsPerHedge`` hedges are sent: with the defaults, 2 plus
/// 10 % of the loads.
package struct HedgeBudget: Hashable, Sendable {
  /// Completed loads that earn one hedge (default 10; at least 1).
  package var loadsPerHedge: Int {
    didSet { loadsPerHedge = max(1, loadsPerHedge) }
  }
  /// The most hedges the bucket holds, and what it starts with (default 2; at least 0).
  package var maximumHedges: Int {
    didSet { maximumHedges = max(0, maximumHedges) }
  }

  /// Creates a budget.
  /// - Parameters:
  ///   - loadsPerHedge: Completed loads that earn one hedge (default 10; at least 1).
  ///   - maximumHedges: The most hedges saved up, and the starting balance (default 2; at
  ///     least 0).
  package init(loadsPerHedge: Int = 10, maximumHedges: Int = 2) {
    self.loadsPerHedge = max(1, loadsPerHedge)
    self.maximumHedges = max(0, maximumHedges)
  }

  /// The bucket's capacity in loads (``maximumHedges`` × ``loadsPerHedge``).
  package var capacity: Int {
    maximumHedges.saturatingMultiplying(by: loadsPerHedge)
  }
}
