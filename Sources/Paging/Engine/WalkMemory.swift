/// What a machine that hands each committed page on (a `PageWalk` of the PagingWalk library)
/// keeps of the pages it handed out, bounded at any length (rulebook R29): the ids of at least
/// its last `pages` pages (at most twice that many), and the cursors of its last `pages` pages
/// plus one more, a checkpoint moved to the cursor of page 1, 2, 4, 8, ... (Brent's cycle
/// detection). It keeps no id: a walk that removes duplicates drops the ids its last pages had
/// before the machine counts the page (``RecentIDs``), and the machine's window holds one
/// page at a time.
///
/// It is a setting of the machine (``PagingConfiguration``'s `walkMemory`), applied by the
/// machine itself after each page commits, so that what a walk forgets goes through the same
/// transition as what it loads. A cursor whose page is remembered ends the walk at once with
/// ``PagingError/repeatedCursor(_:)``; a longer cycle returns to the checkpoint once the
/// checkpoint is on it, within about twice the pages before it plus twice its length. An id is
/// dropped as a duplicate while its page is remembered, which is where offset drift puts a
/// repeated item: the page before, or a few before.
package struct WalkMemory<Cursor: Hashable & Sendable>: Sendable {
  /// The pages remembered, at least 1.
  package let pages: Int
  /// The cursors of the last `pages` pages, oldest first from `oldest`.
  private var recent: [Cursor]
  private var oldest: Int
  // swift-format-ignore: UseShorthandTypeNames
  private var checkpoint: Optional<Cursor>
  private var committed: Int

  /// A memory of `pages` pages (at least 1).
  /// - Parameter pages: The pages whose cursors are remembered.
  package init(pages: Int) {
    self.pages = Swift.max(1, pages)
    recent = []
    oldest = 0
    checkpoint = nil
    committed = 0
    recent.reserveCapacity(Swift.min(self.pages, 1_024))
  }

  /// Records that the page `loaded` loaded (`nil`: the source's first page) committed, and
  /// tells which committed cursors the machine forgets: the one evicted from the recent ones
  /// unless it is the checkpoint, and the old checkpoint when it moves and is not recent.
  /// - Complexity: O(1) amortised; O(`pages`) when the checkpoint moves.
  mutating func remember(_ loaded: Cursor?) -> [Cursor] {
    committed += 1
    guard let loaded else { return [] }
    var forgotten: [Cursor] = []
    if recent.count < pages {
      recent.append(loaded)
    } else {
      let evicted = recent[oldest]
      recent[oldest] = loaded
      oldest = (oldest + 1) % pages
      if evicted != checkpoint { forgotten.append(evicted) }
    }
    // Brent: the checkpoint moves at each power of two.
    guard committed & (committed - 1) == 0 else { return forgotten }
    if let previous = checkpoint, !recent.contains(previous) { forgotten.append(previous) }
    checkpoint = loaded
    return forgotten
  }
}

extension PagingStateMachine {
  /// After a page that `request` loaded committed, under a walk's memory: forgets the window
  /// and the cursors neither recent nor the checkpoint. The chains, the edges and the
  /// generation stay: the walk goes on from them.
  /// - Complexity: O(1) amortised per page, plus O(*n*) to release the window's *n* items.
  mutating func applyWalkMemory(after request: PageRequest<Cursor>) {
    guard var memory = walkMemory else { return }
    for cursor in memory.remember(committedCursor(of: request.cursor)) {
      committedCursors.remove(cursor)
    }
    walkMemory = memory
    forgetWindow()
  }
}
