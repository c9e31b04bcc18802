import Paging
import PagingTesting

extension DemoSession {
  /// What the search scenario's user types: a module's name, whose first letters match many
  /// notes that the whole name does not.
  package static let searchText = "pathlib"

  /// Keystroke gaps of a quick typist, in milliseconds: 90 to 260 ms, about 170 ms on average
  /// (as `paging-bench`'s search profile), with a 450 ms pause after "path".
  static let typingGaps: [Duration] = [180, 140, 220, 450, 260, 150].map { .milliseconds($0) }

  /// How long the search screen waits after a keystroke before it queries, as the README and
  /// `pagingQuery(_:of:transition:debounce:clock:)` recommend: the pause after "path" is
  /// longer, so "path" and "pathlib" are queried, and "path"'s pages can still land after the
  /// user typed on.
  static let searchDebounce: Duration = .milliseconds(300)

  /// Whether a note matches a text typed into the search field: its title contains it,
  /// ignoring case (the simulated search endpoint's rule).
  static let searchMatches: @Sendable (ReleaseNote, String) -> Bool = { note, text in
    note.title.lowercased().contains(text.lowercased())
  }

  /// The chat scenario's script: open at the newest note, look for 2 s, read 30 older notes
  /// upward at 4 rows a second, then scroll up through the rest of the history at 20 rows a
  /// second, to its first note.
  /// - Parameter rows: How many notes the history holds.
  /// - Returns: The steps.
  static func chatSteps(rows: Int) -> [UserStep] {
    [
      .openScreen(thenWait: .seconds(2)), .readUpward(rows: 30, speed: 320),
      .readUpward(rows: max(0, rows - 30), speed: 1_600), .idle(.seconds(1)),
    ]
  }

  /// The search scenario's script: open the screen, type ``searchText`` with ``typingGaps``
  /// (the screen debounced by ``searchDebounce``), look at the results for 3 s, then read down
  /// to the 40th result.
  static let searchSteps: [UserStep] = [
    .openScreen(thenWait: .seconds(2)),
    .type(searchText, gaps: typingGaps, debounce: searchDebounce),
    .idle(.seconds(3)), .scrollToRow(40, over: .seconds(12)),
  ]

  /// The year the jump scenario's drag lands in: its first note (the newest of that year) is
  /// the row the drag brings to the top of the screen.
  package static let jumpYear = "2016"

  /// How long the jump scenario's user reads after each drag, once the rows show.
  static let jumpReading: Duration = .seconds(5)

  /// The jump scenario's script for the baselines' list: open the screen and look for 2 s, drag
  /// to `target` in a second (held at the end of the loaded rows until more land, for up to two
  /// minutes), read for ``jumpReading``, drag back to the top and read as long.
  /// `DemoFeedRunner.scrub(to:reading:)` plays the same script for `Paginator`.
  /// - Parameter target: The row the drag lands on, from 0.
  /// - Returns: The steps.
  static func jumpSteps(target: Int) -> [UserStep] {
    [
      .openScreen(thenWait: .seconds(2)), .scrollToRow(target, over: .seconds(1)),
      .idle(jumpReading), .scrollToRow(0, over: .seconds(1)), .idle(jumpReading),
    ]
  }

  /// The embedded session of `options.scenario`, with each feed's trace for the picture.
  /// - Parameter options: The seed, page size, latency, scenario and profile.
  /// - Returns: The report and one trace per feed, in the table's order.
  /// - Throws: ``ReleaseNotesError`` when the bundled data cannot be read.
  @MainActor
  package static func embeddedRun(_ options: DemoOptions) async throws -> (
    report: DemoReport, traces: [DemoTrace]
  ) {
    try await embeddedRun(options, speed: 1)
  }

