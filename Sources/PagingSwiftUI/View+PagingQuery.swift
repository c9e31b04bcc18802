#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  extension View {
    /// Shows the results of `query` in `paginator`: each time the query changes, waits
    /// `debounce` on `clock` (a keystroke that comes meanwhile cancels the wait and starts
    /// over), then calls `Paginator.setQuery(_:transition:)`, which supersedes whatever the old
    /// query still loads (rulebook R24). SwiftUI's `task(id:)` runs it when the view appears
    /// and whenever the query changes; the same query again only re-checks the list.
    ///
    /// ```swift
    /// @State private var text = ""
    /// @State private var results = Paginator(source: SearchSource())  // reads request.query
    ///
    /// List(results.items) { hit in HitRow(hit).pagingRow(hit, in: results) }
    ///   .searchable(text: $text)
    ///   .opacity(results.isShowingPreviousQuery ? 0.5 : 1)
    ///   .pagingQuery(text, of: results, transition: .keepPrevious, debounce: .milliseconds(300))
    /// ```
    ///
    /// - Parameters:
    ///   - query: The query: search text, a filter chip's value.
    ///   - paginator: The paginator whose requests carry it.
    ///   - transition: What shows until the new first page commits (default: empty at once).
    ///   - debounce: How long the query must stay unchanged before it loads (default: no wait).
    ///   - clock: The clock the debounce waits on (default: the continuous clock).
    /// - Returns: A view that loads `query`'s results while it is shown.
    @MainActor
    public func pagingQuery<Item, Cursor, Query: Hashable & Sendable>(
      _ query: Query, of paginator: Paginator<Item, Cursor>,
      transition: QueryTransition = .clear, debounce: Duration = .zero,
      clock: some Clock<Duration> = ContinuousClock()
    ) -> some View
    where Item: Identifiable & Sendable, Item.ID: Sendable, Cursor: Hashable & Sendable {
      task(id: query) {
        if debounce > .zero {
          do { try await clock.sleep(for: debounce) } catch { return }
        }
        await paginator.setQuery(query, transition: transition)
      }
    }
  }
#endif
