/// What a ``CachedPageSource`` does with the first refresh a paginator asks for, when the
/// cache holds the page it names (Android Paging 3's `RemoteMediator.InitializeAction`).
///
/// A paginator opened from the cache (``CachedPageSource/paginator(configuration:clock:pollInterval:)``)
/// shows the cached rows before any request, then asks for a refresh (rulebook R28); this
/// decides whether that refresh goes to the network or is answered from the cache.
public enum InitializeAction: Sendable, Hashable {
  /// Answer it from the cache: no request until the user scrolls past the cached pages or
  /// refreshes (Paging 3's `SKIP_INITIAL_REFRESH`).
  case skipInitialRefresh
  /// Refresh from the network when the cache's last refresh committed more than `ifOlderThan` ago,
  /// else answer from the cache. `.zero` always refreshes (Paging 3's
  /// `LAUNCH_INITIAL_REFRESH`).
  case launchInitialRefresh(ifOlderThan: Duration)

  /// Always refresh from the network first (Paging 3's `LAUNCH_INITIAL_REFRESH`).
  public static var launchInitialRefresh: InitializeAction {
    .launchInitialRefresh(ifOlderThan: .zero)
  }
}
