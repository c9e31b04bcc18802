import Paging

/// What a list's view code reads of a paginator and calls on it, as a ``ListSimulator`` needs
/// it: ``PaginatorFeed`` and ``PaginatorBackedFeed`` forward their ``ListFeed`` requirements
/// here. `package`, so that importing PagingTesting adds nothing to `Paginator`'s surface.
/// Rows call `rowAppeared(_:)` and `rowDisappeared(_:)`, `.task` calls `start()`,
/// `.refreshable` calls `refresh()` and the footer's Retry button calls `retry()`, all of them
/// `Paginator`'s own.
extension Paginator {
  /// The number of loaded items.
  package var rowCount: Int { items.count }

  /// The item at `index`.
  /// - Parameter index: A position below ``rowCount``.
  /// - Returns: The item.
  package func rowItem(at index: Int) -> Item { items[index] }

  /// Grows with every commit, edit, filter change and cleared query.
  package var rowsVersion: Int {
    metrics.requestsCompleted + stateMachine.local.changesOutsideCommits
  }

  /// A spinner while the first page or a next page loads, the error while a direction is
  /// latched failed, the end once the last page committed.
  package var footerState: ListFooterState? {
    switch appendState {
    case .loading: return .loading
    case .failed: return .failed
    case .complete: return .end
    case .idle: break
    }
    switch refreshState {
    case .loading where items.isEmpty: return .loading
    case .failed where items.isEmpty: return .failed
    default: return nil
    }
  }

  /// The requests that reach the source: `PagingMetrics.requestsStarted` less those
  /// cancelled before their task began, which never reach it (rulebook R17).
  package var requestsStarted: Int { requestsSent }

  /// `PagingMetrics.pagesDropped`: the pages the memory cap dropped.
  package var pagesDropped: Int { metrics.pagesDropped }

  /// Calls `start()`.
  package func runScreenTask() async { await start() }

  /// Calls `setQuery(_:transition:)` with `text` and `QueryTransition.clear`.
  /// - Parameter text: The search field's text.
  package func queryChanged(to text: String) async { await setQuery(text) }

  /// Waits until the paginator has applied (or dropped) the answer to request `id`.
  /// - Parameter id: The request's id.
  package func waitForLoad(_ id: PageRequestID) async { await waitForRequest(id) }
}
