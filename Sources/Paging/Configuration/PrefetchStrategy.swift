/// How the prefetch distance is chosen: fixed, or adapted to how far the user scrolls while a
/// page loads.
///
/// The prefetch distance has Android Paging 3's meaning, on both edges: a visible row starts
/// an append when fewer than *d* loaded rows follow it, and a prepend when fewer than *d*
/// loaded rows lie before it. A distance of 0 loads only on explicit calls
/// (``Paginator/loadNextPage()``, ``Paginator/loadPreviousPage()``) and the first load.
public enum PrefetchStrategy: Hashable, Sendable {
  /// Always this distance, in rows (negative values count as 0), as Android Paging 3's
  /// `PagingConfig.prefetchDistance`.
  case fixed(Int)
  /// The rule's initial distance until a load at an edge has completed, then the distance
  /// the rule gives, not below the initial distance until the rule's `warmUpSamples` loads
  /// were measured.
  case adaptive(AdaptivePrefetch)

  /// The distance in rows before anything was measured.
  @inlinable package var initialDistance: Int {
    switch self {
    case .fixed(let distance): Swift.max(0, distance)
    case .adaptive(let rule): rule.initialDistance
    }
  }
}

/// The adaptive prefetch rule: start the next page when the user is as many rows from the edge
/// as they scroll while a page loads.
///
/// For every load at an edge, the machine notes the visible row nearest that edge when the
/// request starts and when its answer (page or failure) arrives. The rows between the two are
/// how far the user scrolled during that load, their speed times that load's latency, measured
/// in the unit the trigger uses, so the rule needs no clock. When that row had reached the
/// edge's last loaded row by then, the list held the user at the edge and they would have gone
/// further: the sample counts twice the rows scrolled (at least 2).
///
/// The distance is one more than the 90th percentile (nearest rank) of the last `samples`
/// samples (a row triggers when *fewer* than the distance follow it, so the page is asked for
/// when exactly the rows the user will scroll during the load are left), clamped to
/// `minimumDistance` ... `maximumDistance`. With the default 8 samples the percentile is the
/// largest of the last 8, so one fast load raises the distance at once and it comes down only
/// after 8 slower ones. Until `warmUpSamples` loads were measured (default 3), the distance
/// does not fall below `initialDistance`: one or two samples taken as a scroll begins say
/// little about the fling that follows them. A refresh keeps the samples (the same user, the
/// same network).
///
/// What it does to overfetch: a reader who scrolls a few rows while a page loads gets a
/// distance of a few rows, so the page after the one being read is requested only when the
/// reader nears it (with a fixed distance of a page, up to two pages ahead); a user who flings
/// gets the distance a fling covers during a load, so pages land before the fling reaches
/// them; when the flinging stops, up to that many rows are loaded that may never be shown.
///
/// Every setting is given to
/// ``init(initialDistance:minimumDistance:maximumDistance:samples:latencyPercentile:warmUpSamples:)``,
/// as Android Paging 3's `PagingConfig` is built by its constructor; unlike its fields, they
/// cannot be read back, so that a new setting never widens what apps can read.
public struct AdaptivePrefetch: Hashable, Sendable {
  /// The distance before any load was measured, in rows (default 20: about two screens of a
  /// phone list and one typical page; at least 0).
  @usableFromInline package var initialDistance: Int {
    didSet { initialDistance = max(0, initialDistance) }
  }
  /// The shortest distance, in rows (default 2, at least 0).
  package var minimumDistance: Int {
    didSet {
      minimumDistance = max(0, minimumDistance)
      maximumDistance = max(minimumDistance, maximumDistance)
    }
  }
  /// The longest distance, in rows (default 100, at least ``minimumDistance``).
  package var maximumDistance: Int {
    didSet { maximumDistance = max(minimumDistance, maximumDistance) }
  }
  /// How many recent loads the percentile is taken over (default 8, at least 1).
  package var samples: Int {
    didSet { samples = max(1, samples) }
  }
  /// How many loads must be measured before the distance may fall below ``initialDistance``,
  /// in loads (default 3, at least 1): the first loads of a session sample a scroll that has
  /// barely begun, and a fling that follows them outruns a distance taken from one or two of
  /// them. 1 lets the first measured load set the distance.
  package var warmUpSamples: Int {
    didSet { warmUpSamples = max(1, warmUpSamples) }
  }
  /// The quantile of the measured load durations a sample covers, in `0...1` (default 0.9):
  /// a timed load's sample is at least the user's speed during it, in rows per second, times
  /// this quantile of the durations of the loads so far.
  package var latencyPercentile: Double {
    didSet { latencyPercentile = latencyPercentile.isNaN ? 0.9 : min(1, max(0, latencyPercentile)) }
  }

  /// Creates a rule.
  /// - Parameters:
  ///   - initialDistance: The distance before any load was measured, in rows (default 20:
  ///     about two screens of a phone list and one typical page; at least 0).
  ///   - minimumDistance: The shortest distance, in rows (default 2; at least 0).
  ///   - maximumDistance: The longest distance, in rows (default 100; at least
  ///     `minimumDistance`).
  ///   - samples: How many recent loads the percentile is taken over (default 8; at least 1).
  ///   - latencyPercentile: The quantile of the measured load durations a sample covers, in
  ///     `0...1` (default 0.9; clamped): a timed load's sample is at least the user's speed
  ///     during it, in rows per second, times this quantile of the durations of the loads so
  ///     far.
  ///   - warmUpSamples: How many loads must be measured before the distance may fall below
  ///     `initialDistance` (default 3; at least 1): the first loads of a session sample a
  ///     scroll that has barely begun, and a fling that follows them outruns a distance taken
  ///     from one or two of them. 1 lets the first measured load set the distance.
  public init(
    initialDistance: Int = 20, minimumDistance: Int = 2, maximumDistance: Int = 100,
    samples: Int = 8, latencyPercentile: Double = 0.9, warmUpSamples: Int = 3
  ) {
    self.warmUpSamples = max(1, warmUpSamples)
    self.latencyPercentile =
      latencyPercentile.isNaN ? 0.9 : min(1, max(0, latencyPercentile))
    self.initialDistance = max(0, initialDistance)
    self.minimumDistance = max(0, minimumDistance)
    self.maximumDistance = max(self.minimumDistance, maximumDistance)
    self.samples = max(1, samples)
  }
}