  /// ``embeddedRun(_:)`` played `speed` times faster than written, as the real-time session
  /// plays (tests check its wording on the virtual clock with it).
  /// - Parameters:
  ///   - options: The seed, page size, latency, scenario and profile.
  ///   - speed: How many times faster.
  /// - Returns: The report and the traces.
  /// - Throws: ``ReleaseNotesError`` when the bundled data cannot be read.
  @MainActor
  package static func embeddedRun(_ options: DemoOptions, speed: Double) async throws -> (
    report: DemoReport, traces: [DemoTrace]
  ) {
    let all = try ReleaseNotes.bundled()
    let newestFirst = all.sorted { $0.feedKey < $1.feedKey }
    let sectionRows = newestFirst.filter { $0.section == Self.section }
    let rows: [ReleaseNote]
    let source: String
    switch options.scenario {
    case .feed:
      rows = sectionRows
      source =
        "the \(rows.count) \"\(Self.section)\" notes of CPython's release notes (embedded, "
        + "\(Format.count(all.count)) notes in all), newest first, keyset cursors"
    case .chat:
      rows = sectionRows.reversed()
      source =
        "the \(rows.count) \"\(Self.section)\" notes of CPython's release notes as a chat: "
        + "oldest first, opens at the newest page, keyset cursors both ways"
    case .search:
      rows = newestFirst
      source =
        "a search over the titles of all \(Format.count(all.count)) notes of CPython's "
        + "release notes, newest first, keyset cursors"
    case .jump:
      rows = newestFirst
      source =
        "all \(Format.count(all.count)) notes of CPython's release notes, newest first, as a "
        + "counted list (offset pages that count the rows around them); the drag lands on the "
        + "first note of \(jumpYear), row \(Format.count(jumpTarget(rows)))"
    }
    let keys = Dictionary(rows.map { ($0.id, $0.feedKey) }, uniquingKeysWith: { first, _ in first })
    let latency = latencyModel(medianMilliseconds: options.latencyMilliseconds)
    let steps: [UserStep] =
      switch options.scenario {
      case .feed: options.profile.steps()
      case .chat: chatSteps(rows: rows.count)
      case .search: searchSteps
      case .jump: jumpSteps(target: jumpTarget(rows))
      }
    let search = options.scenario == .search ? searchMatches : nil
    var runner = DemoFeedRunner<SimulatedFeedServer<ReleaseNote>>(
      steps: steps, speed: speed, seed: options.seed, requestLimit: nil,
      setUp: {
        let clock = TestClock()
        let server = SimulatedFeedServer(
          items: rows, pageSize: options.pageSize,
          pagination: options.scenario == .jump ? .countedOffset : .keyset, latency: latency,
          seed: options.seed, search: search, clock: clock)
        return (server, clock, clock, server)
      },
      cursorText: { cursor in
        switch cursor.position {
        case .after(let id): "after " + (keys[id].map(\.description) ?? "id \(id)")
        case .before(let id): "before " + (keys[id].map(\.description) ?? "id \(id)")
        case .offset(let offset): "at offset \(offset)"
        case .start: "from the start"
        case .newest: "the newest page"
        }
      })
    runner.scenario = options.scenario
    runner.newestCursor = .newest
    runner.matches = search
    if options.scenario == .jump { runner.watched = rows[jumpTarget(rows)].id }
    var runs: [DemoFeedRunner<SimulatedFeedServer<ReleaseNote>>.Run] = []
    for kind in FeedKind.demo {
      if options.scenario == .jump, kind == .paginator {
        runs.append(await runner.scrub(to: jumpTarget(rows), reading: jumpReading))
      } else {
        runs.append(await runner.run(kind))
      }
    }
    let notes =
      options.scenario == .jump
      ? jumpSummary(
        runs.map { ($0.report, $0.timeline, $0.watchedShownMilliseconds, $0.trace) },
        target: jumpTarget(rows))
      : []
    let report = Self.report(
      runs, options: options, source: source,
      network: "simulated on a virtual clock: log-normal latency around "
        + "\(options.latencyMilliseconds) ms with a 5 % heavy tail",
      latencyMilliseconds: options.latencyMilliseconds, notes: notes)
    return (report, runs.map(\.trace))
  }
}

extension DemoSession {
  /// The jump scenario's target: the first row, newest first, released in ``jumpYear``.
  /// - Parameter rows: The notes, newest first.
  /// - Returns: The row, from 0 (the last row when no note is of that year).
  static func jumpTarget(_ rows: [ReleaseNote]) -> Int {
    rows.firstIndex { $0.releasedAt.hasPrefix(jumpYear) } ?? max(0, rows.count - 1)
  }

