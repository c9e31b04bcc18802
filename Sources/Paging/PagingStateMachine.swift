/// The pagination engine's rules as a pure, synchronous value: events in, effects out.
///
/// It holds no clock, starts no task and performs no I/O, so every rule can be tested by
/// feeding events and checking the effects and the state. ``Paginator`` drives one against a
/// ``PageSource``; a test, a UIKit data source or a server-side walker can drive one directly.
///
/// The rules (see `shared/design/fault-scenarios.md`):
/// - At most one load in flight; a refresh cancels a running append. Appearances during a load
///   start nothing but are remembered; after every commit and every cancellation reported by
///   the source the visible rows are checked again, so the list never stays stuck while a
///   visible row is near the end and more data exists.
/// - A row triggers an append only when at most ``currentPrefetchDistance`` loaded rows follow
///   it (``PagingConfiguration/prefetchDistance``, or adapted to how far the user scrolls while
///   pages load: ``AdaptivePrefetch``); the check is O(1).
/// - The cursor and the end flag move only when a page commits. A failure latches the
///   direction until a retry; a cancellation is never a failure.
/// - Every result is matched to its request id and generation; anything else is dropped.
/// - Items are unique by id; a cursor whose page committed in this generation is never
///   requested again; a run of pages without new items ends in a typed error.
public struct PagingStateMachine<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>:
  Sendable
