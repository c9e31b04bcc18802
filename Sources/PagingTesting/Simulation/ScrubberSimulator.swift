import Paging

/// A counted list (``Paginator/rows``) on a phone screen, whose user drags the scroll bar: the
/// screen shows a window of rows and placeholders, fires `onAppear` and `onDisappear` for the
/// rows and placeholders that enter and leave it, by their ids, as SwiftUI's `List` does, top
/// first, and records a ``SessionReport`` in virtual time.
///
/// ``ListSimulator`` scrolls through the loaded rows and keeps a copy of every row's id; a
/// counted list has the source's length from its first page (a million rows), so this one
/// keeps only the rows on screen, and moves by position. A frame is stalled when a placeholder
/// is on screen; a row on screen that turns back into a placeholder while it stays on screen is
/// counted (``SessionReport/rowsBackToPlaceholders``).
///
/// ```swift
/// let clock = TestClock()
/// let server = SimulatedFeedServer(
///   items: rows, pageSize: 20, pagination: .countedOffset, latency: .cellular, clock: clock)
/// let scrubber = ScrubberSimulator(feed: Paginator(source: server, clock: clock), server: server, clock: clock)
/// await scrubber.start()
/// await scrubber.drag(to: 600_000)
/// await scrubber.read(for: .seconds(5), rowsPerSecond: 2)
/// ```
@MainActor
package final class ScrubberSimulator<Item: Identifiable & Sendable> where Item.ID: Sendable {
  /// The server's cursor.
  package typealias Cursor = SimulatedFeedServer<Item>.Cursor

  /// The paginator the screen shows.
  package let feed: Paginator<Item, Cursor>
  /// The server it loads from, whose answers the simulator steps.
  package let server: SimulatedFeedServer<Item>
  /// Rows on screen.
  package let screenRows: Int
  /// How long a frame lasts.
  package let frameDuration: Duration

  /// Called after each frame's layout with the time since the screen appeared, the positions
  /// on screen and whether a placeholder is among them (the demo's picture samples the
  /// session with it).
  package var frameObserver:
    (@MainActor (_ now: Duration, _ onScreen: Range<Int>, _ stalled: Bool) -> Void)?
  /// The time since the screen appeared, on the simulator's clock.
  package private(set) var now = Duration.zero

  private let clock: TestClock
  private let timeline: ClockTimeline
  private var recorder = SessionRecorder()
  private var frameIndex = 0
  /// The position of the row at the top of the screen, in rows (fractional while reading).
  private var top: Double = 0
  /// The rows on screen at the last frame, by position.
  private var shown: [Int: PagingRow<Item>] = [:]
  /// The ids of the loaded rows that have been on screen.
  private var everShown: Set<Item.ID> = []
  private var screenTask: Task<Void, Never>?
  private var refreshTask: Task<Void, Never>?

  /// Creates a scrubber over `feed`, which loads from `server` on `clock`.
  /// - Parameters:
  ///   - feed: The paginator.
  ///   - server: Its source, in virtual time on `clock`.
  ///   - screenRows: Rows on screen (default 12, a phone's list; at least 1).
  ///   - frameDuration: A frame's length (default 16 ms).
  ///   - clock: The test clock the server and the paginator wait on.
  package init(
    feed: Paginator<Item, Cursor>, server: SimulatedFeedServer<Item>, screenRows: Int = 12,
    frameDuration: Duration = .milliseconds(16), clock: TestClock
  ) {
    self.feed = feed
    self.server = server
    self.screenRows = max(1, screenRows)
    self.frameDuration = frameDuration
    self.clock = clock
    self.timeline = ClockTimeline(clock)
  }

  /// The screen appears: its `.task` starts the paginator, and frames run until a row shows
  /// (at most 60 simulated seconds).
  package func start() async {
    let feed = self.feed
    screenTask = await spawnStarted { await feed.start() }
    while recorder.timeToFirstRowMissing, now < .seconds(60) { await frame() }
  }

  /// The app refreshes the list (a pull, a return to the foreground) while the user reads:
  /// the refresh runs beside the frames that follow.
  package func refresh() async {
    let feed = self.feed
    refreshTask = await spawnStarted { await feed.refresh() }
  }

  /// The user drags the scroll bar: the screen shows the rows from `position` at the next
  /// frame, the ones between never drawn.
  /// - Parameter position: The row at the top of the screen, clamped to the list.
  package func drag(to position: Int) async {
    top = Double(max(0, position))
    await frame()
  }

  /// The user reads down at `rowsPerSecond` for `duration`, one frame after another.
  /// - Parameters:
  ///   - duration: How long.
  ///   - rowsPerSecond: How fast the screen moves, in rows per second (0: it stays).
  package func read(for duration: Duration, rowsPerSecond: Double) async {
    let end = now + duration
    let step = rowsPerSecond * frameDuration.seconds
    while now < end {
      // The screen does not move past rows it does not show yet.
      if !isStalled { top += step }
      await frame()
    }
  }

  /// Frames run until no placeholder is on screen, at most `limit`: the user, dropped among
  /// placeholders by a drag, waits for the rows.
  /// - Parameter limit: The longest wait.
  /// - Returns: How long the user waited.
  @discardableResult
  package func waitForRows(limit: Duration = .seconds(60)) async -> Duration {
    let start = now
    while isStalled, now - start < limit { await frame() }
    return now - start
  }

  /// The session so far, with the server's requests. Rows shown count each loaded row once,
  /// and rows never shown are the rows loaded now that never came on screen.
  /// - Complexity: O(*n*) in the *n* rows loaded.
  package func report() -> SessionReport {
    var report = recorder.report(requests: server.log, currentRowCount: feed.items.count)
    report.rowsShown = everShown.count
    report.rowsLoadedButNeverShown = feed.items.count { !everShown.contains($0.id) }
    return report
  }

  /// The screen goes away: its task is cancelled.
  package func stop() {
    screenTask?.cancel()
    refreshTask?.cancel()
  }

  // MARK: Frames

  /// Whether a placeholder is on screen.
  package var isStalled: Bool { shown.values.contains { $0.item == nil } }

  /// Delivers the answers due by the next frame, one at a time, then lays the screen out.
  private func frame() async {
    let previous = now
    frameIndex += 1
    let target = frameDuration * frameIndex
    await settle()
    while clock.wakeNext(notAfter: timeline.testInstant(at: target)) { await settle() }
    now = target
    layout(frame: now - previous)
  }

  /// Waits until every request the feed sent has reached the server and every answer
  /// delivered has been applied. A load cancelled before its task began never reaches the
  /// server (rulebook R17), so it is not waited for: the paginator counts what it sent.
  private func settle() async {
    let ledger = server.ledger
    while true {
      let started = feed.requestsSent
      if ledger.arrivedCount < started { await ledger.waitUntilArrived(started) }
      let resolved = ledger.takeResolved()
      if resolved.isEmpty { return }
      for id in resolved { await feed.waitForRequest(id) }
    }
  }

  /// Reads the rows on screen, fires the signals of those that entered or left it (top first),
  /// and records the frame.
  private func layout(frame: Duration) {
    let rows = feed.rows
    let count = rows.count
    top = min(top, Double(max(0, count - screenRows)))
    let first = Int(top.rounded(.down))
    let positions = count == 0 ? 0..<0 : first..<min(count, first + screenRows)
    var next: [Int: PagingRow<Item>] = [:]
    for position in positions { next[position] = rows[position] }
    let nextIDs = Set(next.values.map(\.id))
    let oldIDs = Set(shown.values.map(\.id))
    for (position, row) in shown.sorted(by: { $0.key < $1.key }) {
      if let now = next[position], row.item != nil, now.item == nil {
        recorder.recordRowBackToPlaceholder()
      }
      if !nextIDs.contains(row.id) {
        recorder.recordDisappearance()
        feed.rowDisappeared(row)
      }
    }
    for position in positions {
      guard let row = next[position], !oldIDs.contains(row.id) else { continue }
      recorder.recordAppearance()
      if let item = row.item { everShown.insert(item.id) }
      feed.rowAppeared(row)
    }
    shown = next
    let hasRow = next.values.contains { $0.item != nil }
    if hasRow { recorder.recordFirstRow(after: now) }
    recorder.recordFrame(duration: frame, stalled: !recorder.timeToFirstRowMissing && isStalled)
    frameObserver?(now, positions, isStalled)
  }
}
