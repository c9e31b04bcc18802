import Paging
import PagingTesting

/// The search-as-you-type code most apps start with, as a ``ListFeed`` baseline: each change
/// of the search field's text starts a task that loads the first page for that text and
/// shows it when it lands, and the last row's `onAppear` loads the next page.
///
/// ```swift
/// List(model.results) { note in
///   Row(note).onAppear {
///     if note.id == model.results.last?.id { Task { await model.loadMore() } }
///   }
/// }
/// .searchable(text: $text)
/// .onChange(of: text) { Task { await model.search(text) } }
/// ```
///
/// It is faithful to that code, faults included: nothing cancels the search of an older text,
/// and every answer replaces (or extends) the rows when it lands, so a slow answer for `"asy"`
/// shows its rows after the answer for `"asyncio"` (fault class 23, rulebook R24); a last
/// row that appears again while its load runs asks for the same page again. It has no
/// loading state, no error state and no retry.
///
/// `package`: the demo shows it beside `Paginator`; it is not API.
@MainActor
package final class NaiveSearchFeed<Source: PageSource>: ListFeed, LoaderBackedFeed {
  /// The rows, cursors and loads.
  package let core: BaselineLoader<Source>
  /// The text the last change of the search field set (`nil`: none yet, all rows).
  package private(set) var text: String?

  /// Creates the feed; nothing loads until the screen's task runs.
  /// - Parameter source: Loads the pages; a request's `PageRequest.query` is the
  ///   text, a `String`.
  package init(source: Source) {
    self.core = BaselineLoader(source: source, initialCursor: nil, grows: .append)
  }

  /// A row's `onAppear`: when it is the last row and a next cursor exists, starts a task that
  /// loads the next page for the current text.
  /// - Parameter item: The row's item.
  package func rowAppeared(_ item: Item) {
    guard item.id == core.items.last?.id, core.nextCursor != nil else { return }
    let id = core.begin()
    let text = self.text
    Task { await self.core.load(id, cursor: self.core.nextCursor, direction: .append, query: text) }
  }

  /// `onChange(of: text)`: starts a task that loads the first page for `text` and shows it
  /// when it lands, whatever was typed since.
  /// - Parameter text: The search field's text.
  package func queryChanged(to text: String) async {
    self.text = text
    core.beginRefresh()
    let id = core.begin()
    Task { await self.core.load(id, cursor: nil, direction: .refresh, query: text) }
  }

  // MARK: ListFeed (the rest from LoaderBackedFeed)

  /// Always `nil`: this code shows no footer.
  package var footerState: ListFooterState? { nil }
  /// The screen's `.task`: loads the first page for no text.
  package func runScreenTask() async {
    await core.load(core.begin(), cursor: nil, direction: .refresh)
  }
  /// Loads the first page for the current text again.
  package func refresh() async {
    core.beginRefresh()
    await core.load(core.begin(), cursor: nil, direction: .refresh, query: text)
  }
}
