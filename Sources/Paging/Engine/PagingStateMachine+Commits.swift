// The machine's commits: a refresh replaces the window; a prepend or an append adds a page at
// its edge and moves that edge's chain.

extension PagingStateMachine {
  /// Replaces the window with the refresh's page (or the pages of a re-fetch of the loaded
  /// pages, joined: the first one's previous cursor, the last one's next cursor); both chains
  /// start from its cursors. Explicit loads asked for during the refresh run now, if the new
  /// window still has that page.
  /// - Parameters:
  ///   - cursors: The cursors that loaded the window's pages.
  ///   - keepingEdits: Whether the edits in force hold (a jump's page: another part of the
  ///     same list) rather than yield to the server's answer (R23).
  mutating func commitRefresh(
    _ cursors: [Cursor?], _ page: Page<Item, Cursor>, keepingEdits: Bool = false
  ) -> Transition<Cursor> {
    let top = viewport.lowest.map { self.shown[$0].id }
    let result = replaceWindow(with: page.items, keepingEdits: keepingEdits)
    _ = record(result)
    // The window is replaced, even by equal items.
    var transition = Transition<Cursor>(itemsChanged: true)
    windowIsFromOrigin = true
    restoredRefreshRow = nil
    restoredPosition = nil
    committedCursors = Set(cursors.compactMap(committedCursor(of:)))
    // The old window's dropped pages are no longer beyond this one's edges.
    pages.droppedCursors = DroppedCursorCheck()
    let shown = self.shown
    viewport.recompute { shown.position(of: $0) }
    // The row the user looked at stays put when it is still loaded.
    scrollAnchor = top.flatMap { shown.contains(id: $0) ? $0 : nil }
    let queued = (prepend: prepend.queued, append: append.queued)
    prepend = Edge()
    append = Edge()
    // The append chain first: a page whose previous cursor equals its next one is a cycle,
    // and the prepend edge reports it.
    advance(.append, to: page.nextCursor, newItems: result.inserted)
    advance(.prepend, to: page.previousCursor, newItems: result.inserted)
    if queued.prepend, canLoad(prepend) { transition.add(startEdgeLoad(.prepend, explicit: true)) }
    if queued.append, canLoad(append) { transition.add(startEdgeLoad(.append, explicit: true)) }
    return transition
  }

  /// Appends the page's items (new ids only) and moves the append chain.
  mutating func commitAppend(_ request: PageRequest<Cursor>, _ page: Page<Item, Cursor>)
    -> Transition<Cursor>
  {
    let result = commitItems(page.items, atFront: false)
    let changed = record(result)
    recordedMetrics.itemsAppended += result.inserted
    if result.refiltered { recomputeViewport() }
    if let cursor = committedCursor(of: request.cursor) { committedCursors.insert(cursor) }
    advance(.append, to: page.nextCursor, newItems: result.inserted)
    return Transition(itemsChanged: changed)
  }

  /// Puts the page's items (new ids only) before the first item, keeps the top visible row as
  /// the scroll anchor, and moves the prepend chain.
  mutating func commitPrepend(_ request: PageRequest<Cursor>, _ page: Page<Item, Cursor>)
    -> Transition<Cursor>
  {
    let top = viewport.lowest.map { shown[$0].id } ?? (shown.isEmpty ? nil : shown[0].id)
    let result = commitItems(page.items, atFront: true)
    let changed = record(result)
    recordedMetrics.itemsPrepended += result.inserted
    if result.refiltered {
      recomputeViewport()
    } else {
      viewport.shift(by: result.inserted)
      // An append in flight measures the scroll from where its edge's row was: the rows put
      // above move it, and would read as a scroll.
      prefetchEstimator.shift(by: result.inserted)
    }
    if result.inserted > 0, let top { scrollAnchor = top }
    if let cursor = committedCursor(of: request.cursor) { committedCursors.insert(cursor) }
    advance(.prepend, to: page.previousCursor, newItems: result.inserted)
    return Transition(itemsChanged: changed)
  }

  /// Reads the visible rows' positions again, after shown rows changed other than at an edge.
  mutating func recomputeViewport() {
    recomputeVisibleRows()
    forgetAnchorIfHidden()
  }

  /// The scroll anchor is a shown row or `nil` (R19): a list cannot keep still a row it does
  /// not show, so an anchor that an edit removed, a filter hid or a drop took away is dropped.
  mutating func forgetAnchorIfHidden() {
    if let anchor = scrollAnchor, !shown.contains(id: anchor) { scrollAnchor = nil }
  }

  /// Counts a commit in the metrics; returns whether it changed the shown items.
  private mutating func record(_ result: ShownInsertion) -> Bool {
    recordedMetrics.itemsCommitted += result.inserted
    recordedMetrics.duplicatesDropped += result.dropped
    recordedMetrics.duplicatesReplaced += result.replaced
    return result.inserted + result.replaced > 0 || result.refiltered
  }

  /// The cursor a page loaded at `cursor` counts as loaded at (R11): the cursor itself, or for
  /// the page loaded without one, the cursor the source names it by
  /// (``PageSource/firstPageCursor``), if any.
  func committedCursor(of cursor: Cursor?) -> Cursor? {
    cursor ?? configuration.firstPageCursor
  }

  /// Moves `direction`'s chain after a commit (its activity is idle) and decides whether the
  /// edge may go on: the end; a cursor already loaded in this generation, one the other edge
  /// points to (and so may be loading: a cycle), or one the cap dropped beyond the other edge
  /// (a cycle through dropped pages); a run of pages without new items.
  private mutating func advance(_ direction: LoadDirection, to next: Cursor?, newItems: Int) {
    var edge = direction == .prepend ? prepend : append
    let other = direction == .prepend ? append : prepend
    defer {
      if direction == .prepend { prepend = edge } else { append = edge }
    }
    guard let next else {
      edge.chain = .end
      return
    }
    edge.chain = .more(next)
    // The other edge's load in flight is always at its chain's cursor, so this covers it too.
    if committedCursors.contains(next) || other.chain.cursor == next
      || pages.droppedCursors.closesCycle(next, at: direction)
    {
      edge.activity = .failed(.repeatedCursor(next))
      return
    }
    edge.pagesWithoutNewItems = newItems == 0 ? edge.pagesWithoutNewItems + 1 : 0
    if edge.pagesWithoutNewItems >= configuration.maxPagesWithoutNewItems {
      edge.activity = .failed(.noNewItems(pages: edge.pagesWithoutNewItems))
    }
  }
}
