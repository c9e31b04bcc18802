extension ListSimulator {
  /// The user types `text` into the screen's search field, one character at a time. After
  /// each keystroke the screen's `task(id: text)` starts again with the text so far, and the
  /// task of the previous text is cancelled, as SwiftUI does. Without a debounce the new task
  /// gives the text to the feed at once (a paginator's `setQuery(_:transition:)`); with one it
  /// first waits `debounce`, so only a text the user paused on that long reaches the feed, as
  /// `pagingQuery(_:of:transition:debounce:clock:)` does. Between keystrokes the frames run
  /// and pages land.
  /// - Parameters:
  ///   - text: What the user types.
  ///   - gaps: The time before each keystroke after the first, in order; the last one is
  ///     repeated when there are fewer gaps than keystrokes (empty: no wait). Each within 0 to
  ///     an hour, as the debounce.
  ///   - debounce: How long the screen waits after a keystroke before it gives the text to
  ///     the feed; `nil` (the default) gives every keystroke's text at once. With a debounce
  ///     the call returns once the last text has reached the feed, `debounce` after the last
  ///     keystroke.
  /// - Returns: When each keystroke happened (frames round the gaps up), the text typed by
  ///   then, and the index in ``events`` of the first event after it.
  /// - Complexity: O(*f* × *w*) for the *f* frames between the keystrokes and the *w* rows
  ///   in the window, plus O(*n*) in the feed's *n* rows at each frame where they changed other
  ///   than at the end.
  @discardableResult
  public func type(_ text: String, gaps: [Duration], debounce: Duration? = nil) async -> [(
    time: Duration, text: String, event: Int
  )] {
    // Waits past an hour, or below none, are bounded, so that no sum of them overflows.
    let gaps = gaps.map(ListSimulatorConfiguration.wait)
    let debounce = debounce.map(ListSimulatorConfiguration.wait)
    var screenTask: Task<Void, Never>?
    var waiting: String?  // typed, and still inside its debounce
    var keystrokes: [(time: Duration, text: String, event: Int)] = []
    for (index, count) in (1...max(1, text.count)).enumerated() where !text.isEmpty {
      if index > 0, let gap = gaps.isEmpty ? nil : gaps[min(index - 1, gaps.count - 1)] {
        if let debounce, let typed = waiting, gap >= debounce {
          await idle(for: debounce)
          waiting = nil
          screenTask = await giveToFeed(typed)
          await idle(for: gap - debounce)
        } else {
          await idle(for: gap)
        }
      }
      screenTask?.cancel()
      let typed = String(text.prefix(count))
      keystrokes.append((now, typed, events.count))
      if debounce == nil {
        screenTask = await giveToFeed(typed)
      } else {
        waiting = typed
        layout(frame: .zero)
        await settle()
      }
    }
    if let debounce, let typed = waiting {
      await idle(for: debounce)
      screenTask = await giveToFeed(typed)
    }
    return keystrokes
  }

  /// The screen's task for `typed` gives it to the feed; returns the task once it has started,
  /// and the frame after.
  private func giveToFeed(_ typed: String) async -> Task<Void, Never> {
    let listFeed = self.listFeed
    let task = await spawn { await listFeed.queryChanged(to: typed) }
    layout(frame: .zero)
    await settle()
    return task
  }

  /// The user types `text` with `gap` between keystrokes; see ``type(_:gaps:debounce:)``.
  /// - Parameters:
  ///   - text: What the user types.
  ///   - gap: The time between two keystrokes.
  /// - Returns: When each keystroke happened, the text typed by then, and the index of the
  ///   first event after it.
  /// - Complexity: O(*f* × *w*) for the *f* frames between the keystrokes and the *w* rows
  ///   in the window, plus O(*n*) in the feed's *n* rows at each frame where they changed other
  ///   than at the end.
  @discardableResult
  public func type(_ text: String, every gap: Duration) async -> [(
    time: Duration, text: String, event: Int
  )] {
    await type(text, gaps: [gap])
  }
}
