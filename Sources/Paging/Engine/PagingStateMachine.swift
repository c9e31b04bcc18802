/// The pagination engine's rules as a pure, synchronous value: events in, effects out.
///
/// It holds no clock, starts no task and performs no I/O, so every rule can be tested by
/// feeding events and checking the effects and the state. ``Paginator`` drives one against a
/// ``PageSource``; a test, a UIKit data source or a server-side walker can drive one directly.
///
/// The loaded items are a window of pages with two edges, prepend (before the first item) and
/// append (after the last). Each edge has a chain (nothing loaded yet, more
/// pages from a cursor, or the end) and an activity (idle, loading, waiting
/// to retry, failed); the refresh has an activity of its own. Everything the app reads (the
/// load states, ``hasNextPage``, ``hasPreviousPage``, the loads in flight, whether an edge may
/// load) is derived from those, so states such as two loads on one edge, a retry timer beside
/// a running load, or an end that disagrees with the cursor cannot be written.
///
/// The window holds every loaded row, as the local edits left it, in chunks; each page owns the
/// chunks its commit filled, and an edit changes the rows of one chunk, so how many rows a page
/// holds and which page holds a row are read off the window, never counted beside it, and drops,
/// the refresh around the anchor and snapshots stay right through edits and filters. The display filter is a layer over the window with its own id index; what the
/// app reads (``items``) and what the row signals count are its shown rows. A refresh carries
/// its plan (one page, around the anchor, or the loaded pages again) in its own state. Every
/// transition returns its effects; a state the rules rule out traps in debug builds and, in
/// release builds, ends the load concerned with ``PagingError/internalInconsistency(_:)``.
///
/// The rules are listed, numbered, in the rulebook article (<doc:Rulebook>); in short:
/// - At most one load per edge; a refresh cancels both edges and starts a generation. Every
///   result is matched to its request id and generation; anything else is dropped.
/// - A visible row loads the page beyond an edge when fewer than ``currentPrefetchDistance``
///   loaded rows lie between it and that edge (Android Paging 3's prefetch distance; 0 loads
///   only on explicit calls). The check is O(1). After every commit, failure and cancellation
///   the visible rows are checked again, so the list never stays stuck.
/// - A chain moves only when a page commits. A failure latches its edge until a retry (or a
///   bounded automatic retry); a cancellation is never a failure.
/// - Items are unique by id across both edges; a cursor whose page committed in this
///   generation, or that the other edge loads or points to, is never requested; a run of pages
///   without new items, and a source that keeps cancelling, end in typed errors.
@usableFromInline
package struct PagingStateMachine<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>:
  Sendable
