/// What one feed did over one session, for the picture (``DemoPicture``): where the user was,
/// what was loaded, when the user waited at a spinner, and each request.
///
/// Rows count from where the session opens: from the top of a feed, from the newest message of
/// a chat (whose older rows are put above).
package struct DemoTrace: Equatable, Sendable {
  /// The feed's name, as in the comparison table.
  package var feed: String
  /// The list's state after each layout pass that changed it, in time order.
  package var samples: [Sample]
  /// Each request, in the order sent.
  package var requests: [Request]
  /// The session's length, in milliseconds.
  package var milliseconds: Int
  /// The moments the picture labels: a fling, a pull to refresh, a lost answer, a query typed,
  /// each with its time in milliseconds and a short label.
  package var moments: [Moment] = []

  /// A labelled moment of the session.
  package struct Moment: Equatable, Sendable {
    /// When, in milliseconds since the session started.
    package var milliseconds: Int
    /// A word or two, such as `fling`.
    package var label: String
  }

  /// The moments worth a label among the user's actions: flings, pulls to refresh, lost
  /// answers, typing, jitters.
  /// - Parameter actions: What the user (and the network) did.
  /// - Returns: The moments, in time order.
  static func moments(_ actions: [DemoUserAction]) -> [Moment] {
    let labels = [
      ("flings", "fling"), ("pulls to refresh", "pull to refresh"),
      ("drops the answer", "answer lost"), ("drops the answers", "answers lost"),
      ("types", "typing"), ("jitters", "jitter"), ("scrolls up through", "scrolls up fast"),
    ]
    return actions.compactMap { action in
      guard let label = labels.first(where: { action.text.hasPrefix($0.0) })?.1 else {
        return nil
      }
      return Moment(milliseconds: DemoTimeline.milliseconds(action.time), label: label)
    }
  }

  /// The list after a layout pass.
  package struct Sample: Equatable, Sendable {
    /// Time since the session started, in milliseconds.
    package var milliseconds: Int
    /// The first row on screen (from where the session opens), or `nil` before any row.
    package var firstVisible: Int?
    /// The last row on screen, or `nil` before any row.
    package var lastVisible: Int?
    /// How many rows are loaded.
    package var loaded: Int
    /// Whether the user is at the edge of the loaded rows while more exist: at a spinner.
    package var waiting: Bool
    /// Search: how many rows on screen did not match the text typed by then.
    package var staleOnScreen = 0
  }

  /// One request.
  package struct Request: Equatable, Sendable {
    /// How a request is drawn.
    package enum Kind: String, Equatable, Sendable, CaseIterable {
      /// A request for a page not asked for yet.
      case useful
      /// A request for a page that was loading or had loaded (same cursor, same list).
      case duplicate
      /// A request after the server had answered the last page.
      case afterEnd
      /// A request that failed or whose answer was lost.
      case failed
      /// A request cancelled by the feed.
      case cancelled
    }

    /// When it was sent, in milliseconds since the session started.
    package var sentMilliseconds: Int
    /// When it was answered, or `nil` if never.
    package var answeredMilliseconds: Int?
    /// How it is drawn.
    package var kind: Kind
    /// The rows the feed had loaded when it was sent.
    package var loadedWhenSent: Int
  }
}
