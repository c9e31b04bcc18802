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
}
