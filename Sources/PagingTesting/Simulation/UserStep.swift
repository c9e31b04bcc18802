/// One step of a simulated user's script, played on a ``ListSimulator`` by
/// ``perform(on:network:)``: the one script type the demo's sessions and the benchmark's
/// profiles are written in, so that both replay the same gestures the same way.
///
/// Rows count from 0 at the top of the list; durations are on the simulator's clock; speeds
/// are in points per second (the default list has 80-point rows). ``scaled(by:)`` plays a
/// script faster (the demo's real-time runs).
package enum UserStep: Sendable, Equatable {
  /// The screen appears (its `.task` starts the first load,
  /// ``ListSimulator/startScreenTask()``), then the user looks at it for `thenWait`.
  case openScreen(thenWait: Duration)
  /// The user looks at the screen without touching it; frames run and pages land.
  case idle(Duration)
  /// The user scrolls at a steady pace until `row` is at the top of the screen
  /// (``ListSimulator/scroll(to:duration:)``).
  case scrollToRow(Int, over: Duration)
  /// The user scrolls by `rows` rows (negative: up) at a steady pace
  /// (``ListSimulator/scroll(by:duration:)``).
  case scroll(rows: Double, over: Duration)
  /// The user flicks the list at `velocity` points per second (``ListSimulator/fling(velocity:)``).
  case fling(velocity: Double)
  /// The user scrolls to the end of the content and drags up a little and lets go, `times`
  /// times (``ListSimulator/jitterAtBottom(times:rows:period:)``).
  case jitterAtBottom(times: Int)
  /// Small drags up and back where the list is, `times` times: each time the 1 to 3 rows at
  /// the bottom of the window (the list draws the configuration's `forwardMargin`
  /// rows below the screen) leave it and come back, over 200 to 500 ms divided by `speed`.
  /// Unlike ``jitterAtBottom(times:)`` it does not first move to the end of the loaded rows,
  /// which for a feed that loads far ahead is thousands of rows away.
  case jitter(times: Int, speed: Double = 1)
  /// The user reads upward, towards older rows (a chat's history), through `rows` rows at
  /// `speed` points per second (``ListSimulator/readUpward(rows:speed:)``).
  case readUpward(rows: Int, speed: Double)
  /// The user reads on a row at a time, each over `rowDuration`, until a request is in flight
  /// (``Network/isLoading``), at most `rowsAtMost` rows.
  case readOnUntilLoading(rowsAtMost: Int, rowDuration: Duration)
  /// The user reads on at `rowsPerSecond` until the end of the list is on screen, or gives up
  /// after `limit`.
  case readToEnd(rowsPerSecond: Double, limit: Duration)
  /// The user pulls to refresh (``ListSimulator/pullToRefresh(cancelledAfter:)``).
  case pullToRefresh
  /// The user types `text` into the search field with `gaps` before each keystroke after the
  /// first; the screen gives a text to the feed once the user has paused on it for `debounce`,
  /// or at once when it is `nil` (``ListSimulator/type(_:gaps:debounce:)``).
  case type(String, gaps: [Duration], debounce: Duration? = nil)
  /// Not the user but the network, in the script's order: it loses the answers to the next
  /// `answers` requests (``Network/dropAnswers``).
  case networkDrops(answers: Int)
  /// The steps, `count` times.
  indirect case repeating(Int, [UserStep])

  /// What a script asks of the network beside the list: whether a request is in flight, and
  /// losing answers. Give one to ``UserStep/perform(on:network:)`` when the script has
  /// ``UserStep/readOnUntilLoading(rowsAtMost:rowDuration:)`` or
  /// ``UserStep/networkDrops(answers:)`` steps.
  package struct Network {
    /// Whether a request is in flight.
    package var isLoading: @MainActor () -> Bool
    /// Makes the network lose the answers to the next this many requests.
    package var dropAnswers: @MainActor (Int) -> Void

    /// Creates the network's hooks.
    /// - Parameters:
    ///   - isLoading: Whether a request is in flight.
    ///   - dropAnswers: Loses the answers to the next this many requests.
    package init(
      isLoading: @escaping @MainActor () -> Bool, dropAnswers: @escaping @MainActor (Int) -> Void
    ) {
      self.isLoading = isLoading
      self.dropAnswers = dropAnswers
    }
  }

  /// The step played `speed` times faster: every duration divided by it, every speed and
  /// velocity multiplied, so that the user covers the same rows in less time. Speeds below 1
  /// count as 1.
  /// - Parameter speed: How many times faster.
  /// - Returns: The scaled step.
  package func scaled(by speed: Double) -> UserStep {
    let speed = max(1, speed)
    switch self {
    case .openScreen(let wait): return .openScreen(thenWait: wait / speed)
    case .idle(let duration): return .idle(duration / speed)
    case .scrollToRow(let row, over: let duration): return .scrollToRow(row, over: duration / speed)
    case .scroll(let rows, over: let duration): return .scroll(rows: rows, over: duration / speed)
    case .fling(let velocity): return .fling(velocity: velocity * speed)
    case .jitterAtBottom: return self
    case .jitter(let times, let pace): return .jitter(times: times, speed: pace * speed)
    case .readUpward(let rows, let pace): return .readUpward(rows: rows, speed: pace * speed)
    case .readOnUntilLoading(let rows, let duration):
      return .readOnUntilLoading(rowsAtMost: rows, rowDuration: duration / speed)
    case .readToEnd(let rate, let limit):
      return .readToEnd(rowsPerSecond: rate * speed, limit: limit / speed)
    case .pullToRefresh, .networkDrops: return self
    case .type(let text, let gaps, let debounce):
      return .type(text, gaps: gaps.map { $0 / speed }, debounce: debounce.map { $0 / speed })
    case .repeating(let count, let steps):
      return .repeating(count, steps.map { $0.scaled(by: speed) })
    }
  }

  /// Plays the step on `list` and returns when it is over (and what it started has reached
  /// the server, in virtual time).
  /// - Parameters:
  ///   - list: The list.
  ///   - network: The network's hooks; without them a request counts as in flight while the
  ///     footer shows a spinner, and ``networkDrops(answers:)`` does nothing.
  /// - Returns: `false` when the user gave up: ``readToEnd(rowsPerSecond:limit:)`` whose
  ///   limit passed before the end came; `true` otherwise.
  @MainActor
  @discardableResult
  package func perform<Feed: ListFeed>(on list: ListSimulator<Feed>, network: Network? = nil)
    async -> Bool
  {
    let rowHeight = list.configuration.rowHeight
    switch self {
    case .openScreen(let wait):
      await list.startScreenTask()
      await list.idle(for: wait)
    case .idle(let duration): await list.idle(for: duration)
    case .scrollToRow(let row, over: let duration): await list.scroll(to: row, duration: duration)
    case .scroll(let rows, over: let duration):
      await list.scroll(by: rows * rowHeight, duration: duration)
    case .fling(let velocity): await list.fling(velocity: velocity)
    case .jitterAtBottom(let times): await list.jitterAtBottom(times: times)
    case .jitter(let times, let speed): await list.jitterInPlace(times: times, speed: speed)
    case .readUpward(let rows, let speed): await list.readUpward(rows: rows, speed: speed)
    case .readOnUntilLoading(let most, let duration):
      let isLoading = network?.isLoading ?? { list.listFeed.footerState == .loading }
      var rows = 0
      while !isLoading(), rows < most {
        await list.scroll(by: rowHeight, duration: duration)
        rows += 1
      }
    case .readToEnd(let rate, let limit):
      return await list.readToEnd(rowsPerSecond: rate, limit: limit)
    case .pullToRefresh: await list.pullToRefresh()
    case .type(let text, let gaps, let debounce):
      await list.type(text, gaps: gaps, debounce: debounce)
    case .networkDrops(let answers): network?.dropAnswers(max(0, answers))
    case .repeating(let count, let steps):
      for _ in 0..<max(0, count) {
        for step in steps { await step.perform(on: list, network: network) }
      }
    }
    return true
  }
}

