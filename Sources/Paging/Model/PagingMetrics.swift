/// Counters of what a paginator did, for tests, logs and the benchmark. All counts start at 0
/// and only grow.
public struct PagingMetrics: Hashable, Sendable {
  /// Requests the engine started. Each reaches the source, except one cancelled in the same
  /// turn as it started (a refresh right after a row's signal), whose task ends before it
  /// calls the source (rulebook R17): it is counted here all the same.
  public var requestsStarted = 0
  /// Requests whose page committed.
  public var requestsCompleted = 0
  /// Requests that failed (cancellations not included).
  public var requestsFailed = 0
  /// Requests cancelled, by the engine (refresh, `cancel()`) or reported by the source.
  package var requestsCancelled = 0
  /// Results dropped because their request was no longer current (an older generation, or
  /// already cancelled).
  package var staleResultsDropped = 0
  /// Items added to the list by commits.
  package var itemsCommitted = 0
  /// Of ``itemsCommitted``, those appended pages added (what `fetchNextPage()` reports).
  package var itemsAppended = 0
  /// Of ``itemsCommitted``, those prepended pages added (what `fetchPreviousPage()` reports).
  package var itemsPrepended = 0
  /// Shown items the memory cap dropped at the start of the window.
  package var itemsDroppedAtStart = 0
  /// Shown items the memory cap dropped at the end of the window.
  package var itemsDroppedAtEnd = 0
  /// Items dropped because their id was already loaded (``DuplicatePolicy/keepFirst``).
  public var duplicatesDropped = 0
  /// Items that replaced an item with the same id (``DuplicatePolicy/replace``).
  public var duplicatesReplaced = 0
  /// Row appearance signals received.
  @usableFromInline package var appearanceSignals = 0
  /// Row appearance signals that started no request (not near the end, a load already in
  /// flight, the end reached, a failure latched, or an unknown row).
  @usableFromInline package var appearanceSignalsIgnored = 0
  /// Automatic retries scheduled by the retry policy.
  public var retriesScheduled = 0
  /// Pages dropped by the memory cap (``PagingConfiguration``'s `maxSize`).
  public var pagesDropped = 0
  /// Hedges sent (``PagingConfiguration``'s `hedging`): second requests for a page whose first
  /// request was slow. Not counted in ``requestsStarted``; never a duplicate request.
  public var hedgesStarted = 0
  /// Hedges whose answer came first and committed.
  public var hedgesWon = 0
  /// Jumps started: a placeholder on screen lay farther than the jump threshold beyond the
  /// loaded rows, and the page around it was requested (rulebook R31). Each is one request in
  /// ``requestsStarted`` too.
  public var jumps = 0
  /// Times the engine found a state its rules rule out and ended the load concerned with
  /// ``PagingError/internalInconsistency(_:)`` (debug builds trap instead). Always 0 unless
  /// the engine has a defect.
  public var internalInconsistencies = 0

  /// Creates counters at zero.
  package init() {}
}
