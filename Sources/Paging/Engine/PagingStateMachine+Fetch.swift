// What a caller of `fetchNextPage()` or `fetchPreviousPage()` waits for and gets (rulebook R15):
// the paginator and the explorer read it here, so that both answer the same way.

extension PagingStateMachine {
  /// The automatic retry a caller waiting for a page at `edge` waits for: the edge's own, or
  /// the refresh's, behind which an explicit load waits (R15) and the first page comes.
  package func fetchRetry(at edge: LoadDirection) -> ScheduledRetry? {
    activity(edge).scheduledRetry ?? refresh.scheduledRetry
  }

  /// The error a caller waiting for a page at `edge` gets once nothing it waits for is left:
  /// the refresh's while no first page of this list has loaded (rows of a previous query may
  /// still be shown, R24: no edge loads from them), else the edge's. `nil` when it gets the
  /// rows the page added. Without the first, a loop over `fetchNextPage()` would spin while
  /// a failed query change leaves the previous query's rows on screen (fault class 8).
  package func fetchError(at edge: LoadDirection) -> PagingError? {
    if !hasLoadedFirstPage, let error = refreshState.error { return error }
    return loadState(edge).error
  }
}
