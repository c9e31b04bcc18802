// Where a refresh starts, and how many pages it fetches (rulebook R27, fault class 21).

/// A refresh around the anchored row, or the re-fetch of the loaded pages: the cursor it
/// starts at, and what lies on either side of the pages it reloads in the old window (their
/// neighbours, reloaded by their own cursors, and what lay beyond them), for a source that
/// returns no previous (or next) cursor.
@usableFromInline
struct AnchorRefresh<ID: Hashable & Sendable, Cursor: Hashable & Sendable>: Sendable {
  /// The cursor of the first page it reloads: the anchored page's.
  var cursor: Cursor?
  /// The anchored row, if one was known.
  var row: ID?
  /// The chains before the anchored page, innermost last.
  var beyondFirst: [PageChain<Cursor>]
  /// The chains after the anchored page, innermost last.
  var beyondLast: [PageChain<Cursor>]
}

/// The re-fetch of the loaded pages (``RefreshPolicy/allLoaded(limit:)``) in flight: the
/// pages fetched so far in this refresh, held apart until the last one arrives, and the
/// cursor of the page being fetched (where a retry goes on).
@usableFromInline
package struct AllLoadedRefresh<Item: Sendable, Cursor: Hashable & Sendable>: Sendable {
  /// How many pages it fetches at most.
  var count: Int
  /// The pages fetched so far, in order, each with the cursor that loaded it.
  package internal(set) var fetched: [(cursor: Cursor?, page: Page<Item, Cursor>)] = []
  /// The cursor of the page being fetched (or to fetch again after a failure).
  var cursor: Cursor?
  /// For a refresh that keeps the place in a counted list (R31): the position in the source's
  /// list the fetched pages must reach; it stops at the first page that reaches it, or that
  /// counts nothing. `nil` for the re-fetch of the loaded pages.
  var coverThrough: Int? = nil
  /// The position the refresh's range starts at, in the source's list (with ``coverThrough``).
  var coverFrom: Int? = nil

  /// Whether the pages fetched so far reach ``coverThrough`` (always false without one).
  func covers(_ page: Page<Item, Cursor>) -> Bool {
    guard let coverThrough else { return false }
    guard let before = page.itemsBefore else { return true }
    return before.saturatingAdding(page.items.count) > coverThrough
  }

  /// Whether `cursor` loaded one of the pages fetched so far.
  func hasFetched(_ cursor: Cursor) -> Bool { fetched.contains { $0.cursor == cursor } }
}

extension PagingStateMachine {
  /// ``PagingEvent/refresh`` (by ``PagingConfiguration``'s `refreshPolicy`) or
  /// ``PagingEvent/refreshWith(_:)``: from the origin; or from the cursor that loaded the page
  /// holding the top visible row, which becomes the origin (a retry of that refresh loads it
  /// again); or the re-fetch of the loaded pages.
  /// While the rows shown are a previous query's (R24: a `keepPrevious` change whose first page
  /// has not committed), their pages and cursors belong to that query, and the edges were
  /// reset: every policy reloads from the origin, as the query change itself did.
  mutating func beginPolicyRefresh(_ policy: RefreshPolicy) -> Transition<Cursor> {
    if local.showingPreviousQuery { return beginRefresh(at: origin) }
    // A counted list whose source jumps keeps its place whatever the policy (R31); a re-fetch
    // of the loaded pages keeps it already.
    let refetchesLoadedPages = if case .allLoaded = policy { true } else { false }
    if !refetchesLoadedPages, let refresh = beginPlaceKeepingRefresh() { return refresh }
    if case .allLoaded(let limit) = policy, hasLoadedFirstPage, pages.count > 0 {
      return beginAllLoadedRefresh(limit: Swift.max(1, limit))
    }
    guard policy == .aroundAnchor, let anchored = anchoredPage else {
      return beginRefresh(at: origin)
    }
    let entries = pages.entries
    let anchor = AnchorRefresh(
      cursor: entries[anchored.index].cursor, row: anchored.row,
      beyondFirst: pages.beyondFirst + [prepend.chain]
        + entries[..<anchored.index].map { .reloading($0.cursor) },
      beyondLast: pages.beyondLast + [append.chain]
        + entries[(anchored.index + 1)...].reversed().map { .reloading($0.cursor) })
    return beginRefresh(at: entries[anchored.index].cursor, plan: .aroundAnchor(anchor))
  }

