import PagingTesting

/// One step of a scripted scroll session, replayed identically for every policy.
enum Gesture: Sendable {
  /// Let time pass.
  case idle(Duration)
  /// Scroll by this many rows (negative: up) over this long, at a steady speed.
  case scroll(rows: Double, over: Duration)
  /// Flick at this many points per second.
  case fling(velocity: Double)
  /// At the end of the content, drag up a little and let go, this many times.
  case jitterAtBottom(times: Int)
  /// Read upward (towards older rows) through this many rows at this many points per second,
  /// waiting at the top while older rows load.
  case readUpward(rows: Int, speed: Double)
  /// Repeat the steps this many times.
  indirect case repeating(Int, [Gesture])

  /// Performs `gestures` on `list`, in order.
  @MainActor
  static func perform<Feed: ListFeed>(_ gestures: [Gesture], on list: ListSimulator<Feed>) async {
    for gesture in gestures {
      switch gesture {
      case .idle(let duration): await list.idle(for: duration)
      case .scroll(let rows, let duration):
        await list.scroll(by: rows * list.configuration.rowHeight, duration: duration)
      case .fling(let velocity): await list.fling(velocity: velocity)
      case .jitterAtBottom(let times): await list.jitterAtBottom(times: times)
      case .readUpward(let rows, let speed): await list.readUpward(rows: rows, speed: speed)
      case .repeating(let count, let steps):
        for _ in 0..<max(0, count) { await perform(steps, on: list) }
      }
    }
  }
}
