/// How the prefetch distance is chosen: fixed, or adapted to how far the user scrolls while a
/// page loads.
public enum PrefetchStrategy: Hashable, Sendable {
  /// Always ``PagingConfiguration/prefetchDistance``, as Android Paging 3's `prefetchDistance`.
  case fixed
  /// ``PagingConfiguration/prefetchDistance`` until an append has completed, then the distance
  /// ``AdaptivePrefetch`` gives.
  case adaptive(AdaptivePrefetch)
}

/// The adaptive prefetch rule: start the next page when the user is as many rows from the end
/// as they scroll while a page loads.
///
/// For every append, the machine notes the highest visible row when the request starts and
/// when its answer (page or failure) arrives. The rows between the two are how far the user
/// scrolled during that load, their speed times that load's latency, measured in the unit the
/// trigger uses, so the rule needs no clock. When the highest visible row had reached the last
/// loaded row by then, the list held the user at the end and they would have gone further: the
/// sample counts twice the rows scrolled (at least 2).
///
/// The distance is the 90th percentile (nearest rank) of the last ``samples`` samples, clamped
/// to ``minimumDistance`` ... ``maximumDistance``. With the default 8 samples that is the
/// largest of the last 8, so one fast load raises the distance at once and it comes down
/// only after 8 slower ones. A refresh keeps the samples (the same user, the same network).
///
/// What it does to overfetch: a reader who scrolls a few rows while a page loads gets a
/// distance of a few rows, so the page after the one being read is requested only when the
/// reader nears it (with a fixed distance of a page, up to two pages ahead); a user who flings
/// gets the distance a fling covers during a load, so pages land before the fling reaches
/// them; when the flinging stops, up to that many rows are loaded that may never be shown.
public struct AdaptivePrefetch: Hashable, Sendable {
  /// The shortest distance, in rows (default 2, at least 0).
  public var minimumDistance: Int
  /// The longest distance, in rows (default 100, at least ``minimumDistance``).
  public var maximumDistance: Int
  /// How many recent appends the percentile is taken over (default 8, at least 1).
  public var samples: Int

  /// Creates a rule.
  /// - Parameters:
  ///   - minimumDistance: The shortest distance in rows (default 2).
  ///   - maximumDistance: The longest distance in rows (default 100).
  ///   - samples: Recent appends taken into account (default 8).
  public init(minimumDistance: Int = 2, maximumDistance: Int = 100, samples: Int = 8) {
    self.minimumDistance = max(0, minimumDistance)
    self.maximumDistance = max(self.minimumDistance, maximumDistance)
    self.samples = max(1, samples)
  }
}
