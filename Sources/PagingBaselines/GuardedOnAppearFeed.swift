import Paging
import PagingTesting

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
///
/// The same fix in a chat (`package`: `init(source:newestCursor:)`, named `GuardedChatFeed`)
/// puts the three guards at the top edge (only the top row triggers, an `isLoading` flag, stop
/// on a `nil` previous cursor), and keeps the row the user reads in place after a prepend
/// (`scrollPosition(id:)`):
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
/// user reaches the top row, so the user waits at the top for every page; it sets `isLoading`
/// inside the task and clears it one layout pass after the page lands, as above (fault
/// classes 2 and 13), and it has no retry path. Run it in a ``ListSimulator`` with
/// ``ListSimulatorConfiguration/opensAtBottom``.
@MainActor
package final class GuardedOnAppearFeed<Source: PageSource>: LoaderBackedFeed, BaselineFeed {
  /// The rows, cursors and loads.
  package let core: BaselineLoader<Source>
  private var loading = LoadingFlag()

  /// Creates the feed at `initialCursor`, growing at the `grows` edge (``BaselineFeed``).
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - initialCursor: The first page's cursor.
  ///   - grows: `.append` (a feed) or `.prepend` (a chat).
  package init(source: Source, initialCursor: Cursor?, grows: LoadDirection) {
    self.core = BaselineLoader(source: source, initialCursor: initialCursor, grows: grows)
  }

  /// The flag the guard checks.
  package var isLoading: Bool { loading.isSet }
  /// In a chat, the row kept in place: the top row when the last older page was asked for;
  /// `nil` in a feed, which keeps its content offset.
  package private(set) var scrollAnchor: Item.ID?

  /// The screen's `.task`: loads the first page unless it has loaded.
  package func loadFirstPage() async {
    guard !core.hasLoadedFirstPage else { return }
    await load(core.begin(), cursor: core.initialCursor, direction: .refresh)
  }

  /// A row's `onAppear`: when it is the last row (a chat's top row), nothing is loading and a
  /// next (previous) cursor exists, starts a task that loads that page. In a chat it first
  /// names the row the scroll anchor.
  /// - Parameter item: The row's item.
  package func rowAppeared(_ item: Item) {
    guard item.id == core.edgeItem?.id, !isLoading, let cursor = core.edgeCursor else { return }
    if core.grows == .prepend { scrollAnchor = item.id }
    let id = core.begin()
    Task { await self.load(id, cursor: cursor, direction: self.core.grows) }
  }

  /// Sets `isLoading` inside the task, loads, and clears it after the next layout pass.
  private func load(_ id: PageRequestID, cursor: Cursor?, direction: LoadDirection) async {
    loading.loadBegan()
    await core.load(id, cursor: cursor, direction: direction)
    loading.loadEnded()
  }

  // MARK: ListFeed

  /// A spinner while ``isLoading``, the error after a failure, the end after the last page;
  /// always `nil` in a chat, which shows no footer below its newest row.
  package var footerState: ListFooterState? {
    guard core.grows == .append else { return nil }
    if isLoading { return .loading }
    if lastError != nil { return .failed }
    return core.hasNextPage ? nil : .end
  }
  /// Clears `isLoading` after the layout pass that follows a load.
  package func didLayout() { loading.layoutPassed() }
  /// Calls ``loadFirstPage()``.
  package func runScreenTask() async { await loadFirstPage() }
  /// Starts a new generation and loads the first page in the caller's task.
  package func refresh() async {
    core.beginRefresh()
    scrollAnchor = nil
    await loadFirstPage()
  }
}

/// ``GuardedOnAppearFeed`` in a chat, made with
/// ``GuardedOnAppearFeed/init(source:newestCursor:)`` (`package`: the tests and `paging-bench`
/// show it beside `Paginator`; it is not API).
package typealias GuardedChatFeed<Source: PageSource> = GuardedOnAppearFeed<Source>
