/// Everything that can happen to a paginator: what the user and the view do, and what the
/// source answers. Input of ``PagingStateMachine/handle(_:)``.
@usableFromInline
package enum PagingEvent<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: Sendable
where Item.ID: Sendable {
  /// The screen wants data: load the first page (at the origin: the initial cursor, or the
  /// cursor of the last ``startAt(_:)``) if it has not committed and no refresh runs;
  /// otherwise re-check the visible rows. Idempotent.
  case start
  /// Open the list at `cursor` (a deep link, a chat's newest page): when nothing has loaded,
  /// or the list was opened at another cursor, a refresh from `cursor` whose page gives both
  /// cursors; the list then grows both ways. Joins a refresh already loading `cursor`.
  case startAt(Cursor)
  /// A row is being shown (`onAppear`, `willDisplay`).
  case rowAppeared(RowReference<Item.ID>)
  /// A row stopped being shown (`onDisappear`, `didEndDisplaying`). Optional: the engine is
  /// correct when these never arrive, as with `LazyVStack` on iOS 16 to 18.
  case rowDisappeared(RowReference<Item.ID>)
  /// A placeholder is being shown: the one for the row at this position of the source's list
  /// (``PagingRow/placeholder(position:)``). It loads the edge it lies beyond, or, farther than
  /// the jump threshold, the page around it (rulebook R31).
  case placeholderAppeared(Int)
  /// A placeholder stopped being shown. Optional, as ``rowDisappeared(_:)`` is.
  case placeholderDisappeared(Int)
  /// Load the next page now, if one exists and nothing blocks it (a "Load more" button, or a
  /// server-side walk). During a refresh it is remembered and runs when the refresh commits,
  /// if the new list still has a next page.
  case loadNextPage
  /// Load the previous page now (towards the top), if one exists and nothing blocks it; during
  /// a refresh, remembered like ``loadNextPage``.
  case loadPreviousPage
  /// Start a new generation where ``PagingConfiguration``'s `refreshPolicy` says: the origin, or
  /// the page holding the row on screen; joins a refresh already in flight.
  case refresh
  /// The source's data changed (another writer, a background sync, a local edit through
  /// another list): a new generation reloads the page holding the anchored row, as
  /// ``RefreshPolicy/aroundAnchor`` does, whatever the refresh policy, and supersedes a refresh
  /// in flight rather than joining it (rulebook R30; Android Paging 3's
  /// `PagingSource.invalidate()`). Nothing happens before anything has loaded or while nothing
  /// loads and the first load failed.
  case invalidate
  /// ``refresh`` by `policy` for this call instead of ``PagingConfiguration``'s `refreshPolicy`
  /// (a "Reload everything" button beside a pull to refresh that keeps the place); joins a
  /// refresh already in flight, whatever its policy.
  case refreshWith(RefreshPolicy)
  /// Retry every failed edge at its cursor; when no edge was retried (or nothing has loaded),
  /// a failed refresh.
  case retry
  /// Cancel every load in flight and any scheduled retry; nothing is shown as failed.
  case cancel
  /// The source returned a page for the request with this id.
  case loadCompleted(PageRequestID, Page<Item, Cursor>)
  /// The source threw for the request with this id. Cancellation errors count as
  /// ``loadCancelled(_:)``.
  case loadFailed(PageRequestID, any Error)
  /// The request with this id was cancelled before it produced a result.
  case loadCancelled(PageRequestID)
  /// The timer of the ``ScheduledRetry`` with this id fired.
  case retryTimerFired(RetryID)
  /// The load with this id has run longer than ``PagingConfiguration``'s `hedging` allows: send a
  /// hedge (the same request again) if it is still in flight and has none.
  case hedgeTimerFired(PageRequestID)
  /// The driver timed the request with this id, which returned a page: it took `request` from
  /// its own start, and the load it serves had run `load` (from the start of the load's first
  /// request, when this one is its hedge). Sent just before ``loadCompleted(_:_:)`` for that
  /// request; the hedge delay reads the first, the adaptive prefetch distance the second (the
  /// speed of the scroll during the load).
  case loadTimed(PageRequestID, request: Duration, load: Duration)
  /// The app changed the loaded items locally: applied at once and again to every later
  /// commit of the generation (rulebook R23). Ignored when
  /// ``PagingStateMachine/validate(_:)`` refuses it.
  case edit(PagingEdit<Item>)
  /// The list now shows the results of another query: a new generation from the initial
  /// cursor that cancels every load in flight (never joins one; rulebook R24), its requests
  /// carrying the query. The same query as now is ``start``.
  case setQuery((any Hashable & Sendable)?, transition: QueryTransition)
  /// Show only the loaded items the predicate accepts (`nil`: all); applied at once, without
  /// a request unless a visible row is now near an edge (rulebook R25).
  case setFilter((@Sendable (Item) -> Bool)?)
}
