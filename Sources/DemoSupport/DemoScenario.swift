/// What the demo's list is, chosen with `--scenario NAME`: a feed read down to its end (the
/// default), a chat read upward from its newest message, search as you type, or a counted list
/// whose scroll bar is dragged far and back.
package enum DemoScenario: String, Sendable, CaseIterable, Codable {
  /// A feed, newest first, read down to its end (a ``SessionProfile`` scripts the session).
  case feed
  /// A chat: opens at the newest release note, scrolled to the bottom, and reads older ones
  /// upward; older pages are put above the row the user reads.
  case chat
  /// Search as you type: the user types a query with the gaps of a quick typist over all the
  /// release notes, then reads down the results.
  case search
  /// A counted list of every note, newest first: the user drags the scroll bar from the newest
  /// notes to the first note of 2016, reads, and drags back to the top. Only `Paginator` knows
  /// the list's length (offset pages that count the rows around them) and jumps; the
  /// baselines' scroll bar ends at their last loaded row, so the user drags to it again and
  /// again.
  case jump

  /// One line for `--help`.
  package var summary: String {
    switch self {
    case .feed: "a feed read down to its end, scripted by --profile"
    case .chat: "a chat: opens at the newest note, reads older ones upward, then scrolls up fast"
    case .search:
      "search as you type: \"\(DemoSession.searchText)\" typed with a pause after \"path\","
        + " debounced 300 ms"
    case .jump: "a counted list of every note: drag the scroll bar to 2016, read, drag back"
    }
  }

  /// The comparison's heading line: what is compared.
  var heading: String {
    switch self {
    case .feed: "paging-demo: one user session, three ways to page the same list"
    case .chat: "paging-demo: one chat session, three ways to page older messages"
    case .search: "paging-demo: one search as you type, three ways to page the results"
    case .jump: "paging-demo: one drag to 2016 and back, three ways to page the same list"
    }
  }
}