where Item.ID: Sendable {
  /// The rules this machine follows.
  public let configuration: PagingConfiguration<Cursor>
  /// The committed items, unique by id, in server order.
  @usableFromInline package private(set) var items = ItemStore<Item>()
  /// The state of the refresh direction (which includes the first load).
  public private(set) var refreshState = LoadState.idle
  /// The state of the append direction.
  public private(set) var appendState = LoadState.idle
  /// The current generation: 0 before the first load, then one more per refresh.
  public private(set) var generation = Generation(rawValue: 0)
  /// The cursor of the next append, from the last committed page (`nil` at the end or before
  /// the first page).
  public private(set) var nextCursor: Cursor?
  /// Whether a first page has committed.
  public private(set) var hasLoadedFirstPage = false
  /// The refresh in flight, if any.
  public private(set) var refreshRequest: PageRequest<Cursor>?
  /// The append in flight, if any.
  public private(set) var appendRequest: PageRequest<Cursor>?
  /// The automatic retry waiting for its timer, if any.
  public private(set) var pendingRetry: ScheduledRetry?
  /// What the machine has done so far.
  @inlinable public var metrics: PagingMetrics { recordedMetrics }
  /// Grows by one with every change of `items`; a driver compares it to notify observers
  /// once per commit.
  public private(set) var itemsVersion = 0
  /// Grows by one with every change of a load state.
  public private(set) var statusVersion = 0
  /// The prefetch distance in force, in rows: a row triggers an append when at most this many
  /// loaded rows follow it. ``PagingConfiguration/prefetchDistance`` with
  /// ``PrefetchStrategy/fixed``; with ``PrefetchStrategy/adaptive(_:)``, that distance until
  /// an append has completed, then the distance ``AdaptivePrefetch`` gives.
  public private(set) var currentPrefetchDistance: Int

  private var committedCursors: Set<Cursor> = []
  private var pagesWithoutNewItems = 0
  private var automaticAttempts = 0
  private var sourceCancellationsInARow = 0
  /// The counters behind ``metrics``.
  @usableFromInline var recordedMetrics = PagingMetrics()
  /// The rows shown now, as far as the signals tell.
  @usableFromInline var visibleRows: Set<Item.ID> = []
  /// The highest position among ``visibleRows``.
  @usableFromInline var highestVisiblePosition: Int?
  /// The positions of the last rows that appeared and disappeared: a scroll signals their
  /// neighbours next, which ``ItemStore`` finds without hashing.
  @usableFromInline var lastAppearedPosition = -1
  @usableFromInline var lastDisappearedPosition = -1
  private var prefetchEstimator = PrefetchEstimator()
  private var nextRequestNumber = 1
  private var nextRetryNumber = 1
  private var random: SplitMix64

  /// How many rows the machine remembers as visible before it forgets all but the newest
  /// (onDisappear may never come, as with `LazyVStack` on iOS 16 to 18).
  @inlinable static var visibleRowLimit: Int { 512 }
  /// How many cancellations reported by the source in a row are followed by an automatic
  /// reload; after that a new trigger is needed, so a source that always cancels cannot loop.
  static var reloadsAfterCancellation: Int { 3 }

  /// Creates a machine with nothing loaded.
  /// - Parameter configuration: The rules to follow.
  public init(configuration: PagingConfiguration<Cursor> = PagingConfiguration()) {
    self.configuration = configuration
    currentPrefetchDistance = configuration.prefetchDistance
    if case .exponentialBackoff(let backoff) = configuration.retryPolicy {
      random = SplitMix64(seed: backoff.seed)
    } else {
      random = SplitMix64(seed: 0)
    }
  }

  /// Whether more pages may exist: before the first page commits, or while the last page
  /// had a next cursor.
  public var hasMore: Bool { !hasLoadedFirstPage || nextCursor != nil }

  /// The loads in flight, refresh first.
  public var loadsInFlight: [PageRequest<Cursor>] {
    [refreshRequest, appendRequest].compactMap { $0 }
  }

  /// Applies one event and returns what the driver must do, in order.
  /// - Parameter event: What happened.
  /// - Returns: The effects to run; usually none.
  /// - Complexity: O(1) for appearance and disappearance signals (amortised), O(*m*) for the
  ///   commit of a page of *m* items, O(*n*) for the commit of a refresh that replaces *n*
  ///   items. The signals' path is `@inlinable`, so it specialises for the client's types.
  @inlinable
  public mutating func handle(_ event: PagingEvent<Item, Cursor>) -> [PagingEffect<Cursor>] {
    switch event {
    case .rowAppeared(let row): return rowAppeared(row)
    case .rowDisappeared(let row):
      rowDisappeared(row)
      return []
    default: return handleOther(event)
    }
  }

  /// Applies an event other than a row signal (these are rare: loads, user actions, timers).
  @usableFromInline
  mutating func handleOther(_ event: PagingEvent<Item, Cursor>) -> [PagingEffect<Cursor>] {
    switch event {
    case .start: return start()
    case .rowAppeared, .rowDisappeared: return []
    case .loadNextPage: return loadNextPage()
    case .refresh: return refresh()
    case .retry: return retry()
    case .cancel: return cancelAll()
    case .loadCompleted(let id, let page): return loadCompleted(id, page)
    case .loadFailed(let id, let error): return loadFailed(id, error)
    case .loadCancelled(let id): return loadCancelled(id)
    case .retryTimerFired(let id): return retryTimerFired(id)
    }
  }

  /// Whether an append could start now if a row asked for one.
  @inlinable public var canAppend: Bool {
    hasLoadedFirstPage && refreshRequest == nil && appendRequest == nil && pendingRetry == nil
      && nextCursor != nil && appendState == .idle
  }
}

// MARK: - Triggers

extension PagingStateMachine {
  private mutating func start() -> [PagingEffect<Cursor>] {
    if refreshRequest != nil { return [] }
    if !hasLoadedFirstPage {
      automaticAttempts = 0
      return beginRefresh()
    }
    return reevaluate()
  }

  private mutating func refresh() -> [PagingEffect<Cursor>] {
    if refreshRequest != nil { return [] }
    automaticAttempts = 0
    return beginRefresh()
  }

  private mutating func loadNextPage() -> [PagingEffect<Cursor>] {
    if !hasLoadedFirstPage { return start() }
    guard canAppend else { return [] }
    return [startLoad(.append, cursor: nextCursor)]
  }

