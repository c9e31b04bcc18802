import DemoSupport
import Foundation
import Paging
import PagingSQLite

/// The SQLite cache's figures: time to the first row after a relaunch (from the cache against
/// from the network), rows per second committing 100-row pages (against Python's `sqlite3`
/// `executemany` on the same rows, schema and PRAGMAs, one transaction per page), and memory
/// while scrolling a large cache under `maxSize`.
@MainActor
enum SQLiteBenchmark {
  /// The figures of one run.
  struct Result: Codable, Sendable {
    var committedRows: Int
    var swiftRowsPerSecond: Double
    var pythonRowsPerSecond: Double?
    var firstRowFromCacheMilliseconds: Double
    var firstRowFromNetworkMilliseconds: Double
    var networkRoundTripMilliseconds: Double
    var scrolledRows: Int
    var maxSize: Int
    var scrollSeconds: Double
    var anonymousBeforeScroll: Int
    var anonymousPeakDuringScroll: Int
  }

  /// A network source of `SmallItem`s that answers after a fixed round trip.
  struct SlowNetwork: PageSource {
    var roundTrip: Duration

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<SmallItem, Int> {
      try await Task.sleep(for: roundTrip)
      let start = request.cursor ?? 0
      return Page(items: SmallItem.page(start..<start + 100), nextCursor: start + 100)
    }
  }

