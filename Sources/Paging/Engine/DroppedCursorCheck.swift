/// The memory cap's guard against a cycle through dropped pages (rulebook R11 and R26): a page
/// the cap dropped before the first page loads again only from the prepend edge, and one it
/// dropped after the last only from the append edge. A cursor dropped beyond one edge that the
/// other edge's chain names is a source whose cursors cycle, which the cursors committed in
/// the generation no longer show, since a drop forgets its page's cursor.
///
/// Remembering every dropped cursor would make the cap's memory grow with the scroll, so each
/// side keeps one, Brent's way (as ``WalkMemory`` does for a walk): a checkpoint moved to the
/// cursor of the 1st, 2nd, 4th, 8th ... page dropped on that side since the window last grew
/// there. A cycle of *L* pages comes back to the checkpoint within about 2*L* pages plus the
/// window's. A page that commits on a side forgets that side's checkpoint: the window moved
/// back over the pages dropped there, which may come back under other cursors (a keyset
/// source's previous cursor is not the next cursor that first loaded a page), be dropped at
/// the other end, and be reached again by the other edge without any cycle.
package struct DroppedCursorCheck<Cursor: Hashable & Sendable>: Hashable, Sendable {
  /// One side's checkpoint.
  package struct Checkpoint: Hashable, Sendable {
    /// The cursor of the page dropped at the last power of two, if any.
    package fileprivate(set) var cursor: Cursor?
    /// Pages dropped on this side since the window last grew there.
    fileprivate var drops = 0

    /// Counts a dropped page, whose cursor becomes the checkpoint at each power of two.
    fileprivate mutating func dropped(_ cursor: Cursor?) {
      guard drops < Int.max else { return }
      drops += 1
      if drops & (drops - 1) == 0 { self.cursor = cursor }
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
    if atStart { beforeFirst = Checkpoint() } else { afterLast = Checkpoint() }
  }

  /// Whether `next`, the cursor `direction`'s chain moves to, is a page dropped beyond the
  /// other edge: a cycle.
  func closesCycle(_ next: Cursor, at direction: LoadDirection) -> Bool {
    (direction == .prepend ? afterLast.cursor : beforeFirst.cursor) == next
  }
}