  /// The re-fetch of the loaded pages (``RefreshPolicy/allLoaded(limit:)``): `limit` pages at
  /// most, from the page holding the anchored row downwards (or the last `limit` pages when
  /// fewer follow it; from the first page when no row is known), one after another, at the
  /// cursor that loaded the first of them and then at the fresh pages' next cursors. The
  /// origin stays: the list is still the one opened there.
  /// - Complexity: O(pages).
  private mutating func beginAllLoadedRefresh(limit: Int) -> Transition<Cursor> {
    let entries = pages.entries
    let anchored = anchoredPage
    let count = Swift.min(limit, entries.count)
    let first = Swift.min(anchored?.index ?? 0, entries.count - count)
    let cursor = entries[first].cursor
    let anchor = AnchorRefresh(
      cursor: cursor, row: anchored?.row,
      beyondFirst: pages.beyondFirst + [prepend.chain]
        + entries[..<first].map { .reloading($0.cursor) },
      beyondLast: [])
    return beginRefresh(
      at: cursor, keepingOrigin: true,
      plan: .allLoaded(anchor, AllLoadedRefresh(count: count, cursor: cursor)))
  }

  /// A failed refresh started again with `plan`: a re-fetch of the loaded pages goes on at the
  /// page that failed, with the pages it already fetched; any other refresh loads at the
  /// origin again.
  /// - Parameter continuing: Whether it is the same refresh (a retry, automatic or manual), in
  ///   the same generation.
  mutating func restartRefresh(
    automaticRetries: Int = 0, continuing: Bool = false, plan: RefreshPlan<Item, Cursor>?
  ) -> Transition<Cursor> {
    let cursor: Cursor?
    let keepingOrigin: Bool
    switch plan {
    case .allLoaded(_, let fetching)?:
      (cursor, keepingOrigin) = (fetching.cursor, true)
    case .jump(let jump)?:
      (cursor, keepingOrigin) = (jump.cursor, true)
    default:
      (cursor, keepingOrigin) = (origin, false)
    }
    return beginRefresh(
      at: cursor, automaticRetries: automaticRetries, keepingOrigin: keepingOrigin,
      continuing: continuing, plan: plan ?? .onePage)
  }

  /// A page of the re-fetch of the loaded pages arrived: fetches the next one at the fresh
  /// page's next cursor, in the same generation, or, after the last page (the count reached,
  /// the fresh chain's end, or a cursor it already fetched), commits them all in one step.
  mutating func allLoadedPageArrived(
    _ anchor: AnchorRefresh<Item.ID, Cursor>, _ plan: AllLoadedRefresh<Item, Cursor>,
    _ request: PageRequest<Cursor>, _ page: Page<Item, Cursor>
  ) -> Transition<Cursor> {
    var plan = plan
    plan.fetched.append((request.cursor, page))
    if plan.fetched.count < plan.count, !plan.covers(page), let next = page.nextCursor,
      !plan.hasFetched(next)
    {
      plan.cursor = next
      return Transition(startLoad(.refresh, cursor: next, plan: .allLoaded(anchor, plan)))
    }
    // The screen moved out of the range a refresh that keeps the place was planned for: it is
    // planned again from the screen, in the same generation (R31).
    if let replanned = replanPlaceKeepingRefresh(plan) { return replanned }
    let first = plan.fetched[0]
    let last = plan.fetched[plan.fetched.count - 1]
    let window = Page(
      items: plan.fetched.flatMap { $0.page.items }, nextCursor: last.page.nextCursor,
      previousCursor: first.page.previousCursor, itemsBefore: first.page.itemsBefore,
      itemsAfter: last.page.itemsAfter)
    var transition = commitRefresh(plan.fetched.map { $0.cursor }, window)
    // Each page holds the rows of the window that came first from it; a row inserted by an
    // edit joins the page of the row after it (the last page at the end), as an edit puts it.
    var origins: [Item.ID: Int] = [:]
    for (index, fetched) in plan.fetched.enumerated() {
      for item in fetched.page.items where origins[item.id] == nil { origins[item.id] = index }
    }
    var pageOfRow = store.items.map { origins[$0.id] }
    var next = plan.fetched.count - 1
    for position in pageOfRow.indices.reversed() {
      if let page = pageOfRow[position] { next = page } else { pageOfRow[position] = next }
    }
    var rows = [[Item]](repeating: [], count: plan.fetched.count)
    var current = 0
    for (position, page) in pageOfRow.enumerated() {
      current = Swift.max(current, page ?? current)
      rows[current].append(store[position])
    }
    let chunks = store.replaceAll(withPages: rows)
    let entries = zip(plan.fetched, chunks).map { fetched, chunks in
      LoadedPages<Cursor>.Entry(fetched.page, at: fetched.cursor, chunks: chunks)
    }
    pages.reset(to: entries[0])
    for entry in entries.dropFirst() { pages.append(entry) }
    anchorRefreshCommitted(anchor, window)
    transition.add(dropPagesOverCap(after: .refresh))
    return transition
  }

