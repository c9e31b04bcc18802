import DemoSupport
import Foundation
import Testing

import var PagingTestSupport.minuteLimit

@Suite("paging-demo's command line", .timeLimit(.minutes(minuteLimit)))
struct DemoOptionsTests {
  private func options(_ arguments: String...) throws(DemoOptionsError) -> DemoOptions? {
    guard case .run(let options) = try DemoOptions.parse(arguments) else { return nil }
    return options
  }

  @Test("no arguments: the embedded defaults")
  func defaults() throws {
    #expect(
      try options()
        == DemoOptions(
          seed: 1, pageSize: 20, latencyMilliseconds: 150, profile: .default, server: nil,
          json: false))
  }

  @Test("every option, value as the next argument")
  func everyOptionSeparateValues() throws {
    #expect(
      try options(
        "--seed", "42", "--page-size", "50", "--latency-ms", "0", "--profile", "flaky-network",
        "--json")
        == DemoOptions(
          seed: 42, pageSize: 50, latencyMilliseconds: 0, profile: .flakyNetwork, json: true))
  }

  @Test("values after '=' and the extremes of each range")
  func inlineValuesAndExtremes() throws {
    #expect(
      try options("--seed=18446744073709551615", "--page-size=1000", "--latency-ms=60000")
        == DemoOptions(seed: .max, pageSize: 1000, latencyMilliseconds: 60_000))
    #expect(try options("--page-size", "1", "--seed", "0")?.pageSize == 1)
  }

  @Test("--scenario and --svg")
  func scenarioAndPicture() throws {
    #expect(try options()?.scenario == .feed)
    #expect(try options()?.svgPath == nil)
    #expect(try options("--scenario", "chat")?.scenario == .chat)
    #expect(
      try options("--scenario=search", "--svg", "out/demo.svg", "--seed", "3")
        == DemoOptions(seed: 3, scenario: .search, svgPath: "out/demo.svg"))
    #expect(try options("--scenario", "feed", "--profile", "fling")?.profile == .fling)
  }

  /// The offline scenario is a demo of its own: however it is written, and alone.
  @Test("--scenario offline, with or without '=', and with no other option")
  func offline() throws {
    #expect(try DemoOptions.parse(["--scenario", "offline"]) == .offline)
    #expect(try DemoOptions.parse(["--scenario=offline"]) == .offline)
    for arguments in [
      ["--scenario", "offline", "--json"], ["--json", "--scenario", "offline"],
      ["--scenario=offline", "--seed", "2"],
    ] {
      #expect(throws: DemoOptionsError.self, "\(arguments)") {
        try DemoOptions.parse(arguments)
      }
    }
    #expect(throws: DemoOptionsError.self) { try DemoOptions.parse(["--svg", "-"]) }
  }

  @Test("--url with each strategy, and link by default")
  func server() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8001/notes/release_notes.json?_size=20"))
    #expect(
      try options("--url", url.absoluteString)?.server
        == DemoServer(url: url, strategy: .link))
    #expect(
      try options("--url", url.absoluteString, "--strategy", "cursor-field")?.server
        == DemoServer(url: url, strategy: .cursorField))
    #expect(
      try options("--strategy=link", "--url=\(url.absoluteString)", "--seed", "3")
        == DemoOptions(seed: 3, server: DemoServer(url: url, strategy: .link)))
  }

  @Test("--help or -h anywhere wins, even over bad arguments")
  func help() throws {
    #expect(try DemoOptions.parse(["--help"]) == .help)
    #expect(try DemoOptions.parse(["--seed", "x", "-h"]) == .help)
    #expect(try DemoOptions.parse(["bogus", "--help"]) == .help)
  }

  @Test(
    "each invalid form throws its error with a one-line message",
    arguments: [
      (["--sed", "1"], .unknownOption("--sed"), #"unknown option "--sed""#),
      (["-x"], .unknownOption("-x"), #"unknown option "-x""#),
      (["run"], .unexpectedArgument("run"), #"unexpected argument "run""#),
      (["-"], .unexpectedArgument("-"), #"unexpected argument "-""#),
      ([""], .unexpectedArgument(""), #"unexpected argument """#),
      (["--seed"], .missingValue(option: "--seed"), "--seed needs a value"),
      (["--seed", "--json"], .missingValue(option: "--seed"), "--seed needs a value"),
      (
        ["--seed", "-1"],
        .invalidValue(
          option: "--seed", value: "-1", expected: "a whole number from 0 to 18446744073709551615"),
        #"--seed: "-1" is not a whole number from 0 to 18446744073709551615"#
      ),
      (
        ["--page-size", "0"],
        .invalidValue(option: "--page-size", value: "0", expected: "a whole number from 1 to 1000"),
        #"--page-size: "0" is not a whole number from 1 to 1000"#
      ),
      (
        ["--page-size=1001"],
        .invalidValue(
          option: "--page-size", value: "1001", expected: "a whole number from 1 to 1000"),
        #"--page-size: "1001" is not a whole number from 1 to 1000"#
      ),
      (
        ["--page-size", "2.5"],
        .invalidValue(
          option: "--page-size", value: "2.5", expected: "a whole number from 1 to 1000"),
        #"--page-size: "2.5" is not a whole number from 1 to 1000"#
      ),
      (
        ["--latency-ms", "60001"],
        .invalidValue(
          option: "--latency-ms", value: "60001", expected: "a whole number from 0 to 60000"),
        #"--latency-ms: "60001" is not a whole number from 0 to 60000"#
      ),
      (
        ["--profile", "fast"],
        .invalidValue(
          option: "--profile", value: "fast",
          expected: "one of default, fling, reader, flaky-network"),
        #"--profile: "fast" is not one of default, fling, reader, flaky-network"#
      ),
      (
        ["--profile", "flinger"],
        .invalidValue(
          option: "--profile", value: "flinger",
          expected: "one of default, fling, reader, flaky-network"),
        #"--profile: "flinger" is not one of default, fling, reader, flaky-network"#
      ),
      (
        ["--url", "http://x", "--strategy", "offset"],
        .invalidValue(option: "--strategy", value: "offset", expected: "one of link, cursor-field"),
        #"--strategy: "offset" is not one of link, cursor-field"#
      ),
      (
        ["--url", "ftp://example.com/x"],
        .invalidValue(
          option: "--url", value: "ftp://example.com/x",
          expected: "an http or https URL with a host"),
        #"--url: "ftp://example.com/x" is not an http or https URL with a host"#
      ),
      (
        ["--url", "/notes.json"],
        .invalidValue(
          option: "--url", value: "/notes.json", expected: "an http or https URL with a host"),
        #"--url: "/notes.json" is not an http or https URL with a host"#
      ),
      (
        ["--seed", "1", "--seed", "2"], .repeatedOption("--seed"), "--seed is given more than once"
      ),
      (["--json", "--json"], .repeatedOption("--json"), "--json is given more than once"),
      (["--json=yes"], .unexpectedValue(option: "--json"), "--json takes no value"),
      (
        ["--strategy", "link"], .requiresOption(option: "--strategy", required: "--url"),
        "--strategy needs --url"
      ),
      (
        ["--url", "http://127.0.0.1:8001/", "--latency-ms", "10"],
        .conflictingOptions(option: "--latency-ms", other: "--url"),
        "--latency-ms cannot be used with --url"
      ),
      (
        ["--scenario", "inbox"],
        .invalidValue(
          option: "--scenario", value: "inbox", expected: "one of feed, chat, search, jump"),
        #"--scenario: "inbox" is not one of feed, chat, search, jump"#
      ),
      (
        ["--scenario", "chat", "--profile", "fling"],
        .conflictingOptions(option: "--profile", other: "--scenario chat"),
        "--profile cannot be used with --scenario chat"
      ),
      (
        ["--url", "http://127.0.0.1:8001/", "--scenario", "search"],
        .conflictingOptions(option: "--url", other: "--scenario search"),
        "--url cannot be used with --scenario search"
      ),
      (
        ["--svg="], .invalidValue(option: "--svg", value: "", expected: "a file path"),
        #"--svg: "" is not a file path"#
      ),
    ] as [([String], DemoOptionsError, String)])
  func invalid(arguments: [String], error: DemoOptionsError, message: String) {
    #expect(throws: error) { try DemoOptions.parse(arguments) }
    #expect(error.description == message)
  }

  @Test("line breaks and escape codes in a bad value stay escaped on one line")
  func controlCharactersAreEscaped() {
    let error = DemoOptionsError.invalidValue(
      option: "--seed", value: "1\n2\u{1B}[31m", expected: "a number")
    #expect(error.description == #"--seed: "1\n2\u{1B}[31m" is not a number"#)
  }

  @Test("a very long bad value is shortened to 60 characters")
  func longValuesAreShortened() {
    let error = DemoOptionsError.unexpectedArgument(String(repeating: "a", count: 200))
    #expect(error.description == "unexpected argument \"\(String(repeating: "a", count: 59))…\"")
  }

  @Test("the usage names every option and every profile")
  func usage() {
    for name in [
      "--seed", "--page-size", "--latency-ms", "--profile", "--url", "--strategy", "--json",
      "--help", "cursor-field", "--scenario", "--svg",
    ] + SessionProfile.demo.map(\.rawValue) + DemoScenario.allCases.map(\.rawValue) {
      #expect(DemoOptions.usage.contains(name), "usage lacks \(name)")
    }
  }
}
