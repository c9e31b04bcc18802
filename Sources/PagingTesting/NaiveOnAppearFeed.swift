import Paging

/// The pagination code most apps start with, as a ``ListFeed`` baseline: every row's
/// `onAppear` starts a task that fetches the page after the current cursor and appends it.
///
/// ```swift
/// List(model.items) { item in
///   Row(item).onAppear { Task { await model.loadMore() } }
/// }
/// .task { await model.loadFirstPage() }
/// ```
///
/// It is faithful to that code, faults included: 10 rows on first display send 10 requests
/// for the same page (fault class 1), rows that re-appear request again (3), responses that
/// arrive out of order append pages twice or out of order (4), and after the last page the
/// `nil` cursor asks for the first page again (5). It has no loading state, no error state
/// and no retry. The demo and the benchmark run it next to `Paginator`.
@MainActor
public final class NaiveOnAppearFeed<Source: PageSource>: ListFeed {
  /// The rows' item type.
  public typealias Item = Source.Item
  /// The source's cursor type.
  public typealias Cursor = Source.Cursor

  private let core: BaselineLoader<Source>

  /// Creates the feed; nothing loads until ``loadFirstPage()``.
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - initialCursor: The first page's cursor (default `nil`).
  public init(source: Source, initialCursor: Cursor? = nil) {
    self.core = BaselineLoader(source: source, initialCursor: initialCursor)
  }

  /// The loaded items, duplicates included.
  public var items: [Item] { core.items }
  /// The cursor of the last page applied.
  public var nextCursor: Cursor? { core.nextCursor }
  /// The last error a load threw, cleared when a load starts.
  public var lastError: (any Error)? { core.lastError }

  /// The screen's `.task`: loads the first page and replaces the items with it.
  public func loadFirstPage() async {
    await core.load(core.begin(), cursor: core.initialCursor, direction: .refresh)
  }

  /// A row's `onAppear`: starts a task that loads the page after the cursor it finds when it
  /// runs, and appends it.
  /// - Parameter item: The row's item (unused, as in the code this models).
  public func rowAppeared(_ item: Item) {
    let id = core.begin()
    Task { await self.core.load(id, cursor: self.core.nextCursor, direction: .append) }
  }

  // MARK: ListFeed

  /// The number of items.
  public var rowCount: Int { core.items.count }
  /// The item at `index`.
  /// - Parameter index: A position below ``rowCount``.
  /// - Returns: The item.
  public func rowItem(at index: Int) -> Item { core.items[index] }
  /// Grows with every page applied.
  public var rowsVersion: Int { core.version }
  /// Always `nil`: this code shows no footer.
  public var footerState: ListFooterState? { nil }
  /// Whether the last page applied had a next cursor (or none has loaded yet).
  public var hasNextPage: Bool { core.hasNextPage }
  /// The loads started so far.
  public var requestsStarted: Int { core.started }
  /// Does nothing: this code ignores disappearances.
  /// - Parameter item: The row's item.
  public func rowDisappeared(_ item: Item) {}
  /// Calls ``loadFirstPage()``.
  public func runScreenTask() async { await loadFirstPage() }
  /// Starts a new generation and loads the first page in the caller's task, so a cancelled
  /// `.refreshable` task cancels the refresh; loads still in flight append their pages when
  /// they land.
  public func refresh() async {
    core.beginRefresh()
    await loadFirstPage()
  }
  /// Does nothing: this code has no retry path.
  public func retry() {}
  /// Waits until the answer to `id` was applied.
  /// - Parameter id: A request id.
  public func waitForLoad(_ id: PageRequestID) async { await core.wait(for: id) }
}
