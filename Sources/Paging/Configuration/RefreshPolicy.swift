/// Where a refresh reloads the list from (``PagingConfiguration/refreshPolicy``).
///
/// Whatever the policy, a refresh is one generation (rulebook R27): the old items stay until
/// its page commits, results of the old generation that arrive late are dropped, and calls
/// during it join it.
public enum RefreshPolicy: Sendable, Hashable, Codable {
  /// From the origin: the configuration's initial cursor, or the cursor of the last
  /// ``Paginator/start(at:)``. The list restarts at its first page (a feed's newest items).
  case fromStart
  /// From the page that holds the anchored row (the top visible row), with the cursor that
  /// loaded that page, which the engine keeps: no refresh key to write (Android Paging 3's
  /// `getRefreshKey`). The list then grows both ways from it, and the row stays where it is on
  /// screen when it is still there (fault class 21). With no row on screen, or nothing loaded,
  /// it refreshes from the start.
  case aroundAnchor
}
