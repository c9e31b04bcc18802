// The machine's loads: starting, retrying, cancelling, and the outcome of each request.

extension PagingStateMachine {
  /// The edge of `direction` (`.prepend` or `.append`).
  private subscript(edge direction: LoadDirection) -> Edge<Cursor> {
    get { direction == .prepend ? prepend : append }
    set {
      if direction == .prepend { prepend = newValue } else { append = newValue }
    }
  }

  /// Sets the activity of `direction`; a refresh's with `plan`, which a load in flight and a
  /// retry waiting for its timer must have.
  mutating func setActivity(
    _ direction: LoadDirection, _ activity: LoadActivity<Cursor>,
    plan: RefreshPlan<Item, Cursor>? = nil
  ) {
    switch (direction, activity, plan) {
    case (.refresh, .idle, _): refreshing = .idle
    case (.refresh, .loading(let attempt), let plan?): refreshing = .loading(attempt, plan)
    case (.refresh, .waitingToRetry(let retry, let error), let plan?):
      refreshing = .waitingToRetry(retry, error, plan)
    case (.refresh, .failed(let error), _): refreshing = .failed(error, plan)
    case (.refresh, _, nil):
      internalInconsistency("a refresh runs without a plan (R27)", failing: .refresh)
    case (.prepend, _, _): prepend.activity = activity
    case (.append, _, _): append.activity = activity
    }
  }

  /// A state the rules rule out: traps in debug builds; in release builds (and where the
  /// configuration's `trapsOnInternalInconsistency` is off, as a test of this path sets it)
  /// counts it in ``PagingMetrics/internalInconsistencies`` and ends the load of `direction`,
  /// if any, with ``PagingError/internalInconsistency(_:)``: the load's answer is then stale
  /// (R9), and a retry loads again. Never silent.
  /// - Parameters:
  ///   - rule: What broke, naming the rule; no item or cursor.
  ///   - direction: The direction whose load it concerns.
  package mutating func internalInconsistency(
    _ rule: String, failing direction: LoadDirection? = nil
  ) {
    if configuration.trapsOnInternalInconsistency { assertionFailure(rule) }
    recordedMetrics.internalInconsistencies += 1
    let error = PagingError.internalInconsistency(rule)
    switch direction {
    case .refresh?: refreshing = .failed(error, nil)
    case .prepend?: prepend.activity = .failed(error)
    case .append?: append.activity = .failed(error)
    case nil: break
    }
  }

  /// Starts a load at an edge, at the cursor its chain names. The caller checked ``canLoad(_:)``.
  /// - Parameter explicit: Whether someone asked for it (not a row near the edge).
  @usableFromInline
  mutating func startEdgeLoad(_ direction: LoadDirection, explicit: Bool = false)
    -> PagingEffect<Cursor>
  {
    startLoad(direction, cursor: self[edge: direction].chain.cursor, explicit: explicit)
  }

  /// Starts a load and records it as the activity of `direction`.
  /// - Parameter plan: A refresh's plan (ignored for an edge).
  mutating func startLoad(
    _ direction: LoadDirection, cursor: Cursor?, automaticRetries: Int = 0,
    sourceCancellations: Int = 0, explicit: Bool = true, plan: RefreshPlan<Item, Cursor>? = nil
  ) -> PagingEffect<Cursor> {
    let isJump = if case .jump? = plan { true } else { false }
    let request = PageRequest(
      id: PageRequestID(rawValue: nextRequestNumber), direction: direction, cursor: cursor,
      generation: generation, query: local.query?.value, isJump: isJump)
    nextRequestNumber += 1
    recordedMetrics.requestsStarted += 1
    prefetchEstimator.started(
      request.id, direction: direction, viewport: viewport, count: shown.count)
    setActivity(
      direction,
      .loading(
        LoadAttempt(
          request: request, automaticRetries: automaticRetries,
          sourceCancellations: sourceCancellations, explicit: explicit)), plan: plan)
    return .startLoad(request)
  }

