#if canImport(SwiftUI)
  import Paging
  import SwiftUI

  /// A bottom-anchored list of a paginator's items for a chat: it opens at the newest page
  /// (the last rows at the bottom of the screen), loads older pages as the user scrolls up, and
  /// keeps the message being read still while they are put above it.
  ///
  /// The items are in chronological order, oldest first, so the prepend edge holds the older
  /// messages: the source's pages give a `previousCursor` to reach them. The view:
  /// - starts the paginator in `.task` (`Paginator.start(at:)`), at `cursor` when one is
  ///   given, else at the configuration's initial cursor;
  /// - scrolls to the bottom when it first shows (`defaultScrollAnchor(.bottom)`);
  /// - shows a ``PagingHeader`` (spinner, error with Retry, start of the conversation) above
  ///   the first row, and the append state below the last row only while a newer page loads or
  ///   failed (a chat opened in the middle, from a search result);
  /// - follows `Paginator.scrollAnchor` with ``SwiftUI/View/pagingScrollAnchor(_:)``.
  ///
  /// ```swift
  /// struct ChatView: View {
  ///   @State private var chat = Paginator(source: MessagesSource())
  ///
  ///   var body: some View {
  ///     PaginatedChat(chat, openingAt: .newest) { message in
  ///       MessageRow(message)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Rows are in a `LazyVStack` inside a `ScrollView` (scroll positions by id need a scroll
  /// target layout, which `List` does not document); build your own from the same parts for
  /// another container.
  @MainActor
  public struct PaginatedChat<
    Item: Identifiable & Sendable, Cursor: Hashable & Sendable, Row: View
  >: View
  where Item.ID: Sendable {
    private let paginator: Paginator<Item, Cursor>
    private let cursor: Cursor?
    private let row: (Item) -> Row

    /// Creates a chat over a paginator's items.
    /// - Parameters:
    ///   - paginator: The paginator whose items the chat shows, oldest first; the view starts
    ///     it.
    ///   - cursor: The page to open at (the newest page, in the source's terms); `nil` opens
    ///     at the configuration's initial cursor.
    ///   - row: Builds the row of one item.
    public init(
      _ paginator: Paginator<Item, Cursor>, openingAt cursor: Cursor? = nil,
      @ViewBuilder row: @escaping (Item) -> Row
    ) {
      self.paginator = paginator
      self.cursor = cursor
      self.row = row
    }

    /// The scroll view, its overlay while nothing is loaded, and its first load.
    public var body: some View {
      ScrollView {
        LazyVStack(spacing: 8) {
          if !paginator.items.isEmpty {
            PagingHeader(paginator)
          }
          ForEach(paginator.items) { item in
            row(item).pagingRow(item, in: paginator)
          }
          if !paginator.items.isEmpty,
            paginator.appendState.isLoading || paginator.appendState.error != nil
          {
            PagingFooter(paginator)
          }
        }
        .scrollTargetLayout()
      }
      .defaultScrollAnchor(.bottom)
      .pagingScrollAnchor(paginator)
      .overlay {
        if paginator.items.isEmpty {
          PagingEmptyState(paginator: paginator) { [paginator, cursor] in
            await paginator.start(at: cursor)
          }
        }
      }
      // Keyed by the paginator, so that a new paginator passed in (another conversation) loads.
      .task(id: ObjectIdentifier(paginator)) { [paginator, cursor] in
        await paginator.start(at: cursor)
      }
    }
  }
#endif
