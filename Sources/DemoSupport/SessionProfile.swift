import PagingTesting

/// A named user session: what the simulated user does in the list, step by step. The one
/// catalogue of sessions: the demo plays one of ``demo`` (`--profile NAME`) on the embedded
/// data with the network its options set; `paging-bench` plays the others, each on a network
/// and a list of its own, the same for every way of paging (``FeedKind``).
///
/// The name is the raw value, as `--help` and the benchmark's tables show it.
package enum SessionProfile: String, Sendable, CaseIterable, Codable {
  /// The demo's full session: open the screen, read slowly, fling, scroll back up and down,
  /// pull to refresh while a page loads, read again, one failed request and a retry, read on
  /// to the end of the section and jitter at the bottom.
  case `default`
  /// The demo's: open the screen and fling repeatedly towards the end of the feed.
  case fling
  /// The demo's: read slowly, a row a second, to the end.
  case reader
  /// The demo's default session on a lossy network: several failures and retries.
  case flakyNetwork = "flaky-network"
  /// The benchmark's: scroll 3 rows, read, again.
  case slowReader = "slow reader"
  /// The benchmark's: fling at 5,000 pt/s, again.
  case flinger
  /// The benchmark's: scroll a short list to its end, then drag at the bottom.
  case bottomJitter = "bottom jitter"
  /// The benchmark's: the slow reader over pages shorter than the screen.
  case shortFirstPage = "short first page"
  /// The benchmark's: fling at 3,000 pt/s while a tenth of the requests fail, tapping Retry.
  case flakyFlinger = "flaky network"
  /// The benchmark's: scroll 10 rows a second, pause, on a slow network.
  case slowNetwork = "slow network"
  /// The benchmark's chat: read a 500-row history upward from its newest row.
  case chat
  /// The benchmark's capped list: scroll far down, then read back up through the pages the
  /// cap dropped.
  case cappedScrollBack = "capped scroll back"

  /// The sessions the demo offers, in the order `--help` lists them.
  package static let demo: [SessionProfile] = [.default, .fling, .reader, .flakyNetwork]

  /// Whether the session reads a chat: the list opens at the newest row, scrolled to its
  /// bottom, with no footer, and the user reads upward through older pages (prepends).
  package var isChat: Bool { self == .chat }

  /// What the user (and, in the benchmark's sessions, the network) does, in a sentence: a
  /// line of `--help`, a cell of the benchmark's tables.
  /// - Parameter quick: Whether the session is the shorter one of the benchmark's quick run
  ///   (only ``cappedScrollBack`` says how far it scrolls).
  /// - Returns: The sentence.
  package func summary(quick: Bool = false) -> String {
    switch self {
    case .default: "read, fling, scroll back, refresh mid-load, retry, read to the end"
    case .fling: "open the screen and fling repeatedly towards the end"
    case .reader: "read slowly, a row a second, to the end"
    case .flakyNetwork: "the default session with several failed requests and retries"
    case .slowReader: "reads: scrolls 3 rows in 0.6 s, reads 2.4 s, again; cellular latency"
    case .flinger: "flicks at 5,000 pt/s (about 31 rows each), 0.4 s apart; cellular latency"
    case .bottomJitter:
      "scrolls a 100-row list to its end at 6 rows a second, then drags at the bottom (1 to 3 "
        + "rows, 100 to 400 ms a drag); cellular latency"
    case .shortFirstPage:
      "pages of 5 rows, shorter than the screen; reads as the slow reader; cellular latency"
    case .flakyFlinger:
      "10% of requests fail; flicks at 3,000 pt/s every 1.5 s; taps Retry 1 s after a failed "
        + "footer shows; cellular latency"
    case .slowNetwork:
      "log-normal latency, median 400 ms, p95 700 ms; scrolls 10 rows a second for 1 s, "
        + "pauses 1 s"
    case .chat:
      "opens at the newest page, scrolled to the bottom, and reads upward through 500 rows at "
        + "5 rows a second (older pages put above); cellular latency"
    case .cappedScrollBack:
      "scrolls down \(Format.count(Self.cappedRows(quick: quick).down)) rows (20 rows in 1 s, "
        + "still for 0.25 s, again), then reads back up "
        + "\(Format.count(Self.cappedRows(quick: quick).back)) rows at 20 rows a second through "
        + "the dropped pages; cellular latency"
    }
  }

  /// The script: what the simulated user does, in order.
  /// - Parameter quick: Whether the session is the shorter one of the benchmark's quick run:
  ///   a third of the repetitions of the benchmark's sessions but the chat's, and a shorter
  ///   ``cappedScrollBack``; the demo's sessions have one length.
  /// - Returns: The steps.
  package func steps(quick: Bool = false) -> [UserStep] {
    let scale = quick ? 1 : 3
    switch self {
    case .default:
      return Self.browsing + [.networkDrops(answers: 1)] + Self.ending
    case .flakyNetwork:
      return [Self.browsing[0], .networkDrops(answers: 1)] + Self.browsing.dropFirst()
        + [.networkDrops(answers: 2)] + Self.ending
    case .fling:
      return [.openScreen(thenWait: .seconds(1))]
        + Array(repeating: [UserStep.fling(velocity: 8_000), .idle(.milliseconds(700))], count: 5)
        .joined() + [.jitter(times: 5)]
    case .reader:
      return [
        .openScreen(thenWait: .seconds(2)), .readToEnd(rowsPerSecond: 1, limit: .seconds(150)),
      ]
    case .slowReader: return [.idle(.seconds(1)), .repeating(10 * scale, Self.reading)]
    case .flinger:
      return [
        .idle(.seconds(1)),
        .repeating(4 * scale, [.fling(velocity: 5_000), .idle(.milliseconds(400))]),
      ]
    case .bottomJitter:
      return [
        .idle(.seconds(1)), .scroll(rows: 100, over: .seconds(16)),
        .repeating(2 * scale, [.jitterAtBottom(times: 10), .idle(.milliseconds(500))]),
      ]
    case .shortFirstPage: return [.idle(.seconds(2)), .repeating(5 * scale, Self.reading)]
    case .flakyFlinger:
      return [
        .idle(.seconds(1)),
        .repeating(4 * scale, [.fling(velocity: 3_000), .idle(.milliseconds(1_500))]),
      ]
    case .slowNetwork:
      return [
        .idle(.seconds(1)),
        .repeating(6 * scale, [.scroll(rows: 10, over: .seconds(1)), .idle(.seconds(1))]),
      ]
    case .chat: return [.idle(.seconds(1)), .readUpward(rows: 500, speed: 400)]
    case .cappedScrollBack:
      let (down, back) = Self.cappedRows(quick: quick)
      return [
        .idle(.seconds(1)),
        .repeating(
          down / 20, [.scroll(rows: 20, over: .seconds(1)), .idle(.milliseconds(250))]),
        .readUpward(rows: back, speed: 1_600),
      ]
    }
  }

  /// Open the screen, read, fling, scroll back up and down, pull to refresh while a page
  /// loads, read again from the top.
  private static let browsing: [UserStep] = [
    .openScreen(thenWait: .seconds(2)), .scrollToRow(20, over: .seconds(10)),
    .fling(velocity: 8_000), .scrollToRow(30, over: .milliseconds(1_500)),
    .scrollToRow(85, over: .seconds(2)),
    .readOnUntilLoading(rowsAtMost: 30, rowDuration: .milliseconds(250)), .pullToRefresh,
    .idle(.seconds(2)), .scrollToRow(30, over: .seconds(8)),
  ]

  /// Read on to the end of the list, and jitter at the bottom.
  private static let ending: [UserStep] = [
    .readToEnd(rowsPerSecond: 3, limit: .seconds(45)), .jitter(times: 5),
  ]

  /// The slow reader's pace: scroll 3 rows in 0.6 s, read for 2.4 s.
  private static let reading: [UserStep] = [
    .scroll(rows: 3, over: .milliseconds(600)), .idle(.milliseconds(2_400)),
  ]

  /// How far ``cappedScrollBack`` scrolls down, and how far it then reads back up, in rows.
  private static func cappedRows(quick: Bool) -> (down: Int, back: Int) {
    quick ? (1_500, 1_200) : (3_000, 2_500)
  }
}
