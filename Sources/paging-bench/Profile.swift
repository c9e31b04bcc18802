import PagingTesting

/// A user and a network: the scripted session every policy replays, with the same seeds.
///
/// The list is the simulator's default iPhone list (666-point viewport, 80-point rows, about
/// 8 rows visible, `List` margins, 60 Hz). The data is CPython's release notes (10,017 rows,
/// DemoSupport), newest first; the chat shows its first 500 as a history whose newest row is
/// the last.
struct Profile: Sendable {
  /// A short name for tables.
  let name: String
  /// What the user and the network do, in a sentence.
  let summary: String
  /// Rows in the dataset (a prefix of the release notes).
  let rows: Int
  /// Rows per page.
  let pageSize: Int
  /// How long answers take.
  let latency: LatencyModel
  /// The share of requests that fail.
  let failureRate: Double
  /// How long the user takes to tap a failed footer's Retry button, if ever.
  let tapsRetryAfter: Duration?
  /// The session.
  let script: [UserStep]
  /// Whether the list is a chat: it opens at the newest page, scrolled to its bottom, with no
  /// footer, and the user reads upward through older pages (prepends).
  var isChat = false
  /// The paginators' ``PagingConfiguration``'s `maxSize` (`nil`: no cap); the oracle never drops.
  var maxSize: Int? = nil

  /// A mobile network (Lighthouse's mobile profile is 150 ms; this is the cellular fit of
  /// `LatencyModel.cellular`: about 355 / 430 / 725 / 2,350 ms at p50 / p75 / p95 / p99).
  static let cellular = LatencyModel.cellular

  /// A slow network: log-normal, median 400 ms, sigma 0.34, so p95 = 400 × e^(1.645 × 0.34)
  /// ≈ 700 ms; no heavy tail beyond that.
  static let slow = LatencyModel.logNormal(median: .milliseconds(400), sigma: 0.34)

  /// The six session profiles, and the chat (scrolling up). `quick` shortens every session
  /// but the chat's.
  static func all(quick: Bool) -> [Profile] {
    let scale = quick ? 1 : 3
    return [
      Profile(
        name: "slow reader",
        summary: "reads: scrolls 3 rows in 0.6 s, reads 2.4 s, again; cellular latency",
        rows: 10_017, pageSize: 20, latency: cellular, failureRate: 0, tapsRetryAfter: nil,
        script: [
          .idle(.seconds(1)),
          .repeating(
            10 * scale, [.scroll(rows: 3, over: .milliseconds(600)), .idle(.milliseconds(2_400))]),
        ]),
      Profile(
        name: "flinger",
        summary: "flicks at 5,000 pt/s (about 31 rows each), 0.4 s apart; cellular latency",
        rows: 10_017, pageSize: 20, latency: cellular, failureRate: 0, tapsRetryAfter: nil,
        script: [
          .idle(.seconds(1)),
          .repeating(4 * scale, [.fling(velocity: 5_000), .idle(.milliseconds(400))]),
        ]),
      Profile(
        name: "bottom jitter",
        summary:
          "scrolls a 100-row list to its end at 6 rows a second, then drags at the bottom (1 to 3 rows, 100 to 400 ms a drag); cellular latency",
        rows: 100, pageSize: 20, latency: cellular, failureRate: 0, tapsRetryAfter: nil,
        script: [
          .idle(.seconds(1)), .scroll(rows: 100, over: .seconds(16)),
          .repeating(2 * scale, [.jitterAtBottom(times: 10), .idle(.milliseconds(500))]),
        ]),
      Profile(
        name: "short first page",
        summary:
          "pages of 5 rows, shorter than the screen; reads as the slow reader; cellular latency",
        rows: 10_017, pageSize: 5, latency: cellular, failureRate: 0, tapsRetryAfter: nil,
        script: [
          .idle(.seconds(2)),
          .repeating(
            5 * scale, [.scroll(rows: 3, over: .milliseconds(600)), .idle(.milliseconds(2_400))]),
        ]),
      Profile(
        name: "flaky network",
        summary:
          "10% of requests fail; flicks at 3,000 pt/s every 1.5 s; taps Retry 1 s after a failed footer shows; cellular latency",
        rows: 10_017, pageSize: 20, latency: cellular, failureRate: 0.1,
        tapsRetryAfter: .seconds(1),
        script: [
          .idle(.seconds(1)),
          .repeating(4 * scale, [.fling(velocity: 3_000), .idle(.milliseconds(1_500))]),
        ]),
      Profile(
        name: "slow network",
        summary:
          "log-normal latency, median 400 ms, p95 700 ms; scrolls 10 rows a second for 1 s, pauses 1 s",
        rows: 10_017, pageSize: 20, latency: slow, failureRate: 0, tapsRetryAfter: nil,
        script: [
          .idle(.seconds(1)),
          .repeating(6 * scale, [.scroll(rows: 10, over: .seconds(1)), .idle(.seconds(1))]),
        ]),
      Profile(
        name: "chat",
        summary:
          "opens at the newest page, scrolled to the bottom, and reads upward through 500 rows at 5 rows a second (older pages put above); cellular latency",
        rows: 500, pageSize: 20, latency: cellular, failureRate: 0, tapsRetryAfter: nil,
        script: [.idle(.seconds(1)), .readUpward(rows: 500, speed: 400)], isChat: true),
    ]
  }

  /// Whether `policy` runs on this profile: the scanning helper finds a threshold near the end
  /// of a feed and has no chat form.
  func runs(_ policy: Policy) -> Bool { !(isChat && policy == .scanningHelper) }

  /// The list the simulator imitates for this profile and seed.
  func listConfiguration(seed: UInt64) -> ListSimulatorConfiguration {
    ListSimulatorConfiguration(
      showsFooter: !isChat, tapsRetryAfter: tapsRetryAfter, seed: seed, opensAtBottom: isChat)
  }
}