  /// How long each feed took from the drag to the first frame that showed the target's note,
  /// in sentences.
  /// - Parameters:
  ///   - runs: Each feed's row, timeline, when the target's note first showed (milliseconds
  ///     since the session started) and trace.
  ///   - target: The row the drag lands on.
  /// - Returns: One sentence per feed.
  static func jumpSummary(
    _ runs: [(row: DemoReport.Row, timeline: [TimelineEntry], shown: Int?, trace: DemoTrace)],
    target: Int
  ) -> [String] {
    runs.map { run in
      let feed = run.row.feed
      let drag = run.timeline.first {
        $0.kind == .user && $0.text.contains("down to row \(target)")
      }
      guard let drag, let shown = run.shown else {
        let loaded = Format.count(run.row.rowsLoaded)
        if run.row.duplicateRequests > 0 {
          return "\(feed) never showed the first note of \(jumpYear): its \(loaded) rows loaded "
            + "hold the same pages again and again (\(run.row.duplicateRequests) duplicate "
            + "requests), so row \(Format.count(target)) holds a newer note shown again."
        }
        return "\(feed) never showed the first note of \(jumpYear): it stopped loading at "
          + "\(loaded) rows, and the user gave up at their end."
      }
      let loaded = run.trace.samples.last { $0.milliseconds <= shown }?.loaded ?? 0
      let seconds = Double(shown - drag.milliseconds) / 1000
      return "\(feed) showed the first note of \(jumpYear) \(Format.decimal(seconds)) s after "
        + "the drag, with \(Format.count(loaded)) rows loaded."
    }
  }

  /// The chat table in sentences: how far each baseline threw the user or how long it kept
  /// them at the top, and whether `Paginator`'s anchor held.
  static func chatSummary(_ feeds: [DemoReport.Row], paginator: DemoReport.Row) -> [String] {
    var lines: [String] = []
    for feed in feeds where feed.feed != paginator.feed {
      var parts: [String] = []
      let jumps = feed.viewportJumps
      if jumps > 0 {
        let points = Int(feed.anchorMovement)
        parts.append(
          "threw the user away from the row they read \(jumps) time\(jumps == 1 ? "" : "s") "
            + "(\(Format.count(points)) pt in all)")
      }
      if feed.requestsIssued > paginator.requestsIssued {
        parts.append("sent \(feed.requestsIssued) requests against \(paginator.requestsIssued)")
      }
      let top = feed.stallTimeAtTop.seconds
      if top >= paginator.stallTimeAtTop.seconds + 0.1 {
        parts.append("kept the user waiting at the top for \(Format.decimal(top)) s")
      }
      if let last = parts.popLast() {
        let joined = parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
        lines.append("\(feed.feed) \(joined).")
      }
    }
    let moved = Int(paginator.anchorMovement)
    lines.append(
      "Paginator's anchor held: the row the user read moved \(moved) pt as older pages landed; "
        + "waiting at the top \(Format.decimal(paginator.stallTimeAtTop.seconds)) s, "
        + "\(paginator.duplicateRequests == 0 ? "no" : "\(paginator.duplicateRequests)") "
        + "duplicate request.")
    return lines
  }

  /// The search table in sentences: the stale rows each baseline showed, and `Paginator`'s.
  static func searchSummary(_ feeds: [DemoReport.Row], paginator: DemoReport.Row) -> [String] {
    var lines: [String] = []
    for feed in feeds where feed.feed != paginator.feed {
      let stale = feed.staleRowsShown ?? 0
      guard stale > 0 else { continue }
      lines.append(
        "\(feed.feed) showed \(stale) row\(stale == 1 ? "" : "s") that did not match what the "
          + "user had typed by then.")
    }
    let stale = paginator.staleRowsShown ?? 0
    let cancelled = paginator.cancelledRequests
    let how =
      cancelled == 0
      ? "each new query cleared the older query's rows."
      : "each new query cancelled the older query's requests (\(cancelled) cancelled) and "
        + "cleared its rows."
    lines.append(
      "Paginator showed \(stale == 0 ? "no" : "\(stale)") stale row\(stale == 1 ? "" : "s"): "
        + how)
    return lines
  }
}
