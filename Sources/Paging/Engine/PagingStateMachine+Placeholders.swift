// Placeholders and jumps (rulebook R31): a list whose pages count the rows around them has the
// source's length; a placeholder on screen loads the edge it lies beyond, and one farther than
// the jump threshold loads the page around it in one request.

/// A jump in flight or to retry: the page around a far placeholder replaces the window.
@usableFromInline
struct JumpRefresh<Cursor: Hashable & Sendable>: Sendable, Hashable {
  /// The position in the source's list of the row the user landed on.
  var position: Int
  /// The cursor of the page around it (``PageSource/cursor(around:)``).
  var cursor: Cursor?
}

extension PagingStateMachine {
  // MARK: Counts

  /// How many placeholders come before the first loaded row: the rows the first page said lie
  /// before it (``Page/itemsBefore``), 0 when it said nothing or the prepend edge is at its end.
  /// Read off the page table, never counted beside it.
  package var placeholdersBefore: Int {
    guard prepend.chain != .end, let first = pages.first else { return 0 }
    return first.itemsBefore ?? 0
  }

  /// How many placeholders come after the last loaded row: the rows the last page said lie
  /// after it, 0 when it said nothing or the append edge is at its end (a count larger than
  /// the source's rows never leaves placeholders that nothing loads).
  package var placeholdersAfter: Int {
    guard append.chain != .end, let last = pages.last else { return 0 }
    return last.itemsAfter ?? 0
  }

  /// The list at its full length: the placeholders and the shown rows.
  /// - Complexity: O(1).
  @usableFromInline package var rows: PagingRows<Item> {
    PagingRows(
      items: items, placeholdersBefore: placeholdersBefore, placeholdersAfter: placeholdersAfter,
      hiddenRows: store.count - shownCount)
  }

  /// The positions in the source's list that the loaded rows take: from the first page's count
  /// of rows before it, one per loaded row (shown or hidden).
  var loadedPositions: Range<Int> {
    let start = placeholdersBefore
    return start..<start.saturatingAdding(store.count)
  }

  /// Whether `page`, committed at `direction`, counts the rows around it in a way the list
  /// can hold: no negative count, a sum of its counts and rows an `Int` holds, and at an edge
  /// a list an `Int` holds with the loaded rows and the other end's placeholders too. Two
  /// pages each valid alone can disagree (the source's list grew between their requests), and
  /// every position in the list is a sum over its whole length.
  func hasValidCounts(_ page: Page<Item, Cursor>, at direction: LoadDirection) -> Bool {
    let before = page.itemsBefore ?? 0
    let after = page.itemsAfter ?? 0
    guard before >= 0, after >= 0, Int.sumFits([before, page.items.count, after]) else {
      return false
    }
    return switch direction {
    case .refresh: true
    case .append: Int.sumFits([placeholdersBefore, store.count, page.items.count, after])
    case .prepend: Int.sumFits([before, page.items.count, store.count, placeholdersAfter])
    }
  }

  // MARK: Signals

  /// A placeholder appeared: it is remembered as shown until it disappears or its row loads,
  /// and it loads its edge, or jumps (R31). A position the loaded rows take is their row's
  /// signal, by position; one outside the list is ignored.
  mutating func placeholderAppeared(_ position: Int) -> Transition<Cursor> {
    recordedMetrics.appearanceSignals += 1
    let loaded = loadedPositions
    let end = loaded.upperBound.saturatingAdding(placeholdersAfter)
    guard position >= 0, position < end, !loaded.contains(position) else {
      recordedMetrics.appearanceSignalsIgnored += 1
      return .none
    }
    if viewport.placeholders.count >= Viewport<Item.ID>.visibleRowLimit {
      viewport.placeholders.removeAll(keepingCapacity: true)
    }
    viewport.placeholders.insert(position)
    let transition = reevaluate()
    if transition.effects.isEmpty { recordedMetrics.appearanceSignalsIgnored += 1 }
    return transition
  }