  @inlinable
  mutating func rowAppeared(_ row: RowReference<Item.ID>) -> [PagingEffect<Cursor>] {
    recordedMetrics.appearanceSignals += 1
    guard let (id, position) = resolve(row, near: lastAppearedPosition) else {
      recordedMetrics.appearanceSignalsIgnored += 1
      return []
    }
    lastAppearedPosition = position
    if visibleRows.count >= Self.visibleRowLimit {
      visibleRows.removeAll(keepingCapacity: true)
      highestVisiblePosition = nil
    }
    visibleRows.insert(id)
    if position > highestVisiblePosition ?? -1 { highestVisiblePosition = position }
    let effects = appendIfNearEnd(position)
    if effects.isEmpty { recordedMetrics.appearanceSignalsIgnored += 1 }
    return effects
  }

  @inlinable
  mutating func rowDisappeared(_ row: RowReference<Item.ID>) {
    guard let (id, position) = resolve(row, near: lastDisappearedPosition) else { return }
    lastDisappearedPosition = position
    guard visibleRows.remove(id) != nil, position == highestVisiblePosition else { return }
    recomputeHighestVisiblePosition()
  }

  /// The id and position of a row, or `nil` when it is not loaded. `hint` is a position
  /// whose neighbours are checked first.
  @inlinable
  func resolve(_ row: RowReference<Item.ID>, near hint: Int) -> (Item.ID, Int)? {
    switch row {
    case .id(let id):
      guard let position = items.position(of: id, near: hint) else { return nil }
      return (id, position)
    case .index(let position):
      guard items.indices.contains(position) else { return nil }
      return (items[position].id, position)
    }
  }

  @inlinable
  mutating func recomputeHighestVisiblePosition() {
    // A row whose item a refresh removed has left the screen, whether or not its onDisappear
    // comes (its id no longer resolves, so that signal is ignored); forget it, or it would
    // count as visible again when an item with its id is loaded later.
    // One lookup per row finds both whether it is still loaded and where.
    var highest: Int?
    visibleRows = visibleRows.filter { id in
      guard let position = items.position(of: id) else { return false }
      if position > highest ?? -1 { highest = position }
      return true
    }
    highestVisiblePosition = highest
  }

  /// Starts an append when the row at `position` is within the prefetch distance of the end.
  /// O(1): no scan of the items.
  @inlinable
  mutating func appendIfNearEnd(_ position: Int) -> [PagingEffect<Cursor>] {
    guard canAppend, items.count - 1 - position <= currentPrefetchDistance else {
      return []
    }
    return [startLoad(.append, cursor: nextCursor)]
  }

  /// Checks the visible rows again after the list or the load state changed. An empty list
  /// counts as "at the end": no row can appear to trigger the next page.
  private mutating func reevaluate() -> [PagingEffect<Cursor>] {
    if let highest = highestVisiblePosition { return appendIfNearEnd(highest) }
    if items.isEmpty { return appendIfNearEnd(-1) }
    return []
  }
}

// MARK: - Loads

extension PagingStateMachine {
  private mutating func beginRefresh() -> [PagingEffect<Cursor>] {
    generation = generation.next
    var effects: [PagingEffect<Cursor>] = []
    if let append = appendRequest {
      appendRequest = nil
      prefetchEstimator.abandoned(append.id)
      recordedMetrics.requestsCancelled += 1
      effects.append(.cancelLoad(append.id))
      setState(.append, .idle)
    }
    effects += cancelPendingRetry()
    sourceCancellationsInARow = 0
    effects.append(startLoad(.refresh, cursor: configuration.initialCursor))
    return effects
  }

