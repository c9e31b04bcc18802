import Paging

/// Lets a ``ListSimulator`` drive a paginator as a SwiftUI list would: rows call
/// `rowAppeared(_:)` and `rowDisappeared(_:)`, `.task` calls
/// `start()`, `.refreshable` calls `refresh()` and the footer's
/// Retry button calls `retry()`.
///
/// Its `hasPreviousPage` and `scrollAnchor` serve as the list's, so a
/// chat (a paginator whose `initialCursor` is the newest page, over a source whose pages give
/// previous cursors) keeps the row the user reads in place as older pages land above.
///
/// In virtual time, give the paginator the simulator's ``TestClock``: the simulator then steps
/// the paginator's timers (automatic retries, hedges) as it steps the server's answers, each
/// at its own instant.
extension Paginator: ListFeed {
  /// The number of loaded items.
  public var rowCount: Int { items.count }

  /// The item at `index`.
  /// - Parameter index: A position below ``rowCount``.
  /// - Returns: The item.
  public func rowItem(at index: Int) -> Item { items[index] }

  /// Grows with every commit, edit, filter change and cleared query.
  public var rowsVersion: Int {
    metrics.requestsCompleted + stateMachine.local.changesOutsideCommits
  }

  /// A spinner while the first page or a next page loads, the error while a direction is
  /// latched failed, the end once the last page committed.
  public var footerState: ListFooterState? {
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
  public var requestsStarted: Int { requestsSent }

  /// `PagingMetrics.pagesDropped`: the pages the memory cap dropped.
  public var pagesDropped: Int { metrics.pagesDropped }

  /// Calls `start()`.
  public func runScreenTask() async { await start() }

  /// Calls `setQuery(_:transition:)` with `text` and `QueryTransition.clear`.
  /// - Parameter text: The search field's text.
  public func queryChanged(to text: String) async { await setQuery(text) }

  /// Waits until the paginator has applied (or dropped) the answer to request `id`.
  /// - Parameter id: The request's id.
  public func waitForLoad(_ id: PageRequestID) async { await waitForRequest(id) }
}