extension Sequence where Element == UserStep {
  /// Plays the steps on `list`, in order (``UserStep/perform(on:network:)``).
  /// - Parameters:
  ///   - list: The list.
  ///   - network: The network's hooks, if the script needs them.
  @MainActor
  package func perform<Feed: ListFeed>(
    on list: ListSimulator<Feed>, network: UserStep.Network? = nil
  )
    async
  {
    for step in self { await step.perform(on: list, network: network) }
  }
}

extension ListSimulator {
  /// ``UserStep/jitter(times:speed:)``.
  fileprivate func jitterInPlace(times: Int, speed: Double) async {
    let rowHeight = configuration.rowHeight
    let margin = Double(configuration.forwardMargin)
    for drag in 0..<max(0, times) {
      let rows = Double(drag % 3 + 1)
      let half = Duration.milliseconds(100 + 50 * (drag % 4)) / max(1, speed)
      await scroll(by: -(margin + rows) * rowHeight, duration: half)
      await scroll(by: (margin + rows) * rowHeight, duration: half)
    }
  }

  /// ``UserStep/readToEnd(rowsPerSecond:limit:)``: `true` when the end came.
  fileprivate func readToEnd(rowsPerSecond: Double, limit: Duration) async -> Bool {
    let end = now + limit
    let step = Duration.seconds(1 / max(0.01, rowsPerSecond))
    let rowHeight = configuration.rowHeight
    while now < end {
      let bottom = contentOffset + configuration.viewportHeight
      if !listFeed.hasNextPage, bottom >= Double(listFeed.rowCount) * rowHeight - 0.5 {
        return true
      }
      await scroll(by: rowHeight, duration: step)
    }
    return false
  }
}
