import Paging
import PagingTesting

/// Runs one scripted session through one kind of feed, over a fresh source each time, and
/// turns what happened into a ``DemoReport/Row`` and a timeline.
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
    var report: DemoReport.Row
    /// The run's timeline.
    var timeline: [TimelineEntry]
    /// The session's length on its clock.
    var duration: Duration
    /// Requests the feed tried that the request limit kept from being sent.
    var requestsNotSent: Int
    /// The run for the picture.
    var trace: DemoTrace
    /// When the runner's ``watched`` row first showed, in milliseconds since the session
    /// started, or `nil`.
    var watchedShownMilliseconds: Int?
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
  /// The note whose first showing each run times (the jump scenario's target), or `nil`.
  var watched: ReleaseNote.ID?
  /// Whether a note matches a text typed (the search scenario only).
  var matches: (@Sendable (ReleaseNote, String) -> Bool)?
  /// Runs after each session, once its figures are taken (real time: waits for the requests
  /// still in flight, so that they do not slow the next run down).
  var tearDown: @MainActor (RecordingPageSource<Base>) async -> Void = { _ in }

  /// Runs the session through a feed of kind `kind`.
  /// - Parameter kind: The feed.
  /// - Returns: What happened.
  func run(_ kind: FeedKind) async -> Run {
    let setup = setUp()
    let source = RecordingPageSource(setup.source, clock: setup.clock, requestLimit: requestLimit)
    // The default configuration, as users get it (its automatic retries included); only the
    // chat opens at its newest page.
    let configuration = PagingConfiguration<Base.Cursor>(
      initialCursor: scenario == .chat ? newestCursor : nil)
    return await FeedComparison.play(
      kind, scenario: scenario, source: source, newestCursor: newestCursor,
      configuration: configuration, clock: setup.clock, timers: setup.timers,
      with: Player(runner: self, kind: kind, source: source, setup: setup))
  }

  /// Plays the runner's session on each feed the comparison makes.
  private struct Player: FeedPlayer {
    typealias Item = ReleaseNote
    let runner: DemoFeedRunner
    let kind: FeedKind
    let source: RecordingPageSource<Base>
    let setup: Setup

    func play<Feed: ListFeed>(_ feed: Feed) async -> Run where Feed.Item == ReleaseNote {
      await runner.play(feed, kind, source, setup)
    }
  }

  /// A session's report as the table shows it: with the request figures of the client's log
  /// (which knows of lost answers and requests never sent, unlike the server's), times rounded
  /// to the millisecond, the anchor's movement to the point.
  static func figures(
    of report: SessionReport, requests entries: [RequestRecord<Base.Cursor>]
  ) -> SessionReport {
    var requests = SessionReport()
    SessionRecorder.addRequestFigures(entries, to: &requests)
    var session = report.withRequestFigures(of: requests)
    session.duration = Format.roundedToMillisecond(session.duration)
    session.stallTime = Format.roundedToMillisecond(session.stallTime)
    session.stallTimeAtTop = Format.roundedToMillisecond(session.stallTimeAtTop)
    session.timeToFirstRow = session.timeToFirstRow.map(Format.roundedToMillisecond)
    session.anchorMovement = session.anchorMovement.rounded()
    return session
  }

  private func play<Inner: ListFeed>(
    _ inner: Inner, _ kind: FeedKind, _ source: RecordingPageSource<Base>, _ setup: Setup
  ) async -> Run where Inner.Item == ReleaseNote {
    let feed = RecordedFeed(inner, upward: scenario == .chat, matches: matches)
    feed.watched = watched
    let list = ListSimulator(
      feed: feed, server: setup.server,
      configuration: DemoSessionRunner<RecordedFeed<Inner>>.listConfiguration(
        speed: speed, seed: seed, scenario: scenario),
      clock: setup.clock)
    feed.list = list
    let runner = DemoSessionRunner(
      list: list, speed: speed, pendingRequest: { source.pendingRequest },
      dropNextRequest: { source.dropNextRequest() }, requestSequence: { source.sequence })
    await runner.run(steps)

    let entries = source.entries
    let session = Self.figures(of: list.report(), requests: entries)
    let report = DemoReport.Row(
      feed: kind.name(in: scenario), report: session,
      staleRowsShown: scenario == .search ? feed.staleRowsShown : nil)
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
        moments: DemoTrace.moments(runner.userActions)),
      watchedShownMilliseconds: feed.watchedShownMilliseconds)
  }
}
