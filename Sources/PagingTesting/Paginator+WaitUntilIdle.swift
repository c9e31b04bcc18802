import Paging

extension Paginator {
  /// Waits until every load the paginator started has been applied: no load is in flight, and
  /// every load it cancelled has ended and had any late result dropped. For tests: after
  /// completing or failing a `ScriptedPageSource` request, await this before checking
  /// `items` or the load states, so the check never races the paginator's tasks.
  ///
  /// ```swift
  /// source.fail(append, with: Timeout())
  /// await feed.waitUntilIdle()
  /// #expect(feed.appendState == .failed(.sourceFailed(Timeout())))
  /// ```
  ///
  /// An automatic retry waiting for its timer is not waited for (advance the `TestClock`
  /// first). With a source that never answers it never returns.
  /// - Complexity: O(*l*) for the *l* loads in flight or cancelled and not yet ended, besides
  ///   waiting for them.
  public func waitUntilIdle() async { await waitForLoadsToEnd() }
}
