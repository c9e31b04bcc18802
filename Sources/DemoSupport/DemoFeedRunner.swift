import Paging
import PagingBaselines
import PagingTesting

/// Runs one scripted session through one kind of feed, over a fresh source each time, and
/// turns what happened into a ``FeedReport`` row and a timeline.
@MainActor
struct DemoFeedRunner<Base: PageSource> where Base.Item == ReleaseNote {
  /// A fresh source for one run: the source, the clock the session runs on, where the
  /// paginator sets its timers (the test clock itself in virtual time), and the simulated
  /// server to step in virtual time (`nil` in real time).
  typealias Setup = (
    source: Base, clock: any Clock<Duration>, timers: any PagingTimerScheduler,
    server: SimulatedFeedServer<ReleaseNote>?
  )

  /// What one run gave.
  struct Run {
    /// The comparison table's row.
    var report: FeedReport
    /// The run's timeline.
    var timeline: [TimelineEntry]
    /// The session's length on its clock.
    var duration: Duration
    /// Requests the feed tried that the request limit kept from being sent.
    var requestsNotSent: Int
    /// The run for the picture.
    var trace: DemoTrace
  }

  /// The list: a feed, a chat or a search screen.
  var scenario: DemoScenario = .feed
  /// The script.
  var steps: [UserStep]
  /// How many times faster than written the script plays.
  var speed: Double
  /// The seed of the list's random choices.
  var seed: UInt64
  /// The most requests one run may send (real time only), or `nil`.
  var requestLimit: Int?
  /// Makes a fresh source for each run.
  var setUp: @MainActor () -> Setup
  /// Shows a cursor in the timeline.
  var cursorText: (Base.Cursor) -> String
  /// The chat's first cursor: its newest page (the chat scenario only).
  var newestCursor: Base.Cursor?
  /// Whether a note matches a text typed (the search scenario only).
  var matches: (@Sendable (ReleaseNote, String) -> Bool)?
  /// Runs after each session, once its figures are taken (real time: waits for the requests
  /// still in flight, so that they do not slow the next run down).
  var tearDown: @MainActor (RecordingPageSource<Base>) async -> Void = { _ in }

  /// Runs the session through a feed of kind `kind`.
  /// - Parameter kind: The feed.
  /// - Returns: What happened.
  func run(_ kind: DemoFeedKind) async -> Run {
    let setup = setUp()
    let source = RecordingPageSource(setup.source, clock: setup.clock, requestLimit: requestLimit)
    switch (scenario, kind) {
    case (.feed, .naive):
      return await play(NaiveOnAppearFeed(source: source), kind, source, setup)
    case (.feed, .guarded):
      return await play(GuardedOnAppearFeed(source: source), kind, source, setup)
    case (.chat, .naive):
      guard let newestCursor else { preconditionFailure("a chat needs its newest cursor") }
      return await play(
        NaiveChatFeed(source: source, newestCursor: newestCursor), kind, source, setup)
    case (.chat, .guarded):
      guard let newestCursor else { preconditionFailure("a chat needs its newest cursor") }
      return await play(
        GuardedChatFeed(source: source, newestCursor: newestCursor), kind, source, setup)
    case (.search, .naive):
      return await play(NaiveSearchFeed(source: source), kind, source, setup)
    case (.search, .guarded):
      return await play(GuardedSearchFeed(source: source), kind, source, setup)
    case (_, .paginator):
      let configuration = PagingConfiguration<Base.Cursor>(
        initialCursor: scenario == .chat ? newestCursor : nil, retryPolicy: .manual)
      let paginator = Paginator(
        source: source, configuration: configuration, clock: setup.clock, timers: setup.timers)
      return await play(PaginatorFeed(paginator), kind, source, setup)
    }
  }

  private func play<Inner: ListFeed>(
    _ inner: Inner, _ kind: DemoFeedKind, _ source: RecordingPageSource<Base>, _ setup: Setup
  ) async -> Run where Inner.Item == ReleaseNote {
    let feed = RecordedFeed(inner, upward: scenario == .chat, matches: matches)
    let list = ListSimulator(
      feed: feed, server: setup.server,
      configuration: DemoSessionRunner<RecordedFeed<Inner>>.listConfiguration(
        speed: speed, seed: seed, chat: scenario == .chat),
      clock: setup.clock)
    feed.list = list
    let runner = DemoSessionRunner(
      list: list, speed: speed, pendingRequest: { source.pendingRequest },
      dropNextRequest: { source.dropNextRequest() }, requestSequence: { source.sequence })
    await runner.run(steps)

    let seen = list.report()
    let entries = source.entries
    var requests = SessionReport()
    SessionRecorder.addRequestFigures(entries, to: &requests)
    var report = FeedReport(feed: kind.name(in: scenario), rows: seen, requests: requests)
    switch scenario {
    case .feed: break
    case .chat:
      report.viewportJumps = seen.viewportJumps
      report.anchorMovement = seen.anchorMovement.rounded()
      report.stallTimeAtTop = Format.roundedSeconds(seen.stallTimeAtTop)
    case .search:
      report.staleRowsShown = feed.staleRowsShown
      report.cancelledRequests = requests.cancelledRequests
    }
    let duration = list.now
    await list.cancelScreenTask()
    await tearDown(source)
    return Run(
      report: report,
      timeline: DemoTimeline.entries(
        userActions: runner.userActions, requests: entries, cursorText: cursorText),
      duration: duration, requestsNotSent: entries.count { $0.outcome == .notSent },
      trace: DemoTrace(
        feed: kind.name(in: scenario), samples: feed.samples,
        requests: source.traceRequests { time in
          feed.samples.last { $0.milliseconds <= time }?.loaded ?? 0
        },
        milliseconds: DemoTimeline.milliseconds(duration),
        moments: DemoTrace.moments(runner.userActions)))
  }
}
