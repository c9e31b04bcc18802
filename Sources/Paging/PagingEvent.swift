/// Everything that can happen to a paginator: what the user and the view do, and what the
/// source answers. Input of ``PagingStateMachine/handle(_:)``.
public enum PagingEvent<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: Sendable
where Item.ID: Sendable {
  /// The screen wants data: load the first page if it has not committed and no load runs;
  /// otherwise re-check the visible rows. Idempotent.
  case start
  /// A row is being shown (`onAppear`, `willDisplay`).
  case rowAppeared(RowReference<Item.ID>)
  /// A row stopped being shown (`onDisappear`, `didEndDisplaying`). Optional: the engine is
  /// correct when these never arrive, as with `LazyVStack` on iOS 16 to 18.
  case rowDisappeared(RowReference<Item.ID>)
  /// Load the next page now, if one exists and nothing blocks it (a "Load more" button, or a
  /// server-side walk).
  case loadNextPage
  /// Start a new generation from the initial cursor; joins a refresh already in flight.
  case refresh
  /// Retry a failed load at the same cursor: the first load if it failed; else the append if
  /// it failed; else a failed refresh.
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
  case retryTimerFired(Int)
}
