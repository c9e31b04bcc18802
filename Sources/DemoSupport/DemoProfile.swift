/// A named user session the demo can script, chosen with `--profile NAME`.
///
/// The parser only checks the name; the session each profile scripts in the list simulator is
/// defined with the session itself.
public enum DemoProfile: String, Sendable, CaseIterable, Codable {
  /// The full session: open the screen, read slowly, fling, jitter at the bottom, scroll back
  /// up and down, pull to refresh while a page loads, one failed request and a retry, read on
  /// to the end of a section.
  case `default`
  /// Open the screen and fling repeatedly towards the end of the feed.
  case fling
  /// Read slowly, a row at a time, with long pauses.
  case reader
  /// The default session on a lossy network: several failures and retries.
  case flakyNetwork = "flaky-network"

  /// One line for `--help`.
  public var summary: String {
    switch self {
    case .default: "open, read, fling, jitter, scroll back, refresh mid-load, fail and retry"
    case .fling: "open the screen and fling repeatedly towards the end"
    case .reader: "read slowly, a row at a time"
    case .flakyNetwork: "the default session with several failed requests and retries"
    }
  }
}