  /// Whether a visible row lies within the prefetch distance of `direction`'s edge (the
  /// reload distance at an edge beyond which the cap dropped pages, R26). An empty
  /// window counts as "at both edges": no row can appear to trigger a load.
  private func isTriggered(_ direction: LoadDirection) -> Bool {
    switch direction {
    case .refresh: return false
    case .append:
      // A placeholder beyond the edge: the user is already past it (R31).
      if placeholderShown(.append) { return true }
      let shown = self.shown
      guard let highest = viewport.highest ?? (shown.isEmpty ? -1 : nil) else { return false }
      return shown.count - 1 - highest < appendDistance
    case .prepend:
      if placeholderShown(.prepend) { return true }
      guard let lowest = viewport.lowest ?? (shown.isEmpty ? 0 : nil) else { return false }
      return lowest < prependDistance
    }
  }

  /// Checks both edges against the visible rows after the window or an activity changed.
  mutating func reevaluate() -> Transition<Cursor> {
    forgetLoadedPlaceholders()
    // A placeholder far beyond the loaded rows: one request for its page instead (R31).
    if let landing = jumpLanding { return jump(to: landing) }
    var transition = Transition<Cursor>.none
    for direction in [LoadDirection.prepend, .append]
    where canLoad(self[edge: direction]) && isTriggered(direction) {
      transition.add(startEdgeLoad(direction))
    }
    return transition
  }

  // MARK: Triggers

  /// `start()` and `start(at:)`: the first load, a jump to another cursor, or a re-check.
  mutating func start(at cursor: Cursor?, explicitly: Bool) -> Transition<Cursor> {
    if let running = refresh.request {
      // Calls while a refresh runs join it, unless they open the list somewhere else.
      return explicitly && running.cursor != cursor ? beginRefresh(at: cursor) : .none
    }
    if case .waitingToRetry = refresh, !explicitly || cursor == origin {
      return .none  // its automatic retry is coming: starting again would skip the backoff
    }
    // A jump that was cancelled or failed left the old window: opening at its cursor again
    // is a new attempt, not a re-check.
    if !hasLoadedFirstPage || (explicitly && (cursor != origin || !windowIsFromOrigin)) {
      return beginRefresh(at: cursor)
    }
    return reevaluate()
  }

  /// `loadNextPage()` and `loadPreviousPage()`: load now if the edge can; during a refresh,
  /// remember it for when the refresh commits.
  mutating func loadExplicitly(_ direction: LoadDirection) -> Transition<Cursor> {
    switch refresh {
    case .loading, .waitingToRetry:
      self[edge: direction].queued = true
      return .none  // runs when the refresh commits, if the new list has that page (R2)
    case .failed where !hasLoadedFirstPage:
      return .none  // latched: retry(), refresh() or start() loads it again (fault class 8)
    case .idle where !hasLoadedFirstPage:
      return start(at: origin, explicitly: false)
    case .idle, .failed:
      // Loading, latched, at its end or waiting to retry: R1, R7, R5 say nothing starts.
      guard canLoad(self[edge: direction]) else { return .none }
      return Transition(startEdgeLoad(direction, explicit: true))
    }
  }

  /// Starts a new generation at `cursor`: cancels both edges' loads and retry timers (a failed
  /// edge stays failed: if the refresh fails, the old list and its states stay) and any
  /// refresh in flight or waiting, then loads the first page.
  /// - Parameters:
  ///   - keepingOrigin: Whether ``origin`` stays (a re-fetch of the loaded pages, which may
  ///     start below it) instead of becoming `cursor`.
  ///   - continuing: Whether this is the same refresh again (its retry, automatic or manual),
  ///     which keeps its generation: the edits made since it began hold when it commits (R23).
  ///   - plan: What the refresh does with its pages.
  mutating func beginRefresh(
    at cursor: Cursor?, automaticRetries: Int = 0, sourceCancellations: Int = 0,
    keepingOrigin: Bool = false, continuing: Bool = false,
    plan: RefreshPlan<Item, Cursor> = .onePage
  ) -> Transition<Cursor> {
    if let error = configuration.jumpError {
      // Refused before any request, as Paging 3 refuses the configuration (R31).
      let transition = stopAll()
      refreshing = .failed(error, nil)
      return transition
    }
    if !continuing { generation = generation.next }
    if !keepingOrigin { origin = cursor }
    windowIsFromOrigin = false
    var transition = stopAll()
    transition.add(
      startLoad(
        .refresh, cursor: cursor, automaticRetries: automaticRetries,
        sourceCancellations: sourceCancellations, plan: plan))
    return transition
  }