  /// A placeholder disappeared: it no longer loads anything. A jump in flight none of whose
  /// placeholders is on screen any more is abandoned: the user left its landing (back to the
  /// loaded rows, say), and its page would replace the rows now on screen (R31).
  mutating func placeholderDisappeared(_ position: Int) -> Transition<Cursor> {
    viewport.placeholders.remove(position)
    guard case .jump(let jump)? = refreshing.plan, refreshing.isRunning,
      let threshold = configuration.jumpDistance,
      !viewport.placeholders.contains(where: { abs($0 - jump.position) <= threshold })
    else { return .none }
    return abandonJump()
  }

  /// A loaded row appeared while a jump is in flight: the user came back to the loaded rows
  /// before the jump's page landed, and that page would turn the row on screen back into a
  /// placeholder. The jump is abandoned, and the placeholders far beyond the loaded rows are
  /// forgotten: the user left them, and a list that fires no `onDisappear` would otherwise
  /// jump to them again (R31). A signal of no loaded row is ignored.
  @usableFromInline
  mutating func rowAppearedDuringJump(
    _ row: RowReference<Item.ID>, changes: inout PagingChanges
  ) -> [PagingEffect<Cursor>] {
    recordedMetrics.appearanceSignals += 1
    guard let (id, position, place) = resolve(row, near: viewport.lastAppeared),
      let threshold = configuration.jumpDistance
    else {
      recordedMetrics.appearanceSignalsIgnored += 1
      return []
    }
    let before = ObservedValues(self)
    viewport.appeared(id, at: position, place: place)
    viewport.placeholders = viewport.placeholders.filter {
      distanceBeyondLoadedRows($0) <= threshold
    }
    return effects(of: abandonJump(), since: before, changes: &changes)
  }

  /// Stops the jump in flight and keeps the list as it was: its late answer is dropped (R9),
  /// a load asked for during the jump runs on the list now (R15), and the rows and
  /// placeholders on screen load their edges.
  mutating func abandonJump() -> Transition<Cursor> {
    var transition = stop(.refresh)
    let queued = (prepend: prepend.queued, append: append.queued)
    prepend.queued = false
    append.queued = false
    transition.add(reevaluate())
    if queued.prepend, canLoad(prepend) { transition.add(startEdgeLoad(.prepend, explicit: true)) }
    if queued.append, canLoad(append) { transition.add(startEdgeLoad(.append, explicit: true)) }
    return transition
  }

  /// The placeholders shown whose rows have loaded are those rows shown: the list draws the
  /// row in the placeholder's place, so the viewport counts it from now, before its own
  /// signal comes (a jump's page then triggers its edges at its commit, and the rows' burst of
  /// appearances that follows reads as no scroll). Placeholders outside the list are dropped.
  /// - Complexity: O(placeholders shown).
  mutating func forgetLoadedPlaceholders() {
    guard !viewport.placeholders.isEmpty else { return }
    let loaded = loadedPositions
    let end = loaded.upperBound.saturatingAdding(placeholdersAfter)
    var kept = Set<Int>()
    for position in viewport.placeholders.sorted() {
      guard loaded.contains(position) else {
        if position >= 0, position < end { kept.insert(position) }
        continue
      }
      let id = store[position - loaded.lowerBound].id
      // A row the filter hides is on no screen.
      if let shown = shownPosition(of: id, near: .none) {
        viewport.appeared(id, at: shown.position, place: shown.place)
      }
    }
    viewport.placeholders = kept
  }

  /// How far the placeholder for `position` lies beyond the loaded rows, in rows (1 for the row
  /// next to an edge).
  func distanceBeyondLoadedRows(_ position: Int) -> Int {
    let loaded = loadedPositions
    return position < loaded.lowerBound
      ? loaded.lowerBound - position : position - loaded.upperBound + 1
  }

  /// Whether a placeholder is shown before the first loaded row (after the last one): the
  /// edge then loads whatever the prefetch distance, since the user is already beyond it.
  func placeholderShown(_ direction: LoadDirection) -> Bool {
    let loaded = loadedPositions
    switch direction {
    case .prepend: return viewport.placeholders.contains { $0 < loaded.lowerBound }
    case .append: return viewport.placeholders.contains { $0 >= loaded.upperBound }
    case .refresh: return false
    }
  }

