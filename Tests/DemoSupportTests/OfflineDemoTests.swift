import DemoSupport
import Testing

import var PagingTestSupport.minuteLimit

/// `paging-demo --scenario offline` on a fresh cache: every step's figures, exactly.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct OfflineDemoTests {
  @Test func theOfflineScenarioOpensRelaunchesOfflineAndRefreshes() async throws {
    var output = ""
    let status = await PagingDemo.main(
      arguments: ["--scenario", "offline"], output: { output += $0 }, errorOutput: { _ in })
    #expect(status == PagingDemo.exitSuccess)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "open, online: 60 rows in 3 pages, 3 requests; the user stops at row 46 (note 46); "
          + "every page is in notes.sqlite",
        "relaunch, offline: 60 cached rows shown at once, at note 46, 0 requests",
        "scroll the cache: 40 rows, 0 requests",
        "past the cached rows: the footer shows an error: the page source failed: "
          + "the request failed: the device is not connected to a network (URLError -1009) "
          + "(1 request)",
        "online again, retry: 60 rows, 80 in the cache",
        "refresh: 20 rows from the first page; the cache replaced in one transaction holds 20",
      ])
  }
}
