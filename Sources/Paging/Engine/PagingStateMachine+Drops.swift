// The memory cap (rulebook R26, fault class 20): the page boundaries of the window, and whole
// pages dropped at the edge farthest from the visible rows once the window holds more than
// `maxSize` items.

extension PagingStateMachine {
  /// Records the page that just committed (its new items are in the store's chunks beyond
  /// `before`, the handles the window's chunks had), then drops pages over the cap.
  /// A refresh's `plan` says what lies beyond its page.
  mutating func recordPage(
    _ direction: LoadDirection, _ request: PageRequest<Cursor>, _ page: Page<Item, Cursor>,
    before: Range<Int>, plan: RefreshPlan<Item, Cursor>?
  ) -> Transition<Cursor> {
    let chunks = store.items.firstChunk..<store.items.endChunk
    let owned =
      switch direction {
      case .refresh: chunks.count
      case .prepend: before.lowerBound - chunks.lowerBound
      case .append: chunks.upperBound - before.upperBound
      }
    let entry = LoadedPages<Cursor>.Entry(page, at: request.cursor, chunks: owned)
    if direction == .append {
      // The rows inserted by edits at the end of the window join the page of the row after
      // them, which this page brings: a refresh around them reloads this page (R26, R27).
      let moved = insertedRows(endingAt: before.upperBound)
      if moved > 0 { store.moveTrailingItems(moved, intoChunk: before.upperBound) }
    }
    switch direction {
    case .refresh:
      pages.reset(to: entry)
      // A jump's page is not the origin's: opening the list there again reloads it.
      if case .jump? = plan { windowIsFromOrigin = false }
      if case .aroundAnchor(let anchor)? = plan { anchorRefreshCommitted(anchor, page) }
    case .prepend:
      pages.prepend(entry)
      // A page beyond an edge the cap dropped at is a dropped page coming back.
      pages.droppedBeforeFirst = max(0, pages.droppedBeforeFirst - 1)
      resumeChain(.prepend, given: page.previousCursor)
    case .append:
      pages.append(entry)
      pages.droppedAfterLast = max(0, pages.droppedAfterLast - 1)
      resumeChain(.append, given: page.nextCursor)
    }
    // A refresh's one page is the whole window: nothing beside it to drop. A jump's keeps the
    // edits in force, so a row inserted beside one it brings comes back (R23).
    guard direction != .refresh else {
      return request.isJump ? placeInsertedRowsKeepingTop() : .none
    }
    // A row inserted beside one this page brought back comes back with it (R23).
    var transition = placeInsertedRowsKeepingTop()
    transition.add(dropPagesOverCap(after: direction))
    return transition
  }

  /// How many of the rows just before the chunk `end` are rows inserted by edits in force,
  /// within the last page before it.
  /// - Complexity: O(edits) without inserts at the end; O(edits + *k*) for *k* such rows.
  private func insertedRows(endingAt end: Int) -> Int {
    guard !local.hasNoEdits, let last = pages.last else { return 0 }
    let inserted = local.insertedIDs
    guard !inserted.isEmpty else { return 0 }
    let start = store.items.startPosition(ofChunk: end)
    let rows = rowCount(ofChunks: end - last.chunks..<end)
    var count = 0
    while count < rows, inserted.contains(store[start - 1 - count].id) { count += 1 }
    return count
  }

  /// After a page committed at `direction`'s edge (or a refresh around the anchor) without a
  /// cursor for that direction (`given`): takes back the chain a drop set aside there, if any,
  /// as the edge's chain. A drop sets one aside only when the source gave the new outermost
  /// page no cursor, so a source that gives both cursors costs no memory per dropped page. A cursor already
  /// loaded in this generation fails the edge, as in any commit (R11).
  mutating func resumeChain(_ direction: LoadDirection, given: Cursor?) {
    guard given == nil,
      let saved = direction == .prepend ? pages.beyondFirst.popLast() : pages.beyondLast.popLast()
    else { return }
    if direction == .prepend { prepend.chain = saved } else { append.chain = saved }
    if let cursor = saved.cursor, committedCursors.contains(cursor) {
      if direction == .prepend {
        prepend.activity = .failed(.repeatedCursor(cursor))
      } else {
        append.activity = .failed(.repeatedCursor(cursor))
      }
    }
  }

