import Paging

/// A list on a phone screen, without the phone: a viewport over a paginator's rows that
/// fires `onAppear` and `onDisappear` as SwiftUI's containers do while a simulated user
/// scrolls, seeded and deterministic.
///
/// ```swift
/// let clock = TestClock()
/// let server = SimulatedFeedServer(items: posts, pageSize: 20, latency: .cellular, clock: clock)
/// let paginator = Paginator(source: server)
/// let list = ListSimulator(feed: paginator, server: server, clock: clock)
/// await list.startScreenTask()           // the screen appears: `.task` runs
/// await list.fling(velocity: 5_000)      // points per second, towards the end
/// let report = list.report()             // requests, duplicates, stall time, …
/// ```
///
/// The simulator runs in frames (the configuration's `frameDuration`) on the clock
/// it is given. Each frame it reads the feed's rows, moves the content offset along the
/// current gesture (it cannot scroll past the loaded rows), and fires callbacks for the rows
/// that enter or leave the window: the viewport plus the container's margins. Rows that stay
/// in the window do not fire again; rows that leave and come back do. See the rulebook
/// (Rulebook.md in Paging.docc, "How lists fire their rows") for the behaviours modelled.
///
/// **Prepends.** When the feed puts rows above the ones the list holds (a chat's older
/// messages), the list keeps its content offset, so the user is thrown to the new rows, which
/// fire `onAppear` (fault class 17), unless the feed names a scroll anchor (`Paginator`'s
/// `scrollAnchor`): then
/// the offset moves with the anchored row, which stays where it was on screen, and only new rows
/// that enter the top margin fire. ``SessionReport/anchorMovement`` says how far the row at the
/// top of the viewport moved. A chat opens at its bottom
/// (the configuration's `opensAtBottom`) and is read with ``readUpward(rows:speed:)``.
///
/// **Virtual time.** On a ``TestClock``, the simulator advances the clock itself, and when it
/// is given the ``SimulatedFeedServer`` its feed loads from, it steps the server's answers
/// one at a time: before time moves, every request the feed started has reached the server;
/// after each answer, the feed has applied it before anything else happens. No sleep, no
/// yield: the same seeds give the same events and the same ``report()``, run after run, and
/// a 60-second session takes a fraction of a second. **Real time.** On any other clock (such as
/// `ContinuousClock`) it sleeps until each frame and renders whatever the feed holds then,
/// so the demo can show a live list against a real server.
@MainActor
public final class ListSimulator<Feed: ListSimulatorFeed> {
  /// The feed the list shows: the view model given, or a ``PaginatorFeed`` over the paginator
  /// given (its properties read through: `list.feed.items`).
  public let feed: Feed
  /// What the list reads and calls: `feed` itself, or its paginator.
  let listFeed: any ListFeed<Feed.Item>
  /// The server the feed loads from, if the simulator steps it.
  package let server: SimulatedFeedServer<Feed.Item>?
  /// The list's shape and habits.
  package let configuration: ListSimulatorConfiguration

  /// Every callback the list made, in order.
  public internal(set) var events: [Event] = []
  /// The content offset: how far the list is scrolled, in points from the top.
  package internal(set) var contentOffset: Double = 0
  /// The time of the last frame, since the simulator was created.
  package private(set) var now: Duration = .zero
  /// Whether the screen is shown (between ``startScreenTask()`` and ``cancelScreenTask()``).
  package private(set) var isScreenShown = false

  private let timeline: ClockTimeline
  var random: SeededRandom
  var frameIndex = 0
  var recorder = SessionRecorder()
  var table = RowTable<Feed.Item.ID>()
  var window: [RowKey<Feed.Item.ID>] = []
  var windowRows: [RowKey<Feed.Item.ID>: (index: Int, item: Feed.Item?)] = [:]
  var windowRange: Range<Int>?
  var footer: (state: ListFooterState, cycle: Int)?
  var footerCycles = 0
  var screenShownAt: Duration?
  var failedFooterShownAt: Duration?
  /// Whether the list keeps its bottom in view (the configuration's `opensAtBottom`,
  /// until the user's first gesture).
  var isPinnedToBottom: Bool
  /// Points the anchor moved the content offset by so far (prepends under a
  /// scroll anchor); a gesture in progress moves with it.
  var anchorShift: Double = 0
  var screenTask: Task<Void, Never>?
  var refreshTask: Task<Void, Never>?

