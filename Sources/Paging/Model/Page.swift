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

  /// Creates a page.
  /// - Parameters:
  ///   - items: The items in server order.
  ///   - nextCursor: The cursor of the next page; `nil` marks the end.
  ///   - previousCursor: The cursor of the previous page, if the source knows it.
  public init(items: [Item], nextCursor: Cursor?, previousCursor: Cursor? = nil) {
    self.items = items
    self.nextCursor = nextCursor
    self.previousCursor = previousCursor
  }
}

extension Page: Sendable where Item: Sendable, Cursor: Sendable {}
extension Page: Equatable where Item: Equatable, Cursor: Equatable {}
