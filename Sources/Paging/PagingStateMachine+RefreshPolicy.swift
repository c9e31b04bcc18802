// Where a refresh starts (rulebook R23, fault class 21).

/// A refresh around the anchored row: the cursor it loads, and what lies on either side of the
/// anchored page in the old window (its pages, reloaded by their own cursors, and what lay
/// beyond them), for a source that returns no previous (or next) cursor.
struct AnchorRefresh<Cursor: Hashable & Sendable>: Sendable {
  /// The cursor of the anchored page.
  var cursor: Cursor?
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
      cursor: entries[anchored].cursor,
      beyondFirst: pages.beyondFirst + [prepend.chain]
        + entries[..<anchored].map { .reloading($0.cursor) },
      beyondLast: pages.beyondLast + [append.chain]
        + entries[(anchored + 1)...].reversed().map { .reloading($0.cursor) })
    beginRefresh(at: entries[anchored].cursor)
  }

  /// After a refresh around the anchored row committed: the old window's pages on either side
  /// of the anchored one can be reached again, from the cursors the source gives or, when it
  /// gives none, by their own cursors.
  mutating func anchorRefreshCommitted(_ request: PageRequest<Cursor>, _ page: Page<Item, Cursor>) {
    defer { anchorRefresh = nil }
    guard let anchorRefresh, anchorRefresh.cursor == request.cursor else { return }
    pages.beyondFirst = anchorRefresh.beyondFirst
    pages.beyondLast = anchorRefresh.beyondLast
    resumeChain(.prepend, given: page.previousCursor)
    resumeChain(.append, given: page.nextCursor)
  }

  /// The index of the page holding the top visible row, or `nil` when no row is known to be
  /// visible.
  /// - Complexity: O(pages).
  var anchoredPage: Int? {
    guard let lowest = viewport.lowest else { return nil }
    return pages.page(holding: lowest)?.index
  }
}
