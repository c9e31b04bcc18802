import Paging

/// The chat code most apps start with, as a ``ListFeed`` baseline: the screen opens at the
/// newest page, and the top row's `onAppear` starts a task that loads the page before the
/// current previous cursor and puts it above.
///
/// ```swift
/// ScrollView {
///   LazyVStack {
///     ForEach(model.messages) { message in
///       Row(message).onAppear {
///         if message.id == model.messages.first?.id { Task { await model.loadOlder() } }
///       }
///     }
///   }
/// }
/// .defaultScrollAnchor(.bottom)
/// .task { await model.loadNewest() }
/// ```
///
/// It is faithful to that code, faults included: it names no scroll anchor, so a prepend
/// keeps the content offset and throws the user to the new top rows, whose top row appears
/// and loads the next older page, in a chain to the start of the history (fault class 17);
/// a top row that appears again while its load runs requests the same page again. It stops
/// only when the previous cursor is `nil` when a task runs, and has no loading state, no error
/// state and no retry. Run it in a ``ListSimulator`` with
/// ``ListSimulatorConfiguration/opensAtBottom``.
///
/// `package`: the tests and `paging-bench` show it beside `Paginator`; it is not API.
@MainActor
package final class NaiveChatFeed<Source: PageSource>: ListFeed {
  /// The rows' item type.
  package typealias Item = Source.Item
  /// The source's cursor type.
  package typealias Cursor = Source.Cursor

  private let core: BaselineLoader<Source>

  /// Creates the feed; nothing loads until ``loadNewestPage()``.
  /// - Parameters:
  ///   - source: Loads the pages; its pages give previous cursors.
  ///   - newestCursor: The cursor of the newest page, where the chat opens.
  package init(source: Source, newestCursor: Cursor) {
    self.core = BaselineLoader(source: source, initialCursor: newestCursor)
  }

  /// The loaded items, oldest first, duplicates included.
  package var items: [Item] { core.items }
  /// The previous cursor of the last page applied at the top.
  package var previousCursor: Cursor? { core.previousCursor }

  /// The screen's `.task`: loads the newest page and replaces the items with it.
  package func loadNewestPage() async {
    await core.load(core.begin(), cursor: core.initialCursor, direction: .refresh)
  }

  /// A row's `onAppear`: when it is the top row and a previous cursor exists, starts a task
  /// that loads the page before the previous cursor it finds when it runs, and puts it above.
  /// - Parameter item: The row's item.
  package func rowAppeared(_ item: Item) {
    guard item.id == core.items.first?.id, core.previousCursor != nil else { return }
    let id = core.begin()
    Task { await self.core.load(id, cursor: self.core.previousCursor, direction: .prepend) }
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
  /// Always `nil`: this code shows no footer.
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
  /// Calls ``loadNewestPage()``.
  package func runScreenTask() async { await loadNewestPage() }
  /// Starts a new generation and loads the newest page in the caller's task.
  package func refresh() async {
    core.beginRefresh()
    await loadNewestPage()
  }
  /// Does nothing: this code has no retry path.
  package func retry() {}
  /// Waits until the answer to `id` was applied.
  /// - Parameter id: A request id.
  package func waitForLoad(_ id: PageRequestID) async { await core.wait(for: id) }
}
