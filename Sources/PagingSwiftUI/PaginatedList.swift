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
  ///
  /// A list whose source counts the rows around its pages (`Page.itemsBefore`, Paging's
  /// rulebook R31) has its full length: each row not loaded shows as a placeholder, redacted
  /// by default or the app's own view, and a placeholder shown far from the loaded rows loads
  /// the page there in one request. Give `scrollTarget` to scroll to a row by its id, a
  /// placeholder's included (a scroll bar's drag, a "jump to" button):
  ///
  /// ```swift
  /// @State private var target: PagingRowID<Note.ID>?
  ///
  /// PaginatedList(notes, scrollTarget: $target) { note in
  ///   NoteRow(note)
  /// } placeholder: { _ in
  ///   NoteRow.skeleton
  /// }
  /// // Elsewhere: target = .placeholder(notes.rows.count * 6 / 10)
  /// ```
  @MainActor
  public struct PaginatedList<
    Item: Identifiable & Sendable, Cursor: Hashable & Sendable, Row: View, Placeholder: View
  >: View
  where Item.ID: Sendable {
    private let paginator: Paginator<Item, Cursor>
    private let row: (Item) -> Row
    private let placeholder: (Int) -> Placeholder
    private let scrollTarget: Binding<PagingRowID<Item.ID>?>?

    /// Creates a list of a paginator's rows, placeholders drawn by `placeholder`.
    /// - Parameters:
    ///   - paginator: The paginator whose rows the list shows; the list starts it.
    ///   - scrollTarget: A row to scroll to, by id, when it is set (default: none).
    ///   - row: Builds the row of one item.
    ///   - placeholder: Builds the row of a placeholder, given its position in the source's
    ///     list.
    public init(
      _ paginator: Paginator<Item, Cursor>,
      scrollTarget: Binding<PagingRowID<Item.ID>?>? = nil,
      @ViewBuilder row: @escaping (Item) -> Row,
      @ViewBuilder placeholder: @escaping (Int) -> Placeholder
    ) {
      self.paginator = paginator
      self.row = row
      self.placeholder = placeholder
      self.scrollTarget = scrollTarget
    }

    /// The list, its overlay while nothing is loaded, and its load and refresh actions.
    public var body: some View {
      ScrollViewReader { proxy in
        List {
          if let error = paginator.refreshState.error, !paginator.items.isEmpty {
            LoadFailureView(paginator: paginator, error: error, direction: .refresh)
          }
          // A list that prepends (its pages give previous cursors) shows its prepend state
          // above the first row; a plain feed's prepend edge is complete from the first page on.
          if !paginator.items.isEmpty, paginator.prependState != .complete {
            PagingHeader(paginator)
          }
          ForEach(paginator.rows) { pagingRow in
            switch pagingRow {
            case .item(let item): row(item).pagingRow(pagingRow, in: paginator)
            case .placeholder(let position):
              placeholder(position).pagingRow(pagingRow, in: paginator)
            }
          }
          if !paginator.items.isEmpty {
            PagingFooter(paginator)
          }
        }
        .onChange(of: scrollTarget?.wrappedValue) {
          // By id, as Apple's lazy-stack guidance says: the row is found whatever its offset.
          if let target = scrollTarget?.wrappedValue { proxy.scrollTo(target, anchor: .top) }
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

  extension PaginatedList where Placeholder == PagingPlaceholderRow {
    /// Creates a list of a paginator's rows; placeholders, if the source counts its rows,
    /// are redacted lines (``PagingPlaceholderRow``).
    /// - Parameters:
    ///   - paginator: The paginator whose rows the list shows; the list starts it.
    ///   - scrollTarget: A row to scroll to, by id, when it is set (default: none).
    ///   - row: Builds the row of one item.
    public init(
      _ paginator: Paginator<Item, Cursor>,
      scrollTarget: Binding<PagingRowID<Item.ID>?>? = nil,
      @ViewBuilder row: @escaping (Item) -> Row
    ) {
      self.init(paginator, scrollTarget: scrollTarget, row: row) {
        PagingPlaceholderRow(position: $0)
      }
    }
  }
#endif
