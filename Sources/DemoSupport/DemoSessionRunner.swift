import Foundation
import PagingTesting

/// Plays a ``SessionProfile``'s steps on a `ListSimulator`, and notes what the user did and when.
///
/// `speed` plays the script faster (`UserStep.scaled(by:)`): every duration is divided by it
/// and every velocity multiplied (the list's own timings are scaled the same way by ``listConfiguration(speed:seed:scenario:)``),
/// so the user scrolls the same rows in less time.
@MainActor
final class DemoSessionRunner<Feed: ListFeed> {
  /// What the user did: when (since the list was created), after how many request sends and
  /// answers (so that the timeline puts it in the right place among them), and what.
  private(set) var userActions: [DemoUserAction] = []

  private let list: ListSimulator<Feed>
  private let speed: Double
  private let pendingRequest: () -> (number: PageRequestNumber, sequence: Int)?
  private let dropNextRequest: () -> Void
  private let requestSequence: () -> Int

  /// A request's number, as the timeline shows it (`#7`).
  typealias PageRequestNumber = Int

  /// Creates a runner.
  /// - Parameters:
  ///   - list: The list to play the steps on.
  ///   - speed: How many times faster than written to play the steps (at least 1).
  ///   - pendingRequest: The number of a request in flight, if any, and the place in the
  ///     sequence of sends and answers at which it was (read together: in real time an answer
  ///     may land between two reads).
  ///   - dropNextRequest: Makes the network lose the answer to the next request.
  ///   - requestSequence: How many request sends and answers happened so far.
  init(
    list: ListSimulator<Feed>, speed: Double,
    pendingRequest: @escaping () -> (number: PageRequestNumber, sequence: Int)?,
    dropNextRequest: @escaping () -> Void,
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
  /// 1 s after the error shows. Timings are divided by `speed`. A chat's list has no footer
  /// and opens scrolled to its bottom. In the jump scenario the user, whose scroll bar ends at
  /// the last loaded row, keeps dragging to it for up to two minutes.
  /// - Parameters:
  ///   - speed: How many times faster than written the session plays.
  ///   - seed: The seed of the list's random choices (the jitter).
  ///   - scenario: The list.
  /// - Returns: The configuration.
  static func listConfiguration(speed: Double, seed: UInt64, scenario: DemoScenario = .feed)
    -> ListSimulatorConfiguration
  {
    let chat = scenario == .chat
    let speed = max(1, speed)
    return ListSimulatorConfiguration(
      showsFooter: !chat, flingTimeConstant: .milliseconds(500) / speed,
      patience: (scenario == .jump ? .seconds(120) : .seconds(4)) / speed,
      tapsRetryAfter: .seconds(1) / speed, seed: seed,
      opensAtBottom: chat)
  }

  /// Plays `steps` in order, each ``UserStep/scaled(by:)`` the runner's speed, and notes each
  /// in the user's words.
  /// - Parameter steps: The script.
  func run(_ steps: [UserStep]) async {
    let network = UserStep.Network(
      isLoading: { [pendingRequest] in pendingRequest() != nil },
      dropAnswers: { [dropNextRequest] answers in
        for _ in 0..<answers { dropNextRequest() }
      })
    for step in steps {
      describe(step)
      let played = speed == 1 ? step : step.scaled(by: speed)
      let finished = await played.perform(on: list, network: network)
      if case .readToEnd = step, !finished { note("gives up reading: the end never came") }
    }
  }

  private func note(_ text: String, kind: TimelineEntry.Kind = .user, sequence: Int? = nil) {
    userActions.append(
      DemoUserAction(
        kind: kind, time: list.now, sequence: sequence ?? requestSequence(), text: text))
  }

  private var rowHeight: Double { list.configuration.rowHeight }

  /// The fastest pace, in rows a second, that the timeline calls reading rather than
  /// scrolling.
  static var readingPace: Double { 4 }

  /// What the real-time session adds to a speed or a rate it shows as written:
  /// ` (played 14× faster)`; nothing on the virtual clock.
  private var fasterSuffix: String {
    speed == 1 ? "" : " (played \(Format.decimal(speed))× faster)"
  }

  /// Notes `step` before it plays: durations as played, speeds and rates as written (a
  /// real-time run plays them faster, and says so).
  private func describe(_ step: UserStep) {
    switch step {
    case .openScreen: note("opens the screen")
    case .idle(let duration):
      note("looks at the screen for \(Format.decimalSeconds(duration / speed))")
    case .scrollToRow(let row, over: let duration):
      let target = Double(row) * rowHeight
      let up = target < list.contentOffset
      let rowsPerSecond = abs(target - list.contentOffset) / rowHeight / (duration / .seconds(1))
      if !up, rowsPerSecond <= Self.readingPace {
        note("reads down to row \(row) in \(Format.decimalSeconds(duration / speed))")
      } else {
        note("scrolls \(up ? "back up" : "down") to row \(row)")
      }
    case .scroll(let rows, over: _):
      note("scrolls \(rows < 0 ? "up" : "down") \(Format.decimal(abs(rows))) rows")
    case .fling(let velocity):
      note("flings at \(Int(velocity)) pt/s\(fasterSuffix)")
    case .jitter(let times, _):
      let viewport = list.configuration.viewportHeight
      let atBottom = list.contentOffset + viewport >= Double(list.feed.rowCount) * rowHeight - 1
      note(
        "jitters \(atBottom ? "at the bottom" : "where it is"): \(times) small drags up and back")
    case .jitterAtBottom(let times):
      note("jitters at the bottom: \(times) small drags up and back")
    case .readUpward(let rows, let speed):
      let pace = speed / rowHeight
      note(
        "\(pace <= Self.readingPace ? "reads" : "scrolls") up through \(rows) older rows, "
          + "\(Self.rate(pace))\(fasterSuffix)")
    case .readOnUntilLoading, .repeating: break
    case .readToEnd(let rowsPerSecond, _):
      note("reads on to the end of the section, \(Self.rate(rowsPerSecond))\(fasterSuffix)")
    case .pullToRefresh:
      if let request = pendingRequest() {
        note("pulls to refresh while #\(request.number) is loading", sequence: request.sequence)
      } else {
        note("pulls to refresh (nothing was loading)")
      }
    case .type(let text, _, let debounce):
      let screen =
        debounce.map { ", which queries after a \(DemoTimeline.milliseconds($0)) ms pause" } ?? ""
      note("types \"\(text)\" into the search field\(screen)")
    case .networkDrops(let answers):
      let what =
        answers == 1 ? "answer to the next request" : "answers to the next \(answers) requests"
      note("drops the \(what)", kind: .network)
    }
  }

  /// `1` → `"1 row/s"`, `3` → `"3 rows/s"`.
  static func rate(_ rowsPerSecond: Double) -> String {
    let number = Format.decimal(rowsPerSecond)
    return number == "1" ? "1 row/s" : "\(number) rows/s"
  }
}