  /// Why the cap cannot work with pages of `pageSize` items, if it cannot.
  func windowError(pageSize: Int) -> PagingError? {
    do {
      try configuration.validate(pageSize: pageSize)
      return nil
    } catch {
      return error
    }
  }

  /// A refresh whose page shows the cap too small: it fails instead of committing, and the
  /// window (if any) stays as it was.
  mutating func rejectRefresh(_ error: PagingError, plan: RefreshPlan<Item, Cursor>?)
    -> Transition<Cursor>
  {
    refreshing = .failed(error, plan)
    return refreshStopped()
  }

  /// Once the window holds more than ``PagingConfiguration``'s `maxSize` items (shown or hidden by
  /// the filter) plus its largest page, and more than two pages, drops pages until it holds at
  /// most `maxSize` (the hysteresis: a page is not dropped as soon as one more commits, and the
  /// window does not sit at the cap, dropping a page per commit). Each drop takes the page at
  /// the edge farthest from the visible rows, if that page holds no visible row, the drop
  /// leaves at least the reload distance of shown rows between the visible rows and that edge
  /// (so no drop triggers its own reload, nor drops a page the user is reading towards), and
  /// that edge has no load in flight. With no row known to be visible, the edge just loaded
  /// counts as the place the user is.
  /// - Complexity: O(*n* + pages) per page dropped, for the *n* items kept; O(page + pages)
  ///   when nothing drops.
  mutating func dropPagesOverCap(after direction: LoadDirection) -> Transition<Cursor> {
    var transition = Transition<Cursor>.none
    guard let maxSize = configuration.maxSize,
      // Saturating: a cap of `Int.max` is no cap.
      store.count > maxSize.saturatingAdding(rowCounts.max() ?? 0)
    else { return transition }
    while store.count > maxSize, pages.count > 2, let edge = droppableEdge(after: direction) {
      transition.add(drop(edge.edge, shownRows: edge.shownRows))
    }
    return transition
  }

  /// How many of the first (or last) `count` rows of the window are shown.
  private func shownRows(ofFirst count: Int, atFront: Bool) -> Int {
    guard let layer = local.filter else { return count }
    let range = atFront ? 0..<count : store.count - count..<store.count
    return layer.shownCount(in: range, of: store)
  }

  /// The edge whose outermost page may drop now, the farther one from the visible rows when
  /// both may, and how many shown rows that page holds. Distances are in shown rows (R25).
  /// The drop leaves the edge with a dropped page beyond it, so it must leave the reload
  /// distance, not only the prefetch distance, between the visible rows and that edge.
  private func droppableEdge(after direction: LoadDirection) -> (
    edge: LoadDirection, shownRows: Int
  )? {
    let last = shown.count - 1
    let place = direction == .append ? last : 0
    let lowest = viewport.lowest ?? place
    let highest = viewport.highest ?? place
    let distance = reloadDistance
    var best: (edge: LoadDirection, rows: Int, shownRows: Int)?
    if pages.first != nil, isDroppable(prepend) {
      let rows = shownRows(ofFirst: firstPageRows, atFront: true)
      if lowest - rows >= distance { best = (.prepend, lowest, rows) }
    }
    if pages.last != nil, isDroppable(append) {
      let rows = shownRows(ofFirst: lastPageRows, atFront: false)
      if last - highest - rows >= distance, last - highest > best?.rows ?? -1 {
        best = (.append, last - highest, rows)
      }
    }
    return best.map { ($0.edge, $0.shownRows) }
  }

