/// One line of the demo's timeline: when something happened in the session and what.
package struct TimelineEntry: Codable, Equatable, Sendable {
  /// What kind of thing happened.
  package enum Kind: String, Codable, Sendable, CaseIterable {
    /// A user gesture: open, scroll, fling, pull to refresh, tap retry.
    case user
    /// A page request was sent.
    case request
    /// A page arrived (its rows and latency are in the text).
    case response
    /// A request failed.
    case failure
    /// A request was cancelled (a refresh superseded it).
    case cancellation
    /// The simulated network changed, such as dropping the answer to the next request.
    case network
  }

  /// Time since the session started, in milliseconds of the session's clock.
  package var milliseconds: Int
  /// What kind of thing happened.
  package var kind: Kind
  /// One line saying what happened, such as `append after 2023-02-07,20: 20 rows in 183 ms`.
  package var text: String

  /// Creates a timeline entry.
  /// - Parameters:
  ///   - milliseconds: Time since the session started, in milliseconds.
  ///   - kind: What kind of thing happened.
  ///   - text: One line.
  package init(milliseconds: Int, kind: Kind, text: String) {
    self.milliseconds = milliseconds
    self.kind = kind
    self.text = text
  }
}
