import Foundation
import Paging
import PagingHTTP
import Testing

/// Walk times against the real Datasette, printed, never asserted: run with
/// `PAGING_MEASURE_WALKS=1 swift test --filter DatasetteWalkTimes` after sourcing
/// `.build/datasette/env`.
@Suite(
  "Datasette walk times (measurement)",
  .enabled(
    if: ProcessInfo.processInfo.environment["PAGING_MEASURE_WALKS"] == "1",
    "a measurement, not a test: set PAGING_MEASURE_WALKS=1 to run it"),
  .serialized)
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
        seconds.append(
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
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
  /// `urllib` client walking the same URLs in the same run: medians of 5 and their ratio.
  @Test(arguments: [100, 1000])
  func walkVersusPythonURLLib(pageSize: Int) async throws {
    let base = try Datasette.baseURL()
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let source = HTTPPageSource<ReleaseNote>(
      url: Datasette.tableURL(base), strategy: .linkHeader(),
      queryItems: [
        URLQueryItem(name: "_size", value: String(pageSize)),
        URLQueryItem(name: "_shape", value: "array"),
      ] + Datasette.lean,
      decoder: Datasette.decoder)
    let clock = ContinuousClock()
    var swiftSeconds: [Double] = []
    var rows = 0
    for _ in 0..<5 {
      let start = clock.now
      rows = 0
      for try await page in source.pages() { rows += page.items.count }
      let elapsed = start.duration(to: clock.now)
      swiftSeconds.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    let script = """
      import json, sys, time, urllib.request
      first, times = sys.argv[1], []
      for _ in range(5):
          start, url, rows = time.perf_counter(), first, 0
          while url:
              with urllib.request.urlopen(url) as response:
                  rows += len(json.load(response))
                  link = response.headers.get("link")
              url = link[1:link.index(">")] if link and 'rel="next"' in link else None
          times.append(time.perf_counter() - start)
      print(sorted(times)[2], rows)
      """
    let python = Process()
    python.executableURL = URL(fileURLWithPath: binary).deletingLastPathComponent()
      .appendingPathComponent("python3")
    python.arguments = ["-c", script, try #require(source.firstPageURL).absoluteString]
    let output = Pipe()
    python.standardOutput = output
    try python.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    python.waitUntilExit()
    let fields = text.split(separator: " ")
    let pythonMedian = try #require(Double(fields.first.map(String.init) ?? ""))
    let swiftMedian = swiftSeconds.sorted()[2]
    print(
      "pages() vs urllib, _size=\(pageSize), \(rows) rows: Swift \(String(format: "%.1f", swiftMedian * 1000)) ms, "
        + "Python \(String(format: "%.1f", pythonMedian * 1000)) ms, ratio \(String(format: "%.2f", swiftMedian / pythonMedian))x"
    )
    #expect(fields.last.map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } == rows)
  }
}
