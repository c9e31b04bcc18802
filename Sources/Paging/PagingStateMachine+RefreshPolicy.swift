// Where a refresh starts (rulebook R23, fault class 21).

extension PagingStateMachine {
  /// The cursor ``PagingEvent/refresh`` loads, by ``PagingConfiguration/refreshPolicy``: the
  /// origin, or the cursor that loaded the page holding the top visible row.
  var refreshCursor: Cursor? {
    switch configuration.refreshPolicy {
    case .fromStart: return origin
    case .aroundAnchor: return anchorPageCursor ?? origin
    }
  }

  /// The cursor that loaded the page holding the top visible row (the row a refresh keeps in
  /// place), or `nil` when no row is known to be visible. A page loaded without a cursor
  /// (the source's first page) gives `nil` too: the origin of a list opened at its start.
  /// - Complexity: O(pages).
  var anchorPageCursor: Cursor? {
    guard let lowest = viewport.lowest, let holding = pages.page(holding: lowest) else {
      return nil
    }
    return pages.entries[holding.index].cursor
  }
}