  /// ``stop(_:)`` for every direction.
  private mutating func stopAll() -> Transition<Cursor> {
    var transition = Transition<Cursor>.none
    for direction in LoadDirection.allCases { transition.add(stop(direction)) }
    return transition
  }

  /// Cancels what `direction` runs or waits for: a load in flight becomes idle, a scheduled
  /// retry becomes a plain failure.
  mutating func stop(_ direction: LoadDirection) -> Transition<Cursor> {
    switch activity(direction) {
    case .idle: return .none  // nothing runs, nothing to stop
    case .failed(let error):
      // A failed refresh stopped is over too: its plan goes (R27: cancel() drops the pages
      // it fetched), and a retry() later is a new refresh, in which older edits yield (R23).
      if direction == .refresh, refreshing.plan != nil { setActivity(direction, .failed(error)) }
      return .none
    case .loading(let attempt):
      prefetchEstimator.abandoned(attempt.request.id)
      recordedMetrics.requestsCancelled += 1
      setActivity(direction, .idle)
      var transition = Transition<Cursor>(.cancelLoad(attempt.request.id))
      if let hedge = attempt.hedge { transition.add(.cancelLoad(hedge.id)) }
      return transition
    case .waitingToRetry(let retry, let error):
      // A refresh stopped waiting is over: a retry() later is a new refresh.
      setActivity(direction, .failed(error))
      return Transition(.cancelRetry(retry.id))
    }
  }

  /// A manual retry: a failed first load; else every failed edge that can be retried (what a
  /// Retry button means while old items are shown); else a failed refresh.
  /// A retry of a refresh that failed is that same refresh, in its generation (R23, R27); one
  /// that ``PagingEvent/cancel`` stopped has no plan left, and its retry is a new refresh.
  mutating func retry() -> Transition<Cursor> {
    if refresh.error != nil, !hasLoadedFirstPage {
      return beginRefresh(at: origin, continuing: refreshing.plan != nil)
    }
    let prepended = retryEdge(.prepend)
    let appended = retryEdge(.append)
    if prepended == nil, appended == nil, case .failed(_, let plan) = refreshing {
      return restartRefresh(continuing: plan != nil, plan: plan)
    }
    var transition = prepended ?? .none
    if let appended { transition.add(appended) }
    return transition
  }

  /// Retries an edge at its cursor if it failed and nothing blocks it. A manual retry is
  /// refused only after a repeated cursor (loading it again would loop); whether an error is
  /// retryable decides only automatic retries.
  /// - Returns: What the retry did, or `nil` when the edge was not retried.
  private mutating func retryEdge(_ direction: LoadDirection) -> Transition<Cursor>? {
    let edge = self[edge: direction]
    guard let error = edge.activity.error, edge.chain.hasMore, !refreshing.isRunning else {
      return nil
    }
    if case .repeatedCursor = error { return nil }
    var transition = Transition<Cursor>.none
    if let retry = edge.activity.scheduledRetry { transition.add(.cancelRetry(retry.id)) }
    if case .noNewItems = error { self[edge: direction].pagesWithoutNewItems = 0 }
    transition.add(startEdgeLoad(direction, explicit: true))
    return transition
  }

  /// `cancel()`: every load in flight and every scheduled retry; explicit loads remembered
  /// during a refresh are forgotten.
  mutating func cancelAll() -> Transition<Cursor> {
    prepend.queued = false
    append.queued = false
    return stopAll()
  }

