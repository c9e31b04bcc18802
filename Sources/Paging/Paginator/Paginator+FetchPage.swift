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
  /// failed. The first page is failed also while a failed query change leaves the previous
  /// query's rows on screen (``isShowingPreviousQuery``): no edge loads from them (R24). A
  /// latched failure throws at once without a request (call ``retry()`` first), so a
  /// loop over this call ends at the first failure instead of spinning; a run of pages without
  /// new items ends in ``PagingError/noNewItems(pages:)`` (fault classes 8 and 14). Called
  /// during a refresh, it waits for the refresh, its automatic retries included, and then for
  /// the page, which loads once the refresh commits if the new list has one (R15).
  ///
  /// **Why another name**: an `async` overload of the synchronous ``loadNextPage()`` would be
  /// the one Swift picks in every async context, `.task {}` and `Task {}` included, so
  /// existing calls there without `await` would stop compiling. A distinct name keeps every
  /// existing call as it is.
  ///
  /// **Automatic retries are waited out**, as TanStack Query's `fetchNextPage()` resolves
  /// only after its query's retries: a transient failure that the ``RetryPolicy`` retries
  /// (the default retries four times, at once and then after about 1 s, 2 s and 4 s) is not
  /// thrown; the call waits for each retry, on the paginator's clock, and returns the page the
  /// retry loaded, or throws once the policy gives up. Otherwise a pull loop would end at the
  /// first blip that the same paginator heals by itself a second later, while a walk
  /// (PagingWalk's `pages(from:options:clock:)`) heals it. With ``RetryPolicy/manual`` a
  /// failure throws at once; a `Retry-After` longer than the policy's `maxDelay` throws
  /// ``PagingError/retryAfterTooLong(wait:maxDelay:error:)`` at once.
  ///
  /// The load runs in a task the paginator owns: cancelling the caller stops the wait for a
  /// retry (the failure is thrown), not the load or the retry. ``cancel()`` cancels the retry,
  /// and the call throws the failure that scheduled it.
  /// - Returns: How many rows the call's edge added to ``items``: the page's new rows, after
  ///   de-duplication and the display filter, less the rows a memory cap (`maxSize`) dropped
  ///   at that edge meanwhile; drops at the other edge do not count. So `0` means a page that
  ///   brought nothing new, or one the cap dropped as it arrived because the screen is far
  ///   from that edge: a loop that reads while the count is above 0 ends then.
  /// - Throws: The ``PagingError`` of the failed first page or append direction.
  /// - Complexity: O(*m* + pages) for the commit of a page of *m* items, besides waiting for
  ///   the load.
  @discardableResult
  public func fetchNextPage() async throws(PagingError) -> Int {
    try await fetch(.append)
  }

  /// Loads the previous page (towards the top) and waits for the outcome: TanStack Query's
  /// `fetchPreviousPage()`, the ``fetchNextPage()`` of the prepend direction, for a chat or a
  /// list opened in the middle (``start(at:)``) that code reads upward.
  ///
  /// ```swift
  /// await chat.start(at: .newest)
  /// while chat.hasPreviousPage { try await chat.fetchPreviousPage() }  // always ends
  /// ```
  ///
  /// It sends what ``loadPreviousPage()`` sends, then waits as ``fetchNextPage()`` does,
  /// automatic retries included, and reports the number of items the page added above the
  /// others, `0` when the list was already complete at the top (or nothing has loaded yet: the
  /// first page comes from ``start(at:)``), or a throw when the first page or the
  /// prepend direction is failed.
  /// - Returns: How many rows the call's edge added to ``items``: the page's new rows, after
  ///   de-duplication and the display filter, less the rows a memory cap (`maxSize`) dropped
  ///   at that edge meanwhile; drops at the other edge do not count. So `0` means a page that
  ///   brought nothing new, or one the cap dropped as it arrived because the screen is far
  ///   from that edge: a loop that reads while the count is above 0 ends then.
  /// - Throws: The ``PagingError`` of the failed first page or prepend direction.
  /// - Complexity: O(*m* + pages) for the commit of a page of *m* items, besides waiting for
  ///   the load.
  @discardableResult
  public func fetchPreviousPage() async throws(PagingError) -> Int {
    try await fetch(.prepend)
  }

  /// Starts the load at `edge`, then waits until no load is in flight and no automatic retry
  /// of that edge, or of the refresh it waits behind, is pending (R15).
  private func fetch(_ edge: LoadDirection) async throws(PagingError) -> Int {
    // The rows this edge's pages add, less those the cap drops at this edge (a page dropped as
    // it arrived, the screen being far from it, adds nothing: a loop that reads while the count
    // is above 0 ends); and when no page has loaded, the first page's rows, which the call
    // loads (or waits for) as a refresh, once: a prepend call then counts none.
    let opensList = machine.pages.count == 0 && edge == .append
    func added() -> Int {
      let metrics = machine.metrics
      let (this, other, dropped) =
        edge == .prepend
        ? (metrics.itemsPrepended, metrics.itemsAppended, metrics.itemsDroppedAtStart)
        : (metrics.itemsAppended, metrics.itemsPrepended, metrics.itemsDroppedAtEnd)
      return (opensList ? metrics.itemsCommitted - other : this) - dropped
    }
    let before = added()
    if edge == .prepend { loadPreviousPage() } else { loadNextPage() }
    await waitForLoadsToEnd()
    // A retry's timer starts its load when it fires; the load is then waited for in turn.
    while let retry = machine.fetchRetry(at: edge), !Task.isCancelled {
      await waitForRetry(retry.id)
      await waitForLoadsToEnd()
    }
    if let error = machine.fetchError(at: edge) { throw error }
    return max(0, added() - before)
  }
}
