import Paging

/// The usual fix of ``NaiveOnAppearFeed``, as a ``ListFeed`` baseline: the three guards
/// (only the last row triggers, an `isLoading` flag, stop on a `nil` cursor), with the first
/// page loaded from the screen's `.task`.
///
/// ```swift
/// List(model.items) { item in
///   Row(item).onAppear {
///     if item.id == model.items.last?.id, !model.isLoading, model.nextCursor != nil {
///       Task { await model.loadMore() }   // sets isLoading = true inside the task
///     }
///   }
/// }
/// .task { await model.loadFirstPage() }
/// ```
///
/// It is faithful to that code in two details that matter:
/// - `isLoading` is set inside the task, so triggers that come before the task runs all pass
///   the guard (fault class 2);
/// - `isLoading` is cleared one layout pass after the page lands, as code does that clears
///   it after anything the update awaits (an animation, `MainActor.run`, a cache write): a
///   new last row that appears with its own page finds the flag still set, and its trigger is
///   dropped (fault class 13).
///
/// What the guards still get wrong, and `Paginator` does not: the next page starts only at
/// the last row, so the user waits at the bottom for every page; a first page shorter than
/// the screen never loads more; and after a failure nothing loads again while the last row
/// stays on screen, as there is no retry path.
@MainActor
public final class GuardedOnAppearFeed<Source: PageSource>: ListFeed {
  /// The rows' item type.
  public typealias Item = Source.Item
  /// The source's cursor type.
  public typealias Cursor = Source.Cursor

  private let core: BaselineLoader<Source>
  private var clearsLoadingAfterLayout = false

  /// Creates the feed; nothing loads until ``loadFirstPage()``.
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - initialCursor: The first page's cursor (default `nil`).
  public init(source: Source, initialCursor: Cursor? = nil) {
    self.core = BaselineLoader(source: source, initialCursor: initialCursor)
  }

  /// The loaded items.
  public var items: [Item] { core.items }
  /// The cursor of the last page applied; `nil` stops loading.
  public var nextCursor: Cursor? { core.nextCursor }
  /// The flag the guard checks.
  public private(set) var isLoading = false
  /// The last error a load threw, cleared when a load starts.
  public var lastError: (any Error)? { core.lastError }

  /// The screen's `.task`: loads the first page unless it has loaded.
  public func loadFirstPage() async {
    guard !core.hasLoadedFirstPage else { return }
    await load(core.begin(), cursor: core.initialCursor, direction: .refresh)
  }

  /// A row's `onAppear`: when it is the last row, nothing is loading and a next cursor
  /// exists, starts a task that loads the next page.
  /// - Parameter item: The row's item.
  public func rowAppeared(_ item: Item) {
    guard item.id == core.items.last?.id, !isLoading, let cursor = core.nextCursor else { return }
    let id = core.begin()
    Task { await self.load(id, cursor: cursor, direction: .append) }
  }

  /// Sets `isLoading` inside the task, loads, and clears it after the next layout pass.
  private func load(_ id: PageRequestID, cursor: Cursor?, direction: LoadDirection) async {
    isLoading = true
    await core.load(id, cursor: cursor, direction: direction)
    clearsLoadingAfterLayout = true
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
  /// A spinner while ``isLoading``, the error after a failure, the end after the last page.
  public var footerState: ListFooterState? {
    if isLoading { return .loading }
    if lastError != nil { return .failed }
    return core.hasNextPage ? nil : .end
  }
  /// Whether the last page applied had a next cursor (or none has loaded yet).
  public var hasNextPage: Bool { core.hasNextPage }
  /// The loads started so far.
  public var requestsStarted: Int { core.started }
  /// Does nothing: this code ignores disappearances.
  /// - Parameter item: The row's item.
  public func rowDisappeared(_ item: Item) {}
  /// Clears `isLoading` after the layout pass that follows a load.
  public func didLayout() {
    guard clearsLoadingAfterLayout else { return }
    clearsLoadingAfterLayout = false
    isLoading = false
  }
  /// Calls ``loadFirstPage()``.
  public func runScreenTask() async { await loadFirstPage() }
  /// Starts a new generation and loads the first page in the caller's task.
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
