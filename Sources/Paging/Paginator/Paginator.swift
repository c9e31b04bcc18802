import Observation

/// Loads pages from a ``PageSource`` as the user scrolls: one request per page, whatever the
/// list's rows do.
///
/// Feed it the list's signals and read its state; every decision is made by the
/// engine's state machine, and the paginator only runs the machine's effects as tasks it owns.
///
/// ```swift
/// @State private var feed = Paginator(source: PostsSource())
///
/// List(feed.items) { post in
///   PostRow(post)
///     .onAppear { feed.rowAppeared(post) }
///     .onDisappear { feed.rowDisappeared(post) }
/// }
/// .task { await feed.start() }
/// .refreshable { await feed.refresh() }
/// ```
///
/// A chat opens at its newest page and loads older pages as the user scrolls up:
///
/// ```swift
/// @State private var chat = Paginator(source: MessagesSource())  // pages give previousCursor
///
/// ScrollView {
///   LazyVStack {
///     ForEach(chat.items) { message in
///       MessageRow(message).pagingRow(message, in: chat)
///     }
///   }
///   .scrollTargetLayout()          // SwiftUI keeps the top row still when rows go above it
/// }
/// .defaultScrollAnchor(.bottom)    // open at the newest message (iOS 17+)
/// .pagingScrollAnchor(chat)        // PagingSwiftUI: scrollPosition(id:), seeded by scrollAnchor
/// .task { await chat.start(at: .newest) }
/// ```
///
/// (`PaginatedChat` in `PagingSwiftUI` is this screen.)
///
/// Observation: ``items`` changes once per committed page, and each load state,
/// ``hasNextPage``, ``hasPreviousPage``, ``generation`` and ``scrollAnchor`` notify their
/// observers only when their own value changes (the machine says what
/// changed); appearance signals that start nothing notify no observer.
@MainActor
@Observable
public final class Paginator<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>
where Item.ID: Sendable {
  /// The rules, which decide everything; `@usableFromInline` so that row signals specialise
  /// in the client's module.
  @ObservationIgnored @usableFromInline var machine: PagingStateMachine<Item, Cursor>
  /// The observed properties' key paths, made once.
  @ObservationIgnored @usableFromInline let keyPaths = ObservedKeyPaths()
  @ObservationIgnored private let load:
    @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
  @ObservationIgnored let clock: any Clock<Duration>
  /// Where the automatic retries, hedges and the invalidation poll set their timers.
  @ObservationIgnored let timers: any PagingTimerScheduler
  @ObservationIgnored private var loadTasks: [PageRequestID: Task<Void, Never>] = [:]
  /// Loads cancelled by the engine whose task has not ended yet (a source may still answer);
  /// kept so that `waitForRequest(_:)` and `waitForLoadsToEnd()` cover their dropped results.
  @ObservationIgnored private var cancelledLoadTasks: [PageRequestID: Task<Void, Never>] = [:]
  @ObservationIgnored private var retryTimers: [RetryID: Int] = [:]
  /// Callers of `fetchNextPage()` waiting for an automatic retry's timer to fire or be
  /// cancelled.
  @ObservationIgnored private var retryWaiters: [RetryID: [CheckedContinuation<Void, Never>]] = [:]
  /// The callers of `start(at:)` and `refresh(policy:)` waiting for the refresh to end.
  @ObservationIgnored private var refreshWaiters: [CheckedContinuation<Void, Never>] = []
  /// The hedge timers of the loads in flight (``PagingConfiguration``'s `hedging`).
  @ObservationIgnored private var hedgeTimers: [PageRequestID: Int] = [:]
  /// The timer of ``pollForInvalidation(every:_:)``, if it runs.
  @ObservationIgnored var invalidationPoll: Int?
  /// The time on ``clock`` since the paginator was made: loads are timed against it.
  @ObservationIgnored private let elapsed: @Sendable () -> Duration
  /// When the load each request in flight serves began (a hedge's: its first request's), by
  /// ``elapsed``.
  @ObservationIgnored private var loadBegan: [PageRequestID: Duration] = [:]
  /// Loads whose task has begun, so that their request reaches the source.
  @ObservationIgnored private var begunLoads: Set<PageRequestID> = []
  /// Loads cancelled before their task began: their task ends without calling the source.
  @ObservationIgnored private var skippedLoads: Set<PageRequestID> = []
  /// How many requests were cancelled before they reached the source (rulebook R17).
  @ObservationIgnored package private(set) var requestsNeverSent = 0

  /// Creates a paginator over a source. Nothing loads until ``start(at:)``.
  ///
  /// A source whose loads are not idempotent (``PageSource/loadsAreIdempotent`` is `false`)
  /// is never hedged: the paginator's hedging policy is then ``HedgingPolicy/off``, whatever
  /// `configuration` says (rulebook R22).
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - configuration: The rules (prefetch distance, duplicates, retries, hedges).
  ///   - clock: The clock that automatic retries and hedges wait on and that times the loads
  ///     (default: the continuous clock; tests pass a test clock).
  public convenience init<Source: PageSource>(
    source: Source, configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration> = ContinuousClock()
  ) where Source.Item == Item, Source.Cursor == Cursor {
    self.init(
      source: source, configuration: configuration, clock: clock,
      timers: SleepingTimerScheduler.timers(for: clock))
  }

  /// Creates a paginator over a source, as ``init(source:configuration:clock:)`` does, whose
  /// timers are set on `timers`.
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - configuration: The rules (prefetch distance, duplicates, retries, hedges).
  ///   - clock: The clock that times the loads.
  ///   - timers: Where automatic retries, hedges and the invalidation poll set their timers.
  package convenience init<Source: PageSource>(
    source: Source, configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration>, timers: any PagingTimerScheduler
  ) where Source.Item == Item, Source.Cursor == Cursor {
    var configuration = configuration
    if !source.loadsAreIdempotent { configuration.hedging = .off }
    configuration.firstPageCursor = source.firstPageCursor
    if source.jumpingSupported {
      configuration.jumpCursor = { source.cursor(around: $0) }
    }
    self.init(configuration: configuration, clock: clock, timers: timers) {
      try await source.loadPage($0)
    }
  }

  /// Creates a paginator that loads pages with a closure: the way to page without a
  /// ``PageSource`` type of your own. Nothing loads until ``start(at:)``.
  /// The closure's loads count as idempotent reads, so they may be hedged (the
  /// configuration's `hedging`); pass ``HedgingPolicy/off`` when a load has a side effect.
  ///
  /// ```swift
  /// let feed = Paginator<Post, String> { request in
  ///   try await api.posts(after: request.cursor)  // returns a Page<Post, String>
  /// }
  /// ```
  /// - Parameters:
  ///   - configuration: The rules (prefetch distance, duplicates, retries).
  ///   - clock: The clock that automatic retries wait on.
  ///   - load: Loads one page; see ``PageSource/loadPage(_:)`` for what it may throw.
  public convenience init(
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration> = ContinuousClock(),
    load: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
  ) {
    self.init(
      configuration: configuration, clock: clock, timers: SleepingTimerScheduler.timers(for: clock),
      load: load)
  }

  /// Creates a paginator that loads pages with a closure, as
  /// ``init(configuration:clock:load:)`` does, whose timers are set on `timers`.
  /// - Parameters:
  ///   - configuration: The rules (prefetch distance, duplicates, retries).
  ///   - clock: The clock that times the loads.
  ///   - timers: Where automatic retries, hedges and the invalidation poll set their timers.
  ///   - load: Loads one page; see ``PageSource/loadPage(_:)`` for what it may throw.
  package init(
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration>, timers: any PagingTimerScheduler,
    load: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
  ) {
    self.machine = PagingStateMachine(configuration: configuration)
    self.clock = clock
    self.timers = timers
    self.load = load
    self.elapsed = stopwatch(clock)
  }

  deinit {
    for waiter in refreshWaiters { waiter.resume() }
    for task in loadTasks.values { task.cancel() }
    for token in retryTimers.values { timers.cancelTimer(token) }
    for token in hedgeTimers.values { timers.cancelTimer(token) }
    if let invalidationPoll { timers.cancelTimer(invalidationPoll) }
  }

  // MARK: State

  /// The loaded items, unique by id, in server order: a snapshot that `List` and `ForEach`
  /// take as they are. Changes once per committed page that adds or replaces an item, and
  /// once per edit, ``filter`` change or query change that empties the list. With a ``filter``,
  /// the items it accepts.
  /// - Complexity: O(1); holding the value does not make later commits copy the items.
  @inlinable public var items: ItemSnapshot<Item> {
    observe(keyPaths.items)
    return machine.items
  }

  /// The list at its full length: ``items`` with a placeholder for each row the source counted
  /// but the list has not loaded (``Page/itemsBefore``, ``Page/itemsAfter``). For a source that
  /// counts nothing, the rows are the items. Observed like ``items``; rulebook R31.
  ///
  /// ```swift
  /// List(feed.rows) { row in
  ///   NoteRow(row.item)  // nil: a placeholder
  ///     .redacted(reason: row.item == nil ? .placeholder : [])
  ///     .onAppear { feed.rowAppeared(row) }
  ///     .onDisappear { feed.rowDisappeared(row) }
  /// }
  /// ```
  /// - Complexity: O(1); its memory grows with the loaded rows, never with the placeholders.
  @inlinable public var rows: PagingRows<Item> {
    observe(keyPaths.items)
    return machine.rows
  }

  /// The position of the item with `id` in ``items``, or `nil` when it is not loaded.
  /// Observed like ``items``.
  /// - Parameter id: An item id.
  /// - Returns: Its position, from 0.
  /// - Complexity: O(1) on average (the engine's id index).
  @inlinable public func position(of id: Item.ID) -> Int? {
    observe(keyPaths.items)
    return machine.shown.position(of: id)
  }

  /// The state of the refresh direction, which includes the first load. Never
  /// ``LoadState/complete``.
  public var refreshState: LoadState {
    observe(keyPaths.refreshState)
    return machine.refreshState
  }

  /// The state of the prepend direction: what a header above the first row shows (a spinner,
  /// the error with a Retry button, or the start of the list).
  public var prependState: LoadState {
    observe(keyPaths.prependState)
    return machine.prependState
  }

  /// The state of the append direction: what a footer shows (a spinner, the error with a
  /// Retry button, or the end).
  public var appendState: LoadState {
    observe(keyPaths.appendState)
    return machine.appendState
  }

  /// Whether pages may exist after the last loaded item (before the first page, during a
  /// refresh, or while the last page had a next cursor): TanStack Query's `hasNextPage`.
  public var hasNextPage: Bool {
    observe(keyPaths.hasNextPage)
    return machine.hasNextPage
  }

  /// Whether pages may exist before the first loaded item (before the first page, during a
  /// refresh, or while the first page had a previous cursor): TanStack Query's
  /// `hasPreviousPage`. A feed whose pages never give a previous cursor has none.
  public var hasPreviousPage: Bool {
    observe(keyPaths.hasPreviousPage)
    return machine.hasPreviousPage
  }

  /// The current generation (one more per refresh).
  public var generation: Generation {
    observe(keyPaths.generation)
    return machine.generation
  }

  /// The row that must stay where it is on screen after the last prepend or refresh: the top
  /// visible row before older rows were put above it, or the same row after a refresh when it
  /// is still loaded; `nil` when there is nothing to keep. The engine knows only the rows'
  /// signals: where the list tracks its own position (SwiftUI's `scrollPosition(id:)` once
  /// the user has scrolled), that position wins, and this one fills in until then
  /// (`pagingScrollAnchor(_:)` in `PagingSwiftUI` does both; `PagingDisplayForwarder` keeps
  /// the offset in UIKit). Rulebook R19 and fault class 17.
  public var scrollAnchor: Item.ID? {
    observe(keyPaths.scrollAnchor)
    return machine.scrollAnchor
  }

  /// Counters of requests, commits and signals. Not observed: read it when you need it, so
  /// that counting appearance signals never re-renders a view.
  public var metrics: PagingMetrics { machine.metrics }

  /// How many requests have reached the source or will: every request and hedge started, less
  /// those cancelled before their task began. Not observed.
  package var requestsSent: Int {
    machine.metrics.requestsStarted + machine.metrics.hedgesStarted - requestsNeverSent
  }

  /// The durations of the loads that returned a page (the hedge delay and the adaptive
  /// prefetch distance read their quantiles). Not observed.
  package var latencies: LatencyDigest { machine.latencies }

  /// The loads in flight (at most one per direction). Not observed.
  package var loadsInFlight: [PageRequest<Cursor>] { machine.loadsInFlight }

  /// The state machine's current value, for tests and tools. Not observed.
  package var stateMachine: PagingStateMachine<Item, Cursor> { machine }

  // MARK: Signals

  /// Loads the first page if it has not loaded and no load runs, and waits until that load
  /// ends; otherwise re-checks the visible rows. Idempotent: calls while the first load runs
  /// join it, so `.task { await paginator.start() }` may run as often as SwiftUI likes.
  ///
  /// Without a cursor the list opens at the configuration's initial cursor, or where an
  /// earlier call with a cursor opened it. With `cursor` it opens there (a chat's newest page,
  /// a deep link's page): its page gives both cursors, and the list then grows both ways as
  /// rows near either edge appear. The same cursor again behaves as a call without one;
  /// another cursor starts a new generation there, as a refresh does. Later refreshes start
  /// from the last cursor given.
  ///
  /// ```swift
  /// .task { await chat.start(at: .newest) }
  /// ```
  ///
  /// The load runs in a task the paginator owns: cancelling the caller does not cancel it, and
  /// the call returns when the load ends, whether or not the caller was cancelled; after a
  /// failure, an automatic retry the policy schedules runs by itself (``fetchNextPage()``
  /// waits for retries).
  /// - Parameter cursor: The page to open at, in the source's terms (default `nil`: where the
  ///   list opens, the configuration's initial cursor until a call gives one).
  /// - Complexity: O(*m*) for a first page of *m* items, besides waiting for the load; with a
  ///   new cursor, as ``refresh(policy:)``.
  public func start(at cursor: Cursor? = nil) async {
    if let cursor { send(.startAt(cursor)) } else { send(.start) }
    await waitForRefresh()
  }

  /// Starts a new generation, cancelling the loads of both edges, and waits until the refresh's
  /// request ends: it committed, or it failed (an automatic retry the policy schedules then runs
  /// by itself). The old items stay until the new page commits, then are replaced in one step;
  /// if it fails they stay and ``refreshState`` shows the error. Concurrent calls
  /// share one request: a call while a refresh runs joins it, whatever that refresh's policy.
  ///
  /// Where it reloads from is the configuration's `refreshPolicy` (``PagingConfiguration``),
  /// or `policy` for this call: from the origin (the initial cursor, or the last
  /// ``start(at:)``'s), from the page holding the row on screen
  /// (``RefreshPolicy/aroundAnchor``), or every loaded page again
  /// (``RefreshPolicy/allLoaded(limit:)``), a "Reload all" command beside a pull to refresh
  /// that keeps the place, say:
  ///
  /// ```swift
  /// .refreshable { await feed.refresh() }
  /// await feed.refresh(policy: .allLoaded(limit: 5))  // at most 5 requests, one change of items
  /// ```
  ///
  /// The refresh runs in a task the paginator owns: when SwiftUI cancels a `.refreshable`
  /// task (it does on re-render), the refresh goes on, nothing is shown as an error, and the
  /// call returns when the refresh ends.
  /// - Parameter policy: Where the refresh starts and how many pages it fetches
  ///   (``RefreshPolicy``; default `nil`: the configuration's).
  /// - Complexity: O(pages + visible rows + edits) to start it and O(*n*) to commit its *n* items,
  ///   besides waiting for the loads.
  public func refresh(policy: RefreshPolicy? = nil) async {
    if let policy { send(.refreshWith(policy)) } else { send(.refresh) }
    await waitForRefresh()
  }

  /// Tells the paginator that a row is being shown (`onAppear`).
  /// - Parameter item: The row's item.
  /// - Complexity: O(1).
  @inlinable public func rowAppeared(_ item: Item) { appeared(.id(item.id)) }

  /// Tells the paginator that the row with this id is being shown.
  /// - Parameter id: The row's item id.
  /// - Complexity: O(1).
  @inlinable package func rowAppeared(id: Item.ID) { appeared(.id(id)) }

  /// Tells the paginator that the row at this position is being shown (UIKit's
  /// `willDisplay`).
  /// - Parameter index: The row's position in ``items``, from 0.
  /// - Complexity: O(1).
  @inlinable public func rowAppeared(at index: Int) { appeared(.index(index)) }

  /// Tells the paginator that a row of ``rows`` is being shown: a loaded item as
  /// ``rowAppeared(_:)-(Item)`` tells it, a placeholder loads the edge it lies beyond, or, past
  /// the jump threshold, the page around it (rulebook R31).
  /// - Parameter row: The row.
  /// - Complexity: O(1) for an item; O(*p*) for a placeholder, for the *p* placeholders shown.
  @inlinable public func rowAppeared(_ row: PagingRow<Item>) {
    switch row {
    case .item(let item): appeared(.id(item.id))
    case .placeholder(let position): send(.placeholderAppeared(position))
    }
  }

  /// Tells the paginator that a row of ``rows`` is no longer shown. Optional.
  /// - Parameter row: The row.
  /// - Complexity: As ``rowDisappeared(_:)-(Item)``.
  @inlinable public func rowDisappeared(_ row: PagingRow<Item>) {
    switch row {
    case .item(let item): disappeared(.id(item.id))
    case .placeholder(let position): send(.placeholderDisappeared(position))
    }
  }

  /// Tells the paginator that a row is no longer shown (`onDisappear`). Optional.
  /// - Parameter item: The row's item.
  /// - Complexity: O(1), or O(*v*) for the *v* rows remembered as visible (at most 512) when
  ///   the lowest or highest visible row leaves.
  @inlinable public func rowDisappeared(_ item: Item) { disappeared(.id(item.id)) }

  /// Tells the paginator that the row with this id is no longer shown.
  /// - Parameter id: The row's item id.
  /// - Complexity: O(1), or O(*v*) for the *v* rows remembered as visible (at most 512) when
  ///   the lowest or highest visible row leaves.
  @inlinable package func rowDisappeared(id: Item.ID) { disappeared(.id(id)) }

  /// Tells the paginator that the row at this position is no longer shown.
  /// - Parameter index: The row's position in ``items``, from 0.
  /// - Complexity: O(1), or O(*v*) for the *v* rows remembered as visible (at most 512) when
  ///   the lowest or highest visible row leaves.
  @inlinable public func rowDisappeared(at index: Int) { disappeared(.index(index)) }

  /// Loads the next page now if one exists and nothing blocks it (a load in flight, a latched
  /// failure, the end); loads the first page if none has loaded. During a refresh it is
  /// remembered and runs when the refresh commits, if the new list still has a next page.
  public func loadNextPage() { send(.loadNextPage) }

  /// Loads the previous page (towards the top) now if one exists and nothing blocks it; during
  /// a refresh, remembered like ``loadNextPage()``.
  public func loadPreviousPage() { send(.loadPreviousPage) }

  /// Retries failed loads at their cursors: the first load if it failed; else every failed
  /// edge (what a header's or footer's Retry button means while old items are shown); else a
  /// failed refresh. Does nothing when nothing failed; an edge stopped by
  /// ``PagingError/repeatedCursor(_:)`` needs a refresh.
  public func retry() { send(.retry) }

  /// Cancels every load in flight and any scheduled retry. A cancelled load is not shown as
  /// failed, and the next trigger loads the same cursor; a direction that was waiting for an
  /// automatic retry keeps showing its failure until ``retry()``.
  public func cancel() { send(.cancel) }

  /// Waits until the load with this id has been applied (committed, failed or cancelled;
  /// for a load the engine cancelled, until its task has ended and any late result was
  /// dropped). Returns at once for an unknown or finished id. For tests and tools.
  /// - Parameter id: A request id from ``loadsInFlight`` or from the source.
  package func waitForRequest(_ id: PageRequestID) async {
    await (loadTasks[id] ?? cancelledLoadTasks[id])?.value
  }

  /// Waits until no load is in flight and every cancelled load's task has ended. An automatic
  /// retry waiting for its timer is not waited for. With a source that never answers it never
  /// returns. For tests and tools: `PagingTesting` gives app tests it as `waitUntilIdle()`.
  package func waitForLoadsToEnd() async {
    while let task = loadTasks.values.first ?? cancelledLoadTasks.values.first {
      await task.value
    }
  }

  // MARK: Effects

  /// Waits until no refresh is in flight: it committed or failed, or was cancelled. Not until
  /// a task ends: when a hedge's page commits, the slower first request may run on (a source
  /// that ignores cancellation) and nobody waits for it (rulebook R22). A refresh the source
  /// reports cancelled is loaded again at once, and that is waited for too.
  private func waitForRefresh() async {
    guard machine.refresh.request != nil else { return }
    await withCheckedContinuation { refreshWaiters.append($0) }
  }

  /// Resumes the callers of ``waitForRefresh()`` once no refresh is in flight.
  private func resumeRefreshWaitersIfSettled() {
    guard !refreshWaiters.isEmpty, machine.refresh.request == nil else { return }
    let waiters = refreshWaiters
    refreshWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  /// A row signal, as ``send(_:)`` applies it, without building a ``PagingEvent``: a signal is
  /// the hot path (one per row drawn), and the event enum is copied and destroyed through its
  /// value witnesses, which costs more than the signal itself when the rows are in cache.
  @inlinable
  func appeared(_ row: RowReference<Item.ID>) {
    var changes = PagingChanges()
    let effects = machine.rowAppeared(row, changes: &changes)
    if !changes.isEmpty { notifyObservers(changes) }
    for effect in effects { run(effect) }
  }

  /// A row's disappearance, applied as ``appeared(_:)`` applies an appearance.
  @inlinable
  func disappeared(_ row: RowReference<Item.ID>) { machine.rowDisappeared(row) }

  /// Applies an event to the machine, notifies the observers of what changed and runs the
  /// effects. Inlinable: a row signal that changes nothing costs one specialised `handle` call.
  @inlinable
  func send(_ event: PagingEvent<Item, Cursor>) {
    apply { $0.handle(event, changes: &$1) }
  }

  /// Applies `body` to the machine, notifies the observers of what changed, and runs the
  /// effects it returns. Inlinable with ``send(_:)``, so that its closure is inlined too.
  @inlinable
  func apply(
    _ body: (inout PagingStateMachine<Item, Cursor>, inout PagingChanges) -> [PagingEffect<Cursor>]
  ) {
    var changes = PagingChanges()
    let effects = body(&machine, &changes)
    if !changes.isEmpty { notifyObservers(changes) }
    for effect in effects { run(effect) }
  }

  /// Notifies each changed property's observers once.
  @usableFromInline
  package func notifyObservers(_ changes: PagingChanges) {
    for property in ObservedProperty.allCases where changes.contains(property) { notify(property) }
    // A refresh ends with a change of its load state.
    if changes.contains(.refreshState) { resumeRefreshWaitersIfSettled() }
  }

  /// Notifies the observers of the paginator's property that shows `property`.
  private func notify(_ property: ObservedProperty) {
    switch property {
    case .items: withMutation(keyPath: keyPaths.items) {}
    case .refreshState: withMutation(keyPath: keyPaths.refreshState) {}
    case .prependState: withMutation(keyPath: keyPaths.prependState) {}
    case .appendState: withMutation(keyPath: keyPaths.appendState) {}
    case .hasNextPage: withMutation(keyPath: keyPaths.hasNextPage) {}
    case .hasPreviousPage: withMutation(keyPath: keyPaths.hasPreviousPage) {}
    case .generation: withMutation(keyPath: keyPaths.generation) {}
    case .scrollAnchor: withMutation(keyPath: keyPaths.scrollAnchor) {}
    case .query: withMutation(keyPath: keyPaths.query) {}
    case .isShowingPreviousQuery: withMutation(keyPath: keyPaths.isShowingPreviousQuery) {}
    case .filter: withMutation(keyPath: keyPaths.filter) {}
    }
  }

  /// Runs one effect of the machine.
  @usableFromInline
  func run(_ effect: PagingEffect<Cursor>) {
    switch effect {
    case .startLoad(let request):
      let load = self.load
      let timer = stopwatch(clock)
      // A hedge serves the load its first request began.
      let first = request.isHedge ? machine.activity(request.direction).request?.id : nil
      loadBegan[request.id] = first.flatMap { loadBegan[$0] } ?? elapsed()
      loadTasks[request.id] = Task { [weak self] in
        // The task runs on the main actor, as `cancelLoad` does: whether it began is decided
        // there, so `requestsSent` is exact at every moment.
        guard self?.begin(request.id) ?? false else {
          self?.finish(request.id, .failure(CancellationError()))
          return
        }
        let started = timer()
        let outcome: Result<Page<Item, Cursor>, any Error>
        do {
          outcome = .success(try await load(request))
        } catch {
          outcome = .failure(error)
        }
        if case .success = outcome { self?.recordTiming(request.id, timer() - started) }
        self?.finish(request.id, outcome)
      }
    case .cancelLoad(let id):
      if let token = hedgeTimers.removeValue(forKey: id) { timers.cancelTimer(token) }
      guard let task = loadTasks.removeValue(forKey: id) else { break }
      task.cancel()
      cancelledLoadTasks[id] = task
      if !begunLoads.contains(id) {
        // Cancelled before it began (a refresh came in the same turn): the source never
        // sees it (rulebook R17).
        skippedLoads.insert(id)
        requestsNeverSent += 1
      }
    case .scheduleRetry(let retry):
      retryTimers[retry.id] = timers.setTimer(after: retry.delay) { [weak self] in
        self?.retryTimers[retry.id] = nil
        self?.send(.retryTimerFired(retry.id))
        self?.resumeRetryWaiters(retry.id)
      }
    case .cancelRetry(let id):
      if let token = retryTimers.removeValue(forKey: id) { timers.cancelTimer(token) }
      resumeRetryWaiters(id)
    case .scheduleHedge(let id, let delay):
      // Dropped with the load (cancelLoad, finish): the machine ignores a later timer anyway.
      guard loadTasks[id] != nil else { break }
      hedgeTimers[id] = timers.setTimer(after: delay) { [weak self] in
        self?.hedgeTimers[id] = nil
        self?.send(.hedgeTimerFired(id))
      }
    }
  }

  /// Waits until the automatic retry `id` fires (its load has then started) or is cancelled;
  /// returns at once when it is no longer pending, or when the calling task is cancelled.
  func waitForRetry(_ id: RetryID) async {
    guard retryTimers[id] != nil, !Task.isCancelled else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { retryWaiters[id, default: []].append($0) }
    } onCancel: {
      Task { @MainActor [weak self] in self?.resumeRetryWaiters(id) }
    }
  }

  private func resumeRetryWaiters(_ id: RetryID) {
    for waiter in retryWaiters.removeValue(forKey: id) ?? [] { waiter.resume() }
  }

  /// Marks the load `id` as begun, unless it was cancelled before: then it must not reach the
  /// source.
  private func begin(_ id: PageRequestID) -> Bool {
    if skippedLoads.remove(id) != nil { return false }
    begunLoads.insert(id)
    return true
  }

  /// Tells the machine how long the request `id` took to return its page (`duration`) and how
  /// long its load had run.
  private func recordTiming(_ id: PageRequestID, _ duration: Duration) {
    let load = loadBegan[id].map { elapsed() - $0 } ?? duration
    send(.loadTimed(id, request: duration, load: load))
  }

  private func finish(_ id: PageRequestID, _ outcome: Result<Page<Item, Cursor>, any Error>) {
    if let token = hedgeTimers.removeValue(forKey: id) { timers.cancelTimer(token) }
    loadBegan[id] = nil
    begunLoads.remove(id)
    loadTasks[id] = nil
    cancelledLoadTasks[id] = nil
    switch outcome {
    case .success(let page): send(.loadCompleted(id, page))
    case .failure(let error): send(.loadFailed(id, error))
    }
  }
}
