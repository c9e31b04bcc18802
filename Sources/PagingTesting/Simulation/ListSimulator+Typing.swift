extension ListSimulator {
  /// The user types `text` into the screen's search field, one character at a time. After
  /// each keystroke the screen's `task(id: text)` starts again with the text so far (a
  /// paginator's `setQuery(_:transition:)`), and the task of the previous text is cancelled,
  /// as SwiftUI does. Between keystrokes the frames run and pages land.
  /// - Parameters:
  ///   - text: What the user types.
  ///   - gaps: The time before each keystroke after the first, in order; the last one is
  ///     repeated when there are fewer gaps than keystrokes (empty: no wait).
  /// - Returns: When each keystroke happened (frames round the gaps up), the text typed by
  ///   then, and the index in ``events`` of the first event after it.
  /// - Complexity: O(*f* × *w*) for the *f* frames between the keystrokes and the *w* rows
  ///   in the window, plus O(*n*) in the feed's *n* rows at each frame where they changed other
  ///   than at the end.
  @discardableResult
  public func type(_ text: String, gaps: [Duration]) async -> [(
    time: Duration, text: String, event: Int
  )] {
    let listFeed = self.listFeed
    var screenTask: Task<Void, Never>?
    var keystrokes: [(time: Duration, text: String, event: Int)] = []
    for (index, count) in (1...max(1, text.count)).enumerated() where !text.isEmpty {
      if index > 0, let gap = gaps.isEmpty ? nil : gaps[min(index - 1, gaps.count - 1)] {
        await idle(for: gap)
      }
      screenTask?.cancel()
      let typed = String(text.prefix(count))
      keystrokes.append((now, typed, events.count))
      screenTask = await spawn { await listFeed.queryChanged(to: typed) }
      layout(frame: .zero)
      await settle()
    }
    return keystrokes
  }

  /// The user types `text` with `gap` between keystrokes; see ``type(_:gaps:)``.
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
