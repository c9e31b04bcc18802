import Paging

/// A row with an integer id; the smallest item a test needs. Shared by the engine's and the
/// walk's tests, which build the same pages.
package struct Row: Identifiable, Sendable, Hashable, Codable {
  package let id: Int

  package init(id: Int) { self.id = id }
}

/// Rows with ids in `range`.
package func rows(_ range: Range<Int>) -> [Row] { range.map(Row.init(id:)) }

/// A page of rows `range` whose next cursor is `next`.
package func page(_ range: Range<Int>, next: Int?) -> Page<Row, Int> {
  Page(items: rows(range), nextCursor: next)
}
