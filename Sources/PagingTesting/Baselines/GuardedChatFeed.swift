import Paging

/// The usual fix of ``NaiveChatFeed``, as a ``ListFeed`` baseline: the three guards at the top
/// edge (only the top row triggers, an `isLoading` flag, stop on a `nil` previous cursor), and
/// the row the user reads kept in place after a prepend (`scrollPosition(id:)`).
///
/// ```swift
/// ScrollView {
///   LazyVStack {
///     ForEach(model.messages) { message in
///       Row(message).onAppear {
///         if message.id == model.messages.first?.id, !model.isLoading,
///           model.olderCursor != nil
///         {
///           Task { await model.loadOlder() }   // sets isLoading = true inside the task
///         }
///       }
///     }
///   }
///   .scrollTargetLayout()
/// }
/// .scrollPosition(id: $model.anchor)   // set to the old top row before each prepend
/// .defaultScrollAnchor(.bottom)
/// .task { await model.loadNewest() }
/// ```
///
/// It does not jump and sends each page once, but it starts the older page only when the
/// user reaches the top row, so the user waits at the top for every page; like
/// ``GuardedOnAppearFeed`` it sets `isLoading` inside the task and clears it one layout pass
/// after the page lands (fault classes 2 and 13), and it has no retry path. Run it in a
/// ``ListSimulator`` with ``ListSimulatorConfiguration/opensAtBottom``.
///
/// `package`: the tests and `paging-bench` show it beside `Paginator`; it is not API.
@MainActor
package final class GuardedChatFeed<Source: PageSource>: ListFeed {
  /// The rows' item type.
  package typealias Item = Source.Item
  /// The source's cursor type.
  package typealias Cursor = Source.Cursor

  private let core: BaselineLoader<Source>
  private var clearsLoadingAfterLayout = false

  /// Creates the feed; nothing loads until ``loadNewestPage()``.
  /// - Parameters:
  ///   - source: Loads the pages; its pages give previous cursors.
  ///   - newestCursor: The cursor of the newest page, where the chat opens.
  package init(source: Source, newestCursor: Cursor) {
    self.core = BaselineLoader(source: source, initialCursor: newestCursor)
  }

  /// The loaded items, oldest first.
  package var items: [Item] { core.items }
  /// The previous cursor of the last page applied at the top; `nil` stops loading.
  package var previousCursor: Cursor? { core.previousCursor }
  /// The flag the guard checks.
  package private(set) var isLoading = false
  /// The row kept in place: the top row when the last older page was asked for.
  package private(set) var scrollAnchor: Item.ID?

  /// The screen's `.task`: loads the newest page unless it has loaded.
  package func loadNewestPage() async {
    guard !core.hasLoadedFirstPage else { return }
    await load(core.begin(), cursor: core.initialCursor, direction: .refresh)
  }

  /// A row's `onAppear`: when it is the top row, nothing is loading and a previous cursor
  /// exists, names it the scroll anchor and starts a task that loads the older page.
  /// - Parameter item: The row's item.
  package func rowAppeared(_ item: Item) {
    guard item.id == core.items.first?.id, !isLoading, let cursor = core.previousCursor else {
      return
    }
    scrollAnchor = item.id
    let id = core.begin()
    Task { await self.load(id, cursor: cursor, direction: .prepend) }
  }

  /// Sets `isLoading` inside the task, loads, and clears it after the next layout pass.
  private func load(_ id: PageRequestID, cursor: Cursor?, direction: LoadDirection) async {
    isLoading = true
    await core.load(id, cursor: cursor, direction: direction)
    clearsLoadingAfterLayout = true
  }

  // MARK: ListFeed

  /// The number of items.
  package var rowCount: Int { core.items.count }
  /// The item at `index`.
  /// - Parameter index: A position below ``rowCount``.
  /// - Returns: The item.
  package func rowItem(at index: Int) -> Item { core.items[index] }
  /// Grows with every page applied.
  package var rowsVersion: Int { core.version }
  /// Always `nil`: a chat shows no footer below its newest row.
  package var footerState: ListFooterState? { nil }
  /// Whether the newest page had a next cursor (or none has loaded yet).
  package var hasNextPage: Bool { core.hasNextPage }
  /// Whether the last page applied at the top had a previous cursor (or none has loaded yet).
  package var hasPreviousPage: Bool { core.hasPreviousPage }
  /// The loads started so far.
  package var requestsStarted: Int { core.started }
  /// Does nothing: this code ignores disappearances.
  /// - Parameter item: The row's item.
  package func rowDisappeared(_ item: Item) {}
  /// Clears `isLoading` after the layout pass that follows a load.
  package func didLayout() {
    guard clearsLoadingAfterLayout else { return }
    clearsLoadingAfterLayout = false
    isLoading = false
  }
  /// Calls ``loadNewestPage()``.
  package func runScreenTask() async { await loadNewestPage() }
  /// Starts a new generation and loads the newest page in the caller's task.
  package func refresh() async {
    core.beginRefresh()
    scrollAnchor = nil
    await loadNewestPage()
  }
  /// Does nothing: this code has no retry path.
  package func retry() {}
  /// Waits until the answer to `id` was applied.
  /// - Parameter id: A request id.
  package func waitForLoad(_ id: PageRequestID) async { await core.wait(for: id) }
}