  mutating func retryTimerFired(_ id: RetryID) -> Transition<Cursor> {
    for direction in LoadDirection.allCases {
      guard case .waitingToRetry(let retry, let error) = activity(direction), retry.id == id
      else { continue }
      // The timer has fired: nothing is left to cancel.
      let plan = refreshing.plan
      setActivity(direction, .failed(error), plan: plan)
      if direction == .refresh {
        return restartRefresh(automaticRetries: retry.attempt, continuing: true, plan: plan)
      }
      return Transition(
        startLoad(
          direction, cursor: self[edge: direction].chain.cursor, automaticRetries: retry.attempt))
    }
    return .none  // a timer the machine cancelled, which the driver fired before it heard (R9)
  }

  // MARK: Outcomes

  /// The load with `id` if it is current: its direction and attempt. Its activity becomes idle;
  /// the caller sets what follows.
  ///
  /// `id` may be the load's hedge: whichever of the two answers first ends the load, and the
  /// other is cancelled.
  /// A refresh's load comes with its plan.
  private mutating func take(_ id: PageRequestID) -> (
    LoadDirection, LoadAttempt<Cursor>, RefreshPlan<Item, Cursor>?, Transition<Cursor>
  )? {
    for direction in LoadDirection.allCases {
      guard case .loading(let attempt) = activity(direction),
        attempt.request.id == id || attempt.hedge?.id == id,
        attempt.request.generation == generation
      else { continue }
      let plan = direction == .refresh ? refreshing.plan : nil
      setActivity(direction, .idle)
      var transition = Transition<Cursor>.none
      if let hedge = attempt.hedge {
        transition.add(.cancelLoad(hedge.id == id ? attempt.request.id : hedge.id))
      }
      return (direction, attempt, plan, transition)
    }
    return nil
  }

  /// Records how far the user scrolled while `request` loaded, before its page commits, and
  /// updates the adaptive prefetch distance (in shown rows under a filter, R25).
  private mutating func recordLoadEnded(_ request: PageRequest<Cursor>) {
    guard case .adaptive(let rule) = configuration.prefetch else { return }
    prefetchEstimator.ended(
      request.id, direction: request.direction, viewport: viewport, rule: rule,
      latencies: latencies)
    currentPrefetchDistance = prefetchEstimator.distance(rule)
  }

  mutating func loadFailed(_ id: PageRequestID, _ error: any Error) -> Transition<Cursor> {
    if PagingError.isCancellation(error) { return loadCancelled(id) }
    if let invalidated = invalidAnswer(id, error) { return invalidated }
    if dropContender(id) {
      recordedMetrics.requestsFailed += 1
      return .none  // its load goes on with the other request (R22)
    }
    guard let (direction, attempt, plan, taken) = take(id) else {
      recordedMetrics.staleResultsDropped += 1
      return .none  // a cancelled request's, or an older generation's (R9)
    }
    var transition = taken
    recordedMetrics.requestsFailed += 1
    recordLoadEnded(attempt.request)
    // Whatever the source threw, even a PagingError, is the source's failure: only the engine
    // decides that a cursor repeated (rulebook, fault class 26).
    let failure = PagingError.sourceFailed(error)
    if case .exponentialBackoff(let backoff) = configuration.retryPolicy, failure.isRetryable,
      attempt.automaticRetries < backoff.maxAttempts, backoff.waitsTooLong(failure.retryAfter),
      let wait = failure.retryAfter
    {
      // The server's wait is longer than the policy allows: a retry sooner would be refused
      // (or break its rule), so the edge fails now, with the wait (rulebook R7).
      setActivity(
        direction,
        .failed(.retryAfterTooLong(wait: wait, maxDelay: backoff.maxDelay, error: error)),
        plan: plan)
    } else if case .exponentialBackoff(let backoff) = configuration.retryPolicy,
      failure.isRetryable, attempt.automaticRetries < backoff.maxAttempts
    {
      let number = attempt.automaticRetries + 1
      let retry = ScheduledRetry(
        id: RetryID(rawValue: nextRetryNumber), direction: direction, attempt: number,
        delay: backoff.delay(
          forAttempt: number, randomFraction: random.nextFraction(), retryAfter: failure.retryAfter)
      )
      nextRetryNumber += 1
      recordedMetrics.retriesScheduled += 1
      setActivity(direction, .waitingToRetry(retry, failure), plan: plan)
      transition.add(.scheduleRetry(retry))
    } else {
      setActivity(direction, .failed(failure), plan: plan)
    }
    // A refresh that failed for good latches the refresh only: the old list stays and may
    // still grow, and rows near its edges that appeared while the refresh ran started nothing.
    // Explicit loads asked for during it were for the new list: they are dropped. One that
    // waits for its automatic retry is still running: the loads wait for it (R15).
    if direction == .refresh, !refreshing.isRunning { transition.add(refreshStopped()) }
    return transition
  }

