import DemoSupport
import Testing

@Suite("paging-demo's entry point")
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

  @Test("no arguments: the dataset and its first page, exit status 0")
  func defaultRun() async {
    let result = await run()
    #expect(result.status == 0)
    #expect(result.errors == "")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(
      lines.first
        == "10017 CPython release notes, 2015-02-08 to 2023-02-07, newest first, 20 per page."
        + " First page:")
    #expect(lines.count == 25)  // heading, blank, header, rule, 20 rows, final empty string
    #expect(lines[4].hasPrefix(" 1  2023-02-07  3.11.2   gh-92173   Fix the defs"))
  }
}
