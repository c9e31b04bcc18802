import DemoSupport
import PagingTesting

/// A session of the catalogue (``SessionProfile``) on the list and network the benchmark plays
/// it on: every policy replays it, with the same seeds.
///
/// The list is the simulator's default iPhone list (666-point viewport, 80-point rows, about
/// 8 rows visible, `List` margins, 60 Hz). The data is CPython's release notes (10,017 rows,
/// DemoSupport), newest first; the chat shows its first 500 as a history whose newest row is
/// the last.
struct BenchProfile: Sendable {
  /// What the user does.
  let session: SessionProfile
  /// Whether the session is the shorter one of a quick run.
  let quick: Bool
  /// Rows in the dataset (a prefix of the release notes).
  var rows = 10_017
  /// Rows per page.
  var pageSize = 20
  /// How long answers take.
  var latency = LatencyModel.cellular
  /// The share of requests that fail.
  var failureRate = 0.0
  /// How long the user takes to tap a failed footer's Retry button, if ever.
  var tapsRetryAfter: Duration? = nil
  /// The paginators' ``PagingConfiguration``'s `maxSize` (`nil`: no cap); the oracle never drops.
  var maxSize: Int? = nil

  /// How the list tells the paginator about its rows: each row's `onAppear` (iOS 17), or the
  /// visible set of iOS 18's `onScrollTargetVisibilityChange` (`pagingVisibleRows`).
  var rowSignal = ListRowSignal.appearance

  /// The session's name, for tables, with the row signal when it is iOS 18's.
  var name: String {
    session.rawValue + (rowSignal == .appearance ? "" : " (iOS 18 visible set)")
  }

  /// What the user and the network do, in a sentence, after the cap if there is one.
  var summary: String {
    (maxSize.map { "maxSize \(Format.count($0)): " } ?? "") + session.summary(quick: quick)
  }

  /// The session's script.
  var script: [UserStep] { session.steps(quick: quick) }

  /// Whether the list is a chat: it opens at the newest page, scrolled to its bottom, with no
  /// footer, and the user reads upward through older pages (prepends).
  var isChat: Bool { session.isChat }

  /// A mobile network (Lighthouse's mobile profile is 150 ms; this is the cellular fit of
  /// `LatencyModel.cellular`: about 355 / 430 / 725 / 2,350 ms at p50 / p75 / p95 / p99).
  static let cellular = LatencyModel.cellular

  /// A slow network: log-normal, median 400 ms, sigma 0.34, so p95 = 400 × e^(1.645 × 0.34)
  /// ≈ 700 ms; no heavy tail beyond that.
  static let slow = LatencyModel.logNormal(median: .milliseconds(400), sigma: 0.34)

  /// The six session profiles, and the chat (scrolling up), each through `onAppear` and then
  /// through iOS 18's visible set. `quick` shortens every session but the chat's.
  static func all(quick: Bool) -> [BenchProfile] {
    let onAppear = sessions(quick: quick)
    return onAppear
      + onAppear.map {
        var visibleSet = $0
        visibleSet.rowSignal = .scrollTargetVisibility
        return visibleSet
      }
  }

  /// The six session profiles and the chat, through `onAppear`.
  private static func sessions(quick: Bool) -> [BenchProfile] {
    [
      BenchProfile(session: .slowReader, quick: quick),
      BenchProfile(session: .flinger, quick: quick),
      BenchProfile(session: .bottomJitter, quick: quick, rows: 100),
      BenchProfile(session: .shortFirstPage, quick: quick, pageSize: 5),
      BenchProfile(
        session: .flakyFlinger, quick: quick, failureRate: 0.1, tapsRetryAfter: .seconds(1)),
      BenchProfile(session: .slowNetwork, quick: quick, latency: slow),
      BenchProfile(session: .chat, quick: quick, rows: 500),
    ]
  }

  /// Whether `policy` runs on this profile: the scanning helper finds a threshold near the end
  /// of a feed and has no chat form.
  /// Through iOS 18's visible set, only the paginators and the oracle run: the baselines are
  /// `onAppear` code by definition.
  func runs(_ policy: FeedKind) -> Bool {
    guard !(isChat && policy == .scanningHelper) else { return false }
    return rowSignal == .appearance
      || [.paginator, .unhedged, .fixedPrefetch, .oracle].contains(policy)
  }

  /// The list the simulator imitates for this profile and seed.
  func listConfiguration(seed: UInt64) -> ListSimulatorConfiguration {
    ListSimulatorConfiguration(
      showsFooter: !isChat, tapsRetryAfter: tapsRetryAfter, seed: seed, opensAtBottom: isChat,
      rowSignal: rowSignal)
  }
}