  // MARK: Jumps

  /// The row a jump should land on, in the source's list: half the largest loaded page below
  /// the topmost shown placeholder of those farther than the jump threshold from the loaded
  /// rows, so that the page around it starts at the top of the screen (lists report a frame's
  /// rows top first: the rulebook's "How lists fire their rows") and fills it; `nil` when no
  /// placeholder is that far, the list cannot jump, or the jump in flight lands within the
  /// threshold of them (a jump is asked once, however many placeholders around its landing
  /// appear: Paging 3's idempotent jumps).
  /// - Complexity: O(placeholders shown + pages).
  var jumpLanding: Int? {
    // Under a display filter a list position is no source position to land on: the rows it
    // hides close up, and a landing whose rows it hides would move the placeholders on screen
    // and jump again. The edges load towards them instead (R25, R31).
    guard let threshold = configuration.jumpDistance, hasLoadedFirstPage, local.filter == nil,
      !viewport.placeholders.isEmpty
    else { return nil }
    let far = viewport.placeholders.filter { distanceBeyondLoadedRows($0) > threshold }
    guard let landing = far.min() else { return nil }
    if case .jump(let jump)? = refreshing.plan, refreshing.isRunning,
      far.allSatisfy({ abs($0 - jump.position) <= threshold })
    {
      return nil
    }
    // Another refresh in flight (a pull, an invalidation) lands first; its commit looks again.
    if refreshing.isRunning, !refreshing.isJump { return nil }
    // A refresh that failed for good, a jump's or another's, latches jumps as a failure latches
    // its edge (R7): a source that fails every refresh is not asked again by each far
    // placeholder, and a retry jumps again.
    if case .failed = refreshing { return nil }
    let end = loadedPositions.upperBound.saturatingAdding(placeholdersAfter)
    let halfPage = (rowCounts.max() ?? 0) / 2
    return Swift.max(0, Swift.min(landing.saturatingAdding(halfPage), end - 1))
  }

  /// Jumps to the row at `position` of the source's list: a new generation whose one request
  /// loads the page around it (``PageSource/cursor(around:)``); the loads at the edges and any
  /// jump in flight are cancelled, and their late answers dropped (R9). The origin stays: a
  /// jump moves within the list the user opened.
  mutating func jump(to position: Int) -> Transition<Cursor> {
    let cursor = configuration.jumpCursor?(position) ?? nil
    recordedMetrics.jumps += 1
    return beginRefresh(
      at: cursor, keepingOrigin: true,
      plan: .jump(JumpRefresh(position: position, cursor: cursor)))
  }

  // MARK: Refreshes that keep the place

  /// For a counted list whose source jumps, the refresh that keeps the place (R31): the pages
  /// from the one around the reload distance above the top row shown (placeholder or row) to
  /// the one that reaches the reload distance below the bottom one, fetched one after another
  /// and committed in one step, so that no row on screen, or within the reload distance of it,
  /// goes back to a placeholder. With nothing known to be shown (a restored list), the position
  /// the snapshot saw on top, else the row it kept in place, else the scroll anchor, stands for
  /// the screen (R28). `nil` when the
  /// list is not counted, the source cannot jump, or no row is known.
  /// - Complexity: O(placeholders shown + pages).
  mutating func beginPlaceKeepingRefresh(continuing: Bool = false) -> Transition<Cursor>? {
    guard configuration.jumpCursor != nil, configuration.jumpDistance != nil,
      let range = shownPositions ?? (restoredPosition ?? keptRowPosition).map({ $0...$0 })
    else { return nil }
    let top = Swift.max(0, range.lowerBound - reloadDistance)
    let bottom = range.upperBound.saturatingAdding(reloadDistance)
    let cursor = configuration.jumpCursor?(top) ?? nil
    let anchor = AnchorRefresh<Item.ID, Cursor>(
      cursor: cursor, row: anchoredPage?.row, beyondFirst: [], beyondLast: [])
    // Bounded: a page of one row covers one row, and the range is at most the rows shown plus
    // twice the reload distance.
    let pagesAtMost = Swift.max(1, Swift.min(bottom - top, 1_000))
    return beginRefresh(
      at: cursor, keepingOrigin: true, continuing: continuing,
      plan: .allLoaded(
        anchor,
        AllLoadedRefresh(count: pagesAtMost, cursor: cursor, coverThrough: bottom, coverFrom: top)))
  }

