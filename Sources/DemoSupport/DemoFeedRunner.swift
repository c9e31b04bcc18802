import Paging
import PagingTesting

/// Runs one scripted session through one kind of feed, over a fresh source each time, and
/// turns what happened into a ``FeedReport`` row and a timeline.
@MainActor
struct DemoFeedRunner<Base: PageSource> where Base.Item == ReleaseNote {
  /// A fresh source for one run: the source, the clock the session runs on, and the simulated
  /// server to step in virtual time (`nil` in real time).
  typealias Setup = (
    source: Base, clock: any Clock<Duration>, server: SimulatedFeedServer<ReleaseNote>?
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
  }

  /// The script.
  var steps: [DemoStep]
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
  /// Runs after each session, once its figures are taken (real time: waits for the requests
  /// still in flight, so that they do not slow the next run down).
  var tearDown: @MainActor (RecordingPageSource<Base>) async -> Void = { _ in }

  /// Runs the session through a feed of kind `kind`.
  /// - Parameter kind: The feed.
  /// - Returns: What happened.
  func run(_ kind: DemoFeedKind) async -> Run {
    let setup = setUp()
    let source = RecordingPageSource(setup.source, clock: setup.clock, requestLimit: requestLimit)
    switch kind {
    case .naive:
      return await play(NaiveOnAppearFeed(source: source), kind, source, setup)
    case .guarded:
      return await play(GuardedOnAppearFeed(source: source), kind, source, setup)
    case .paginator:
      let configuration = PagingConfiguration<Base.Cursor>(retryPolicy: .manual)
      let paginator = Paginator(source: source, configuration: configuration, clock: setup.clock)
      return await play(paginator, kind, source, setup)
    }
  }

  private func play<Feed: ListFeed>(
    _ feed: Feed, _ kind: DemoFeedKind, _ source: RecordingPageSource<Base>, _ setup: Setup
  ) async -> Run where Feed.Item == ReleaseNote {
    let list = ListSimulator(
      feed: feed, server: setup.server,
      configuration: DemoSessionRunner<Feed>.listConfiguration(speed: speed, seed: seed),
      clock: setup.clock)
    let runner = DemoSessionRunner(
      list: list, speed: speed, pendingRequest: { source.pendingRequestNumber },
      dropNextRequest: { source.dropNextRequest() }, requestSequence: { source.sequence })
    await runner.run(steps)

    let entries = source.entries
    var requests = SessionReport()
    SessionRecorder.addRequestFigures(entries, to: &requests)
    let report = FeedReport(feed: kind.name, rows: list.report(), requests: requests)
    let duration = list.now
    await list.cancelScreenTask()
    await tearDown(source)
    return Run(
      report: report,
      timeline: DemoTimeline.entries(
        userActions: runner.userActions, requests: entries, cursorText: cursorText),
      duration: duration, requestsNotSent: entries.count { $0.outcome == .notSent })
  }
}
