// A snapshot built from pages kept elsewhere (a database), for the restore path (rulebook R28).

extension PagingSnapshot {
  /// A snapshot of `pages`, in list order, each loaded by its own cursor, for a list opened at
  /// `initialCursor`.
  /// - Parameters:
  ///   - pages: Each page's loading cursor, items, and neighbouring cursors.
  ///   - initialCursor: The list's initial cursor (the paginator's configuration's).
  ///   - anchor: The row to keep on screen, if it is among the items.
  /// - Returns: The snapshot; its edges continue at the first page's previous cursor and the
  ///   last page's next cursor, and end where those are `nil`.
  /// - Complexity: O(*n*) for *n* items.
  package static func pages(
    _ pages: [(cursor: Cursor?, page: Paging.Page<Item, Cursor>)],
    initialCursor: Cursor?, anchor: Item.ID?
  ) -> PagingSnapshot {
    PagingSnapshot(
      format: currentFormat, types: typeNames, initialCursor: initialCursor,
      origin: initialCursor,
      pages: pages.map {
        Page(
          cursor: $0.cursor, items: $0.page.items, previousCursor: $0.page.previousCursor,
          nextCursor: $0.page.nextCursor, itemsBefore: $0.page.itemsBefore,
          itemsAfter: $0.page.itemsAfter)
      },
      prepend: pages.first?.page.previousCursor.map { .more($0) } ?? .end,
      append: pages.last?.page.nextCursor.map { .more($0) } ?? .end,
      beyondFirst: [], beyondLast: [], anchor: anchor)
  }
}
