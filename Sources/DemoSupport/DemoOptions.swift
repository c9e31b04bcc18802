import Foundation

/// The demo's settings, parsed from its command line by ``parse(_:)``.
///
/// ```
/// paging-demo [--scenario feed|chat|search|jump] [--seed N] [--page-size N] [--latency-ms N]
///             [--profile NAME] [--url URL [--strategy link|cursor-field]] [--svg FILE]
///             [--json] [--help]
/// ```
/// Options take their value as the next argument or after `=` (`--seed=7`).
package struct DemoOptions: Equatable, Sendable {
  /// The seed of the latency model and of any randomness in the session.
  package var seed: UInt64
  /// Rows per page, 1 to 1,000.
  package var pageSize: Int
  /// The embedded source's median latency in milliseconds, 0 to 60,000. Ignored with a
  /// ``server``, whose latency is real.
  package var latencyMilliseconds: Int
  /// The scripted session.
  package var profile: SessionProfile
  /// The real server to page, or `nil` for the embedded source on the virtual clock.
  package var server: DemoServer?
  /// Whether to print JSON instead of text.
  package var json: Bool
  /// The list: a feed (the default), a chat or a search screen.
  package var scenario: DemoScenario
  /// Where to write the picture of the session (an SVG file), or `nil` for none.
  package var svgPath: String?

  /// The default seed.
  package static let defaultSeed: UInt64 = 1
  /// The default page size, in rows.
  package static let defaultPageSize = 20
  /// The default median latency, in milliseconds (a mobile network).
  package static let defaultLatencyMilliseconds = 150
  /// The accepted median latencies, in milliseconds.
  package static let latencyRange = 0...60_000

  /// Creates options; every parameter defaults to what the demo does with no arguments.
  /// - Parameters:
  ///   - seed: The random seed.
  ///   - pageSize: Rows per page.
  ///   - latencyMilliseconds: The embedded source's median latency, in milliseconds.
  ///   - profile: The scripted session.
  ///   - server: A real server, or `nil` for the embedded source.
  ///   - json: Whether to print JSON.
  ///   - scenario: The list: a feed, a chat or a search screen.
  ///   - svgPath: Where to write the picture, or `nil`.
  package init(
    seed: UInt64 = defaultSeed, pageSize: Int = defaultPageSize,
    latencyMilliseconds: Int = defaultLatencyMilliseconds, profile: SessionProfile = .default,
    server: DemoServer? = nil, json: Bool = false, scenario: DemoScenario = .feed,
    svgPath: String? = nil
  ) {
    self.scenario = scenario
    self.svgPath = svgPath
    self.seed = seed
    self.pageSize = pageSize
    self.latencyMilliseconds = latencyMilliseconds
    self.profile = profile
    self.server = server
    self.json = json
  }

  /// What the command line asks for.
  package enum Command: Equatable, Sendable {
    /// Run the demo with these options.
    case run(DemoOptions)
    /// Print ``DemoOptions/usage`` and exit successfully.
    case help
    /// Run the offline scenario (``OfflineDemo``), which takes no other option.
    case offline
  }

  /// The offline scenario's name: a demo of its own (``Command/offline``), not a list the
  /// others page.
  static let offline = "offline"

  /// Parses the demo's arguments.
  ///
  /// `--help` (or `-h`) anywhere wins over everything else, so a user can always reach the
  /// usage. Otherwise the first problem found, from left to right, is thrown.
  /// - Parameter arguments: The arguments without the program name
  ///   (`CommandLine.arguments.dropFirst()`).
  /// - Returns: ``Command/help``, ``Command/offline``, or ``Command/run(_:)`` with the options.
  /// - Throws: ``DemoOptionsError`` for an unknown option, a positional argument, a missing or
  ///   invalid value, a repeated option, `--strategy` without `--url`, `--latency-ms` with
  ///   `--url`, `--profile` or `--url` with a scenario other than `feed`, or any other option
  ///   with `--scenario offline`.
  package static func parse(_ arguments: some Sequence<String>) throws(DemoOptionsError)
    -> Command
  {
    let arguments = Array(arguments)
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
    var options = DemoOptions()
    var seen = Set<String>()
    var url: URL?
    var strategy: DemoServer.Strategy?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-"), argument.count > 1 else {
        throw .unexpectedArgument(argument)
      }
      let (name, inline) = split(argument)
      guard let option = Option(rawValue: name) else { throw .unknownOption(name) }
      guard seen.insert(name).inserted else { throw .repeatedOption(name) }
      if option == .json {
        guard inline == nil else { throw .unexpectedValue(option: name) }
        options.json = true
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else if index < arguments.count, !arguments[index].hasPrefix("--") {
        value = arguments[index]
        index += 1
      } else {
        throw .missingValue(option: name)
      }
      switch option {
      case .seed: options.seed = try parseSeed(value)
      case .pageSize:
        options.pageSize = try parseInteger(value, option, in: ReleaseNoteSource.pageSizeRange)
      case .latency:
        options.latencyMilliseconds = try parseInteger(value, option, in: latencyRange)
      case .profile: options.profile = try parseEnum(value, option, among: SessionProfile.demo)
      case .url: url = try parseURL(value)
      case .scenario where value == Self.offline:
        // Its own demo, of the SQLite cache: no other option applies to it.
        if let other = arguments.first(where: { !$0.hasPrefix("--scenario") && $0.hasPrefix("-") })
        {
          throw .conflictingOptions(option: split(other).name, other: "--scenario offline")
        }
        return .offline
      case .scenario: options.scenario = try parseEnum(value, option)
      case .svg:
        // `-` names standard output in many tools, and a file named `-` surprises: refused.
        guard !value.isEmpty, value != "-" else {
          throw .invalidValue(option: name, value: value, expected: "a file path")
        }
        options.svgPath = value
      case .strategy: strategy = try parseEnum(value, option)
      case .json: break
      }
    }
    if options.scenario != .feed {
      for other in [Option.profile, .url] where seen.contains(other.rawValue) {
        throw .conflictingOptions(
          option: other.rawValue, other: "\(Option.scenario.rawValue) \(options.scenario.rawValue)")
      }
    }
    if let url {
      if seen.contains(Option.latency.rawValue) {
        throw .conflictingOptions(option: Option.latency.rawValue, other: Option.url.rawValue)
      }
      options.server = DemoServer(url: url, strategy: strategy ?? .link)
    } else if strategy != nil {
      throw .requiresOption(option: Option.strategy.rawValue, required: Option.url.rawValue)
    }
    return .run(options)
  }

  /// The `--help` text.
  package static var usage: String {
    let profiles = SessionProfile.demo.map {
      "    \($0.rawValue.padded(to: 15, alignment: .left))\($0.summary())"
    }
    let scenarios = DemoScenario.allCases.map {
      "    \($0.rawValue.padded(to: 15, alignment: .left))\($0.summary)"
    }
    return """
      paging-demo: plays one scripted user session in a simulated iPhone list of CPython's
      release notes (the "\(DemoSession.section)" section, newest first; as a chat, oldest first;
      a search over all of them; or all of them as a counted list), three ways: the naive
      code, the usual guarded code, and Paginator. Prints Paginator's timeline and a
      comparison table; --svg also draws the session. By default the pages come from the embedded data on a virtual clock (in well
      under a second); with --url, from a real server in real time.

      USAGE: paging-demo [options]

      OPTIONS:
        --scenario NAME      the list (default "feed"):
      \(scenarios.joined(separator: "\n"))
                             offline: the notes kept in SQLite (PagingSQLite): open online,
                             relaunch offline, scroll the cache, come back, refresh (alone)
        --seed N             seed of the latency model and the list (default \(defaultSeed))
        --page-size N        rows per page, 1 to 1000 (default \(defaultPageSize))
        --latency-ms N       median latency of the embedded source in ms, 0 to 60000
                             (default \(defaultLatencyMilliseconds))
        --profile NAME       the feed's scripted session (default "default"):
      \(profiles.joined(separator: "\n"))
        --url URL            the feed only: page a real server in real time instead, such as
                             Datasette: .../release_notes.json?section=\(DemoSession.section)&_sort_desc=released_at
                             (the demo adds _size, _shape, _nocount, _nofacet, _nosuggest
                             unless the URL sets them, and plays the session faster)
        --strategy S         with --url: "link" follows the Link rel="next" header (default),
                             "cursor-field" reads the body's "next" field
        --svg FILE           also draw the session (per feed: where the user was, what was
                             loaded, each request, the waits) as an SVG picture in FILE
        --json               print JSON instead of text
        -h, --help           print this help

      Bad arguments print one line and exit with status 2.
      """
  }

  private enum Option: String {
    case seed = "--seed"
    case pageSize = "--page-size"
    case latency = "--latency-ms"
    case profile = "--profile"
    case url = "--url"
    case strategy = "--strategy"
    case json = "--json"
    case scenario = "--scenario"
    case svg = "--svg"
  }

  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func parseSeed(_ value: String) throws(DemoOptionsError) -> UInt64 {
    guard let seed = UInt64(value) else {
      throw .invalidValue(
        option: Option.seed.rawValue, value: value,
        expected: "a whole number from 0 to \(UInt64.max)")
    }
    return seed
  }

  private static func parseInteger(_ value: String, _ option: Option, in range: ClosedRange<Int>)
    throws(DemoOptionsError) -> Int
  {
    guard let number = Int(value), range.contains(number) else {
      throw .invalidValue(
        option: option.rawValue, value: value,
        expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  private static func parseEnum<Value: RawRepresentable & CaseIterable>(
    _ value: String, _ option: Option, among choices: [Value] = Array(Value.allCases)
  ) throws(DemoOptionsError) -> Value where Value.RawValue == String {
    guard let parsed = choices.first(where: { $0.rawValue == value }) else {
      let names = choices.map(\.rawValue).joined(separator: ", ")
      throw .invalidValue(option: option.rawValue, value: value, expected: "one of \(names)")
    }
    return parsed
  }

  private static func parseURL(_ value: String) throws(DemoOptionsError) -> URL {
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else {
      throw .invalidValue(
        option: Option.url.rawValue, value: value, expected: "an http or https URL with a host")
    }
    return url
  }
}