  /// A refresh failed for good: explicit loads asked for during it were for the new list and
  /// are dropped; the old list's rows are checked again, since it may still grow.
  mutating func refreshStopped() -> Transition<Cursor> {
    prepend.queued = false
    append.queued = false
    return reevaluate()
  }

  mutating func loadCancelled(_ id: PageRequestID) -> Transition<Cursor> {
    if dropContender(id) { return .none }  // its load goes on with the other request (R22)
    // A cancelled request's, or an older generation's (R9).
    guard let (direction, attempt, plan, taken) = take(id) else { return .none }
    var transition = taken
    prefetchEstimator.abandoned(id)
    recordedMetrics.requestsCancelled += 1
    // The engine's own cancellations never get here (their requests are no longer current):
    // this one came from the source. Reload, a bounded number of times, then fail visibly.
    let times = attempt.sourceCancellations + 1
    guard times <= Self.reloadsAfterCancellation else {
      setActivity(direction, .failed(.sourceCancelled(times: times)), plan: plan)
      if direction == .refresh { transition.add(refreshStopped()) }
      return transition
    }
    // A refresh or a load someone asked for is loaded again; a load a row triggered only if a
    // row still needs it (else the next trigger loads it, with a new count).
    if attempt.explicit || isTriggered(direction),
      direction == .refresh || canLoad(self[edge: direction])
    {
      transition.add(
        startLoad(
          direction, cursor: attempt.request.cursor, automaticRetries: attempt.automaticRetries,
          sourceCancellations: times, explicit: attempt.explicit, plan: plan))
    }
    return transition
  }

  mutating func loadCompleted(_ id: PageRequestID, _ page: Page<Item, Cursor>)
    -> Transition<Cursor>
  {
    guard let (direction, attempt, plan, taken) = take(id) else {
      recordedMetrics.staleResultsDropped += 1
      return .none  // a cancelled request's, or an older generation's (R9)
    }
    var transition = taken
    // A page is progress unless it is the reload an "invalid" answer started (R30).
    if direction != .refresh || attempt.invalidAnswers == 0 { invalidAnswersInARow = 0 }
    if attempt.hedge?.id == id { recordedMetrics.hedgesWon += 1 }
    recordedMetrics.requestsCompleted += 1
    earnHedgeCredit()
    recordLoadEnded(attempt.request)
    let request = attempt.request
    guard hasValidCounts(page, at: direction) else {
      // Nothing of the page is committed: the list keeps what it showed (R31).
      setActivity(direction, .failed(.invalidItemCount), plan: plan)
      if direction == .refresh { transition.add(refreshStopped()) }
      return transition
    }
    if direction == .refresh, let error = windowError(pageSize: page.items.count) {
      transition.add(rejectRefresh(error, plan: plan))
      return transition
    }
    if direction == .refresh, case .allLoaded(let anchor, let fetching)? = plan {
      transition.add(allLoadedPageArrived(anchor, fetching, request, page))
      transition.add(reevaluate())
      return transition
    }
    let before = store.items.firstChunk..<store.items.endChunk
    switch direction {
    case .refresh:
      transition.add(commitRefresh([request.cursor], page, keepingEdits: request.isJump))
    case .prepend: transition.add(commitPrepend(request, page))
    case .append: transition.add(commitAppend(request, page))
    }
    transition.add(recordPage(direction, request, page, before: before, plan: plan))
    transition.add(reevaluate())
    applyWalkMemory(after: request)
    return transition
  }
}
