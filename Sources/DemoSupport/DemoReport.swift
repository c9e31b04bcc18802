import PagingTesting

/// Everything one demo run prints: its settings, the `Paginator` run's timeline and the
/// comparison of the feeds. ``text(style:)`` and ``json()`` render the same content.
package struct DemoReport: Codable, Equatable, Sendable {
  /// What the list shows and where the pages come from: the embedded data, or a URL.
  package var source: String
  /// The network: simulated (with its latency model) on the virtual clock, or real HTTP.
  package var network: String
  /// The scripted session's name.
  package var profile: SessionProfile
  /// The seed of the latency model and of the list's random choices.
  package var seed: UInt64
  /// Rows per page.
  package var pageSize: Int
  /// The embedded source's median latency in milliseconds, or `nil` against a real server.
  package var latencyMilliseconds: Int?
  /// The `Paginator` session's length on its clock, in seconds.
  package var sessionSeconds: Double
  /// The `Paginator` run, in time order.
  package var timeline: [TimelineEntry]
  /// One row per feed implementation, in the order they ran.
  package var feeds: [Row]
  /// Conclusions and caveats, one sentence each, printed after the table.
  package var notes: [String]
  /// The list: `nil` for the feed (the default, whose JSON has no `scenario` key), else the
  /// chat or the search.
  package var scenario: DemoScenario?

  /// The scenario, `feed` when ``scenario`` is `nil`.
  var shownScenario: DemoScenario { scenario ?? .feed }

  /// Creates a report.
  /// - Parameters:
  ///   - source: What the list shows and where the pages come from.
  ///   - network: The network and clock.
  ///   - profile: The session's name.
  ///   - seed: The seed.
  ///   - pageSize: Rows per page.
  ///   - latencyMilliseconds: The median latency in milliseconds, or `nil` for a real server.
  ///   - sessionSeconds: The `Paginator` session's length, in seconds.
  ///   - timeline: The `Paginator` run's events.
  ///   - feeds: The comparison's rows.
  ///   - notes: Sentences printed after the table.
  ///   - scenario: The chat or the search, or `nil` for the feed.
  package init(
    source: String, network: String, profile: SessionProfile, seed: UInt64, pageSize: Int,
    latencyMilliseconds: Int?, sessionSeconds: Double, timeline: [TimelineEntry],
    feeds: [Row], notes: [String], scenario: DemoScenario? = nil
  ) {
    self.scenario = scenario
    self.source = source
    self.network = network
    self.profile = profile
    self.seed = seed
    self.pageSize = pageSize
    self.latencyMilliseconds = latencyMilliseconds
    self.sessionSeconds = sessionSeconds
    self.timeline = timeline
    self.feeds = feeds
    self.notes = notes
  }

  /// The widest line of the settings and notes, in characters.
  static let width = 96

  /// What the table's less obvious columns count, printed under it, for the report's scenario.
  package var legend: [String] {
    switch shownScenario {
    case .feed: Self.legend
    case .chat:
      [
        "dup. requests: requests for a page that was loading or had loaded (same cursor, same list)",
        "after oldest: requests sent after the server had answered the oldest page",
        "anchor jumps: older pages after which the row the user read was no longer where it was",
        "anchor moved: points the row the user read moved on screen, summed over every older page",
        "s at top: seconds the user sat at the top of the loaded rows while older ones existed",
      ]
    case .jump:
      [
        "dup. requests: requests for a page that was loading or had loaded (same cursor, same list)",
        "rows loaded: rows the feed held at the end (Paginator's placeholders are not rows)",
        "s waiting: seconds the user sat at a spinner, or at placeholders, while rows existed",
        "never shown: rows loaded that never came on screen",
      ]
    case .search:
      [
        "cancelled: requests the feed cancelled because the text changed",
        "stale rows shown: rows on screen that did not match the text typed by then (once per text)",
        "dup. requests: requests for a page that was loading or had loaded (same cursor, same query)",
        "s at spinner: seconds the user sat at the end of the loaded rows while more existed",
        "never shown: rows loaded that never came on screen",
      ]
    }
  }

  /// What the feed table's less obvious columns count, printed under it.
  package static let legend = [
    "dup. requests: requests for a page that was loading or had loaded (same cursor, same list)",
    "dup. rows shown: rows whose note the list had already shown higher up",
    "after end: requests sent after the server had answered the last page",
    "s at spinner: seconds the user sat at the end of the loaded rows while more existed",
    "never shown: rows loaded that never came on screen",
  ]

  /// The report as text: the settings, the timeline, the comparison table, the notes and the
  /// table's legend.
  /// - Parameter style: ``TerminalStyle/ansi`` for bold headings on a terminal.
  /// - Returns: Lines ending in `"\n"`.
  package func text(style: TerminalStyle = .plain) -> String {
    let session =
      (scenario.map { "\($0.rawValue) (\($0.summary))" }
        ?? "\(profile.rawValue) (\(profile.summary()))")
      + ", \(Format.decimal(sessionSeconds)) s, seed \(seed)"
    var output = style.bold(shownScenario.heading)
    let settings = [
      ("list", "\(source); \(pageSize) rows per page"), ("network", network), ("session", session),
    ]
    for (label, value) in settings {
      let prefix = "\(label):".padded(to: 10, alignment: .left)
      output +=
        "\n" + prefix + Format.wrap(value, width: Self.width, indent: 10, firstLineUsed: 10)
    }
    output += "\n\n"
    output += style.bold("Timeline (Paginator)") + "\n"
    for entry in timeline {
      let time = Format.seconds(milliseconds: entry.milliseconds).padded(to: 8, alignment: .right)
      output += "\(time) s  \(entry.kind.rawValue.padded(to: 13, alignment: .left))\(entry.text)\n"
    }
    output += "\n" + style.bold("Comparison (same session, same seed)") + "\n"
    output += comparisonTable.render(style: style)
    if !notes.isEmpty {
      output += "\n" + notes.map { Format.wrap($0, width: Self.width) + "\n" }.joined()
    }
    output += "\n" + legend.map { style.dim($0) + "\n" }.joined()
    return output
  }

  /// The comparison as a ``TextTable``, one row per feed, with the columns of the report's
  /// scenario.
  package var comparisonTable: TextTable {
    let columns: [(String, (Row) -> String)]
    let spinner: (String, (Row) -> String) = (
      "s at spinner", { Format.seconds(milliseconds: Format.milliseconds($0.stallTime)) }
    )
    switch shownScenario {
    case .feed:
      columns = [
        ("requests", { "\($0.requestsIssued)" }), ("dup. requests", { "\($0.duplicateRequests)" }),
        ("dup. rows shown", { "\($0.duplicateRowsShown)" }),
        ("after end", { "\($0.requestsAfterEnd)" }), spinner,
        ("never shown", { "\($0.rowsLoadedButNeverShown)" }),
      ]
    case .chat:
      columns = [
        ("requests", { "\($0.requestsIssued)" }), ("dup. requests", { "\($0.duplicateRequests)" }),
        ("after oldest", { "\($0.requestsAfterEnd)" }),
        ("anchor jumps", { "\($0.viewportJumps)" }),
        ("anchor moved", { "\(Int($0.anchorMovement)) pt" }),
        ("s at top", { Format.seconds(milliseconds: Format.milliseconds($0.stallTimeAtTop)) }),
      ]
    case .jump:
      columns = [
        ("requests", { "\($0.requestsIssued)" }), ("dup. requests", { "\($0.duplicateRequests)" }),
        ("rows loaded", { Format.count($0.rowsLoaded) }),
        ("s waiting", { Format.seconds(milliseconds: Format.milliseconds($0.stallTime)) }),
        ("never shown", { "\($0.rowsLoadedButNeverShown)" }),
      ]
    case .search:
      columns = [
        ("requests", { "\($0.requestsIssued)" }), ("cancelled", { "\($0.cancelledRequests)" }),
        ("stale rows shown", { $0.staleRowsShown.map(String.init) ?? "-" }),
        ("dup. requests", { "\($0.duplicateRequests)" }), spinner,
        ("never shown", { "\($0.rowsLoadedButNeverShown)" }),
      ]
    }
    return TextTable(
      columns: [.init("feed")] + columns.map { .init($0.0, alignment: .right) },
      rows: feeds.map { feed in [feed.feed] + columns.map { $0.1(feed) } })
  }

  /// The report as pretty-printed JSON with sorted keys (stable across runs), ending in
  /// `"\n"`. Keys are the Swift property names (`stallTime`, `latencyMilliseconds`, ...).
  /// - Returns: The JSON text.
  /// - Throws: `EncodingError` when a value cannot be encoded (a non-finite
  ///   `anchorMovement`).
  package func json() throws -> String {
    try DemoJSON.string(self)
  }
}

