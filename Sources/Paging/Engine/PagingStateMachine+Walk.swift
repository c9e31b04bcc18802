// What a machine that hands each page on (a `PageWalk`) does under its walk memory
// (WalkMemory): a window that does not grow with the walk.

extension PagingStateMachine {
  /// Forgets the window's items and page boundaries, between loads, and keeps everything the
  /// rules go on from: both chains (where the next page starts, or the end), the cursors
  /// committed in this generation (a cycle still ends in ``PagingError/repeatedCursor(_:)``),
  /// each edge's activity and its run of pages without new items, the generation, and the
  /// request and retry numbers. The next commit sees an empty window, so its items count as
  /// new unless they repeat within their page.
  ///
  /// For a machine that passes each committed page on and keeps no list (a walk that keeps
  /// duplicates): its memory then grows by one cursor per page, not with the items. Applied by
  /// ``applyWalkMemory(after:)`` after a commit, when no load is in flight; a walk sets no
  /// filter and makes no edit.
  /// - Complexity: O(*n*) to release *n* items.
  mutating func forgetWindow() {
    assert(
      loadsInFlight.isEmpty && local.filter == nil && local.hasNoEdits,
      "forgetWindow() needs a window without loads in flight, a filter or edits")
    store = ItemStore()
    pages = LoadedPages()
    viewport = Viewport()
    scrollAnchor = nil
  }
}

extension PagingStateMachine {
  /// Makes room in the window's id index for `count` more items, doubling it when it must grow:
  /// a window that only grows (a walk's ids) then re-inserts each id about twice in all,
  /// rather than the five times of the quarter the engine grows by to save memory.
  /// - Complexity: O(*n*) when the index grows, amortised O(1) per item.
  mutating func reserveWindow(adding count: Int) {
    let needed = store.count + count
    if needed > store.table.capacity { store.reserve(2 * needed) }
  }
}

extension PagingStateMachine {
  /// Forgets the window's first pages, their items and boundaries, until at most `count` pages
  /// are left, between loads; the chains, the committed cursors and everything else the rules
  /// go on from stay. A walk keeps only its last pages' ids this way: the next commit drops an
  /// item only when one of those pages had its id.
  /// - Parameter count: The pages to keep, at least 1.
  /// - Complexity: O(*n*) for the *n* items kept, when anything is forgotten.
  mutating func forgetPages(keepingLast count: Int) {
    assert(
      loadsInFlight.isEmpty && local.filter == nil && local.hasNoEdits,
      "forgetPages(keepingLast:) needs a window without loads in flight, a filter or edits")
    guard pages.count > count else { return }
    var forgotten = 0
    while pages.count > max(1, count) { forgotten += pages.removeFirst().chunks }
    store.removeFirstChunks(forgotten)
    viewport = Viewport()
    scrollAnchor = nil
  }

  /// The number of cursors the repeated-cursor guard holds (R11).
  package var committedCursorCount: Int { committedCursors.count }
}
