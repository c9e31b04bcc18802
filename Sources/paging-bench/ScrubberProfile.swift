import DemoSupport
import Paging
import PagingTesting

/// The scrubber: a counted list of 1,000,000 rows (``SimulatedFeedServer/Pagination/countedOffset``,
/// pages of 20, cellular latency), whose user reads the first rows, drags the scroll bar to
/// 60 %, reads, drags to 20 %, reads, to 90 %, reads, and back to the top, reading 5 s at 3 rows a
/// second after each drag, in ``ScrubberSimulator`` (virtual time, a 12-row screen), through a
/// paginator with the default configuration.
///
/// The oracle knows where each drag lands, but only when it lands: it sends one request for
/// the page that starts at the screen's top, and loads the pages the reading reaches in time,
/// so it waits one round trip per drag and no more. It is charged the round trip the server drew
/// for the request that answered the paginator's jump (the server draws latencies per request
/// number), so that both face the same network; its requests are the first page, then per
/// drag the landing page and the pages reached after it.
@MainActor
enum ScrubberProfile {
  /// One seed's figures.
  struct Session: Codable, Sendable {
    let seed: UInt64
    /// The paginator's session.
    let report: SessionReport
    /// Jumps the paginator made.
    let jumps: Int
    /// The oracle's wait: one round trip per drag.
    let oracleStallSeconds: Double
    /// The oracle's requests.
    let oracleRequests: Int
  }

  /// The figures over the seeds, and the placeholders' memory.
  struct Result: Codable, Sendable {
    let rows: Int
    let drags: Int
    let sessions: [Session]
    /// The same 10,000 rows loaded, in a list of 10,000 rows and in a counted list of
    /// 10,000,000 (``MemoryBenchmark``, retained bytes, fixed mmap threshold).
    let memory: [MemoryBenchmark.Result]

    /// What the counted list of 10,000,000 rows holds more than the list of 10,000, in bytes.
    var placeholderBytes: Int { memory[1].retainedBytes - memory[0].retainedBytes }

    /// The paginator's requests, hedges apart.
    var requests: Int {
      sessions.map { $0.report.requestsIssued - $0.report.hedgedRequests }.reduce(0, +)
    }
    var hedges: Int { sessions.map(\.report.hedgedRequests).reduce(0, +) }
    var duplicates: Int { sessions.map(\.report.duplicateRequests).reduce(0, +) }
    var backToPlaceholders: Int { sessions.map(\.report.rowsBackToPlaceholders).reduce(0, +) }
    var stallSeconds: Double { sessions.map(\.report.stallTime.seconds).reduce(0, +) }
    var oracleStallSeconds: Double { sessions.map(\.oracleStallSeconds).reduce(0, +) }
    var oracleRequests: Int { sessions.map(\.oracleRequests).reduce(0, +) }
    var jumps: Int { sessions.map(\.jumps).reduce(0, +) }
  }

  nonisolated static let rows = 1_000_000
  nonisolated static let pageSize = 20
  nonisolated static let screenRows = 12
  nonisolated static let readingSeconds = 5
  nonisolated static let rowsPerSecond = 3.0
  /// Where each drag lands, as a share of the list.
  nonisolated static let drags: [Double] = [0.6, 0.2, 0.9, 0]

  /// Every seed, and the memory of 10,000 loaded rows in lists of 10,000 and 10,000,000 rows.
  /// - Throws: When a memory probe cannot run.
  static func run(quick: Bool) async throws -> Result {
    let items = (0..<rows).map(SmallItem.init)
    var sessions: [Session] = []
    for seed in PolicyComparison.seeds(quick: quick) {
      sessions.append(await session(seed: seed, items: items))
    }
    let memory = try [10_000, 10_000_000].map { try MemoryBenchmark.run(count: 10_000, total: $0) }
    return Result(rows: rows, drags: drags.count, sessions: sessions, memory: memory)
  }

  /// One session.
  static func session(seed: UInt64, items: [SmallItem]) async -> Session {
    let clock = TestClock()
    let latency = LatencyModel.cellular
    let server = SimulatedFeedServer(
      items: items, pageSize: pageSize, pagination: .countedOffset, latency: latency, seed: seed,
      clock: clock)
    let scrubber = ScrubberSimulator(
      feed: Paginator(source: server, clock: clock), server: server, screenRows: screenRows,
      clock: clock)
    await scrubber.start()
    await scrubber.read(for: .seconds(readingSeconds), rowsPerSecond: rowsPerSecond)
    for share in drags {
      await scrubber.drag(to: Int(Double(rows) * share))
      await scrubber.read(for: .seconds(readingSeconds), rowsPerSecond: rowsPerSecond)
    }
    scrubber.stop()
    let report = scrubber.report()

    // The jumps' requests: the refreshes after the first load, not hedges.
    let jumps = server.log.filter { $0.request.direction == .refresh && !$0.request.isHedge }
      .dropFirst().map(\.request.id.rawValue)
    let oracleStall = jumps.prefix(drags.count).map {
      latency.latency(forRequest: $0, seed: seed).seconds
    }.reduce(0, +)
    return Session(
      seed: seed, report: report, jumps: scrubber.feed.metrics.jumps,
      oracleStallSeconds: oracleStall, oracleRequests: oracleRequests)
  }