  /// The positions in the source's list of the rows shown (rows and placeholders), lowest to
  /// highest, or `nil` when the list is not counted or nothing is known to be shown.
  var shownPositions: ClosedRange<Int>? {
    guard pages.first?.itemsBefore != nil || pages.last?.itemsAfter != nil else { return nil }
    let loaded = loadedPositions
    var low = viewport.placeholders.min()
    var high = viewport.placeholders.max()
    if let lowest = viewport.lowest, let highest = viewport.highest {
      // Shown positions count hidden rows as the source's list does only without a filter;
      // with one, the window position of the shown row is looked up.
      let first = windowPosition(ofShown: lowest).saturatingAdding(loaded.lowerBound)
      let last = windowPosition(ofShown: highest).saturatingAdding(loaded.lowerBound)
      low = Swift.min(low ?? first, first)
      high = Swift.max(high ?? last, last)
    }
    guard let low, let high else { return nil }
    return low...high
  }

  /// The position in the source's list of the row a restored list keeps in place (the
  /// snapshot's refresh row, else the scroll anchor), when the list is counted.
  var keptRowPosition: Int? {
    guard pages.first?.itemsBefore != nil || pages.last?.itemsAfter != nil,
      let row = restoredRefreshRow ?? scrollAnchor, let position = store.position(of: row)
    else { return nil }
    return loadedPositions.lowerBound.saturatingAdding(position)
  }

  /// For a refresh that keeps the place, or a re-fetch of the loaded pages in a counted list
  /// whose source jumps, about to commit `plan`'s pages: when the screen has moved out of the
  /// range the refresh was planned for (a re-fetch: out of the positions its fresh pages
  /// take) while it loaded, the refresh that keeps the place, planned from the screen now, so
  /// that the rows on screen stay rows (R31); `nil` when the screen is within the range, or
  /// the list keeps no place.
  mutating func replanPlaceKeepingRefresh(_ plan: AllLoadedRefresh<Item, Cursor>)
    -> Transition<Cursor>?
  {
    guard let range = shownPositions else { return nil }
    let covered: ClosedRange<Int>
    if let from = plan.coverFrom, let through = plan.coverThrough {
      covered = from...Swift.max(from, through)
    } else {
      guard configuration.jumpCursor != nil, configuration.jumpDistance != nil,
        let from = plan.fetched.first?.page.itemsBefore
      else { return nil }
      let rows = plan.fetched.reduce(0) { $0.saturatingAdding($1.page.items.count) }
      // Fresh pages with no row: the list is empty now, and there is no place to keep.
      guard rows > 0 else { return nil }
      covered = from...from.saturatingAdding(rows - 1)
    }
    guard range.lowerBound < covered.lowerBound || range.upperBound > covered.upperBound else {
      return nil
    }
    return beginPlaceKeepingRefresh(continuing: true)
  }

  /// The window position (shown or hidden rows) of the shown row at `position`.
  func windowPosition(ofShown position: Int) -> Int {
    guard local.filter != nil, position >= 0, position < shownCount else { return position }
    return store.position(of: shown[position].id) ?? position
  }
}

extension RefreshActivity {
  /// Whether the refresh is a jump. Inlinable, as the row signals that ask it are: a getter
  /// called across modules runs unspecialized, copying the plan through the runtime's value
  /// witnesses and looking up its metadata, about a third of an appearance signal's time.
  @inlinable var isJump: Bool {
    switch self {
    case .loading(_, .jump), .waitingToRetry(_, _, .jump), .failed(_, .jump?): true
    case .idle, .loading, .waitingToRetry, .failed: false
    }
  }
}