where Item.ID: Sendable {
  /// The rules this machine follows.
  package let configuration: PagingConfiguration<Cursor>
  /// The window: every loaded row, shown or hidden by the filter, with the local edits applied,
  /// and its id index. The pages own its chunks.
  @usableFromInline package internal(set) var store: ItemStore<Item>
  /// The window's pages: the cursor that loaded each and how many of ``store``'s chunks it owns
  /// (rulebook R26).
  @usableFromInline package internal(set) var pages: LoadedPages<Cursor>
  /// The refresh's activity (the first load is a refresh) and, while it runs or can be
  /// retried, its plan (rulebook R27).
  @usableFromInline var refreshing: RefreshActivity<Item, Cursor>
  /// The prepend edge: towards the top, before the first loaded item.
  @usableFromInline package internal(set) var prepend: Edge<Cursor>
  /// The append edge: after the last loaded item.
  @usableFromInline package internal(set) var append: Edge<Cursor>
  /// The current generation: 0 before the first load, then one more per refresh.
  package internal(set) var generation: Generation
  /// The cursor refreshes start from: ``PagingConfiguration``'s `initialCursor`, or the cursor of
  /// the last ``PagingEvent/startAt(_:)``.
  // swift-format-ignore: UseShorthandTypeNames
  // Spelled out: `T?` would default to `nil`, and every stored field is set in `init`, so
  // that the exhaustive projection (PagingStateMachine+Fingerprint) cannot miss one.
  package internal(set) var origin: Optional<Cursor>
  /// The row that must stay where it is on screen after the last structural change: the top
  /// visible row (or the first item, when none is known to be visible) before a prepend, the
  /// same row after a refresh when it is still loaded; `nil` when nothing is to be kept.
  // swift-format-ignore: UseShorthandTypeNames
  package internal(set) var scrollAnchor: Optional<Item.ID>
  /// After a restore, until a refresh commits: the snapshot's row whose page a refresh around
  /// the anchor reloads while no row is known to be visible. It differs from the row kept in
  /// place when the top visible row was inserted by an edit (R27, R28).
  // swift-format-ignore: UseShorthandTypeNames
  package internal(set) var restoredRefreshRow: Optional<Item.ID>
  /// After a restore of a counted list whose source jumps, until a refresh commits: the
  /// position of the top row or placeholder that was on screen, where a refresh keeps the
  /// place while nothing is known to be shown (R31, R28).
  // swift-format-ignore: UseShorthandTypeNames
  package internal(set) var restoredPosition: Optional<Int>
  /// The rows shown now, as far as the signals tell.
  @usableFromInline package internal(set) var viewport: Viewport<Item.ID>
  /// The prefetch distance in force, in rows: the strategy's fixed distance, or the adaptive
  /// rule's initial distance until a load at an edge has completed, then the distance it gives.
  @usableFromInline package internal(set) var currentPrefetchDistance: Int
  /// The memory cap's reload distance, in shown rows: a quarter of
  /// ``PagingConfiguration``'s `maxSize` (0 without a cap). At an edge beyond which the cap dropped
  /// pages that have not loaded again, a visible row loads the page beyond that edge when fewer
  /// than `max(currentPrefetchDistance, capReloadDistance)` rows lie between them, and a drop
  /// never leaves fewer than that between the visible rows and the edge (rulebook R26).
  @usableFromInline let capReloadDistance: Int

  /// Edits, query and display filter (PagingStateMachine+Local).
  @usableFromInline package internal(set) var local: LocalState<Item>

  /// Whether the window was loaded from ``origin`` (false while a refresh or a jump to another
  /// cursor has not committed).
  var windowIsFromOrigin: Bool
  /// The cursors whose pages committed in this generation.
  var committedCursors: Set<Cursor>
  /// The rows scrolled during recent loads, from which the adaptive prefetch distance comes.
  var prefetchEstimator: PrefetchEstimator
  /// The durations of the loads that returned a page, as the driver timed them
  /// (``PagingEvent/loadTimed(_:request:load:)``): the hedge delay and the adaptive prefetch distance
  /// read their quantiles.
  package internal(set) var latencies: LatencyDigest
  /// What is left of ``AdaptiveHedging``'s `budget`, in completed loads (a hedge costs
  /// ``AdaptiveHedging``'s `loadsPerHedge`); 0 under any other policy. Rulebook R22.
  package internal(set) var hedgeCredit: Int
  /// The source's "invalid" answers since the last page that committed other than as the
  /// reload one of them started (rulebook R30): the bound on reloads counts these, so that a
  /// reload's own page, which an "invalid" next page follows again, does not reset it.
  var invalidAnswersInARow: Int
  /// What a walk remembers of the pages it handed out (``PagingConfiguration``'s
  /// `walkMemory`); `nil` for a list, which keeps its window.
  // swift-format-ignore: UseShorthandTypeNames
  var walkMemory: Optional<WalkMemory<Cursor>>
  /// The number of the next request, from 1.
  var nextRequestNumber: Int
  /// The number of the next scheduled retry, from 1.
  var nextRetryNumber: Int
  /// The jitter of automatic retries, seeded by the backoff's `seed`.
  var random: SeededRandom
  /// The counters behind ``metrics``.
  @usableFromInline var recordedMetrics: PagingMetrics

  /// How many cancellations reported by the source in a row are followed by an automatic
  /// reload; the next one fails the direction with ``PagingError/sourceCancelled(times:)``.
  static var reloadsAfterCancellation: Int { 3 }

  /// Creates a machine with nothing loaded.
  /// - Parameter configuration: The rules to follow.
  package init(configuration: PagingConfiguration<Cursor> = PagingConfiguration()) {
    self.configuration = configuration
    store = ItemStore()
    pages = LoadedPages()
    refreshing = .idle
    prepend = Edge()
    append = Edge()
    generation = Generation(rawValue: 0)
    scrollAnchor = nil
    restoredRefreshRow = nil
    restoredPosition = nil
    viewport = Viewport()
    local = LocalState()
    windowIsFromOrigin = false
    committedCursors = []
    prefetchEstimator = PrefetchEstimator()
    latencies = LatencyDigest()
    invalidAnswersInARow = 0
    walkMemory = configuration.walkMemory
    nextRequestNumber = 1
    nextRetryNumber = 1
    recordedMetrics = PagingMetrics()
    origin = configuration.initialCursor
    currentPrefetchDistance = configuration.prefetch.initialDistance
    capReloadDistance = (configuration.maxSize ?? 0) / 4
    if case .adaptive(let rule) = configuration.hedging {
      hedgeCredit = rule.budget.capacity
    } else {
      hedgeCredit = 0
    }
    if case .exponentialBackoff(let backoff) = configuration.retryPolicy {
      random = SeededRandom(seed: backoff.seed)
    } else {
      random = SeededRandom(seed: 0)
    }
  }

  // MARK: Derived state

  /// The distance a dropped page is reloaded at, ahead of the user, and the least a drop
  /// leaves between the visible rows and the edge it drops at, in shown rows (rulebook R26).
  @inlinable var reloadDistance: Int { Swift.max(currentPrefetchDistance, capReloadDistance) }

  /// The prefetch distance of the prepend edge, in shown rows: the reload distance while pages
  /// the cap dropped before the first page have not loaded again, else
  /// ``currentPrefetchDistance`` (rulebook R3, R26).
  @inlinable var prependDistance: Int {
    pages.droppedBeforeFirst == 0 ? currentPrefetchDistance : reloadDistance
  }

  /// The prefetch distance of the append edge (see ``prependDistance``).
  @inlinable var appendDistance: Int {
    pages.droppedAfterLast == 0 ? currentPrefetchDistance : reloadDistance
  }

  /// The committed items, unique by id, in server order.
  @inlinable package var items: ItemSnapshot<Item> { shown.items }

  /// The rows shown: the filter's layer, or the whole window. Viewport positions, the prefetch
  /// distance and the row signals count these (rulebook R25). A copy: the row signals' path
  /// reads ``shownCount`` and ``shownPosition(of:near:)`` instead.
  @inlinable package var shown: ItemStore<Item> {
    if let filter = local.filter { return filter.shown }
    return store
  }

  /// The number of shown rows (``shown``'s count), read in place.
  ///
  /// The row signals read the shown rows through this and ``shownPosition(of:near:)`` rather
  /// than through ``shown``: a property that hands out the store, even as a `_read` coroutine,
  /// is not inlined into the client's specialised code, and its caller copies the store out of
  /// it (four retains and releases through its value witnesses), which more than doubled the
  /// cost of a signal.
  @inlinable package var shownCount: Int {
    // Optional chaining reads the layer in place; `if let` would copy it.
    if let count = local.filter?.shown.count { return count }
    return store.count
  }

  /// The position among the shown rows of the row with `id`, checking the neighbours of `hint`
  /// first (``ItemStore/position(of:near:)``), read in place (see ``shownCount``).
  /// - Complexity: O(1) on average.
  @inlinable package func shownPosition(of id: Item.ID, near hint: ItemPlace)
    -> (position: Int, place: ItemPlace)?
  {
    guard local.filter != nil else { return store.position(of: id, near: hint) }
    return local.filter?.shown.position(of: id, near: hint)
  }

  /// The refresh's activity (the first load is a refresh).
  package var refresh: LoadActivity<Cursor> { refreshing.activity }

  /// The re-fetch of the loaded pages in flight or to retry, if any (rulebook R27).
  package var allLoadedRefresh: AllLoadedRefresh<Item, Cursor>? {
    if case .allLoaded(_, let plan)? = refreshing.plan { return plan }
    return nil
  }

  /// The state of the refresh direction (which includes the first load): never
  /// ``LoadState/complete``.
  package var refreshState: LoadState { refresh.loadState }

  /// The state of the prepend direction: what a header shows.
  package var prependState: LoadState { loadState(of: prepend) }

  /// The state of the append direction: what a footer shows.
  package var appendState: LoadState { loadState(of: append) }

  /// Whether pages may exist after the last loaded item: before the first page commits, while
  /// a refresh runs, or while the append chain has a cursor.
  package var hasNextPage: Bool { append.chain != .end || refresh.request != nil }

  /// Whether pages may exist before the first loaded item: before the first page commits,
  /// while a refresh runs, or while the prepend chain has a cursor.
  package var hasPreviousPage: Bool { prepend.chain != .end || refresh.request != nil }

  /// What the machine has done so far.
  @inlinable package var metrics: PagingMetrics { recordedMetrics }

  /// Whether a first page has committed.
  package var hasLoadedFirstPage: Bool { append.chain != .unknown }

  /// The loads in flight: refresh, prepend, append.
  package var loadsInFlight: [PageRequest<Cursor>] {
    [refresh.request, prepend.activity.request, append.activity.request].compactMap { $0 }
  }

  /// The retries waiting for their timers: refresh, prepend, append.
  package var scheduledRetries: [ScheduledRetry] {
    [refresh.scheduledRetry, prepend.activity.scheduledRetry, append.activity.scheduledRetry]
      .compactMap { $0 }
  }

  /// The activity of `direction`.
  package func activity(_ direction: LoadDirection) -> LoadActivity<Cursor> {
    switch direction {
    case .refresh: refresh
    case .prepend: prepend.activity
    case .append: append.activity
    }
  }

  /// The load state of `direction`.
  /// - Parameter direction: A direction.
  /// - Returns: ``refreshState``, ``prependState`` or ``appendState``.
  package func loadState(_ direction: LoadDirection) -> LoadState {
    switch direction {
    case .refresh: refreshState
    case .prepend: prependState
    case .append: appendState
    }
  }

  /// An edge's state: its activity, or ``LoadState/complete`` at the end of its chain unless a
  /// refresh runs (the new list may go further).
  private func loadState(of edge: Edge<Cursor>) -> LoadState {
    if edge.activity.isIdle, edge.chain == .end, refresh.request == nil { return .complete }
    return edge.activity.loadState
  }

  /// Whether a load at `edge` could start now: its chain has a cursor, it is idle, and no
  /// refresh runs or waits to retry.
  @inlinable
  func canLoad(_ edge: Edge<Cursor>) -> Bool {
    edge.activity.isIdle && edge.chain.hasMore && !refreshing.isRunning
  }

  // MARK: Events

  /// Applies one event and returns what the driver must do, in order.
  /// - Parameter event: What happened.
  /// - Returns: The effects to run; usually none.
  /// - Complexity: O(1) for appearance signals and disappearance signals (amortised; a
  ///   disappearance of the lowest or highest visible row is O(*v*) for *v* visible rows),
  ///   O(*m* + pages) for the commit of a page of *m* items, O(*n*) for a refresh that replaces
  ///   *n* items. The signals' path is `@inlinable`, so it specialises for the client's types.
  @inlinable
  package mutating func handle(_ event: PagingEvent<Item, Cursor>) -> [PagingEffect<Cursor>] {
    var changes = PagingChanges()
    return handle(event, changes: &changes)
  }

  /// Applies one event, adds to `changes` what it changed of the observable state, and returns
  /// what the driver must do, in order.
  /// - Parameters:
  ///   - event: What happened.
  ///   - changes: Receives the values that changed (a value that changed and came back within
  ///     the event is not included).
  /// - Returns: The effects to run; usually none.
  /// - Complexity: As ``handle(_:)``.
  @inlinable
  package mutating func handle(
    _ event: PagingEvent<Item, Cursor>, changes: inout PagingChanges
  ) -> [PagingEffect<Cursor>] {
    switch event {
    case .rowAppeared(let row): return rowAppeared(row, changes: &changes)
    case .rowDisappeared(let row):
      rowDisappeared(row)
      return []
    default: return handleOther(event, changes: &changes)
    }
  }

  /// Applies an event other than a row signal (these are rare: loads, user actions, timers)
  /// and compares the observable values before and after it.
  @usableFromInline
  mutating func handleOther(
    _ event: PagingEvent<Item, Cursor>, changes: inout PagingChanges
  ) -> [PagingEffect<Cursor>] {
    let before = ObservedValues(self)
    let transition: Transition<Cursor>
    switch event {
    case .start: transition = start(at: origin, explicitly: false)
    case .startAt(let cursor): transition = start(at: cursor, explicitly: true)
    case .rowAppeared, .rowDisappeared:
      // `handle(_:changes:)` takes row signals before they get here.
      internalInconsistency("a row signal reached the path of other events")
      transition = .none
    case .placeholderAppeared(let position): transition = placeholderAppeared(position)
    case .placeholderDisappeared(let position): transition = placeholderDisappeared(position)
    case .loadNextPage: transition = loadExplicitly(.append)
    case .loadPreviousPage: transition = loadExplicitly(.prepend)
    case .refresh:
      transition = refreshing.isLoading ? .none : beginPolicyRefresh(configuration.refreshPolicy)
    case .refreshWith(let policy):
      transition = refreshing.isLoading ? .none : beginPolicyRefresh(policy)
    case .invalidate: transition = invalidate()
    case .retry: transition = retry()
    case .cancel: transition = cancelAll()
    case .loadCompleted(let id, let page): transition = loadCompleted(id, page)
    case .loadFailed(let id, let error): transition = loadFailed(id, error)
    case .loadCancelled(let id): transition = loadCancelled(id)
    case .retryTimerFired(let id): transition = retryTimerFired(id)
    case .hedgeTimerFired(let id): transition = hedgeTimerFired(id)
    case .loadTimed(let id, let request, let load):
      recordTiming(of: id, request: request, load: load)
      transition = .none  // a measure: what it changes shows at the load's commit
    case .edit(let edit): transition = applyEdit(edit)
    case .setQuery(let query, let queryTransition):
      transition = changeQuery(query.map(QueryValue.init), queryTransition)
    case .setFilter(let filter):
      transition = setFilter(filter)
      changes.insert(.filter)
    }
    return effects(of: transition, since: before, changes: &changes)
  }

  /// The effects of `transition`, adding to `changes` what changed of the observable values
  /// since `before` was taken.
  func effects(
    of transition: Transition<Cursor>, since before: ObservedValues<Item.ID>,
    changes: inout PagingChanges
  ) -> [PagingEffect<Cursor>] {
    changes.formUnion(before.changes(to: ObservedValues(self)))
    if transition.itemsChanged { changes.insert(.items) }
    return withHedgeTimers(transition.effects)
  }

  /// `effects` with a ``PagingEffect/scheduleHedge(_:after:)`` after each load that is not a
  /// hedge, while the hedging policy gives a delay: the hedge's timer is an effect of the
  /// transition that started the load, at the delay the state gives then (rulebook R22).
  /// - Complexity: O(effects).
  @usableFromInline
  func withHedgeTimers(_ effects: [PagingEffect<Cursor>]) -> [PagingEffect<Cursor>] {
    guard !effects.isEmpty, let delay = hedgeDelay else { return effects }
    var timed: [PagingEffect<Cursor>] = []
    timed.reserveCapacity(effects.count + 1)
    for effect in effects {
      timed.append(effect)
      if case .startLoad(let request) = effect, !request.isHedge {
        timed.append(.scheduleHedge(request.id, after: delay))
      }
    }
    return timed
  }
}

