import Paging
import PagingTesting

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
///
/// The same code in a chat (`package`: `init(source:newestCursor:)`, named `NaiveChatFeed`)
/// opens at the newest page, and the top row's `onAppear` starts a task that loads the page
/// before the current previous cursor and puts it above:
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
/// It names no scroll anchor, so a prepend keeps the content offset and throws the user to the
/// new top rows, whose top row appears and loads the next older page, in a chain to the start
/// of the history (fault class 17); a top row that appears again while its load runs requests
/// the same page again. It stops only when the previous cursor is `nil` when a task runs. Run
/// it in a ``ListSimulator`` with ``ListSimulatorConfiguration/opensAtBottom``.
@MainActor
package final class NaiveOnAppearFeed<Source: PageSource>: LoaderBackedFeed, BaselineFeed {
  /// The rows, cursors and loads.
  package let core: BaselineLoader<Source>

  /// Creates the feed at `initialCursor`, growing at the `grows` edge (``BaselineFeed``).
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - initialCursor: The first page's cursor.
  ///   - grows: `.append` (a feed) or `.prepend` (a chat).
  package init(source: Source, initialCursor: Cursor?, grows: LoadDirection) {
    self.core = BaselineLoader(source: source, initialCursor: initialCursor, grows: grows)
  }

  /// The screen's `.task`: loads the first page and replaces the items with it.
  package func loadFirstPage() async {
    await core.load(core.begin(), cursor: core.initialCursor, direction: .refresh)
  }

  /// A row's `onAppear`: starts a task that loads the page after the cursor it finds when it
  /// runs, and appends it. In a chat, only the top row does, and only while a previous cursor
  /// exists; its task loads the page before the previous cursor it finds when it runs.
  /// - Parameter item: The row's item (unused in a feed, as in the code this models).
  package func rowAppeared(_ item: Item) {
    let direction = core.grows
    if direction == .prepend {
      guard item.id == core.edgeItem?.id, core.previousCursor != nil else { return }
    }
    let id = core.begin()
    Task { await self.core.load(id, cursor: self.core.edgeCursor, direction: direction) }
  }

  // MARK: ListFeed

  /// Always `nil`: this code shows no footer.
  package var footerState: ListFooterState? { nil }
  /// Calls ``loadFirstPage()``.
  package func runScreenTask() async { await loadFirstPage() }
  /// Starts a new generation and loads the first page in the caller's task, so a cancelled
  /// `.refreshable` task cancels the refresh; loads still in flight apply their pages when
  /// they land.
  package func refresh() async {
    core.beginRefresh()
    await loadFirstPage()
  }
}

/// ``NaiveOnAppearFeed`` in a chat, made with ``NaiveOnAppearFeed/init(source:newestCursor:)``
/// (`package`: the tests and `paging-bench` show it beside `Paginator`; it is not API).
package typealias NaiveChatFeed<Source: PageSource> = NaiveOnAppearFeed<Source>
