import Paging

/// An in-process ``PageSource`` over release notes with keyset cursors, newest first.
///
/// Rows are ordered by release date descending, ties by ascending id (the NEWS file's own
/// order within a release). A request with a `nil` cursor returns the first page; a request
/// with a cursor returns the rows whose ``ReleaseNote/feedKey`` comes after it, which is keyset
/// (seek) pagination: no offsets, so no skipped or repeated rows, and a cursor whose row is not
/// in the data still works. The last page has `nextCursor == nil`; an empty data set gives one
/// empty last page.
///
/// It answers at once, with no latency: the demo adds its latency model around it.
package struct ReleaseNoteSource: PageSource {
  /// The page sizes a source accepts, in rows: 1 to 1,000 (Datasette's own limit).
  package static let pageSizeRange = 1...1000

  /// The notes in feed order.
  package let notes: [ReleaseNote]
  /// The number of rows in every page but the last.
  package let pageSize: Int

  /// Creates a source.
  ///
  /// Complexity: O(n log n) to sort `notes` into feed order.
  /// - Parameters:
  ///   - notes: The rows, in any order; ids should be unique, as the loader ensures.
  ///   - pageSize: Rows per page, in ``pageSizeRange``. The demo's default is 20.
  /// - Throws: ``ReleaseNoteSourceError/invalidPageSize(_:)`` for a size out of range.
  package init(notes: [ReleaseNote], pageSize: Int = 20) throws(ReleaseNoteSourceError) {
    guard Self.pageSizeRange.contains(pageSize) else { throw .invalidPageSize(pageSize) }
    self.notes = notes.sorted { $0.feedKey < $1.feedKey }
    self.pageSize = pageSize
  }

  /// The page after `cursor`, synchronously.
  ///
  /// Complexity: O(log n + page size).
  /// - Parameter cursor: The key of the last row already seen, or `nil` for the first page.
  /// - Returns: Up to ``pageSize`` rows and the cursor of the next page (`nil` at the end).
  package func page(after cursor: ReleaseNoteCursor?) -> Page<ReleaseNote, ReleaseNoteCursor> {
    let start = cursor.map(firstIndex(after:)) ?? notes.startIndex
    let end = min(start + pageSize, notes.endIndex)
    let items = Array(notes[start..<end])
    let next = end < notes.endIndex ? items.last.map(ReleaseNoteCursor.init(after:)) : nil
    return Page(items: items, nextCursor: next)
  }

  /// Loads one page; see ``page(after:)``.
  /// - Parameter request: The request; only its cursor matters.
  /// - Returns: The page after the request's cursor.
  /// - Throws: `CancellationError` when the calling task is cancelled.
  package func loadPage(_ request: PageRequest<ReleaseNoteCursor>) async throws -> Page<
    ReleaseNote, ReleaseNoteCursor
  > {
    try Task.checkCancellation()
    return page(after: request.cursor)
  }

  /// The index of the first note whose key comes after `cursor` (binary search).
  private func firstIndex(after cursor: ReleaseNoteCursor) -> Int {
    var low = notes.startIndex
    var high = notes.endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if cursor < notes[middle].feedKey {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return low
  }
}