// MARK: - Row signals

extension PagingStateMachine {
  @inlinable
  mutating func rowAppeared(_ row: RowReference<Item.ID>, changes: inout PagingChanges)
    -> [PagingEffect<Cursor>]
  {
    if refreshing.isJump, refreshing.isRunning {
      return rowAppearedDuringJump(row, changes: &changes)
    }
    recordedMetrics.appearanceSignals += 1
    guard let (id, position, place) = resolve(row, near: viewport.lastAppeared) else {
      recordedMetrics.appearanceSignalsIgnored += 1
      return []
    }
    viewport.appeared(id, at: position, place: place)
    var effects: [PagingEffect<Cursor>] = []
    if shownCount - 1 - position < appendDistance, canLoad(append) {
      effects.append(startEdgeLoad(.append))
      changes.insert(.appendState)
    }
    if position < prependDistance, canLoad(prepend) {
      effects.append(startEdgeLoad(.prepend))
      changes.insert(.prependState)
    }
    if effects.isEmpty {
      recordedMetrics.appearanceSignalsIgnored += 1
      return effects
    }
    return withHedgeTimers(effects)
  }

  @inlinable
  mutating func rowDisappeared(_ row: RowReference<Item.ID>) {
    guard let (id, position, place) = resolve(row, near: viewport.lastDisappeared) else {
      return
    }
    if viewport.disappeared(id, at: position, place: place) { recomputeVisibleRows() }
  }