extension DemoReport {
  /// One feed's row of the comparison: its name and its session's report, whose figures the
  /// JSON lists beside the name (times in seconds).
  @dynamicMemberLookup
  package struct Row: Codable, Equatable, Sendable {
    /// The implementation's name, such as `naive onAppear`, `guarded onAppear` or `Paginator`.
    package var feed: String
    /// What the session did: the list's figures, with the request figures of the client's log
    /// (which knows of lost answers and requests never sent, unlike the server's), times
    /// rounded to the millisecond.
    package var report: SessionReport
    /// The search scenario: rows on screen that did not match the text typed by then, each
    /// row counted once per text; `nil` in the other scenarios.
    package var staleRowsShown: Int?

    private enum CodingKeys: String, CodingKey { case feed, staleRowsShown }

    /// Creates a row.
    /// - Parameters:
    ///   - feed: The implementation's name.
    ///   - report: The session's report.
    ///   - staleRowsShown: The search's stale rows, or `nil`.
    package init(feed: String, report: SessionReport, staleRowsShown: Int? = nil) {
      self.feed = feed
      self.report = report
      self.staleRowsShown = staleRowsShown
    }

    /// Reads a row whose report's figures stand beside its name.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a figure is missing.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      feed = try container.decode(String.self, forKey: .feed)
      staleRowsShown = try container.decodeIfPresent(Int.self, forKey: .staleRowsShown)
      report = try SessionReport(from: decoder)
    }

    /// Writes the name and the report's figures in one object.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` when a figure cannot be written.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(feed, forKey: .feed)
      try container.encodeIfPresent(staleRowsShown, forKey: .staleRowsShown)
      try report.encode(to: encoder)
    }

    /// A figure of the report.
    package subscript<Value>(dynamicMember figure: KeyPath<SessionReport, Value>) -> Value {
      report[keyPath: figure]
    }
  }
}
