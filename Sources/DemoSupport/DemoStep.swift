/// One thing the demo's simulated user does (or that happens to the network), in the order of a
/// ``DemoProfile``'s ``DemoProfile/steps``.
///
/// Durations and speeds are those of the embedded session on the virtual clock; the real-time
/// session against a server plays the same steps faster (see ``DemoProfile/realTimeSpeed``).
/// Rows count from 0 at the top of the list; the list is iPhone-sized (80-point rows in a
/// 666-point viewport, about 8 rows on screen).
package enum DemoStep: Sendable, Equatable {
  /// The screen appears (its `.task` starts the first load), then the user looks at it.
  case openScreen(thenWait: Duration)
  /// The user looks at the screen without touching it.
  case wait(Duration)
  /// The user reads down at a steady pace until `row` is at the top of the screen.
  case read(toRow: Int, duration: Duration)
  /// The user scrolls (up or down) until `row` is at the top of the screen.
  case scroll(toRow: Int, duration: Duration)
  /// The user flicks the list towards the end at `velocity` points per second.
  case fling(velocity: Double)
  /// The user drags up a little and lets go, `times` times, where the list is (after a fling,
  /// at the bottom of the loaded rows): each time the 1 to 3 rows at the bottom of the window
  /// leave it and come back, and fire `onAppear` again.
  case jitter(times: Int)
  /// The user reads on a row at a time until a request is in flight (at most 30 rows), then
  /// pulls to refresh.
  case pullToRefreshWhileLoading
  /// The network drops the answers to the next `answers` requests: each fails with a lost
  /// connection. When the list shows the error, the user taps Retry one second later.
  case networkDrops(answers: Int)
  /// The user reads on at `rowsPerSecond` until the end of the list is on screen, or gives up
  /// after `limit`.
  case readToEnd(rowsPerSecond: Double, limit: Duration)
}
