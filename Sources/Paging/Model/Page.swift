/// One page of results returned by a ``PageSource``: its items, in server order, and the cursors
/// that reach the neighbouring pages.
///
/// A `nil` ``nextCursor`` means the end of the list: the engine marks the append direction
/// ``LoadState/complete`` and sends no further append request until a refresh. A `nil`
/// ``previousCursor`` does the same for the prepend direction: a feed that only grows at its
/// end leaves it `nil`; a chat that opens at its newest page sets it to reach older pages.
public struct Page<Item, Cursor> {
  /// The page's items in the order the server returned them.
  public var items: [Item]
  /// The cursor of the page after this one, or `nil` when this is the last page. Read from the
  /// page of a refresh and of an append; ignored on a prepend.
  public var nextCursor: Cursor?
  /// The cursor of the page before this one (towards the top), or `nil` when there is none.
  ///
  /// Read from the page of a refresh (the page a list opens at) and of a prepend; ignored on an
  /// append, whose page continues a chain that already has its start.
  public var previousCursor: Cursor?
  /// How many rows of the list lie before this page, when the source knows (Android Paging 3's
  /// `LoadResult.Page.itemsBefore`); `nil` when it does not. The list then shows that many
  /// placeholders before its first loaded row (``Paginator/rows``). Read from the page of a
  /// refresh and of a prepend; counted in the source's rows, before any filter.
  public var itemsBefore: Int?
  /// How many rows of the list lie after this page, when the source knows (Paging 3's
  /// `itemsAfter`); `nil` when it does not. Read from the page of a refresh and of an append.
  public var itemsAfter: Int?

  /// Creates a page.
  /// - Parameters:
  ///   - items: The items in server order.
  ///   - nextCursor: The cursor of the next page; `nil` marks the end.
  ///   - previousCursor: The cursor of the previous page, if the source knows it.
  ///   - itemsBefore: How many rows lie before the page, in rows, if the source knows (default
  ///     `nil`). A negative count fails the load with ``PagingError/invalidItemCount``.
  ///   - itemsAfter: How many rows lie after the page, in rows, if the source knows (default
  ///     `nil`). A negative count fails the load with ``PagingError/invalidItemCount``.
  public init(
    items: [Item], nextCursor: Cursor?, previousCursor: Cursor? = nil, itemsBefore: Int? = nil,
    itemsAfter: Int? = nil
  ) {
    self.items = items
    self.nextCursor = nextCursor
    self.previousCursor = previousCursor
    self.itemsBefore = itemsBefore
    self.itemsAfter = itemsAfter
  }
}

extension Page: Sendable where Item: Sendable, Cursor: Sendable {}
extension Page: Equatable where Item: Equatable, Cursor: Equatable {}
