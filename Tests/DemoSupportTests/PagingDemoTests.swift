import DemoSupport
import Foundation
import PagingTestSupport
import Testing

@MainActor
@Suite(
  "paging-demo's entry point",
  .enabled(
    if: !underThreadSanitizer,
    "main-actor simulation: nothing for ThreadSanitizer to find, and its minutes there queued other suites past their limits"
  ), .timeLimit(.minutes(minuteLimit)))
struct PagingDemoTests {
  private struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  private func run(_ arguments: String...) async -> Run {
    var output = ""
    var errors = ""
    let status = await PagingDemo.main(
      arguments: arguments, style: .plain, output: { output += $0 }, errorOutput: { errors += $0 })
    return Run(status: status, output: output, errors: errors)
  }

  @Test("bad arguments: one line on standard error, exit status 2")
  func badArguments() async {
    let result = await run("--page-size", "0")
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(
      result.errors
        == "paging-demo: --page-size: \"0\" is not a whole number from 1 to 1000"
        + " (see paging-demo --help)\n")
  }

  @Test("--help: the usage on standard output, exit status 0")
  func help() async {
    let result = await run("--help")
    #expect(result.status == 0)
    #expect(result.output == DemoOptions.usage + "\n")
    #expect(result.errors == "")
  }

  @Test("no arguments: the settings, the timeline and the table, exit status 0")
  func defaultRun() async {
    let result = await run()
    #expect(result.status == 0)
    #expect(result.errors == "")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines.first == "paging-demo: one user session, three ways to page the same list")
    #expect(lines.contains("Timeline (Paginator)"))
    #expect(lines.contains("Comparison (same session, same seed)"))
    for feed in ["naive onAppear  ", "guarded onAppear", "Paginator       "] {
      #expect(lines.contains { $0.hasPrefix(feed) })
    }
    #expect(lines.allSatisfy { !$0.contains("\u{1B}") })  // plain style: no escape codes
    #expect(lines.last == "")
  }

  @Test("--json: the same report as JSON, with the figures")
  func json() async throws {
    let result = await run("--json", "--seed", "3")
    #expect(result.status == 0)
    let decoded = try JSONDecoder().decode(DemoReport.self, from: Data(result.output.utf8))
    #expect(decoded == (try await DemoSession.embedded(DemoOptions(seed: 3))))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let feeds = try #require(object["feeds"] as? [[String: Any]])
    #expect(
      feeds.map { $0["feed"] as? String } == ["naive onAppear", "guarded onAppear", "Paginator"])
    for key in [
      "requestsIssued", "duplicateRequests", "duplicateRowsShown", "requestsAfterEnd",
      "stallTime", "rowsLoadedButNeverShown",
    ] {
      #expect(feeds.allSatisfy { $0[key] is NSNumber }, "\(key)")
    }
    #expect(feeds.last?["duplicateRequests"] as? Int == 0)
    #expect(feeds.last?["requestsAfterEnd"] as? Int == 0)
  }

  @Test("a server that does not answer: one line on standard error, exit status 1")
  func serverUnavailable() async {
    // Port 1 on the loopback interface: nothing listens there, the connection is refused.
    let result = await run("--url", "http://127.0.0.1:1/release_notes.json")
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.errors.hasPrefix(
        "paging-demo: cannot load the first page of http://127.0.0.1:1/release_notes.json?_size=20")
    )
    #expect(result.errors.filter { $0 == "\n" }.count == 1)
  }
}
