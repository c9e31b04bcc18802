import Paging
import PagingTesting

/// The usual fix of ``NaiveSearchFeed``, as a ``ListFeed`` baseline: the search runs in
/// `task(id: text)`, which SwiftUI cancels when the text changes, and the answer is shown only
/// if the task was not cancelled; the next page loads behind the three guards (the last row
/// only, an `isLoading` flag, stop on a `nil` next cursor) and is shown only for the text
/// still typed.
///
/// ```swift
/// List(model.results) { note in
///   Row(note).onAppear {
///     if note.id == model.results.last?.id, !model.isLoading, model.nextCursor != nil {
///       Task { await model.loadMore() }   // sets isLoading = true inside the task
///     }
///   }
/// }
/// .searchable(text: $text)
/// .task(id: text) {
///   let page = try? await api.search(text)
///   guard !Task.isCancelled, let page else { return }
///   model.results = page.items
/// }
/// ```
///
/// It shows no row of an older text's answer, but it keeps the older text's rows on screen
/// until the new text's answer lands: for a while after each keystroke the list shows rows
/// that do not match what the user typed. It has no retry path.
///
/// `package`: the demo shows it beside `Paginator`; it is not API.
@MainActor
package final class GuardedSearchFeed<Source: PageSource>: ListFeed, LoaderBackedFeed {
  /// The rows, cursors and loads.
  package let core: BaselineLoader<Source>
  private var loading = LoadingFlag()
  /// The text of the last change of the search field (`nil`: none yet, all rows).
  package private(set) var text: String?
  /// The flag the guard checks.
  package var isLoading: Bool { loading.isSet }

  /// Creates the feed; nothing loads until the screen's task runs.
  /// - Parameter source: Loads the pages; a request's `PageRequest.query` is the
  ///   text, a `String`.
  package init(source: Source) {
    self.core = BaselineLoader(source: source, initialCursor: nil, grows: .append)
  }

  /// A row's `onAppear`: when it is the last row, nothing is loading and a next cursor exists,
  /// starts a task that loads the next page for the current text.
  /// - Parameter item: The row's item.
  package func rowAppeared(_ item: Item) {
    guard item.id == core.items.last?.id, !isLoading, let cursor = core.nextCursor else {
      return
    }
    let id = core.begin()
    let text = self.text
    Task {
      self.loading.loadBegan()
      await self.core.load(
        id, cursor: cursor, direction: .append, query: text, isCurrent: { self.text == text })
      self.loading.loadEnded()
    }
  }

  /// The body of `task(id: text)`: loads the first page for `text` in the caller's task (which
  /// SwiftUI cancels when the text changes again) and shows it unless cancelled.
  /// - Parameter text: The search field's text.
  package func queryChanged(to text: String) async {
    self.text = text
    core.beginRefresh()
    await core.load(
      core.begin(), cursor: nil, direction: .refresh, query: text,
      isCurrent: { !Task.isCancelled })
  }

  // MARK: ListFeed (the rest from LoaderBackedFeed)

  /// A spinner while a next page loads.
  package var footerState: ListFooterState? { isLoading ? .loading : nil }
  /// Clears `isLoading` after the layout pass that follows a load.
  package func didLayout() { loading.layoutPassed() }
  /// The screen's `.task`: loads the first page for no text.
  package func runScreenTask() async {
    guard !core.hasLoadedFirstPage else { return }
    await core.load(core.begin(), cursor: nil, direction: .refresh)
  }
  /// Loads the first page for the current text again.
  package func refresh() async {
    core.beginRefresh()
    await core.load(core.begin(), cursor: nil, direction: .refresh, query: text)
  }
}