  /// Creates a simulator over `paginator`; the screen is not shown until
  /// ``startScreenTask()``.
  /// - Parameters:
  ///   - paginator: What the list shows; ``feed`` is a ``PaginatorFeed`` over it.
  ///   - server: The server `paginator` loads from. Give it in virtual time: the simulator then
  ///     steps its answers deterministically, and ``report()`` includes its requests.
  ///   - configuration: The list's shape and habits.
  ///   - clock: A ``TestClock`` for virtual time (the simulator advances it), or any other
  ///     clock for real time.
  public convenience init<Item, Cursor>(
    feed paginator: Paginator<Item, Cursor>, server: SimulatedFeedServer<Item>? = nil,
    configuration: ListSimulatorConfiguration = ListSimulatorConfiguration(),
    clock: any Clock<Duration>
  ) where Feed == PaginatorFeed<Item, Cursor> {
    let feed = PaginatorFeed(paginator)
    self.init(
      feed: feed, listFeed: feed, server: server, configuration: configuration, clock: clock)
  }

  /// Creates a simulator over a view model that wraps a paginator; the screen is not shown
  /// until ``startScreenTask()``.
  /// - Parameters:
  ///   - feed: What the list shows: the simulator drives its paginator.
  ///   - server: The server `feed` loads from. Give it in virtual time: the simulator then
  ///     steps its answers deterministically, and ``report()`` includes its requests.
  ///   - configuration: The list's shape and habits.
  ///   - clock: A ``TestClock`` for virtual time (the simulator advances it), or any other
  ///     clock for real time.
  public convenience init(
    feed: Feed, server: SimulatedFeedServer<Feed.Item>? = nil,
    configuration: ListSimulatorConfiguration = ListSimulatorConfiguration(),
    clock: any Clock<Duration>
  ) where Feed: PaginatorBackedFeed {
    self.init(
      feed: feed, listFeed: PaginatorFeed(feed.paginator), server: server,
      configuration: configuration, clock: clock)
  }

  /// Creates a simulator over one of the package's own feeds.
  /// - Parameters:
  ///   - feed: What the list shows.
  ///   - server: The server `feed` loads from, stepped in virtual time.
  ///   - configuration: The list's shape and habits.
  ///   - clock: A ``TestClock`` for virtual time, or any other clock for real time.
  package convenience init(
    feed: Feed, server: SimulatedFeedServer<Feed.Item>? = nil,
    configuration: ListSimulatorConfiguration = ListSimulatorConfiguration(),
    clock: any Clock<Duration>
  ) where Feed: ListFeed {
    self.init(
      feed: feed, listFeed: feed, server: server, configuration: configuration, clock: clock)
  }

  /// Creates a simulator over a feed of the package's that wraps a paginator and shows rows
  /// of its own: the list reads the feed's rows, not the paginator's.
  /// - Parameters:
  ///   - feed: What the list shows.
  ///   - server: The server `feed` loads from, stepped in virtual time.
  ///   - configuration: The list's shape and habits.
  ///   - clock: A ``TestClock`` for virtual time, or any other clock for real time.
  package convenience init(
    feed: Feed, server: SimulatedFeedServer<Feed.Item>? = nil,
    configuration: ListSimulatorConfiguration = ListSimulatorConfiguration(),
    clock: any Clock<Duration>
  ) where Feed: ListFeed & PaginatorBackedFeed {
    self.init(
      feed: feed, listFeed: feed, server: server, configuration: configuration, clock: clock)
  }

  private init(
    feed: Feed, listFeed: any ListFeed<Feed.Item>, server: SimulatedFeedServer<Feed.Item>?,
    configuration: ListSimulatorConfiguration, clock: any Clock<Duration>
  ) {
    self.feed = feed
    self.listFeed = listFeed
    self.server = server
    self.configuration = configuration
    self.timeline = ClockTimeline(clock)
    self.random = SeededRandom(seed: configuration.seed)
    self.isPinnedToBottom = configuration.opensAtBottom
  }

  /// The session's figures so far: the list's, plus the server's requests when a server was
  /// given.
  /// - Returns: The report.
  /// - Complexity: O(*r* log *r* + *d*) for the server's *r* requests, *d* the pairs of requests
  ///   for the same cursor in the same generation.
  public func report() -> SessionReport {
    recorder.report(requests: server?.log ?? [], currentRowCount: table.count)
  }

