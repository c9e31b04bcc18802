// The visible set as a row signal: what iOS 18's scroll-target visibility reports, turned into
// the appearances and disappearances `onAppear` and `onDisappear` would have told (rulebook R1
// to R3 hold unchanged whichever signal the list uses).

extension Paginator {
  /// Tells the paginator which rows are visible now, as SwiftUI's
  /// `onScrollTargetVisibilityChange(idType:threshold:_:)` (iOS 18) reports them, so that the
  /// engine gets the signals `onAppear` and `onDisappear` give (`PagingSwiftUI`'s
  /// `pagingVisibleRows(_:threshold:)` calls it).
  ///
  /// A lazy container draws, and fires `onAppear` for, `drawnAround` rows beyond each side of
  /// the viewport (`List` about 2); the visible set leaves them out. So the rows told shown are
  /// the visible ones and `drawnAround` loaded rows on each side of them: each row that was not
  /// shown is told as ``rowAppeared(_:)-(Item)`` tells it, and each row shown before and not
  /// now as ``rowDisappeared(_:)-(Item)`` tells it, first. The same prefetch distance then
  /// starts a page as early as with `onAppear`. The rows shown before are the engine's own
  /// (told appeared and not disappeared since, until a refresh or a new query starts a new
  /// list), so nothing is kept beside them.
  /// - Parameters:
  ///   - ids: The ids of the rows visible now, in any order; ids of rows not loaded, or
  ///     hidden by ``filter``, are ignored.
  ///   - drawnAround: The rows beyond each side of the visible ones that count as shown
  ///     (default 2, as `List` draws; 0 for the visible rows only; below 0 counts as 0), in
  ///     shown rows: rows the filter hides are skipped, as the list skips them.
  /// - Complexity: O(*v* + *n* + `drawnAround`) for the *v* rows shown before (at most 512)
  ///   and the *n* ids given, plus O(*v*) for each row that leaves while it is the lowest or
  ///   highest shown: O(*v*²) at worst, when a whole screen is replaced.
  @inlinable public func visibleRowsChanged(_ ids: some Collection<Item.ID>, drawnAround: Int = 2) {
    // Positions among the rows the list shows: a row the filter hides is in no list, so it is
    // neither visible nor drawn around one (R25).
    let list = machine.shown
    var lowest = Int.max
    var highest = Int.min
    var told: [Item.ID] = []
    for id in ids {
      guard let position = list.position(of: id) else { continue }
      told.append(id)
      lowest = min(lowest, position)
      highest = max(highest, position)
    }
    if lowest <= highest {
      let margin = min(max(0, drawnAround), list.count)
      let above = max(0, lowest - margin)..<lowest
      let below = (highest + 1)..<min(list.count, highest + 1 + margin)
      told = above.map { list[$0].id } + told + below.map { list[$0].id }
    }
    let before = machine.viewport.visible
    let now = Set(told)
    for id in before where !now.contains(id) { disappeared(.id(id)) }
    for id in told where !before.contains(id) { appeared(.id(id)) }
  }
}
