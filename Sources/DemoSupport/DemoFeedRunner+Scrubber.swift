import Paging
import PagingTesting

extension DemoFeedRunner where Base == SimulatedFeedServer<ReleaseNote> {
  /// The jump scenario's `Paginator` run: a counted list (`Paginator.rows`, the server's offset
  /// pages count the rows around them) in a `ScrubberSimulator` with the rows the demo's list
  /// shows (8), the default configuration (what users get: automatic retries, the automatic jump
  /// threshold). The user opens the screen and looks at it for 2 s, drags the scroll bar to
  /// `target`, waits for its rows and reads them for `reading`, drags back to the top and
  /// reads there as long.
  ///
  /// The baselines play the same script in the `ListSimulator` (``jumpSteps(target:reading:)``),
  /// whose scroll bar ends at the last loaded row: they reach `target` only by loading every page
  /// before it.
  /// - Parameters:
  ///   - target: The row the drag lands on, from 0.
  ///   - reading: How long the user reads after each drag, once the rows show.
  /// - Returns: The run, named as ``FeedKind/paginator``.
  func scrub(to target: Int, reading: Duration) async -> Run {
    let setup = setUp()
    guard let server = setup.server, let clock = setup.clock as? TestClock else {
      preconditionFailure("the jump scenario runs on the simulated server's virtual clock")
    }
    let source = RecordingPageSource(setup.source, clock: setup.clock, requestLimit: nil)
    let paginator = Paginator(source: source, clock: clock, timers: setup.timers)
    let list = ListSimulatorConfiguration()
    let screenRows = Int((list.viewportHeight / list.rowHeight).rounded(.down))
    let scrubber = ScrubberSimulator(
      feed: paginator, server: server, screenRows: screenRows, clock: clock)
    var samples: [DemoTrace.Sample] = []
    var watchedShown: Int?
    scrubber.frameObserver = { [watched] now, onScreen, stalled in
      if let watched, watchedShown == nil,
        onScreen.contains(where: { paginator.rows[$0].item?.id == watched })
      {
        watchedShown = DemoTimeline.milliseconds(now)
      }
      let sample = DemoTrace.Sample(
        milliseconds: DemoTimeline.milliseconds(now),
        firstVisible: onScreen.isEmpty ? nil : onScreen.lowerBound,
        lastVisible: onScreen.isEmpty ? nil : onScreen.upperBound - 1,
        loaded: paginator.items.count, waiting: stalled)
      if let last = samples.last, last.firstVisible == sample.firstVisible,
        last.loaded == sample.loaded, last.waiting == sample.waiting
      {
        return
      }
      samples.append(sample)
    }
    var actions: [DemoUserAction] = []
    func note(_ text: String) {
      actions.append(DemoUserAction(time: scrubber.now, sequence: source.sequence, text: text))
    }

    note("opens the screen")
    await scrubber.start()
    await scrubber.read(for: .seconds(2) - scrubber.now, rowsPerSecond: 0)
    for (row, words) in [(target, "down to row \(target)"), (0, "back up to row 0")] {
      note("drags the scroll bar \(words)")
      await scrubber.drag(to: row)
      await scrubber.waitForRows()
      note("reads for \(Format.decimalSeconds(reading))")
      await scrubber.read(for: reading, rowsPerSecond: 0)
    }
    scrubber.stop()

    let entries = source.entries
    let session = Self.figures(of: scrubber.report(), requests: entries)
    let name = FeedKind.paginator.name(in: scenario)
    return Run(
      report: DemoReport.Row(feed: name, report: session),
      timeline: DemoTimeline.entries(
        userActions: actions, requests: entries, cursorText: cursorText),
      duration: scrubber.now, requestsNotSent: 0,
      trace: DemoTrace(
        feed: name, samples: samples,
        requests: source.traceRequests { time in
          samples.last { $0.milliseconds <= time }?.loaded ?? 0
        },
        milliseconds: DemoTimeline.milliseconds(scrubber.now)),
      watchedShownMilliseconds: watchedShown)
  }
}
