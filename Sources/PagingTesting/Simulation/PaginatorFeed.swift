import Paging

/// A `Paginator` as the list a ``ListSimulator`` shows: what `ListSimulator(feed:)` makes of
/// the paginator it is given. Rows call `rowAppeared(_:)` and `rowDisappeared(_:)`, `.task`
/// calls `start()`, `.refreshable` calls `refresh()` and the footer's Retry button calls
/// `retry()`.
///
/// The paginator's `hasPreviousPage` and `scrollAnchor` serve as the list's, so a chat (a
/// paginator whose `initialCursor` is the newest page, over a source whose pages give previous
/// cursors) keeps the row the user reads in place as older pages land above.
///
/// In virtual time, give the paginator the simulator's ``TestClock``: the simulator then steps
/// the paginator's timers (automatic retries, hedges) as it steps the server's answers, each
/// at its own instant.
///
/// The paginator's properties read through the feed: `list.feed.items` is
/// `list.feed.paginator.items`.
@MainActor
@dynamicMemberLookup
public final class PaginatorFeed<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>:
  PaginatorBackedFeed, ListFeed
where Item.ID: Sendable {
  /// The paginator the list shows.
  public let paginator: Paginator<Item, Cursor>

  /// Wraps `paginator`.
  /// - Parameter paginator: The paginator the list shows.
  package init(_ paginator: Paginator<Item, Cursor>) { self.paginator = paginator }

  /// A property of the paginator.
  /// - Parameter keyPath: The paginator's property.
  /// - Returns: Its value.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Paginator<Item, Cursor>, Value>) -> Value {
    paginator[keyPath: keyPath]
  }
}
