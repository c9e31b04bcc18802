// The memory cap (rulebook R26, fault class 20): the page boundaries of the window, and whole
// pages dropped at the edge farthest from the visible rows once the window holds more than
// `maxSize` items.

extension PagingStateMachine {
  /// Records the page that just committed (its new items are the store's growth from
  /// `before`), then drops pages over the cap.
  mutating func recordPage(
    _ direction: LoadDirection, _ request: PageRequest<Cursor>, _ page: Page<Item, Cursor>,
    before: Int
  ) {
    let entry = LoadedPages<Cursor>.Entry(
      cursor: request.cursor, count: store.count - (direction == .refresh ? 0 : before),
      previousCursor: page.previousCursor, nextCursor: page.nextCursor)
    switch direction {
    case .refresh:
      pages.reset(to: entry)
      anchorRefreshCommitted(cursor: request.cursor, page)
    case .prepend:
      pages.prepend(entry)
      resumeChain(.prepend, given: page.previousCursor)
    case .append:
      pages.append(entry)
      resumeChain(.append, given: page.nextCursor)
    }
    if direction != .refresh { dropPagesOverCap(after: direction) }
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
  func windowError(pageSize: Int) -> PagingConfigurationError? {
    do {
      try configuration.validate(pageSize: pageSize)
      return nil
    } catch {
      return error
    }
  }

  /// A refresh whose page shows the cap too small: it fails instead of committing, and the
  /// window (if any) stays as it was.
  mutating func rejectRefresh(_ error: PagingConfigurationError) {
    refresh = .failed(.invalidConfiguration(error))
    refreshStopped()
  }

  /// While the window holds more than ``PagingConfiguration/maxSize`` items and more than two
  /// pages, drops the page at the edge farthest from the visible rows, if that page holds no
  /// visible row and lies outside the prefetch window (so the drop never triggers its own
  /// reload) and that edge has no load in flight or waiting. With no row known to be visible,
  /// the edge just loaded counts as the place the user is. Not while a display filter is set
  /// or local edits have changed how many rows the pages hold.
  /// - Complexity: O(*n* + pages) per page dropped, for the *n* items kept.
  mutating func dropPagesOverCap(after direction: LoadDirection) {
    // Drops work on whole pages of the window. With a display filter (the window holds only
    // the shown items) or after local edits changed the rows (the pages no longer add up to
    // the window), page boundaries are not known exactly: nothing drops, so no row is lost,
    // until the next refresh rebuilds the page table.
    guard let maxSize = configuration.maxSize, local.filter == nil,
      pages.itemCount == store.count
    else { return }
    while store.count > maxSize, pages.count > 2, let edge = droppableEdge(after: direction) {
      drop(edge)
    }
  }

  /// The edge whose outermost page may drop now, the farther one from the visible rows when
  /// both may.
  private func droppableEdge(after direction: LoadDirection) -> LoadDirection? {
    let last = store.count - 1
    let place = direction == .append ? last : 0
    let lowest = viewport.lowest ?? place
    let highest = viewport.highest ?? place
    let distance = currentPrefetchDistance
    var best: (edge: LoadDirection, rows: Int)?
    if let first = pages.first, isDroppable(prepend), lowest - first.count >= distance {
      best = (.prepend, lowest)
    }
    if let final = pages.last, isDroppable(append),
      last - highest - final.count >= distance, last - highest > best?.rows ?? -1
    {
      best = (.append, last - highest)
    }
    return best?.edge
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
  private mutating func drop(_ edge: LoadDirection) {
    if let retry = activity(edge).scheduledRetry { output.append(.cancelRetry(retry.id)) }
    let page: LoadedPages<Cursor>.Entry
    if edge == .prepend {
      page = pages.removeFirst()
      store.removeFirst(page.count)
      viewport.shift(by: -page.count)
      prefetchEstimator.shift(by: -page.count)
      let given = pages.first?.previousCursor
      if given == nil { pages.beyondFirst.append(prepend.chain) }
      prepend.chain = given.map(PageChain.more) ?? .reloading(page.cursor)
      prepend.activity = .idle
      prepend.pagesWithoutNewItems = 0
      // The rows below move up by the page: the top visible row keeps the viewport still.
      scrollAnchor = viewport.lowest.map { store[$0].id } ?? (store.isEmpty ? nil : store[0].id)
    } else {
      page = pages.removeLast()
      store.removeLast(page.count)
      let given = pages.last?.nextCursor
      if given == nil { pages.beyondLast.append(append.chain) }
      append.chain = given.map(PageChain.more) ?? .reloading(page.cursor)
      append.activity = .idle
      append.pagesWithoutNewItems = 0
    }
    if let cursor = page.cursor { committedCursors.remove(cursor) }
    recordedMetrics.pagesDropped += 1
    itemsChanged = true
  }
}
