// Invalidation from outside the list (rulebook R30): the app, or a source that learns of
// another writer, tells the paginator that the data it pages changed.

extension Paginator {
  /// Tells the list that the data it pages changed (another writer of the same table, a
  /// background sync, an edit through another list): a new generation reloads the page that
  /// holds the row on screen, which stays where it is (rulebook R30, R19), whatever
  /// ``PagingConfiguration``'s `refreshPolicy` says. A refresh in flight is superseded, not
  /// joined: its page may predate the change. The old items stay until the new page commits,
  /// and stay with the error shown if it fails. Before anything has loaded, nothing happens.
  ///
  /// Android Paging 3's `PagingSource.invalidate()`; TanStack Query's `invalidateQueries`,
  /// which also cancels a refetch in flight. Unlike both, the list keeps its place with one
  /// request (the anchored page), and grows both ways from it as rows near its edges appear.
  /// - Complexity: O(pages + visible rows + edits).
  public func invalidate() { send(.invalidate) }

  /// An invalidation whose source names the cursor of the page to reload (where the anchored
  /// row now is), for a source that numbers its pages by place and whose numbering changed.
  /// - Parameter cursor: The page to reload.
  package func invalidate(reloadingAt cursor: Cursor?) {
    apply { $0.invalidate(reloadingAt: cursor, changes: &$1) }
  }

  /// The id of the row an invalidation keeps on screen: the top visible row the server sent
  /// (else the scroll anchor), or `nil` when no loaded row is known. A source that renumbers
  /// its pages finds this row's new page with it, for ``invalidate(reloadingAt:)``.
  /// - Complexity: O(pages + visible rows + edits).
  package var anchoredRow: Item.ID? { machine.anchoredPage?.row }

  /// Calls `check` every `interval` on the paginator's timers (a test clock steps them) until
  /// the paginator goes away; a later call replaces the earlier poll. For a source that can
  /// only ask whether its data changed (a database another process writes).
  /// - Parameters:
  ///   - interval: The time between two checks.
  ///   - check: Runs on the main actor; it invalidates the list when the data changed.
  package func pollForInvalidation(
    every interval: Duration, _ check: @escaping @MainActor @Sendable () -> Void
  ) {
    if let invalidationPoll { timers.cancelTimer(invalidationPoll) }
    invalidationPoll = timers.setTimer(after: interval) { [weak self] in
      guard let self else { return }
      check()
      self.pollForInvalidation(every: interval, check)
    }
  }
}