  static func run(quick: Bool) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("paging-bench-sqlite-\(getpid())").path
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let committed = quick ? 20_000 : 200_000
    // Side by side: ours and Python's in turn, each into a fresh file, medians of the rounds
    // (the machine's load changes between runs more than either side does).
    var swiftRates: [Double] = []
    var pythonRates: [Double] = []
    for round in 0..<commitRounds {
      swiftRates.append(try commitRate(path: folder + "/swift-\(round).sqlite", rows: committed))
      if let rate = pythonCommitRate(path: folder + "/python-\(round).sqlite", rows: committed) {
        pythonRates.append(rate)
      }
    }
    let swiftRate = median(swiftRates)
    let pythonRate = pythonRates.isEmpty ? nil : median(pythonRates)
    let roundTrip = Duration.milliseconds(50)
    let (cache, network) = try await firstRow(folder: folder, roundTrip: roundTrip)
    let scroll = try await scrollMemory(
      path: folder + "/scroll.sqlite", rows: quick ? 100_000 : 1_000_000)
    return Result(
      committedRows: committed, swiftRowsPerSecond: swiftRate, pythonRowsPerSecond: pythonRate,
      firstRowFromCacheMilliseconds: cache, firstRowFromNetworkMilliseconds: network,
      networkRoundTripMilliseconds: 50, scrolledRows: scroll.reached, maxSize: 1_000,
      scrollSeconds: scroll.seconds, anonymousBeforeScroll: scroll.before,
      anonymousPeakDuringScroll: scroll.peak)
  }

  /// How many times the commit rates are measured, ours and Python's in turn.
  nonisolated static let commitRounds = 5

  /// Commits `rows` rows in 100-row pages, one transaction per page, through the cache's own
  /// write path; returns rows per second.
  static func commitRate(path: String, rows: Int) throws -> Double {
    let database = try PagingDatabase(path: path)
    let cache = PageCache<SmallItem, Int>(list: "bench")
    let fetchedAt = Date()
    let start = Stopwatch.now()
    for ordinal in 0..<rows / 100 {
      let base = ordinal * 100
      let page = Page(items: SmallItem.page(base..<base + 100), nextCursor: base + 100)
      try database.write { db in
        try cache.insert(db, page, loadedBy: base, at: ordinal, generation: 1, fetchedAt: fetchedAt)
      }
    }
    return Double(rows) / (Stopwatch.elapsed(since: start) / 1e9)
  }

  /// The same commits from Python's `sqlite3` with `executemany`, in a child process; `nil`
  /// when `python3` is missing.
  static func pythonCommitRate(path: String, rows: Int) -> Double? {
    _ = try? PagingDatabase(path: path)  // the same schema, WAL mode and user_version
    let script = """
      import sqlite3, sys, time, json
      path, rows = sys.argv[1], int(sys.argv[2])
      db = sqlite3.connect(path, isolation_level=None)
      db.execute("PRAGMA journal_mode=WAL")
      db.execute("PRAGMA busy_timeout=5000")
      now = time.time()
      start = time.perf_counter()
      for ordinal in range(rows // 100):
          base = ordinal * 100
          db.execute("BEGIN IMMEDIATE")
          db.execute(
              "INSERT INTO paging_page (list, ordinal, cursor, previous_cursor, next_cursor,"
              " generation, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
              ("bench", ordinal, json.dumps(base).encode(), None,
               json.dumps(base + 100).encode(), 1, now))
          db.executemany(
              "INSERT INTO paging_row (list, ordinal, position, id, body) VALUES (?, ?, ?, ?, ?)",
              [("bench", ordinal, p, str(base + p),
                json.dumps({"id": base + p, "value": (base + p) * 31},
                           separators=(",", ":")).encode())
               for p in range(100)])
          db.execute("COMMIT")
      print(rows / (time.perf_counter() - start))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path, String(rows)]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Double(
      String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Milliseconds from opening the file to the first row shown: from a cache of 1,000 rows
  /// (median of 21), and from an empty cache whose first page comes over a network with
  /// `roundTrip` (median of 5).
  static func firstRow(folder: String, roundTrip: Duration) async throws -> (Double, Double) {
    let cached = folder + "/relaunch.sqlite"
    do {
      let database = try PagingDatabase(path: cached)
      let cache = PageCache<SmallItem, Int>(list: "feed")
      for ordinal in 0..<10 {
        let page = Page(
          items: SmallItem.page(ordinal * 100..<ordinal * 100 + 100),
          nextCursor: ordinal * 100 + 100)
        try database.write { db in
          if ordinal == 0 {
            try cache.replace(db, with: page, loadedBy: nil, at: 0, fetchedAt: Date())
          } else {
            try cache.insert(
              db, page, loadedBy: ordinal * 100, at: ordinal, generation: 1, fetchedAt: Date())
          }
        }
      }
    }
    var fromCache: [Double] = []
    for _ in 0..<21 {
      let start = Stopwatch.now()
      let source = try CachedPageSource(
        database: try PagingDatabase(path: cached), list: "feed",
        remote: SlowNetwork(roundTrip: roundTrip), initialize: .skipInitialRefresh)
      let feed = try source.paginator()
      guard !feed.items.isEmpty else { throw PagingDatabaseError.cacheChanged }
      fromCache.append(Stopwatch.elapsed(since: start) / 1e6)
      feed.cancel()
    }
    var fromNetwork: [Double] = []
    for run in 0..<5 {
      let start = Stopwatch.now()
      let source = try CachedPageSource(
        database: try PagingDatabase(path: folder + "/network-\(run).sqlite"), list: "feed",
        remote: SlowNetwork(roundTrip: roundTrip))
      let feed = try source.paginator()
      await feed.start()
      guard !feed.items.isEmpty else { throw PagingDatabaseError.cacheChanged }
      fromNetwork.append(Stopwatch.elapsed(since: start) / 1e6)
    }
    return (median(fromCache), median(fromNetwork))
  }

  /// Scrolls a cache of `rows` rows from top to bottom, a 10-row viewport at a time, under
  /// `maxSize` 1,000, with the network down; returns the seconds taken and the anonymous
  /// memory before and at its highest (sampled every 1,000 rows).
  static func scrollMemory(
    path: String, rows: Int
  ) async throws -> (seconds: Double, reached: Int, before: Int, peak: Int) {
    do {
      let database = try PagingDatabase(path: path)
      let cache = PageCache<SmallItem, Int>(list: "feed")
      try database.write { db in
        try cache.replace(
          db, with: Page(items: SmallItem.page(0..<100), nextCursor: 100), loadedBy: nil, at: 0,
          fetchedAt: Date())
        for ordinal in 1..<rows / 100 {
          let base = ordinal * 100
          try cache.insert(
            db,
            Page(
              items: SmallItem.page(base..<base + 100),
              nextCursor: ordinal == rows / 100 - 1 ? nil : base + 100),
            loadedBy: base, at: ordinal, generation: 1, fetchedAt: Date())
        }
      }
    }
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(50))
    configuration.maxSize = 1_000
    let source = try CachedPageSource(
      database: try PagingDatabase(path: path), list: "feed",
      remote: SlowNetwork(roundTrip: .seconds(3600)), initialize: .skipInitialRefresh)
    let feed = try source.paginator(configuration: configuration)
    await feed.start()
    let before = MemoryUsage.current().anonymous
    var peak = before
    let start = Stopwatch.now()
    var reached = 0
    for id in 0..<rows {
      if feed.position(of: id) == nil { await feed.waitForLoadsToEnd() }
      guard feed.position(of: id) != nil else { break }
      reached = id + 1
      feed.rowAppeared(id: id)
      if id >= 10 { feed.rowDisappeared(id: id - 10) }
      if id % 1_000 == 0 { peak = max(peak, MemoryUsage.current().anonymous) }
    }
    await feed.waitForLoadsToEnd()
    return (Stopwatch.elapsed(since: start) / 1e9, reached, before, peak)
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  /// The section as Markdown.
  nonisolated static func markdown(_ result: Result) -> String {
    func rate(_ value: Double?) -> String { value.map { "\(Int($0)) rows/s" } ?? "python3 missing" }
    return """
      ## SQLite cache (PagingSQLite)

      | figure | PagingSQLite | against |
      | --- | --- | --- |
      | commit \(result.committedRows) rows in 100-row pages, one transaction each (median of \(commitRounds), in turn with Python's) | \(rate(result.swiftRowsPerSecond)) | Python `sqlite3` `executemany`: \(rate(result.pythonRowsPerSecond)) |
      | first row after a relaunch | \(String(format: "%.2f", result.firstRowFromCacheMilliseconds)) ms from the cache | \(String(format: "%.1f", result.firstRowFromNetworkMilliseconds)) ms from the network (\(Int(result.networkRoundTripMilliseconds)) ms round trip) |
      | scroll \(result.scrolledRows) cached rows, maxSize \(result.maxSize) | \(String(format: "%.1f", result.scrollSeconds)) s, anonymous memory \(result.anonymousBeforeScroll / 1_048_576) MB → peak \(result.anonymousPeakDuringScroll / 1_048_576) MB | bounded by the cap |
      """
  }

  /// The section's goals.
  nonisolated static func goals(_ result: Result) -> [Goal] {
    let python = result.pythonRowsPerSecond ?? 0
    let growth = result.anonymousPeakDuringScroll - result.anonymousBeforeScroll
    return [
      Goal(
        name: "SQLite commit rate ≥ 1.5 × Python's executemany",
        target: "≥ \(Int(1.5 * python)) rows/s",
        measured: "\(Int(result.swiftRowsPerSecond)) rows/s"
          + (python > 0 ? " (\(Format.ratio(result.swiftRowsPerSecond / python)))" : ""),
        met: result.swiftRowsPerSecond >= 1.5 * python,
        note: "Python \(Int(python)) rows/s; same schema, PRAGMAs, one transaction a page;"
          + " medians of \(commitRounds) rounds in turn"),
      Goal(
        name: "first row from the cache before the network's", target: "< network",
        measured: String(format: "%.2f ms", result.firstRowFromCacheMilliseconds),
        met: result.firstRowFromCacheMilliseconds < result.firstRowFromNetworkMilliseconds,
        note: "0 round trips"),
      Goal(
        name: "memory scrolling a large cache under maxSize", target: "growth ≤ 16 MB",
        measured: "\(growth / 1_048_576) MB", met: growth <= 16 * 1_048_576,
        note: "\(result.scrolledRows) rows"),
    ]
  }
}
