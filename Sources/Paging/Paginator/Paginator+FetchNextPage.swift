extension Paginator {
  /// Loads the next page and waits for the outcome: TanStack Query's `fetchNextPage()`, for
  /// code that pulls pages in a loop rather than from row appearances.
  ///
  /// ```swift
  /// await feed.start()
  /// while feed.hasNextPage { try await feed.fetchNextPage() }  // always ends
  /// ```
  ///
  /// It sends what ``loadNextPage()`` sends (the first page if none has loaded), then waits
  /// until no load is in flight and reports: the number of items the page added, `0` when the
  /// list was already complete, or a throw when the first page or the append direction is
  /// failed. A latched failure throws at once without a request (call ``retry()`` first), so a
  /// loop over this call ends at the first failure instead of spinning; a run of pages without
  /// new items ends in ``PagingError/noNewItems(pages:)`` (fault classes 8 and 14).
  ///
  /// **Why another name**: an `async` overload of the synchronous ``loadNextPage()`` would be
  /// the one Swift picks in every async context, `.task {}` and `Task {}` included, so
  /// existing calls there without `await` would stop compiling. A distinct name keeps every
  /// existing call as it is.
  ///
  /// The load runs in a task the paginator owns: cancelling the caller stops the wait, not
  /// the load. Without code outside this call, an automatic retry's wait is not waited for:
  /// the failure that scheduled it is thrown.
  /// - Returns: How many items the page added (after de-duplication).
  /// - Throws: The ``PagingError`` of the failed first page or append direction.
  @discardableResult
  public func fetchNextPage() async throws(PagingError) -> Int {
    let before = items.count
    loadNextPage()
    await waitUntilIdle()
    if let error = refreshState.error, items.isEmpty { throw error }
    if let error = appendState.error { throw error }
    return max(0, items.count - before)
  }
}