  /// Reads the visible rows' positions again (``Viewport/recompute(_:)``), looking them up in
  /// place: copying ``shown`` out would retain each of its arrays, on every signal that moves
  /// the lowest or highest visible row.
  /// - Complexity: O(*v*) lookups for *v* visible rows.
  @inlinable
  mutating func recomputeVisibleRows() {
    var viewport = Viewport<Item.ID>()
    swap(&viewport, &self.viewport)
    viewport.recompute { shownPosition(of: $0, near: .none)?.position }
    swap(&viewport, &self.viewport)
  }

  /// The id, position and place of a shown row, or `nil` when it is not loaded. `hint` is the
  /// place of a row whose neighbours are checked first.
  @inlinable
  func resolve(_ row: RowReference<Item.ID>, near hint: ItemPlace) -> (Item.ID, Int, ItemPlace)? {
    switch row {
    case .id(let id):
      guard let found = shownPosition(of: id, near: hint) else { return nil }
      return (id, found.position, found.place)
    case .index(let position):
      guard position >= 0, position < shownCount else { return nil }
      // Read in place: `shown` would copy the store out.
      guard local.filter != nil else { return (store[position].id, position, .none) }
      return local.filter.map { ($0.shown[position].id, position, .none) }
    }
  }
}

/// The values a driver shows, compared before and after an event (``ObservedProperty``'s
/// cases, but for those the transition reports).
@usableFromInline
struct ObservedValues<ID: Hashable & Sendable>: Sendable {
  var refreshState: LoadState
  var prependState: LoadState
  var appendState: LoadState
  var hasNextPage: Bool
  var hasPreviousPage: Bool
  var generation: Generation
  var scrollAnchor: ID?
  var query: QueryValue?
  var isShowingPreviousQuery: Bool
  /// The placeholders' counts: a change shows in ``Paginator/rows``, observed with the items.
  var placeholders: [Int]

