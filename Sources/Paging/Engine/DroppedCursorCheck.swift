/// The memory cap's guard against a cycle through dropped pages (rulebook R11 and R26): a page
/// the cap dropped before the first page loads again only from the prepend edge, and one it
/// dropped after the last only from the append edge. A cursor dropped beyond one edge that the
/// other edge's chain names is a source whose cursors cycle, which the cursors committed in
/// the generation no longer show, since a drop forgets its page's cursor.
///
/// Remembering every dropped cursor would make the cap's memory grow with the scroll, so each
/// side keeps one, Brent's way (as ``WalkMemory`` does for a walk): the pages dropped on a
/// side are a stack (the last dropped comes back first), and the checkpoint is the cursor of
/// the page dropped when the stack reached a depth of 1, 2, 4, 8 ... A cycle of *L* pages comes
/// back to the checkpoint within about 2*L* pages plus the window's, whether or not the user
/// scrolls back a little now and then. When the window grows back on that side over the
/// checkpoint's page, the checkpoint is forgotten: that page may come back under another
/// cursor (a keyset source's previous cursor is not the next cursor that first loaded it), be
/// dropped at the other end, and be reached again by the other edge without any cycle; while
/// it is loaded, the cursors committed in the generation cover it.
package struct DroppedCursorCheck<Cursor: Hashable & Sendable>: Hashable, Sendable {
  /// One side's checkpoint.
  package struct Checkpoint: Hashable, Sendable {
    /// The cursor of the page dropped at the last power of two, if any.
    package fileprivate(set) var cursor: Cursor?
    /// The pages dropped on this side that have not loaded again.
    fileprivate var depth = 0
    /// The depth at which ``cursor``'s page was dropped.
    fileprivate var depthOfCursor = 0

    /// Counts a dropped page, whose cursor becomes the checkpoint at each power of two.
    fileprivate mutating func dropped(_ cursor: Cursor?) {
      guard depth < Int.max else { return }
      depth += 1
      if depth & (depth - 1) == 0 {
        self.cursor = cursor
        depthOfCursor = depth
      }
    }

    /// Counts a page that loaded on this side: the last page dropped there, if any, is back,
    /// and with it, once the stack is below its depth, the checkpoint's page.
    fileprivate mutating func grew() {
      depth = max(0, depth - 1)
      if depth < depthOfCursor {
        cursor = nil
        depthOfCursor = 0
      }
    }
  }

  /// Before the first page.
  package private(set) var beforeFirst = Checkpoint()
  /// After the last page.
  package private(set) var afterLast = Checkpoint()

  /// No page dropped.
  package init() {}

  /// Records that the cap dropped the page loaded at `cursor` (its committed cursor) at the
  /// start of the window (`atStart`) or at its end.
  mutating func dropped(_ cursor: Cursor?, atStart: Bool) {
    if atStart { beforeFirst.dropped(cursor) } else { afterLast.dropped(cursor) }
  }

  /// Records that a page committed at the start of the window (`atStart`) or at its end.
  mutating func grew(atStart: Bool) {
    if atStart { beforeFirst.grew() } else { afterLast.grew() }
  }

  /// Whether `next`, the cursor `direction`'s chain moves to, is a page dropped beyond the
  /// other edge: a cycle.
  func closesCycle(_ next: Cursor, at direction: LoadDirection) -> Bool {
    (direction == .prepend ? afterLast.cursor : beforeFirst.cursor) == next
  }
}