  @usableFromInline
  mutating func startLoad(_ direction: LoadDirection, cursor: Cursor?)
    -> PagingEffect<Cursor>
  {
    let request = PageRequest(
      id: PageRequestID(rawValue: nextRequestNumber), direction: direction, cursor: cursor,
      generation: generation)
    nextRequestNumber += 1
    recordedMetrics.requestsStarted += 1
    prefetchEstimator.started(request.id, highest: highestVisiblePosition, count: items.count)
    switch direction {
    case .refresh: refreshRequest = request
    case .append: appendRequest = request
    }
    setState(direction, .loading)
    return .startLoad(request)
  }

  /// A manual retry: the first load if it failed; else the append if it failed and can be
  /// retried (what a footer's Retry button means while old items are shown); else a failed
  /// refresh.
  private mutating func retry() -> [PagingEffect<Cursor>] {
    automaticAttempts = 0
    let refreshFailed = refreshState.error != nil
    if refreshFailed, !hasLoadedFirstPage { return retry(.refresh) }
    let append = retry(.append)
    if !append.isEmpty || !refreshFailed { return append }
    return retry(.refresh)
  }

  /// Retries `direction` at the same cursor if it failed and nothing runs. A manual retry is
  /// refused only after a repeated cursor (loading it again would loop); whether an error is
  /// retryable decides only automatic retries, which are scheduled only for retryable errors.
  private mutating func retry(_ direction: LoadDirection) -> [PagingEffect<Cursor>] {
    switch direction {
    case .refresh:
      guard refreshState.error != nil, refreshRequest == nil else { return [] }
      return beginRefresh()
    case .append:
      guard let error = appendState.error, appendRequest == nil, refreshRequest == nil,
        nextCursor != nil
      else { return [] }
      if case .repeatedCursor = error { return [] }
      var effects = cancelPendingRetry()
      if case .noNewItems = error { pagesWithoutNewItems = 0 }
      setState(.append, .idle)
      effects.append(startLoad(.append, cursor: nextCursor))
      return effects
    }
  }

  private mutating func cancelAll() -> [PagingEffect<Cursor>] {
    var effects = cancelPendingRetry()
    for request in loadsInFlight {
      prefetchEstimator.abandoned(request.id)
      recordedMetrics.requestsCancelled += 1
      effects.append(.cancelLoad(request.id))
      setState(request.direction, .idle)
    }
    refreshRequest = nil
    appendRequest = nil
    return effects
  }

  private mutating func cancelPendingRetry() -> [PagingEffect<Cursor>] {
    guard let retry = pendingRetry else { return [] }
    pendingRetry = nil
    return [.cancelRetry(retry.id)]
  }

  private mutating func retryTimerFired(_ id: Int) -> [PagingEffect<Cursor>] {
    guard let retry = pendingRetry, retry.id == id else { return [] }
    pendingRetry = nil
    return self.retry(retry.direction)
  }

  /// Records how far the user scrolled while `request` loaded, before its page commits, and
  /// updates the adaptive prefetch distance.
  private mutating func recordLoadEnded(_ request: PageRequest<Cursor>) {
    guard case .adaptive(let rule) = configuration.prefetch else { return }
    prefetchEstimator.ended(
      request.id, direction: request.direction, highest: highestVisiblePosition, rule: rule)
    currentPrefetchDistance = prefetchEstimator.distance(
      rule, fallback: configuration.prefetchDistance)
  }

  /// Removes and returns the request in flight with `id`, or `nil` when it is not current.
  private mutating func takeRequest(_ id: PageRequestID) -> PageRequest<Cursor>? {
    if let request = refreshRequest, request.id == id, request.generation == generation {
      refreshRequest = nil
      return request
    }
    if let request = appendRequest, request.id == id, request.generation == generation {
      appendRequest = nil
      return request
    }
    return nil
  }

