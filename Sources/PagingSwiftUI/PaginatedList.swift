#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// A `List` of a paginator's items for the common case: every row reports its appearances,
  /// the first page loads in `.task`, pull to refresh calls `Paginator.refresh()`, and the end
  /// of the list shows a ``PagingFooter``.
  ///
  /// While no item is loaded, the list shows a spinner, the error of the failed load with a
  /// Retry button, or, when the source had nothing at all, an empty state. A failed
  /// pull to refresh keeps the old items and shows its error with a Retry button above them.
  ///
  /// ```swift
  /// struct FeedView: View {
  ///   @State private var feed = Paginator(source: PostsSource())
  ///
  ///   var body: some View {
  ///     PaginatedList(feed) { post in
  ///       Text(post.title)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// A list that opens in the middle (pages with a `previousCursor`) shows a ``PagingHeader``
  /// above its first row while older pages load or fail. For a chat that opens at its newest
  /// message, use ``PaginatedChat``.
  ///
  /// For sections, headers or a custom container, build the same thing from
  /// `pagingRow(_:in:)`, ``PagingFooter``, `.task { await paginator.start() }` and
  /// `refreshable(_:)`.
  @MainActor
  public struct PaginatedList<
    Item: Identifiable & Sendable, Cursor: Hashable & Sendable, Row: View
  >: View
  where Item.ID: Sendable {
    private let paginator: Paginator<Item, Cursor>
    private let row: (Item) -> Row

    /// Creates a list of a paginator's items.
    /// - Parameters:
    ///   - paginator: The paginator whose items the list shows; the list starts it.
    ///   - row: Builds the row of one item.
    public init(_ paginator: Paginator<Item, Cursor>, @ViewBuilder row: @escaping (Item) -> Row) {
      self.paginator = paginator
      self.row = row
    }

    /// The list, its overlay while nothing is loaded, and its load and refresh actions.
    public var body: some View {
      List {
        if let error = paginator.refreshState.error, !paginator.items.isEmpty {
          LoadFailureView(paginator: paginator, error: error, direction: .refresh)
        }
        // A list that prepends (its pages give previous cursors) shows its prepend state above
        // the first row; a plain feed's prepend edge is complete from the first page on.
        if !paginator.items.isEmpty, paginator.prependState != .complete {
          PagingHeader(paginator)
        }
        ForEach(paginator.items) { item in
          row(item).pagingRow(item, in: paginator)
        }
        if !paginator.items.isEmpty {
          PagingFooter(paginator)
        }
      }
      .overlay {
        if paginator.items.isEmpty {
          PagingEmptyState(paginator: paginator) { await paginator.start() }
        }
      }
      // Keyed by the paginator, so that a new paginator passed in (a new search query) loads.
      .task(id: ObjectIdentifier(paginator)) { [paginator] in await paginator.start() }
      .refreshable(paginator)
    }
  }
#endif