  @usableFromInline
  init<Item, Cursor>(_ machine: PagingStateMachine<Item, Cursor>) where Item.ID == ID {
    refreshState = machine.refreshState
    prependState = machine.prependState
    appendState = machine.appendState
    hasNextPage = machine.hasNextPage
    hasPreviousPage = machine.hasPreviousPage
    generation = machine.generation
    scrollAnchor = machine.scrollAnchor
    query = machine.local.query
    isShowingPreviousQuery = machine.local.showingPreviousQuery
    placeholders = [machine.placeholdersBefore, machine.placeholdersAfter]
  }

  @usableFromInline
  func changes(to after: ObservedValues) -> PagingChanges {
    var changes = PagingChanges()
    for property in ObservedProperty.allCases where !isSame(property, as: after) {
      changes.insert(property)
    }
    if placeholders != after.placeholders { changes.insert(.items) }
    return changes
  }

  /// Whether `property` has the same value in `after`; the transition reports the values that
  /// are not compared.
  private func isSame(_ property: ObservedProperty, as after: ObservedValues) -> Bool {
    switch property {
    case .items, .filter: true  // reported by the transition and the event
    case .refreshState: refreshState == after.refreshState
    case .prependState: prependState == after.prependState
    case .appendState: appendState == after.appendState
    case .hasNextPage: hasNextPage == after.hasNextPage
    case .hasPreviousPage: hasPreviousPage == after.hasPreviousPage
    case .generation: generation == after.generation
    case .scrollAnchor: scrollAnchor == after.scrollAnchor
    case .query: query == after.query
    case .isShowingPreviousQuery: isShowingPreviousQuery == after.isShowingPreviousQuery
    }
  }
}

