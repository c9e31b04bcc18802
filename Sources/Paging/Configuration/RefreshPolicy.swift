/// Where a refresh reloads the list from (``PagingConfiguration``'s `refreshPolicy`, or one
/// call's ``Paginator/refresh(policy:)``).
///
/// Whatever the policy, a refresh is one generation (rulebook R27): the old items stay until
/// it commits, results of the old generation that arrive late are dropped, and calls during it
/// join it.
public enum RefreshPolicy: Sendable, Hashable {
  /// From the origin: the configuration's initial cursor, or the cursor of the last
  /// ``Paginator/start(at:)``. The list restarts at its first page (a feed's newest items).
  case fromStart
  /// From the page that holds the anchored row (the top visible row), with the cursor that
  /// loaded that page, which the engine keeps: no refresh key to write (Android Paging 3's
  /// `getRefreshKey`). The list then grows both ways from it, and the row stays where it is on
  /// screen when it is still there (fault class 21). With no row on screen, or nothing loaded,
  /// it refreshes from the start.
  case aroundAnchor
  /// Re-fetches the loaded pages in order, at most `limit` of them, and replaces the window
  /// with them in one step once the last one has arrived (TanStack Query's refetch of an
  /// infinite query, bounded as its `maxPages` bounds it).
  ///
  /// The re-fetch starts at the cursor that loaded the first page it keeps and then follows
  /// the *fresh* pages' next cursors, never the old ones: when the server changed, the fresh
  /// chain is the truth (TanStack does the same). It asks for as many pages as it keeps and
  /// stops early at the end of the fresh chain, or at a cursor it already fetched (the append
  /// edge then fails with ``PagingError/repeatedCursor(_:)``, rulebook R11).
  ///
  /// When the window holds more than `limit` pages, it keeps the `limit` pages from the one
  /// holding the anchored row (the top visible row) downwards, or the last `limit` pages when
  /// fewer follow it; the pages above and below are dropped, and load again as the user
  /// scrolls to them. So a refresh costs at most `limit` requests however long the session
  /// was (TanStack's complaint: 20 pages, 20 requests), and the row on screen survives it.
  ///
  /// Until the re-fetch commits, the old window stays and ``Paginator/refreshState`` is
  /// loading; a failure part-way keeps the old window and shows the error there, and a retry
  /// (automatic or ``Paginator/retry()``) goes on at the page that failed with the pages
  /// already fetched. With nothing loaded it refreshes from the start.
  /// - Parameter limit: The most pages to re-fetch (values below 1 count as 1).
  case allLoaded(limit: Int)
}
