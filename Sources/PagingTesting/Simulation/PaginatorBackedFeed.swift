import Paging

/// A view model that shows a `Paginator`'s rows: conform it to this protocol and it is a
/// ``ListFeed`` that a ``ListSimulator`` drives, every requirement forwarded to ``paginator``.
/// Implement any requirement yourself to do more than the paginator does (a screen task that
/// sets a query, a filter chip).
///
/// ```swift
/// @MainActor @Observable final class FeedModel: PaginatorBackedFeed {
///   typealias Item = Post  // Swift does not infer it through the defaults
///   let paginator: Paginator<Post, Int>
///   var muted: Set<Int> = [] { didSet { paginator.filter = { [muted] in !muted.contains($0.author) } } }
///   init(source: PostsSource) { paginator = Paginator(source: source) }
/// }
/// ```
@MainActor
public protocol PaginatorBackedFeed: ListFeed {
  /// The paginator's cursor type.
  associatedtype Cursor: Hashable & Sendable
  /// The paginator whose rows the view model shows.
  var paginator: Paginator<Item, Cursor> { get }
}

extension PaginatorBackedFeed {
  /// The paginator's ``ListFeed/rowCount``.
  public var rowCount: Int { paginator.rowCount }
  /// The paginator's item at `index`.
  /// - Parameter index: A position below ``rowCount``.
  /// - Returns: The item.
  public func rowItem(at index: Int) -> Item { paginator.rowItem(at: index) }
  /// The paginator's ``ListFeed/rowsVersion``.
  public var rowsVersion: Int { paginator.rowsVersion }
  /// The paginator's footer state.
  public var footerState: ListFooterState? { paginator.footerState }
  /// ``Paginator/hasNextPage``.
  public var hasNextPage: Bool { paginator.hasNextPage }
  /// ``Paginator/hasPreviousPage``.
  public var hasPreviousPage: Bool { paginator.hasPreviousPage }
  /// ``Paginator/scrollAnchor``.
  public var scrollAnchor: Item.ID? { paginator.scrollAnchor }
  /// The requests that reached the paginator's source.
  public var requestsStarted: Int { paginator.requestsStarted }
  /// The paginator's ``ListFeed/pagesDropped``.
  public var pagesDropped: Int { paginator.pagesDropped }
  /// ``Paginator/rowAppeared(_:)``.
  /// - Parameter item: The row's item.
  public func rowAppeared(_ item: Item) { paginator.rowAppeared(item) }
  /// ``Paginator/rowDisappeared(_:)``.
  /// - Parameter item: The row's item.
  public func rowDisappeared(_ item: Item) { paginator.rowDisappeared(item) }
  /// ``Paginator/start()``.
  public func runScreenTask() async { await paginator.start() }
  /// ``Paginator/refresh()``.
  public func refresh() async { await paginator.refresh() }
  /// ``Paginator/retry()``.
  public func retry() { paginator.retry() }
  /// ``Paginator/setQuery(_:transition:)`` with `text` and ``QueryTransition/clear``.
  /// - Parameter text: The search field's text.
  public func queryChanged(to text: String) async { await paginator.setQuery(text) }
  /// Waits until the paginator has applied (or dropped) the answer to request `id`.
  /// - Parameter id: The request's id.
  public func waitForLoad(_ id: PageRequestID) async { await paginator.waitForLoad(id) }
}
