// Invalidation (rulebook R30): the source's data changed, so the list reloads around the row on
// screen in a new generation, whether the app says so or the source answers a load "invalid".

extension PagingStateMachine {
  /// ``PagingEvent/invalidate``: a new generation that reloads the page holding the anchored
  /// row, as ``RefreshPolicy/aroundAnchor`` does (the origin when no row is known), and that
  /// supersedes a refresh in flight or waiting to retry instead of joining it: that refresh's
  /// page may predate the change. With nothing loaded and nothing loading, there is nothing to
  /// reload: the first load reads the new data.
  /// - Parameter invalidAnswers: The "invalid" answers in a row that led here (0 when the app
  ///   invalidated).
  /// - Complexity: O(pages + visible rows + edits).
  mutating func invalidate(invalidAnswers: Int = 0) -> Transition<Cursor> {
    // Nothing to reload: the first load reads the new data (R30).
    guard hasLoadedFirstPage || refreshing.isRunning else { return .none }
    // In a counted list whose source jumps, this keeps the place (R31).
    let transition = beginPolicyRefresh(.aroundAnchor)
    countInvalidAnswers(invalidAnswers)
    return transition
  }

  /// An invalidation whose source names the page to reload: `cursor`, where the anchored row
  /// now is (a cache whose page numbering another writer's refresh restarted). Otherwise as
  /// ``invalidate(invalidAnswers:)``; the pages beside it come from the cursors it gives.
  /// - Parameters:
  ///   - cursor: The page to reload.
  ///   - changes: Receives what changed of the observable state.
  /// - Returns: The effects to run.
  /// - Complexity: O(pages + visible rows + edits).
  package mutating func invalidate(
    reloadingAt cursor: Cursor?, changes: inout PagingChanges
  ) -> [PagingEffect<Cursor>] {
    let before = ObservedValues(self)
    guard hasLoadedFirstPage || refreshing.isRunning else { return [] }  // as above (R30)
    let anchor = AnchorRefresh<Item.ID, Cursor>(
      cursor: cursor, row: anchoredPage?.row, beyondFirst: [], beyondLast: [])
    let transition = beginRefresh(at: cursor, plan: .aroundAnchor(anchor))
    return effects(of: transition, since: before, changes: &changes)
  }

  /// A load answered ``PageSourceInvalidated``: while fewer than
  /// ``PagingConfiguration/reloadsAfterInvalidation`` such answers came in a row, the answer
  /// is dropped and the list invalidates itself; `nil` otherwise (and for an answer no load
  /// in flight is waiting for), and the answer is a failure like any other: it is not
  /// retryable, so the direction fails until a retry. "In a row" spans directions and the
  /// reloads between them: only a page that is not such a reload's own starts the count again
  /// (``invalidAnswersInARow``), so a source whose first page loads and whose next page always
  /// answers "invalid" cannot loop (R7, R30).
  /// - Complexity: O(pages + visible rows + edits).
  mutating func invalidAnswer(_ id: PageRequestID, _ error: any Error) -> Transition<Cursor>? {
    guard Self.isInvalidAnswer(error) else { return nil }
    for direction in LoadDirection.allCases {
      guard case .loading(let attempt) = activity(direction),
        attempt.request.id == id || attempt.hedge?.id == id,
        attempt.request.generation == generation
      else { continue }
      let answers = invalidAnswersInARow + 1
      guard answers <= configuration.reloadsAfterInvalidation else {
        invalidAnswersInARow = 0  // the direction fails: a retry is the user's, and counts anew
        return nil
      }
      invalidAnswersInARow = answers
      return invalidate(invalidAnswers: answers)
    }
    return nil
  }

  /// Whether `error` is the source's "invalid" answer, also wrapped in
  /// ``PagingError/sourceFailed(_:)``.
  static func isInvalidAnswer(_ error: any Error) -> Bool {
    switch error {
    case is PageSourceInvalidated: true
    case PagingError.sourceFailed(let inner): isInvalidAnswer(inner)
    default: false
    }
  }

  /// Records on the refresh's load that `answers` "invalid" answers in a row led to it.
  private mutating func countInvalidAnswers(_ answers: Int) {
    guard answers > 0, case .loading(var attempt, let plan) = refreshing else { return }
    attempt.invalidAnswers = answers
    refreshing = .loading(attempt, plan)
  }
}