extension LoadActivity {
  /// The load state this activity shows.
  var loadState: LoadState {
    switch self {
    case .idle: .idle
    case .loading: .loading
    case .waitingToRetry(_, let error), .failed(let error): .failed(error)
    }
  }
}

// What tests and tools read of a machine's state, derived from its edges (package only).

extension PagingStateMachine {
  /// The cursor of the next append (`nil` at the end or before the first page).
  package var nextCursor: Cursor? { append.chain.cursor }
  /// The cursor of the next prepend (`nil` at the start or before the first page).
  package var previousCursor: Cursor? { prepend.chain.cursor }
  /// The refresh in flight, if any.
  package var refreshRequest: PageRequest<Cursor>? { refresh.request }
  /// The prepend in flight, if any.
  package var prependRequest: PageRequest<Cursor>? { prepend.activity.request }
  /// The append in flight, if any.
  package var appendRequest: PageRequest<Cursor>? { append.activity.request }
}

/// What the state machine asks its driver (a ``Paginator``, or a test) to do. Output of
/// ``PagingStateMachine/handle(_:)``.
@usableFromInline
package enum PagingEffect<Cursor: Hashable & Sendable>: Hashable, Sendable {
  /// Call the source for this request and report the outcome with ``PagingEvent``'s
  /// `loadCompleted`, `loadFailed` or `loadCancelled`.
  case startLoad(PageRequest<Cursor>)
  /// Cancel the load of this request; its result, if one still arrives, will be dropped.
  case cancelLoad(PageRequestID)
  /// Wait, then send `retryTimerFired` with the retry's id.
  case scheduleRetry(ScheduledRetry)
  /// Stop waiting for the scheduled retry with this id.
  case cancelRetry(RetryID)
  /// Wait `delay`, then send `hedgeTimerFired` with this id: the load may be hedged then
  /// (rulebook R22). Follows the ``startLoad(_:)`` of every load that is not itself a hedge,
  /// while ``PagingConfiguration``'s `hedging` gives a delay. Once the load has ended, the timer
  /// may be dropped: the machine ignores a timer whose load is no longer in flight.
  case scheduleHedge(PageRequestID, after: Duration)
}