  private mutating func loadFailed(_ id: PageRequestID, _ error: any Error)
    -> [PagingEffect<Cursor>]
  {
    if PagingError.isCancellation(error) { return loadCancelled(id) }
    guard let request = takeRequest(id) else {
      recordedMetrics.staleResultsDropped += 1
      return []
    }
    recordedMetrics.requestsFailed += 1
    recordLoadEnded(request)
    let failure = (error as? PagingError) ?? .sourceFailed(error)
    setState(request.direction, .failed(failure))
    guard case .exponentialBackoff(let backoff) = configuration.retryPolicy,
      failure.isRetryable, automaticAttempts < backoff.maxAttempts
    else {
      // A failed refresh latches the refresh only: the old list stays and may still grow, and
      // rows near its end that appeared while the refresh ran started nothing.
      return request.direction == .refresh ? reevaluate() : []
    }
    automaticAttempts += 1
    let retry = ScheduledRetry(
      id: nextRetryNumber, direction: request.direction, attempt: automaticAttempts,
      delay: backoff.delay(forAttempt: automaticAttempts, randomFraction: random.nextFraction()))
    nextRetryNumber += 1
    pendingRetry = retry
    recordedMetrics.retriesScheduled += 1
    return [.scheduleRetry(retry)]
  }

  private mutating func loadCancelled(_ id: PageRequestID) -> [PagingEffect<Cursor>] {
    guard let request = takeRequest(id) else { return [] }
    prefetchEstimator.abandoned(request.id)
    recordedMetrics.requestsCancelled += 1
    setState(request.direction, .idle)
    sourceCancellationsInARow += 1
    guard sourceCancellationsInARow <= Self.reloadsAfterCancellation else { return [] }
    // An empty list has no row left to appear and trigger the first page again: reload it.
    if request.direction == .refresh, !hasLoadedFirstPage {
      return [startLoad(.refresh, cursor: request.cursor)]
    }
    return reevaluate()
  }
}

// MARK: - Commits

extension PagingStateMachine {
  private mutating func loadCompleted(_ id: PageRequestID, _ page: Page<Item, Cursor>)
    -> [PagingEffect<Cursor>]
  {
    guard let request = takeRequest(id) else {
      recordedMetrics.staleResultsDropped += 1
      return []
    }
    recordedMetrics.requestsCompleted += 1
    recordLoadEnded(request)
    automaticAttempts = 0
    sourceCancellationsInARow = 0
    let policy = configuration.duplicatePolicy
    let result: ItemStore<Item>.InsertionResult
    switch request.direction {
    case .refresh:
      result = items.replaceAll(with: page.items, policy: policy)
      committedCursors.removeAll()
      pagesWithoutNewItems = 0
      hasLoadedFirstPage = true
      setState(.refresh, .idle)
      recomputeHighestVisiblePosition()
    case .append:
      result = items.append(contentsOf: page.items, policy: policy)
    }
    itemsVersion += 1
    recordedMetrics.itemsCommitted += result.inserted
    recordedMetrics.duplicatesDropped += result.dropped
    recordedMetrics.duplicatesReplaced += result.replaced
    if let cursor = request.cursor { committedCursors.insert(cursor) }
    return advance(to: page.nextCursor, newItems: result.inserted)
  }

  /// Moves the cursor after a commit and decides what the append direction does next.
  private mutating func advance(to next: Cursor?, newItems: Int) -> [PagingEffect<Cursor>] {
    nextCursor = next
    guard let next else {
      setState(.append, .complete)
      return []
    }
    if committedCursors.contains(next) {
      setState(.append, .failed(.repeatedCursor(next)))
      return []
    }
    pagesWithoutNewItems = newItems == 0 ? pagesWithoutNewItems + 1 : 0
    if pagesWithoutNewItems >= configuration.maxPagesWithoutNewItems {
      setState(.append, .failed(.noNewItems(pages: pagesWithoutNewItems)))
      return []
    }
    setState(.append, .idle)
    return reevaluate()
  }

  private mutating func setState(_ direction: LoadDirection, _ state: LoadState) {
    switch direction {
    case .refresh:
      guard refreshState != state else { return }
      refreshState = state
    case .append:
      guard appendState != state else { return }
      appendState = state
    }
    statusVersion += 1
  }
}
