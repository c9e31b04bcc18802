/// How far beyond the loaded rows, in rows, a placeholder on screen must be for the list to
/// stop loading page by page and load the page around it in one request instead: a jump
/// (Android Paging 3's `jumpThreshold`; rulebook R31).
///
/// A jump needs a source that can load a page at a position (``PageSource/jumpingSupported``)
/// and a list that knows its length (pages that give ``Page/itemsBefore`` and
/// ``Page/itemsAfter``): the user can then drag the scroll bar anywhere, and the rows where
/// they land load in one request whatever the distance.
///
/// Unlike Paging 3, whose threshold is off unless set, the default, ``automatic``, jumps
/// wherever the source can: a list that can jump and does not makes a user who drags to the
/// middle of a million rows wait for every page in between.
public enum JumpThreshold: Hashable, Sendable {
  /// Jumps when the source supports it, at 200 rows, or twice the largest prefetch distance when that is more rows; never with a source that
  /// does not. The default.
  case automatic
  /// Jumps at this many rows beyond the loaded rows (values below 1 count as 1). A source that
  /// cannot jump is refused: the first load fails with ``PagingError/jumpsNotSupported``, as
  /// Paging 3 refuses a `jumpThreshold` without `jumpingSupported`.
  case rows(Int)
  /// Never jumps: placeholders far away load the edge page by page, as a source without
  /// jumps does.
  case never

  /// The distance ``automatic`` jumps at, in rows: 200, or twice the largest prefetch distance
  /// when that is more, so that a placeholder the prefetch distance would reach soon loads the
  /// edge rather than throwing the window away. 200 rows is ten pages of 20: loading them one
  /// after another takes ten round trips, a jump one.
  /// - Parameter largestPrefetchDistance: The largest prefetch distance the strategy can use,
  ///   in rows.
  /// - Returns: The distance, in rows.
  static func automaticDistance(largestPrefetchDistance: Int) -> Int {
    Swift.max(200, 2.saturatingMultiplying(by: Swift.max(0, largestPrefetchDistance)))
  }
}
