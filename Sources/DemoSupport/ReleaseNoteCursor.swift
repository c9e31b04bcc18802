/// A keyset cursor into the release-notes feed: the sort key of the last row of a page.
///
/// The feed is ordered newest release first, ties by ascending id, so the next page is every
/// row whose key comes after this one. A keyset cursor, unlike an offset, stays correct when
/// rows are inserted or deleted between requests, and it works even if its own row is gone
/// (the "seek method"; Datasette's `_next` tokens work the same way).
///
/// `<` means "comes earlier in the feed": a later date, or the same date and a smaller id.
package struct ReleaseNoteCursor: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The release date of the last row seen, `YYYY-MM-DD`.
  package var releasedAt: String
  /// The id of the last row seen.
  package var id: Int

  /// Creates a cursor from a sort key.
  /// - Parameters:
  ///   - releasedAt: A release date, `YYYY-MM-DD`.
  ///   - id: A row id.
  package init(releasedAt: String, id: Int) {
    self.releasedAt = releasedAt
    self.id = id
  }

  /// The cursor that continues after `note`.
  /// - Parameter note: The last row of a page.
  package init(after note: ReleaseNote) {
    self.init(releasedAt: note.releasedAt, id: note.id)
  }

  /// Whether `lhs` comes earlier in the feed than `rhs`: a later date, or the same date and a
  /// smaller id.
  package static func < (lhs: ReleaseNoteCursor, rhs: ReleaseNoteCursor) -> Bool {
    lhs.releasedAt != rhs.releasedAt ? lhs.releasedAt > rhs.releasedAt : lhs.id < rhs.id
  }

  /// `date,id`, such as `2023-02-07,65`, in the manner of a Datasette `_next` token.
  package var description: String { "\(releasedAt),\(id)" }
}
