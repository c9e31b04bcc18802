// A snapshot built from pages kept elsewhere (a database), for the restore path (rulebook R28).

import Foundation

extension PagingSnapshot {
  /// A snapshot of `pages`, in list order, each loaded by its own cursor, for a list opened at
  /// `initialCursor`.
  /// - Parameters:
  ///   - pages: Each page's loading cursor, items, and neighbouring cursors.
  ///   - initialCursor: The list's initial cursor (the paginator's configuration's).
  ///   - anchor: The row to keep on screen, if it is among the items.
  ///   - savedQuery: The query the pages are for, as ``savedQuery(_:)`` wrote it, or `nil`.
  /// - Returns: The snapshot; its edges continue at the first page's previous cursor and the
  ///   last page's next cursor, and end where those are `nil`.
  /// - Complexity: O(*n*) for *n* items.
  package static func pages(
    _ pages: [(cursor: Cursor?, page: Paging.Page<Item, Cursor>)],
    initialCursor: Cursor?, anchor: Item.ID?, savedQuery: String? = nil
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
      beyondFirst: [], beyondLast: [], anchor: anchor,
      // Text that does not read back is a query that cannot be restored, never no query: the
      // rows are that query's.
      query: savedQuery.map {
        (try? JSONDecoder().decode(SavedQuery.self, from: Data($0.utf8)))
          ?? SavedQuery(type: nil, json: nil)
      })
  }

  /// A list's query as a database keeps it beside the list's pages, so that the list restored
  /// from them refreshes with it (rulebook R28): text that
  /// ``pages(_:initialCursor:anchor:savedQuery:)`` reads back, or `nil` for no query.
  /// - Parameter query: The query of the request whose page the database keeps.
  /// - Returns: The text.
  /// - Complexity: O(the query's encoded size).
  package static func savedQuery(_ query: (any Hashable & Sendable)?) -> String? {
    guard let query, let data = try? JSONEncoder().encode(SavedQuery(QueryValue(query))) else {
      return nil
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Whether `text`, a query as ``savedQuery(_:)`` wrote it, is `query`: both none, or the
  /// saved one restores (its type is in the app and `Codable`) to a value equal to `query`.
  /// - Parameters:
  ///   - text: The saved query, or `nil` for none.
  ///   - query: A request's query.
  /// - Returns: Whether they are the same query.
  /// - Complexity: O(the query's encoded size).
  package static func savedQuery(
    _ text: String?, matches query: (any Hashable & Sendable)?
  ) -> Bool {
    guard let text else { return query == nil }
    guard let query,
      let saved = try? JSONDecoder().decode(SavedQuery.self, from: Data(text.utf8)),
      let restored = saved.restored()
    else { return false }
    return restored == QueryValue(query)
  }

}