  /// The oracle's requests: the first screen and its reading, then per drag the landing page
  /// and the pages its reading reaches.
  nonisolated static var oracleRequests: Int {
    let reach = screenRows + Int((Double(readingSeconds) * rowsPerSecond).rounded(.up))
    let pagesPerSegment = (reach + pageSize - 1) / pageSize
    return pagesPerSegment * (drags.count + 1)
  }

  /// The goals: stall within max(1.25 × the oracle's, 0.25 s); requests, hedges apart, at most
  /// the oracle's plus one per drag; no duplicate request; no row on screen back to a
  /// placeholder.
  nonisolated static func goals(_ result: Result) -> [Goal] {
    let name = "Scrubber, \(Format.count(result.rows)) counted rows, \(result.drags) drags"
    let stallBound = max(1.25 * result.oracleStallSeconds, 0.25)
    let requestBound = result.oracleRequests + result.drags * result.sessions.count
    return [
      Goal(
        name: "\(name): stall", target: "≤ \(Format.seconds(stallBound)) (1.25 × oracle, 0.25 s)",
        measured: Format.seconds(result.stallSeconds), met: result.stallSeconds <= stallBound,
        note: "oracle \(Format.seconds(result.oracleStallSeconds)), \(result.jumps) jumps"),
      Goal(
        name: "\(name): requests, hedges apart", target: "≤ \(requestBound) (oracle + 1 per drag)",
        measured: "\(result.requests)", met: result.requests <= requestBound,
        note: "oracle \(result.oracleRequests), hedges \(result.hedges)"),
      Goal(
        name: "\(name): duplicate requests", target: "0", measured: "\(result.duplicates)",
        met: result.duplicates == 0, note: ""),
      Goal(
        name: "\(name): rows on screen back to placeholders", target: "0",
        measured: "\(result.backToPlaceholders)", met: result.backToPlaceholders == 0, note: ""),
      Goal(
        name: "Placeholders: 10,000 rows loaded in a counted list of 10,000,000 rows, over a list"
          + " of 10,000", target: "≤ 64 KB", measured: "\(Format.count(result.placeholderBytes)) B",
        met: result.placeholderBytes <= 65_536,
        note: "retained \(Format.count(result.memory[0].retainedBytes)) B and"
          + " \(Format.count(result.memory[1].retainedBytes)) B"),
    ]
  }

  /// The section of `BENCHMARKS.md`.
  nonisolated static func markdown(_ result: Result) -> String {
    let rows = result.sessions.map { session -> [String] in
      [
        "\(session.seed)", "\(session.report.requestsIssued - session.report.hedgedRequests)",
        "\(session.oracleRequests)", "\(session.report.hedgedRequests)", "\(session.jumps)",
        Format.seconds(session.report.stallTime.seconds),
        Format.seconds(session.oracleStallSeconds),
        "\(session.report.duplicateRequests)", "\(session.report.rowsBackToPlaceholders)",
      ]
    }
    return """
      ### scrubber

      A counted list of \(Format.count(result.rows)) rows (offset pages of \(pageSize) that \
      count the rows around them), cellular latency, a \(screenRows)-row screen: the user reads \
      \(readingSeconds) s at \(Int(rowsPerSecond)) rows a second, drags to 60 %, 20 %, 90 % and \
      the top, reading as long after each. The paginator runs with the default configuration; \
      the oracle sends one request per drag, for the page at the screen's top, when the drag \
      lands, and is charged the round trip the server drew for the paginator's jump.

      \(Format.table(
        ["seed", "requests", "oracle", "hedges", "jumps", "stall", "oracle stall", "duplicates", "back to placeholders"],
        rows))

      Memory: the same 10,000 rows loaded (pages of 50) retain \
      \(Format.count(result.memory[0].retainedBytes)) bytes in a list of 10,000 rows and \
      \(Format.count(result.memory[1].retainedBytes)) bytes in a counted list of 10,000,000 \
      (\(Format.count(result.placeholderBytes)) more; measured as the micro-benchmarks' memory, \
      in a child process each): the placeholders are computed, never stored.
      """
  }
}
