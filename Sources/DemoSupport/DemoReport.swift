/// Everything one demo run prints: its settings, the `Paginator` run's timeline and the
/// comparison of the feeds. ``text(style:)`` and ``json()`` render the same content.
public struct DemoReport: Codable, Equatable, Sendable {
  /// Where the pages came from, such as `embedded: 10017 release notes` or a URL.
  public var source: String
  /// The scripted session's name.
  public var profile: DemoProfile
  /// The latency model's seed.
  public var seed: UInt64
  /// Rows per page.
  public var pageSize: Int
  /// The embedded source's median latency in milliseconds, or `nil` against a real server.
  public var latencyMilliseconds: Int?
  /// The `Paginator` run, in time order.
  public var timeline: [TimelineEntry]
  /// One row per feed implementation, in the order they ran.
  public var feeds: [FeedReport]

  /// Creates a report.
  /// - Parameters:
  ///   - source: Where the pages came from.
  ///   - profile: The session's name.
  ///   - seed: The seed.
  ///   - pageSize: Rows per page.
  ///   - latencyMilliseconds: The median latency in milliseconds, or `nil` for a real server.
  ///   - timeline: The `Paginator` run's events.
  ///   - feeds: The comparison's rows.
  public init(
    source: String, profile: DemoProfile, seed: UInt64, pageSize: Int,
    latencyMilliseconds: Int?, timeline: [TimelineEntry], feeds: [FeedReport]
  ) {
    self.source = source
    self.profile = profile
    self.seed = seed
    self.pageSize = pageSize
    self.latencyMilliseconds = latencyMilliseconds
    self.timeline = timeline
    self.feeds = feeds
  }

  /// The report as text: a heading line, the timeline, then the comparison table.
  /// - Parameter style: ``TerminalStyle/ansi`` for bold headings on a terminal.
  /// - Returns: Lines ending in `"\n"`.
  public func text(style: TerminalStyle = .plain) -> String {
    var settings = "source: \(source); session: \(profile.rawValue); seed \(seed); "
    settings += "\(pageSize) rows per page"
    if let latencyMilliseconds { settings += "; median latency \(latencyMilliseconds) ms" }
    var output = settings + "\n\n" + style.bold("Timeline (Paginator)") + "\n"
    for entry in timeline {
      let time = Self.seconds(milliseconds: entry.milliseconds).padded(to: 8, alignment: .right)
      output += "\(time) s  \(entry.kind.rawValue.padded(to: 12, alignment: .left))\(entry.text)\n"
    }
    output += "\n" + style.bold("Comparison") + "\n"
    output += comparisonTable.render(style: style)
    return output
  }

  /// The comparison as a ``TextTable``, one row per feed.
  public var comparisonTable: TextTable {
    TextTable(
      columns: [
        .init("feed"), .init("requests", alignment: .right),
        .init("duplicate requests", alignment: .right),
        .init("duplicate rows shown", alignment: .right),
        .init("requests after end", alignment: .right),
        .init("s at spinner", alignment: .right),
        .init("rows never shown", alignment: .right),
      ],
      rows: feeds.map { feed in
        [
          feed.feed, "\(feed.requests)", "\(feed.duplicateRequests)",
          "\(feed.duplicateRowsShown)", "\(feed.requestsAfterEnd)",
          Self.seconds(milliseconds: Int((feed.spinnerSeconds * 1000).rounded())),
          "\(feed.rowsNeverShown)",
        ]
      })
  }

  /// The report as pretty-printed JSON with sorted keys (stable across runs), ending in
  /// `"\n"`. Keys are the Swift property names (`spinnerSeconds`, `latencyMilliseconds`, ...).
  /// - Returns: The JSON text.
  /// - Throws: `EncodingError` when a value cannot be encoded (a non-finite `spinnerSeconds`).
  public func json() throws -> String {
    try DemoJSON.string(self)
  }

  /// `1234` → `"1.23"`: seconds with two decimals, without locale-dependent formatting.
  static func seconds(milliseconds: Int) -> String {
    let sign = milliseconds < 0 ? "-" : ""
    let centiseconds = (milliseconds.magnitude + 5) / 10
    let fraction = centiseconds % 100
    return "\(sign)\(centiseconds / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
