import PagingTesting

/// A named user session the demo can script, chosen with `--profile NAME`.
///
/// The parser only checks the name; the session each profile scripts in the list simulator is
/// defined with the session itself.
package enum DemoProfile: String, Sendable, CaseIterable, Codable {
  /// The full session: open the screen, read slowly, fling, scroll back up and down, pull to
  /// refresh while a page loads, read again, one failed request and a retry, read on to the end
  /// of the section and jitter at the bottom.
  case `default`
  /// Open the screen and fling repeatedly towards the end of the feed.
  case fling
  /// Read slowly, a row a second, to the end.
  case reader
  /// The default session on a lossy network: several failures and retries.
  case flakyNetwork = "flaky-network"

  /// One line for `--help`.
  package var summary: String {
    switch self {
    case .default: "read, fling, scroll back, refresh mid-load, retry, read to the end"
    case .fling: "open the screen and fling repeatedly towards the end"
    case .reader: "read slowly, a row a second, to the end"
    case .flakyNetwork: "the default session with several failed requests and retries"
    }
  }
}

extension DemoProfile {
  /// The profile's script: what the simulated user does, in order.
  package var steps: [UserStep] {
    switch self {
    case .default:
      Self.browsing + [.networkDrops(answers: 1)] + Self.ending
    case .flakyNetwork:
      [Self.browsing[0], .networkDrops(answers: 1)] + Self.browsing.dropFirst()
        + [.networkDrops(answers: 2)] + Self.ending
    case .fling:
      [.openScreen(thenWait: .seconds(1))]
        + Array(repeating: [UserStep.fling(velocity: 8_000), .idle(.milliseconds(700))], count: 5)
        .joined() + [.jitter(times: 5)]
    case .reader:
      [.openScreen(thenWait: .seconds(2)), .readToEnd(rowsPerSecond: 1, limit: .seconds(150))]
    }
  }

  /// How many times faster than on the virtual clock the session plays against a real server,
  /// to keep the real-time run of three feeds short (about 20 s at most).
  package var realTimeSpeed: Double {
    switch self {
    case .default, .flakyNetwork: 14
    case .fling: 3
    case .reader: 25
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
}