  // MARK: Time

  /// Moves to the next frame: in virtual time, delivers every answer due by then, one at a
  /// time; in real time, sleeps until then. Returns the time since the previous frame.
  func nextFrame() async -> Duration {
    let previous = now
    frameIndex += 1
    let target = configuration.frameDuration * frameIndex
    if let clock = timeline.testClock {
      await settle()
      while clock.wakeNext(notAfter: timeline.testInstant(at: target)) { await settle() }
      now = target
    } else {
      try? await timeline.sleep(until: target)
      now = max(target, timeline.elapsed)
      frameIndex = max(frameIndex, Int(now / configuration.frameDuration))
    }
    return now - previous
  }

  /// Waits until every request the feed started has reached the server, and every answer the
  /// server delivered has been applied by the feed. Only in virtual time, with a server.
  /// Every frame starts with it, and every gesture ends with it, so that what a gesture
  /// started is in the server's log when it returns.
  func settle() async {
    guard timeline.testClock != nil, let ledger = server?.ledger else { return }
    while true {
      let started = listFeed.requestsStarted
      if ledger.arrivedCount < started { await ledger.waitUntilArrived(started) }
      let resolved = ledger.takeResolved()
      if resolved.isEmpty { return }
      for id in resolved { await listFeed.waitForLoad(id) }
    }
  }

  /// Starts `body` in a new main-actor task and returns once the task has run up to its
  /// first suspension, so that what it starts synchronously is seen by the next frame.
  func spawn(_ body: @escaping @MainActor () async -> Void) async -> Task<Void, Never> {
    await spawnStarted(body)
  }

  // MARK: Screen

  /// The screen appears (first display, or a navigation pop): the list is shown and the
  /// screen's `.task` runs (a paginator's `start()`). Rows already loaded fire
  /// `onAppear` at once. Does nothing while the screen is shown.
  /// - Complexity: one layout pass: O(*w*) in the rows of the window, plus O(*n*) in the
  ///   feed's *n* rows when they changed other than at the end.
  public func startScreenTask() async {
    guard !isScreenShown else { return }
    isScreenShown = true
    if screenShownAt == nil { screenShownAt = now }
    let listFeed = self.listFeed
    screenTask = await spawn { await listFeed.runScreenTask() }
    layout(frame: .zero)
    await settle()
  }

  /// The screen goes away (a navigation push): SwiftUI cancels its `.task` (and a running
  /// `.refreshable` task), and every row in the window disappears (as the disappear policy
  /// allows).
  /// - Complexity: O(*w*) in the rows of the window.
  public func cancelScreenTask() async {
    screenTask?.cancel()
    screenTask = nil
    refreshTask?.cancel()
    refreshTask = nil
    for key in window { fireDisappear(key) }
    window = []
    windowRows = [:]
    windowRange = nil
    isScreenShown = false
    await settle()
  }

  /// The user pulls to refresh: the list jumps to the top and `.refreshable` runs
  /// `refresh()` in a task that SwiftUI owns. Returns once the refresh has
  /// started (and, with `cancelledAfter`, once SwiftUI has cancelled that task); the refresh
  /// goes on while later gestures run.
  /// - Parameter cancelledAfter: If given, SwiftUI cancels the refresh task this long after
  ///   it starts, as it does when the list re-renders during a refresh; the frames in between
  ///   run.
  /// - Complexity: one layout pass, O(*w*) in the rows of the window (plus O(*n*) in the
  ///   feed's *n* rows when they changed other than at the end), and with `cancelledAfter`
  ///   the frames until then, as ``idle(for:)``.
  public func pullToRefresh(cancelledAfter: Duration? = nil) async {
    contentOffset = 0
    isPinnedToBottom = false
    let listFeed = self.listFeed
    refreshTask = await spawn { await listFeed.refresh() }
    layout(frame: .zero)
    if let cancelledAfter {
      await idle(for: cancelledAfter)
      refreshTask?.cancel()
    }
    await settle()
  }

  /// The user taps the footer's Retry button (a paginator's `retry()`).
  public func tapRetry() async {
    listFeed.retry()
    await settle()
  }
}
