import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// Walk times against the real Datasette, printed, never asserted: run with
/// `PAGING_MEASURE_WALKS=1 swift test --filter DatasetteWalkTimes` after sourcing
/// `.build/datasette/env`.
@Suite(
  "Datasette walk times (measurement)",
  .enabled(
    if: ProcessInfo.processInfo.environment["PAGING_MEASURE_WALKS"] == "1",
    "a measurement, not a test: set PAGING_MEASURE_WALKS=1 to run it"),
  .serialized, .timeLimit(.minutes(minuteLimit)))
@MainActor
struct DatasetteWalkTimes {
  @Test(arguments: [100, 1000])
  func walkTime(pageSize: Int) async throws {
    let base = try Datasette.baseURL()
    let expected = try await Datasette.expectedIDs(base: base, order: "id")
    let runs = 7
    for strategy in ["linkHeader", "cursorField"] {
      var seconds: [Double] = []
      for _ in 0..<runs {
        let source = HTTPPageSource<ReleaseNote>(
          url: Datasette.tableURL(base),
          strategy: strategy == "linkHeader"
            ? .linkHeader()
            : .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "_next"),
          queryItems: [
            URLQueryItem(name: "_size", value: String(pageSize)),
            URLQueryItem(name: "_shape", value: strategy == "linkHeader" ? "array" : "objects"),
          ] + Datasette.lean,
          decoder: Datasette.decoder)
        let clock = ContinuousClock()
        let start = clock.now
        let result = await walk(Paginator(source: source))
        let elapsed = start.duration(to: clock.now)
        #expect(result.ids == expected)
        seconds.append(elapsed.seconds)
      }
      let median = seconds.sorted()[runs / 2]
      let rate = Double(expected.count) / median
      print(
        "walk \(strategy) _size=\(pageSize): \(expected.count) rows, median of \(runs) "
          + "\(String(format: "%.1f", median * 1000)) ms = \(Int(rate.rounded())) rows/s "
          + "(min \(String(format: "%.1f", (seconds.min() ?? 0) * 1000)) ms, "
          + "max \(String(format: "%.1f", (seconds.max() ?? 0) * 1000)) ms)")
    }
  }

  /// The walk API (`source.pages()`, Link header, `_shape=array`) against a plain Python
  /// `urllib` client walking the same URLs in the same run, rounds interleaved (Swift with the
  /// snake-case decoder, Swift with `CodingKeys`, Python), 9 rounds: medians of the wall times
  /// and of the processes' CPU times, and the ratios. Python's `json.load` builds dictionaries
  /// with the keys as sent; `convertFromSnakeCase` converts every key of every object anew.
  @Test(arguments: [100, 1000])
  nonisolated func walkVersusPythonURLLib(pageSize: Int) async throws {
    let base = try Datasette.baseURL()
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let query =
      [
        URLQueryItem(name: "_size", value: String(pageSize)),
        URLQueryItem(name: "_shape", value: "array"),
      ] + Datasette.lean
    let snakeCase = HTTPPageSource<ReleaseNote>(
      url: Datasette.tableURL(base), strategy: .linkHeader(), queryItems: query,
      decoder: Datasette.decoder)
    let keyed = HTTPPageSource<KeyedReleaseNote>(
      url: Datasette.tableURL(base), strategy: .linkHeader(), queryItems: query)
    let python = try PythonWalker(
      python: URL(fileURLWithPath: binary).deletingLastPathComponent()
        .appendingPathComponent("python3"),
      firstPage: try #require(snakeCase.firstPageURL))
    var swiftSnake: [Measured] = []
    var swiftKeyed: [Measured] = []
    var pythonTimes: [Measured] = []
    for _ in 0..<9 {
      swiftSnake.append(try await Measured.walk(snakeCase))
      swiftKeyed.append(try await Measured.walk(keyed))
      pythonTimes.append(try python.walk())
    }
    python.stop()
    for measured in swiftSnake + swiftKeyed + pythonTimes { #expect(measured.rows == 10_017) }
    let python50 = Measured.median(pythonTimes)
    for (name, times) in [("snake-case decoder", swiftSnake), ("CodingKeys", swiftKeyed)] {
      let swift50 = Measured.median(times)
      print(
        "pages() vs urllib, _size=\(pageSize), 10017 rows, \(name): wall Swift "
          + "\(Measured.ms(swift50.wall)) ms, Python \(Measured.ms(python50.wall)) ms, ratio "
          + String(format: "%.2f", swift50.wall / python50.wall) + "x; CPU Swift "
          + "\(Measured.ms(swift50.cpu)) ms, Python \(Measured.ms(python50.cpu)) ms, ratio "
          + String(format: "%.2f", swift50.cpu / python50.cpu) + "x (medians of 9, interleaved)")
    }
  }

  /// The time to the 401 of a server that answers `WWW-Authenticate: Basic` (the local
  /// responder, so no password hashing counts), median of 21 first-page loads.
  @Test nonisolated func timeToA401() async throws {
    let server = try await LocalServer.responder(
      binary: try Datasette.variable("PAGING_DATASETTE_BIN"), status: 401,
      headers: [
        ("WWW-Authenticate", #"Basic realm="Realm""#), ("Content-Type", "application/json"),
      ],
      body: #"{"message": "Please authenticate yourself"}"#)
    let source = HTTPPageSource<Note>(
      url: server.url.appendingPathComponent("notes"), strategy: .linkHeader(),
      authorization: "Basic d3Jvbmc6d3Jvbmc=")
    var times: [Double] = []
    for _ in 0..<21 {
      let start = ContinuousClock.now
      let error = await #expect(throws: PageWalkError<HTTPCursor>.self) {
        for try await _ in source.pages() {}
      }
      times.append((ContinuousClock.now - start).seconds)
      #expect(error?.error?.httpStatusCode == 401)
    }
    await server.stop()
    print(
      "time to the 401 (local Basic-challenge server): median of 21 "
        + "\(String(format: "%.2f", times.sorted()[10] * 1000)) ms, max "
        + "\(String(format: "%.2f", (times.max() ?? 0) * 1000)) ms")
  }
}

/// A release note decoded by explicit `CodingKeys` instead of `convertFromSnakeCase`.
struct KeyedReleaseNote: Decodable, Identifiable, Sendable {
  var id: Int
  var releasedAt: String
  var version: String
  var section: String
  var issue: String?
  var title: String
  var body: String

  enum CodingKeys: String, CodingKey {
    case id, version, section, issue, title, body
    case releasedAt = "released_at"
  }
}

/// One timed walk: wall and CPU seconds, rows.
struct Measured {
  var wall: Double
  var cpu: Double
  var rows: Int

  /// Walks `source` once with `pages()`.
  static func walk<Item>(_ source: HTTPPageSource<Item>) async throws -> Measured {
    let cpu = processCPU()
    let start = ContinuousClock.now
    var rows = 0
    for try await page in source.pages() { rows += page.items.count }
    return Measured(
      wall: (ContinuousClock.now - start).seconds, cpu: processCPU() - cpu, rows: rows)
  }

  /// The medians of the wall and CPU times.
  static func median(_ all: [Measured]) -> Measured {
    Measured(
      wall: all.map(\.wall).sorted()[all.count / 2], cpu: all.map(\.cpu).sorted()[all.count / 2],
      rows: all.first?.rows ?? 0)
  }

  /// This process's user and system CPU time, in seconds.
  static func processCPU() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  static func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
}

/// A Python `urllib` client that walks the Link header's pages once per line on its stdin and
/// answers each with its wall time, CPU time and rows, so that its walks interleave with the
/// Swift ones without a process start in between.
final class PythonWalker {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var pending = Data()

  init(python: URL, firstPage: URL) throws {
    process.executableURL = python
    process.arguments = [
      "-c",
      """
      import json, sys, time, urllib.request
      for _ in sys.stdin:
          start, cpu, url, rows = time.perf_counter(), time.process_time(), sys.argv[1], 0
          while url:
              with urllib.request.urlopen(url) as response:
                  rows += len(json.load(response))
                  link = response.headers.get("link")
              url = link[1:link.index(">")] if link and 'rel="next"' in link else None
          print(time.perf_counter() - start, time.process_time() - cpu, rows, flush=True)
      """,
      firstPage.absoluteString,
    ]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// One walk (blocks until Python answers).
  func walk() throws -> Measured {
    input.fileHandleForWriting.write(Data("go\n".utf8))
    while !pending.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { throw DatasetteSetupError(description: "python exited") }
      pending += chunk
    }
    let end = pending.firstIndex(of: UInt8(ascii: "\n")) ?? pending.endIndex
    let fields = String(decoding: pending[..<end], as: UTF8.self).split(separator: " ")
    pending = Data(pending[(end + 1)...])
    guard fields.count == 3, let wall = Double(fields[0]), let cpu = Double(fields[1]),
      let rows = Int(fields[2])
    else { throw DatasetteSetupError(description: "python said \(fields)") }
    return Measured(wall: wall, cpu: cpu, rows: rows)
  }

  /// Closes Python's stdin, which ends it.
  func stop() {
    try? input.fileHandleForWriting.close()
  }
}
