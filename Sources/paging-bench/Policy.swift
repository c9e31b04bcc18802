import Paging

/// A way of deciding when to load the next page, as the policy comparison runs it.
enum Policy: String, CaseIterable, Codable, Sendable {
  /// `NaiveOnAppearFeed`: every row's `onAppear` loads the page after the current cursor.
  case naive = "naive onAppear"
  /// `GuardedOnAppearFeed`: only the last row, an `isLoading` flag, stop on a `nil` cursor.
  case guarded = "three-guard fix"
  /// ``ScanningHelperFeed``: ListPagination's threshold item (10 rows from the end), found by
  /// scanning, as its README uses it.
  case scanningHelper = "scanning threshold helper"
  /// `Paginator` with a fixed prefetch distance equal to the page size (Android Paging 3's
  /// default) and, as in Paging 3, no hedges.
  case fixedPrefetch = "fixed prefetch = page size"
  /// `Paginator` with its default configuration.
  case paginator = "Paginator (default)"
  /// `Paginator` with its default configuration but hedging off (``HedgingPolicy/off``): what
  /// the default's hedges buy.
  case unhedged = "Paginator (no hedging)"
  /// ``OracleFeed``: knows the scroll path and every latency in advance and loads each page as
  /// late as possible without a stall (or as early as possible when even that stalls).
  case oracle = "oracle"

}