  /// Whether no load runs at `edge`: a load in flight would land beside a page that is gone.
  /// An edge waiting to retry may drop: the page it would retry lies beyond the dropped one,
  /// and its timer is cancelled (found by the randomized window run: a prepend waiting to
  /// retry let the window grow past the cap while the user read on downwards).
  private func isDroppable(_ edge: Edge<Cursor>) -> Bool {
    switch edge.activity {
    case .idle, .failed, .waitingToRetry: true
    case .loading: false
    }
  }

  /// Drops the outermost page at `edge`: its items leave the window, its cursor may load
  /// again, and the edge's chain points at it, so that scrolling back reloads it: at the
  /// cursor the new outermost page came with for that direction (its previous cursor at the
  /// top, its next one at the bottom), as Android Paging 3 does, or, when the source gave
  /// none, at the cursor that loaded the dropped page (a cursor that names a page). A failure
  /// latched at that edge was about the page beyond it, and is cleared, and so is a retry
  /// waiting for its timer there.
  private mutating func drop(_ edge: LoadDirection, shownRows: Int) -> Transition<Cursor> {
    var transition = Transition<Cursor>(itemsChanged: true)
    if let retry = activity(edge).scheduledRetry { transition.add(.cancelRetry(retry.id)) }
    let page: LoadedPages<Cursor>.Entry
    if edge == .prepend {
      page = pages.removeFirst()
      keepMovedRows(
        at: 0..<rowCount(ofChunks: store.items.firstChunk..<store.items.firstChunk + page.chunks))
      store.removeFirstChunks(page.chunks)
      dropShown(shownRows, atFront: true)
      viewport.shift(by: -shownRows)
      prefetchEstimator.shift(by: -shownRows)
      let given = pages.first?.previousCursor
      if given == nil { pages.beyondFirst.append(prepend.chain) }
      prepend.chain = given.map(PageChain.more) ?? .reloading(page.cursor)
      prepend.activity = .idle
      prepend.pagesWithoutNewItems = 0
      pages.droppedBeforeFirst += 1
      // The rows below move up by the page: the top visible row keeps the viewport still.
      let shown = self.shown
      scrollAnchor = viewport.lowest.map { shown[$0].id } ?? (shown.isEmpty ? nil : shown[0].id)
    } else {
      page = pages.removeLast()
      let rows = rowCount(ofChunks: store.items.endChunk - page.chunks..<store.items.endChunk)
      keepMovedRows(at: store.count - rows..<store.count)
      store.removeLastChunks(page.chunks)
      dropShown(shownRows, atFront: false)
      let given = pages.last?.nextCursor
      if given == nil { pages.beyondLast.append(append.chain) }
      append.chain = given.map(PageChain.more) ?? .reloading(page.cursor)
      append.activity = .idle
      append.pagesWithoutNewItems = 0
      pages.droppedAfterLast += 1
    }
    let cursor = committedCursor(of: page.cursor)
    if let cursor { committedCursors.remove(cursor) }
    pages.droppedCursors.dropped(cursor, atStart: edge == .prepend)
    forgetAnchorIfHidden()
    recordedMetrics.pagesDropped += 1
    if edge == .prepend {
      recordedMetrics.itemsDroppedAtStart += shownRows
    } else {
      recordedMetrics.itemsDroppedAtEnd += shownRows
    }
    // A row inserted beside one that stays does not leave with the page (R23).
    transition.add(placeInsertedRowsKeepingTop())
    return transition
  }
}

extension PagingStateMachine {
  /// Removes the shown rows of a dropped page from the filter's layer: the first (or last)
  /// `count` shown rows, since the layer keeps the window's order.
  private mutating func dropShown(_ count: Int, atFront: Bool) {
    guard var layer = local.filter else { return }
    local.filter = nil
    if atFront {
      layer.shown.removeFirst(count)
    } else {
      layer.shown.removeLast(count)
    }
    local.filter = layer
  }
}
