// Where a refresh starts (rulebook R27, fault class 21).

/// A refresh around the anchored row: the cursor it loads, and what lies on either side of the
/// anchored page in the old window (its pages, reloaded by their own cursors, and what lay
/// beyond them), for a source that returns no previous (or next) cursor.
struct AnchorRefresh<ID: Hashable & Sendable, Cursor: Hashable & Sendable>: Sendable {
  /// The cursor of the anchored page.
  var cursor: Cursor?
  /// The anchored row.
  var row: ID
  /// The chains before the anchored page, innermost last.
  var beyondFirst: [PageChain<Cursor>]
  /// The chains after the anchored page, innermost last.
  var beyondLast: [PageChain<Cursor>]
}

extension PagingStateMachine {
  /// ``PagingEvent/refresh`` by ``PagingConfiguration/refreshPolicy``: from the origin, or
  /// from the cursor that loaded the page holding the top visible row, which becomes the
  /// origin (a retry of that refresh loads it again).
  mutating func beginPolicyRefresh() {
    guard configuration.refreshPolicy == .aroundAnchor, let anchored = anchoredPage else {
      anchorRefresh = nil
      return beginRefresh(at: origin)
    }
    let entries = pages.entries
    anchorRefresh = AnchorRefresh(
      cursor: entries[anchored.index].cursor, row: anchored.row,
      beyondFirst: pages.beyondFirst + [prepend.chain]
        + entries[..<anchored.index].map { .reloading($0.cursor) },
      beyondLast: pages.beyondLast + [append.chain]
        + entries[(anchored.index + 1)...].reversed().map { .reloading($0.cursor) })
    beginRefresh(at: entries[anchored.index].cursor)
  }

  /// After a refresh around the anchored row committed: the old window's pages on either side
  /// of the anchored one can be reached again, from the cursors the source gives or, when it
  /// gives none, by their own cursors.
  mutating func anchorRefreshCommitted(_ request: PageRequest<Cursor>, _ page: Page<Item, Cursor>) {
    defer { anchorRefresh = nil }
    guard let anchorRefresh, anchorRefresh.cursor == request.cursor else { return }
    // The anchored row stays put when it is still there, also when no row was on screen (a
    // restored list).
    if scrollAnchor == nil, store.contains(id: anchorRefresh.row) {
      scrollAnchor = anchorRefresh.row
    }
    // A source that gives the cursor needs nothing set aside on that side.
    pages.beyondFirst = page.previousCursor == nil ? anchorRefresh.beyondFirst : []
    pages.beyondLast = page.nextCursor == nil ? anchorRefresh.beyondLast : []
    resumeChain(.prepend, given: page.previousCursor)
    resumeChain(.append, given: page.nextCursor)
  }

  /// The page holding the top visible row (else the scroll anchor) and that row, or `nil`
  /// when neither is known.
  /// - Complexity: O(pages).
  var anchoredPage: (index: Int, row: Item.ID)? {
    // Before any row has appeared (a restored list), the scroll anchor is the row to keep.
    guard let top = viewport.lowest ?? scrollAnchor.flatMap({ store.position(of: $0) }),
      let index = pages.page(holding: top)?.index
    else { return nil }
    return (index, store[top].id)
  }
}
