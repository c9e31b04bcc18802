/// The shape and habits of the list a ``ListSimulator`` imitates. Every value has a default
/// from the figures in the rulebook (Rulebook.md in Paging.docc, "How lists fire their rows"):
/// an iPhone list of 666 points with 80-point rows (about 8 visible), at 60 frames a second.
/// Every value is given to the initializer; only the simulator reads them back.
public struct ListSimulatorConfiguration: Hashable, Sendable {
  /// The height of every row, in points (at least 1).
  package var rowHeight: Double
  /// The height of the visible part of the list, in points (at least 1).
  package var viewportHeight: Double
  /// The container imitated.
  package var container: ListContainer
  /// Rows drawn ahead of (below) the viewport, which fire `onAppear` before they are
  /// visible.
  package var forwardMargin: Int
  /// Rows kept behind (above) the viewport before they leave the window.
  package var backwardMargin: Int
  /// Whether rows that leave the window get their `onDisappear`.
  package var disappearPolicy: DisappearPolicy
  /// The probability, per frame, that a layout change makes every row in the window fire
  /// `onAppear` again, in `0...1`.
  package var spuriousRepeatProbability: Double
  /// Whether every data change makes every row in the window disappear and appear again
  /// (unstable ids).
  package var identityChurn: Bool
  /// Whether the list shows the feed's footer row (a spinner while loading, the error, the
  /// end). A new footer row (each load cycle) fires `onAppear` again.
  package var showsFooter: Bool
  /// The time between two frames (default 16.666667 ms: 60 Hz, rounded up to the
  /// nanosecond so that frame 18 falls at 300 ms, not just before).
  package var frameDuration: Duration
  /// The time constant of a fling's deceleration: a flick at speed *v* travels *v* × this
  /// (default 0.5 s, as UIKit's normal deceleration rate).
  package var flingTimeConstant: Duration
  /// How long a gesture that reached the end of the loaded rows waits for more before the
  /// user gives up (default 10 s).
  package var patience: Duration
  /// If set, the user taps the footer's Retry button (the paginator's `retry()`) once a failed
  /// footer has been in the window this long; `nil` (the default) never taps it by itself.
  package var tapsRetryAfter: Duration?
  /// The seed of the simulator's random choices (spurious repeats, dropped disappearances,
  /// bottom jitter).
  package var seed: UInt64
  /// Whether the list opens scrolled to its bottom, as a chat does (SwiftUI's
  /// `defaultScrollAnchor(.bottom)`): until the user's first gesture the newest rows stay in
  /// view whatever loads; afterwards the list behaves as any other (default `false`).
  package var opensAtBottom: Bool
  /// How rows tell the feed they are shown (default: each row's `onAppear`).
  package var rowSignal: ListRowSignal

  /// Creates a configuration.
  /// - Parameters:
  ///   - rowHeight: Row height in points (default 80), within 1 to 10⁹.
  ///   - viewportHeight: Visible height in points (default 666), within 1 to 10⁹.
  ///   - container: The container imitated (default `List`).
  ///   - forwardMargin: Rows drawn ahead (default: the container's), within 0 to 1,000,000.
  ///   - backwardMargin: Rows kept behind (default: the container's), within 0 to 1,000,000.
  ///   - disappearPolicy: Whether `onDisappear` comes (default: always).
  ///   - spuriousRepeatProbability: Per-frame probability of a spurious repeat (default 0).
  ///   - identityChurn: Whether ids are unstable (default `false`).
  ///   - showsFooter: Whether the footer row is shown (default `true`).
  ///   - frameDuration: Time between frames (default 16.666667 ms, 60 Hz), at most an hour.
  ///   - flingTimeConstant: A flick travels its speed times this (default 0.5 s).
  ///   - patience: How long a blocked gesture waits (default 10 s).
  ///   - tapsRetryAfter: The user's reaction time to a failed footer, or `nil` (default).
  ///   - seed: The seed of the random choices (default 0).
  ///   - opensAtBottom: Whether the list opens scrolled to its bottom, as a chat (default
  ///     `false`).
  ///   - rowSignal: How rows tell the feed they are shown: `onAppear` (default) or iOS 18's
  ///     visible set (``ListRowSignal``).
  public init(
    rowHeight: Double = 80, viewportHeight: Double = 666, container: ListContainer = .list,
    forwardMargin: Int? = nil, backwardMargin: Int? = nil,
    disappearPolicy: DisappearPolicy = .paired, spuriousRepeatProbability: Double = 0,
    identityChurn: Bool = false, showsFooter: Bool = true,
    frameDuration: Duration = .nanoseconds(16_666_667),
    flingTimeConstant: Duration = .milliseconds(500),
    patience: Duration = .seconds(10), tapsRetryAfter: Duration? = nil, seed: UInt64 = 0,
    opensAtBottom: Bool = false, rowSignal: ListRowSignal = .appearance
  ) {
    self.rowHeight = Self.length(rowHeight)
    self.viewportHeight = Self.length(viewportHeight)
    self.container = container
    self.forwardMargin = min(
      max(0, forwardMargin ?? container.defaultForwardMargin), Self.marginLimit)
    self.backwardMargin = min(
      max(0, backwardMargin ?? container.defaultBackwardMargin), Self.marginLimit)
    self.disappearPolicy = disappearPolicy
    self.spuriousRepeatProbability = min(1, max(0, spuriousRepeatProbability))
    self.identityChurn = identityChurn
    self.showsFooter = showsFooter
    self.frameDuration =
      frameDuration > .zero ? min(frameDuration, Self.longestWait) : .nanoseconds(16_666_667)
    self.flingTimeConstant = flingTimeConstant > .zero ? flingTimeConstant : .milliseconds(500)
    self.patience = max(.zero, patience)
    self.tapsRetryAfter = tapsRetryAfter.map { max(.zero, $0) }
    self.seed = seed
    self.opensAtBottom = opensAtBottom
    self.rowSignal = rowSignal
  }

  /// How many rows the viewport shows at least partly when its top is on a row boundary.
  package var visibleRows: Int { Int((viewportHeight / rowHeight).rounded(.up)) }

  /// The longest frame, and the longest wait a gesture's own timing (a jitter's period, a
  /// typist's gap or debounce) takes: an hour, past any screen's, and short enough that the
  /// simulator's sums of them cannot overflow (rulebook R26).
  package static let longestWait = Duration.seconds(3_600)

  /// `duration` within `0...longestWait`.
  package static func wait(_ duration: Duration) -> Duration {
    min(max(duration, .zero), longestWait)
  }

  /// The most rows a margin holds, and a jitter moves: more than any screen lays out, and few
  /// enough that the layout's arithmetic stays exact.
  package static let marginLimit = 1_000_000

  /// A length in points within `1...1e9`: no setting traps (rulebook R26), and a length that
  /// is not a number is the least.
  private static func length(_ points: Double) -> Double {
    points.isNaN ? 1 : min(max(1, points), 1e9)
  }
}
