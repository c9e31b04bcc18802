import Observation

/// Loads pages from a ``PageSource`` as the user scrolls: one request per page, whatever the
/// list's rows do.
///
/// Feed it the list's signals and read its state; every decision is made by a
/// ``PagingStateMachine``, and the paginator only runs the machine's effects as tasks it owns.
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
/// Observation: ``items`` changes once per committed page, and each load state, ``hasMore``
/// and ``generation`` notify their observers only when their own value changes; appearance
/// signals that start nothing notify no observer.
@MainActor
@Observable
public final class Paginator<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>
where Item.ID: Sendable {
  /// The rules, which decide everything; `@usableFromInline` so that row signals specialise
  /// in the client's module.
  @ObservationIgnored @usableFromInline var machine: PagingStateMachine<Item, Cursor>
  @ObservationIgnored private let load:
    @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var loadTasks: [PageRequestID: Task<Void, Never>] = [:]
  /// Loads cancelled by the engine whose task has not ended yet (a source may still answer);
  /// kept so that ``waitForLoad(_:)`` and ``waitUntilIdle()`` cover their dropped results.
  @ObservationIgnored private var cancelledLoadTasks: [PageRequestID: Task<Void, Never>] = [:]
  @ObservationIgnored private var retryTask: Task<Void, Never>?
  /// The values of ``refreshState``, ``appendState`` and ``hasMore`` that observers were last
  /// notified of, so that each is notified only when its own value changes.
  @ObservationIgnored @usableFromInline var publishedRefreshState = LoadState.idle
  @ObservationIgnored @usableFromInline var publishedAppendState = LoadState.idle
  @ObservationIgnored @usableFromInline var publishedHasMore = true

  /// Creates a paginator over a source. Nothing loads until ``start()``.
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - configuration: The rules (prefetch distance, duplicates, retries).
  ///   - clock: The clock that automatic retries wait on (default: the continuous clock; tests
  ///     pass a test clock).
  public convenience init<Source: PageSource>(
    source: Source, configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration> = ContinuousClock()
  ) where Source.Item == Item, Source.Cursor == Cursor {
    self.init(configuration: configuration, clock: clock) { try await source.loadPage($0) }
  }

  /// Creates a paginator that loads pages with a closure. Nothing loads until ``start()``.
  /// - Parameters:
  ///   - configuration: The rules (prefetch distance, duplicates, retries).
  ///   - clock: The clock that automatic retries wait on.
  ///   - load: Loads one page; see ``PageSource/loadPage(_:)`` for what it may throw.
  public init(
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration> = ContinuousClock(),
    load: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
  ) {
    self.machine = PagingStateMachine(configuration: configuration)
    self.clock = clock
    self.load = load
  }

  deinit {
    for task in loadTasks.values { task.cancel() }
    retryTask?.cancel()
  }

  // MARK: State

  /// The loaded items, unique by id, in server order. Changes once per committed page.
  public var items: ItemSnapshot<Item> {
    access(keyPath: \.items)
    return machine.items.items
  }

  /// The state of the refresh direction, which includes the first load.
  public var refreshState: LoadState {
    access(keyPath: \.refreshState)
    return machine.refreshState
  }

  /// The state of the append direction: what a footer shows (a spinner, the error with a
  /// Retry button, or the end).
  public var appendState: LoadState {
    access(keyPath: \.appendState)
    return machine.appendState
  }

  /// Whether more pages may exist (before the first page, or while the last page had a next
  /// cursor).
  public var hasMore: Bool {
    access(keyPath: \.hasMore)
    return machine.hasMore
  }

  /// The current generation (one more per refresh).
  public var generation: Generation {
    access(keyPath: \.generation)
    return machine.generation
  }

  /// Counters of requests, commits and signals. Not observed: read it when you need it, so
  /// that counting appearance signals never re-renders a view.
  public var metrics: PagingMetrics { machine.metrics }

  /// The loads in flight (at most one per direction). Not observed.
  public var loadsInFlight: [PageRequest<Cursor>] { machine.loadsInFlight }

  /// The state machine's current value, for tests and tools. Not observed.
  public var stateMachine: PagingStateMachine<Item, Cursor> { machine }

  // MARK: Signals

  /// Loads the first page if it has not loaded and no load runs, and waits until that load
  /// ends; otherwise re-checks the visible rows. Idempotent: calls while the first load runs
  /// join it, so `.task { await paginator.start() }` may run as often as SwiftUI likes.
  ///
  /// The load runs in a task the paginator owns: cancelling the caller does not cancel it, and
  /// the call returns when the load ends, whether or not the caller was cancelled.
  public func start() async {
    send(.start)
    await waitForRefresh()
  }

  /// Starts a new generation from the initial cursor, cancelling any append in flight, and
  /// waits until the refresh commits or fails. The old items stay until the new first page
  /// commits, then are replaced in one step; if it fails they stay and ``refreshState`` shows
  /// the error. Concurrent calls share one request.
  ///
  /// The refresh runs in a task the paginator owns: when SwiftUI cancels a `.refreshable`
  /// task (it does on re-render), the refresh goes on, nothing is shown as an error, and the
  /// call returns when the refresh ends.
  public func refresh() async {
    send(.refresh)
    await waitForRefresh()
  }

  /// Tells the paginator that a row is being shown (`onAppear`).
  /// - Parameter item: The row's item.
  /// - Complexity: O(1).
  @inlinable public func rowAppeared(_ item: Item) { send(.rowAppeared(.id(item.id))) }

  /// Tells the paginator that the row with this id is being shown.
  /// - Parameter id: The row's item id.
  /// - Complexity: O(1).
  @inlinable public func rowAppeared(id: Item.ID) { send(.rowAppeared(.id(id))) }

  /// Tells the paginator that the row at this position is being shown (UIKit's
  /// `willDisplay`).
  /// - Parameter index: The row's position in ``items``, from 0.
  /// - Complexity: O(1).
  @inlinable public func rowAppeared(at index: Int) { send(.rowAppeared(.index(index))) }

  /// Tells the paginator that a row is no longer shown (`onDisappear`). Optional.
  /// - Parameter item: The row's item.
  /// - Complexity: O(1), or O(*v*) for the *v* rows remembered as visible (at most 512) when
  ///   the highest visible row leaves.
  @inlinable public func rowDisappeared(_ item: Item) { send(.rowDisappeared(.id(item.id))) }

  /// Tells the paginator that the row with this id is no longer shown.
  /// - Parameter id: The row's item id.
  @inlinable public func rowDisappeared(id: Item.ID) { send(.rowDisappeared(.id(id))) }

  /// Tells the paginator that the row at this position is no longer shown.
  /// - Parameter index: The row's position in ``items``, from 0.
  @inlinable public func rowDisappeared(at index: Int) { send(.rowDisappeared(.index(index))) }

  /// Loads the next page now if one exists and nothing blocks it (a load in flight, a
  /// latched failure, the end); loads the first page if none has loaded.
  public func loadNextPage() { send(.loadNextPage) }

  /// Retries a failed load at the same cursor: the first load if it failed; else the append
  /// if it failed (what a footer's Retry button means while old items are shown); else a
  /// failed refresh. Does nothing when nothing failed, or after
  /// ``PagingError/repeatedCursor(_:)``, which needs a refresh.
  public func retry() { send(.retry) }

  /// Cancels every load in flight and any scheduled retry. Nothing is shown as failed, and
  /// the next trigger loads the same cursor.
  public func cancel() { send(.cancel) }

  /// Waits until the load with this id has been applied (committed, failed or cancelled;
  /// for a load the engine cancelled, until its task has ended and any late result was
  /// dropped). Returns at once for an unknown or finished id. For tests and tools.
  /// - Parameter id: A request id from ``loadsInFlight`` or from the source.
  public func waitForLoad(_ id: PageRequestID) async {
    await (loadTasks[id] ?? cancelledLoadTasks[id])?.value
  }

  /// Waits until no load is in flight and every cancelled load's task has ended. For tests
  /// and tools; with a source that never answers it never returns.
  public func waitUntilIdle() async {
    while let task = loadTasks.values.first ?? cancelledLoadTasks.values.first {
      await task.value
    }
  }

  // MARK: Effects

  private func waitForRefresh() async {
    // A first load the source reports cancelled is loaded again at once: wait for that too.
    while let request = machine.refreshRequest, let task = loadTasks[request.id] {
      await task.value
    }
  }

  /// Applies an event to the machine, notifies observers of what changed and runs the effects.
  /// Inlinable: a row signal that changes nothing costs one specialised `handle` call.
  @inlinable
  func send(_ event: PagingEvent<Item, Cursor>) {
    let itemsVersion = machine.itemsVersion
    let statusVersion = machine.statusVersion
    let generation = machine.generation
    let effects = machine.handle(event)
    if machine.itemsVersion != itemsVersion || machine.statusVersion != statusVersion
      || machine.generation != generation
    {
      notifyObservers(
        itemsVersion: itemsVersion, statusVersion: statusVersion, generation: generation)
    }
    for effect in effects { run(effect) }
  }

  /// Notifies each property's observers, once per event, when that property changed: the
  /// load states and ``hasMore`` are compared with the values observers last saw.
  @usableFromInline
  func notifyObservers(itemsVersion: Int, statusVersion: Int, generation: Generation) {
    if machine.itemsVersion != itemsVersion { withMutation(keyPath: \.items) {} }
    if machine.statusVersion != statusVersion {
      if machine.refreshState != publishedRefreshState {
        publishedRefreshState = machine.refreshState
        withMutation(keyPath: \.refreshState) {}
      }
      if machine.appendState != publishedAppendState {
        publishedAppendState = machine.appendState
        withMutation(keyPath: \.appendState) {}
      }
    }
    if machine.hasMore != publishedHasMore {
      publishedHasMore = machine.hasMore
      withMutation(keyPath: \.hasMore) {}
    }
    if machine.generation != generation { withMutation(keyPath: \.generation) {} }
  }

  /// Runs one effect of the machine.
  @usableFromInline
  func run(_ effect: PagingEffect<Cursor>) {
    switch effect {
    case .startLoad(let request):
      let load = self.load
      loadTasks[request.id] = Task { [weak self] in
        let outcome: Result<Page<Item, Cursor>, any Error>
        do {
          outcome = .success(try await load(request))
        } catch {
          outcome = .failure(error)
        }
        self?.finish(request.id, outcome)
      }
    case .cancelLoad(let id):
      guard let task = loadTasks.removeValue(forKey: id) else { break }
      task.cancel()
      cancelledLoadTasks[id] = task
    case .scheduleRetry(let retry):
      retryTask?.cancel()
      let clock = self.clock
      retryTask = Task { [weak self] in
        do {
          try await clock.sleep(for: retry.delay)
        } catch {
          return
        }
        self?.send(.retryTimerFired(retry.id))
      }
    case .cancelRetry:
      retryTask?.cancel()
      retryTask = nil
    }
  }

  private func finish(_ id: PageRequestID, _ outcome: Result<Page<Item, Cursor>, any Error>) {
    loadTasks[id] = nil
    cancelledLoadTasks[id] = nil
    switch outcome {
    case .success(let page): send(.loadCompleted(id, page))
    case .failure(let error): send(.loadFailed(id, error))
    }
  }
}