  /// After a refresh around the anchored row (or a re-fetch of the loaded pages) committed:
  /// the old window's pages before (and after) the reloaded ones can be reached again, from
  /// the cursors the source gives or, when it gives none, by their own cursors.
  /// - Parameters:
  ///   - anchorRefresh: The refresh's plan: the anchored row and what lay beyond its pages.
  ///   - page: The refresh's window: its first page's previous cursor, its last's next one.
  mutating func anchorRefreshCommitted(
    _ anchorRefresh: AnchorRefresh<Item.ID, Cursor>, _ page: Page<Item, Cursor>
  ) {
    // The anchored row stays put when it is still there, also when no row was on screen (a
    // restored list).
    if scrollAnchor == nil, let row = anchorRefresh.row, shown.contains(id: row) {
      scrollAnchor = row
    }
    // A source that gives the cursor needs nothing set aside on that side.
    pages.beyondFirst = page.previousCursor == nil ? anchorRefresh.beyondFirst : []
    pages.beyondLast = page.nextCursor == nil ? anchorRefresh.beyondLast : []
    resumeChain(.prepend, given: page.previousCursor)
    resumeChain(.append, given: page.nextCursor)
  }

  /// The top visible row that came from the server: a row inserted by an edit belongs to no
  /// page the server could send again, so the first visible row below it is the one whose page
  /// a refresh reloads (the inserted row goes back in by the edit, R23). The top visible row
  /// when every visible row was inserted; `nil` when no row is known to be visible.
  /// - Complexity: O(visible rows + edits).
  var topServerRow: Item.ID? {
    guard let lowest = viewport.lowest, let highest = viewport.highest else { return nil }
    let shown = self.shown
    let inserted = local.insertedIDs
    guard !inserted.isEmpty else { return shown[lowest].id }
    for position in lowest...Swift.min(highest, shown.count - 1)
    where !inserted.contains(shown[position].id) {
      return shown[position].id
    }
    return shown[lowest].id
  }

  /// The page holding the top visible row that came from the server (else the scroll anchor)
  /// and that row, or `nil` when neither is known.
  /// - Complexity: O(pages + visible rows + edits).
  var anchoredPage: (index: Int, row: Item.ID)? {
    // Before any row has appeared (a restored list), the snapshot's refresh row, else the
    // scroll anchor, the row to keep; a row the filter hides is on no screen, so it keeps no
    // place, as a hidden scroll anchor is forgotten (R25).
    let restored = restoredRefreshRow.flatMap { shown.contains(id: $0) ? $0 : nil }
    guard let row = topServerRow ?? restored ?? scrollAnchor,
      let position = store.position(of: row),
      let index = pageIndex(holding: position)?.index
    else { return nil }
    return (index, row)
  }
}
