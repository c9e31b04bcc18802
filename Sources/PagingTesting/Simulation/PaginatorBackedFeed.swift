import Paging

/// A view model that shows a `Paginator`'s rows: conform it to this protocol and a
/// ``ListSimulator`` shows it, driving its ``paginator`` as the view would (rows call
/// `rowAppeared(_:)` and `rowDisappeared(_:)`, `.task` calls `start()`, `.refreshable` calls
/// `refresh()`, the footer's Retry button calls `retry()`).
///
/// ```swift
/// @MainActor @Observable final class FeedModel: PaginatorBackedFeed {
///   typealias Item = Post  // the rows, as the paginator loads them
///   let paginator: Paginator<Post, Int>
///   var muted: Set<Int> = [] { didSet { paginator.filter = { [muted] in !muted.contains($0.author) } } }
///   init(source: PostsSource) { paginator = Paginator(source: source) }
/// }
/// ```
@MainActor
public protocol PaginatorBackedFeed: ListSimulatorFeed {
  /// The paginator's cursor type.
  associatedtype Cursor: Hashable & Sendable
  /// The paginator whose rows the view model shows.
  var paginator: Paginator<Item, Cursor> { get }
}

/// The ``ListFeed`` requirements, forwarded to the paginator: the witnesses of the package's
/// own feeds that wrap a paginator (``PaginatorFeed``, and a view model that also conforms to
/// ``ListFeed`` to show rows of its own).
extension PaginatorBackedFeed where Self: ListFeed {
  /// The paginator's ``ListFeed/rowCount``.
  package var rowCount: Int { paginator.rowCount }
  /// The paginator's item at `index`.
  /// - Parameter index: A position below ``rowCount``.
  /// - Returns: The item.
  package func rowItem(at index: Int) -> Item { paginator.rowItem(at: index) }
  /// The paginator's ``ListFeed/rowsVersion``.
  package var rowsVersion: Int { paginator.rowsVersion }
  /// The paginator's footer state.
  package var footerState: ListFooterState? { paginator.footerState }
  /// ``Paginator/hasNextPage``.
  package var hasNextPage: Bool { paginator.hasNextPage }
  /// ``Paginator/hasPreviousPage``.
  package var hasPreviousPage: Bool { paginator.hasPreviousPage }
  /// ``Paginator/scrollAnchor``.
  package var scrollAnchor: Item.ID? { paginator.scrollAnchor }
  /// The requests that reached the paginator's source.
  package var requestsStarted: Int { paginator.requestsStarted }
  /// The paginator's ``ListFeed/pagesDropped``.
  package var pagesDropped: Int { paginator.pagesDropped }
  /// ``Paginator/rowAppeared(_:)-(Item)``.
  /// - Parameter item: The row's item.
  package func rowAppeared(_ item: Item) { paginator.rowAppeared(item) }
  /// ``Paginator/rowDisappeared(_:)-(Item)``.
  /// - Parameter item: The row's item.
  package func rowDisappeared(_ item: Item) { paginator.rowDisappeared(item) }
  /// ``Paginator/visibleRowsChanged(_:drawnAround:)``, what `pagingVisibleRows` calls on iOS
  /// 18.
  /// - Parameter items: The rows visible now.
  package func visibleRowsChanged(_ items: [Item]) { paginator.visibleRowsChanged(items.map(\.id)) }
  /// ``Paginator/start(at:)``.
  package func runScreenTask() async { await paginator.start() }
  /// ``Paginator/refresh(policy:)``.
  package func refresh() async { await paginator.refresh() }
  /// ``Paginator/retry()``.
  package func retry() { paginator.retry() }
  /// ``Paginator/setQuery(_:transition:)`` with `text` and ``QueryTransition/clear``.
  /// - Parameter text: The search field's text.
  package func queryChanged(to text: String) async { await paginator.setQuery(text) }
  /// Waits until the paginator has applied (or dropped) the answer to request `id`.
  /// - Parameter id: The request's id.
  package func waitForLoad(_ id: PageRequestID) async { await paginator.waitForLoad(id) }
}
