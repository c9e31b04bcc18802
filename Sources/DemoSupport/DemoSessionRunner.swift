import Foundation
import PagingTesting

/// Plays a ``DemoProfile``'s steps on a `ListSimulator`, and notes what the user did and when.
///
/// `speed` plays the script faster: every duration is divided by it and every velocity
/// multiplied (the list's own timings are scaled the same way by ``listConfiguration(speed:seed:)``),
/// so the user scrolls the same rows in less time.
@MainActor
final class DemoSessionRunner<Feed: ListFeed> {
  /// What the user did: when (since the list was created), after how many request sends and
  /// answers (so that the timeline puts it in the right place among them), and what.
  private(set) var userActions: [DemoUserAction] = []

  private let list: ListSimulator<Feed>
  private let speed: Double
  private let pendingRequest: () -> PageRequestNumber?
  private let dropNextRequest: () -> Void
  private let requestSequence: () -> Int

  /// A request's number, as the timeline shows it (`#7`).
  typealias PageRequestNumber = Int

  /// Creates a runner.
  /// - Parameters:
  ///   - list: The list to play the steps on.
  ///   - speed: How many times faster than written to play the steps (at least 1).
  ///   - pendingRequest: The number of a request in flight, if any.
  ///   - dropNextRequest: Makes the network lose the answer to the next request.
  ///   - requestSequence: How many request sends and answers happened so far.
  init(
    list: ListSimulator<Feed>, speed: Double,
    pendingRequest: @escaping () -> PageRequestNumber?, dropNextRequest: @escaping () -> Void,
    requestSequence: @escaping () -> Int
  ) {
    self.list = list
    self.speed = max(1, speed)
    self.pendingRequest = pendingRequest
    self.dropNextRequest = dropNextRequest
    self.requestSequence = requestSequence
  }

  /// The iPhone-sized `List` the demo scrolls: 80-point rows in a 666-point viewport; the user
  /// waits at most 4 s at the end of the loaded rows before lifting the finger, and taps Retry
  /// 1 s after the error shows. Timings are divided by `speed`.
  /// - Parameters:
  ///   - speed: How many times faster than written the session plays.
  ///   - seed: The seed of the list's random choices (the jitter).
  /// - Returns: The configuration.
  static func listConfiguration(speed: Double, seed: UInt64) -> ListSimulatorConfiguration {
    let speed = max(1, speed)
    return ListSimulatorConfiguration(
      flingTimeConstant: .milliseconds(500) / speed, patience: .seconds(4) / speed,
      tapsRetryAfter: .seconds(1) / speed, seed: seed)
  }

  /// Plays `steps` in order.
  /// - Parameter steps: The script.
  func run(_ steps: [DemoStep]) async {
    for step in steps { await play(step) }
  }

  private func note(_ text: String, kind: TimelineEntry.Kind = .user) {
    userActions.append(
      DemoUserAction(kind: kind, time: list.now, sequence: requestSequence(), text: text))
  }

  private var rowHeight: Double { list.configuration.rowHeight }

  private func play(_ step: DemoStep) async {
    switch step {
    case .openScreen(let wait):
      note("opens the screen")
      await list.startScreenTask()
      await list.idle(for: wait / speed)
    case .wait(let duration):
      note("looks at the screen for \(Format.decimalSeconds(duration / speed))")
      await list.idle(for: duration / speed)
    case .read(let row, let duration):
      note("reads down to row \(row) in \(Format.decimalSeconds(duration / speed))")
      await list.scroll(to: row, duration: duration / speed)
    case .scroll(let row, let duration):
      let up = Double(row) * rowHeight < list.contentOffset
      note("scrolls \(up ? "back up" : "down") to row \(row)")
      await list.scroll(to: row, duration: duration / speed)
    case .fling(let velocity):
      note("flings at \(Int(velocity * speed)) pt/s")
      await list.fling(velocity: velocity * speed)
    case .jitter(let times):
      await jitter(times: times)
    case .pullToRefreshWhileLoading:
      await pullToRefreshWhileLoading()
    case .networkDrops(let answers):
      let what =
        answers == 1 ? "answer to the next request" : "answers to the next \(answers) requests"
      note("drops the \(what)", kind: .network)
      for _ in 0..<max(0, answers) { dropNextRequest() }
    case .readToEnd(let rowsPerSecond, let limit):
      note(
        "reads on to the end of the section, \(Format.decimal(rowsPerSecond * speed)) rows/s")
      await readToEnd(rowsPerSecond: rowsPerSecond, limit: limit)
    }
  }

  /// Small drags up and back at the current position: each time the 1 to 3 rows at the
  /// bottom of the window (the List draws 2 rows below the screen) leave it and come back.
  /// `ListSimulator.jitterAtBottom` would first move to the end of the loaded rows, which for a
  /// feed that loads far ahead (the naive one) is thousands of rows away.
  private func jitter(times: Int) async {
    let viewport = list.configuration.viewportHeight
    let atBottom = list.contentOffset + viewport >= Double(list.feed.rowCount) * rowHeight - 1
    note("jitters \(atBottom ? "at the bottom" : "where it is"): \(times) small drags up and back")
    let margin = Double(list.configuration.forwardMargin)
    for drag in 0..<max(0, times) {
      let rows = Double(drag % 3 + 1)
      let half = Duration.milliseconds(100 + 50 * (drag % 4)) / speed
      await list.scroll(by: -(margin + rows) * rowHeight, duration: half)
      await list.scroll(by: (margin + rows) * rowHeight, duration: half)
    }
  }

  private func pullToRefreshWhileLoading() async {
    var rows = 0
    while pendingRequest() == nil, rows < 30 {
      await list.scroll(by: rowHeight, duration: .milliseconds(250) / speed)
      rows += 1
    }
    if let request = pendingRequest() {
      note("pulls to refresh while #\(request) is loading")
    } else {
      note("pulls to refresh (nothing was loading)")
    }
    await list.pullToRefresh()
  }

  private func readToEnd(rowsPerSecond: Double, limit: Duration) async {
    let end = list.now + limit / speed
    let step = Duration.seconds(1 / max(0.01, rowsPerSecond)) / speed
    let viewport = list.configuration.viewportHeight
    while list.now < end {
      let bottom = list.contentOffset + viewport
      if !list.feed.hasNextPage, bottom >= Double(list.feed.rowCount) * rowHeight - 0.5 { return }
      await list.scroll(by: rowHeight, duration: step)
    }
    note("gives up reading: the end never came")
  }
}
