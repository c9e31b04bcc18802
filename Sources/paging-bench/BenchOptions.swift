import DemoSupport
import Paging
import PagingWalk

/// The command line of `paging-bench`.
struct BenchOptions: Sendable {
  /// A smaller run (under 20 s) for CI: fewer sizes and sessions, figures not comparable.
  var quick = false
  /// Where `BENCHMARKS.md` and `benchmarks.json` go: `.build/paging-bench` for a full run,
  /// `.build/paging-bench-quick` for a quick one, `.` (over the committed report) only with
  /// `--update-report`.
  var outputDirectory: String?
  /// `--update-report`: write over the committed `BENCHMARKS.md` and `benchmarks.json`.
  var updateReport = false
  /// `--memory-probe N`: run as the memory benchmark's child and print its report.
  var memoryProbe: Int?
  /// `--memory-total T` (with `--memory-probe`): the probe's pages count the rows around them as
  /// a list of `T` rows.
  var memoryTotal: Int?
  /// Run only the capped-window and restore profiles and print their goals.
  var cappedWindow = false
  /// `--walk N`: only walk N rows of an in-memory source (``WalkBenchmark``) and print it.
  var walkRows: Int?
  /// `--walk-page-size N`: the walk's rows per page (default 1,000).
  var walkPageSize = 1_000
  /// `--walk-keeping-duplicates`: the walk with ``PageWalkOptions``'s `removesDuplicates` off.
  var walkKeepsDuplicates = false
  /// `--walk-remembered-pages N`: the walk's ``PageWalkOptions``'s `rememberedPages` (default 8;
  /// a huge N remembers every id, as walks did before their memory was bounded).
  var walkRememberedPages = PageWalkOptions().rememberedPages
  /// Run only the SQLite cache's section and print it with its goals.
  var sqlite = false
  /// `--micro`: run only the micro-benchmarks (appearance signals, commits, memory) and print
  /// them with their goals, to compare builds without the session profiles.
  var micro = false
  /// `--http-walk URL`: only walk a real server's collection from URL and print the time.
  var httpWalkURL: String?
  /// `--http-strategy NAME`: how the HTTP walk finds the next page (default `next=next`).
  var httpStrategy = "next=next"
  /// `--http-items PATH`: the HTTP walk's items' dotted path in the body (default `results`).
  var httpItemsPath = "results"
  /// `--http-authorization VALUE`: the HTTP walk's `Authorization` header (default none).
  var httpAuthorization: String?
  /// `--http-id KIND`: what the HTTP walk's row ids are: `number` (default), `text` or `name`
  /// (the item is its own id).
  var httpRowID = HTTPWalkBenchmark.RowID.number
  /// `--http-read-ahead N`: the HTTP walk's ``PageWalkOptions``'s `readAhead` (default 0).
  var httpReadAhead = 0
  /// `--http-parallel N`: the HTTP walk's ``PageWalkOptions``'s `parallelPages` (default: the
  /// walk's default, 4; 1 walks one page after another).
  var httpParallelPages = PageWalkOptions().parallelPages
  /// `--http-into-sqlite`: the HTTP walk commits each page into a SQLite checkpoint (a sync
  /// job), instead of only counting its rows.
  var httpIntoSQLite = false
  /// `--policies`: run only the policy comparison and print each policy's figures per profile
  /// with the policy goals, to compare engine builds quickly (virtual time: exact figures).
  var policies = false
  /// `--local-changes`: run only the search and filtered-feed profiles and print their goals
  /// (virtual time: exact figures).
  var localChanges = false
  /// `--scrubber`: run only the scrubber profile (a counted list dragged with the scroll bar)
  /// and the placeholders' memory, and print their goals.
  var scrubber = false

  /// The usage text.
  static let usage = """
    usage: paging-bench [--quick] [--output-dir DIR | --update-report] [--capped-window] [--sqlite] [--micro] [--policies]
                        [--local-changes] [--scrubber]
                        [--walk ROWS [--walk-page-size N] [--walk-keeping-duplicates]
                         [--walk-remembered-pages N]]
                        [--http-walk URL [--http-strategy NAME] [--http-items PATH]
                         [--http-authorization VALUE] [--http-id KIND] [--http-read-ahead N]
                         [--http-parallel N]
                         [--http-into-sqlite]]
      --quick           a smaller run for CI (figures not comparable with a full run)
      --capped-window   only the capped-window, scroll-back and restore profiles,
                        printed
      --sqlite          only the SQLite cache's section (PagingSQLite), printed
      --micro           only the micro-benchmarks (signals, commits, memory), printed
      --policies        only the policy comparison (per profile and policy), printed
      --local-changes   only the search and filtered-feed profiles, with their goals, printed
      --scrubber        only the scrubber profile (a counted list of 1,000,000 rows dragged
                        with the scroll bar) and the placeholders' memory, printed
      --walk ROWS       only walk ROWS rows of an in-memory source (pages of 1,000, or N)
                        with `source.pages()` and print the time and the peak memory,
                        against its goal (100000000 rows: at most 64 MiB)
      --http-walk URL   only walk a server's collection from URL (release build; timed
                        against Python and curl by .ci/http-bench.sh); NAME is
                        next=DOTTED.PATH (default next=next), link, jsonapi,
                        header=NAME, pages=SIZE_ITEM:SIZE:TOTAL.PAGES,
                        counted=SIZE_ITEM:SIZE:TOTAL.COUNT, xpagination=SIZE or
                        graphql=FIELD:SIZE, PATH the items' dotted path (default results; ""
                        for a bare array); VALUE the Authorization header; KIND the rows'
                        ids: number (default), text or name (a bare string); N pages loaded
                        ahead of the caller (default 0); --http-parallel N requests at once
                        where the pages count the rows after them (default 4; 1: one page
                        after another); --http-into-sqlite commits each page into a SQLite
                        checkpoint in a temporary file
      --output-dir DIR  where BENCHMARKS.md and benchmarks.json go (default:
                        .build/paging-bench, or .build/paging-bench-quick for --quick)
      --update-report   write them over the committed ones in the current directory
                        (a full run only)
      --memory-probe N  (the memory benchmark's child process) N rows in a paginator, with
                        --memory-total T the rows its pages count
    ROWS and N are whole numbers from 1 (ROWS and --memory-probe up to 1,000,000,000, a
    page up to 10,000,000 rows). A sub-option needs its option (--walk, --http-walk).
    """

  /// The most rows a walk or a memory probe takes: ten times the largest the report measures.
  static let rowLimit = 1_000_000_000
  /// The most rows a walk's page holds.
  static let pageSizeLimit = 10_000_000

  /// What to do: print the usage, or run.
  enum Command {
    /// `--help` or `-h`: print ``BenchOptions/usage`` and exit successfully.
    case help
    /// Run with these options.
    case run(BenchOptions)
  }

  /// Parses the arguments after the program name.
  /// - Returns: ``Command/help``, or the options to run.
  /// - Throws: `DemoOptionsError` (the demo's, one line that names the argument) for an
  ///   unknown option, a missing or invalid value, an option given twice, one that needs
  ///   another (`--walk-page-size` without `--walk`), or `--update-report` with `--quick` or
  ///   `--output-dir`.
  static func parse(_ arguments: [String]) throws(DemoOptionsError) -> Command {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
    var options = BenchOptions()
    var remaining = arguments[...]
    var seen = Set<String>()
    func value(of option: String) throws(DemoOptionsError) -> String {
      guard let text = remaining.popFirst(), !text.hasPrefix("--") else {
        throw .missingValue(option: option)
      }
      return text
    }
    func count(of option: String, in range: ClosedRange<Int>) throws(DemoOptionsError) -> Int {
      let text = try value(of: option)
      guard let count = Int(text), range.contains(count) else {
        throw .invalidValue(
          option: option, value: text,
          expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return count
    }
    while let argument = remaining.popFirst() {
      guard seen.insert(argument).inserted else { throw .repeatedOption(argument) }
      switch argument {
      case "--quick": options.quick = true
      case "--capped-window": options.cappedWindow = true
      case "--sqlite": options.sqlite = true
      case "--micro": options.micro = true
      case "--policies": options.policies = true
      case "--scrubber": options.scrubber = true
      case "--local-changes": options.localChanges = true
      case "--update-report": options.updateReport = true
      case "--output-dir": options.outputDirectory = try value(of: argument)
      case "--http-id":
        let text = try value(of: argument)
        guard let id = HTTPWalkBenchmark.RowID(rawValue: text) else {
          throw .invalidValue(option: argument, value: text, expected: "number, text or name")
        }
        options.httpRowID = id
      case "--http-walk": options.httpWalkURL = try value(of: argument)
      case "--http-strategy": options.httpStrategy = try value(of: argument)
      case "--http-authorization": options.httpAuthorization = try value(of: argument)
      case "--http-items": options.httpItemsPath = try value(of: argument)
      case "--http-read-ahead": options.httpReadAhead = try count(of: argument, in: 0...1_000)
      case "--http-parallel": options.httpParallelPages = try count(of: argument, in: 1...1_000)
      case "--http-into-sqlite": options.httpIntoSQLite = true
      case "--walk-keeping-duplicates": options.walkKeepsDuplicates = true
      case "--walk-remembered-pages":
        options.walkRememberedPages = try count(of: argument, in: 1...1_000_000)
      case "--walk": options.walkRows = try count(of: argument, in: 1...rowLimit)
      case "--walk-page-size": options.walkPageSize = try count(of: argument, in: 1...pageSizeLimit)
      case "--memory-probe": options.memoryProbe = try count(of: argument, in: 1...rowLimit)
      case "--memory-total": options.memoryTotal = try count(of: argument, in: 1...Int.max)
      default:
        throw argument.hasPrefix("-") ? .unknownOption(argument) : .unexpectedArgument(argument)
      }
    }
    // A sub-option alone would start the full run, which ignores it.
    let needs: [(options: [String], required: String)] = [
      (["--walk-page-size", "--walk-keeping-duplicates", "--walk-remembered-pages"], "--walk"),
      (
        [
          "--http-strategy", "--http-items", "--http-authorization", "--http-id",
          "--http-read-ahead", "--http-parallel", "--http-into-sqlite",
        ], "--http-walk"
      ),
      (["--memory-total"], "--memory-probe"),
    ]
    for (dependents, required) in needs where !seen.contains(required) {
      if let option = dependents.first(where: seen.contains) {
        throw .requiresOption(option: option, required: required)
      }
    }
    // The committed report holds a full run's figures, and one place to write to.
    for other in ["--quick", "--output-dir"] where options.updateReport && seen.contains(other) {
      throw .conflictingOptions(option: "--update-report", other: other)
    }
    return .run(options)
  }

  /// The output directory to use.
  var resolvedOutputDirectory: String {
    if updateReport { return "." }
    return outputDirectory ?? (quick ? ".build/paging-bench-quick" : ".build/paging-bench")
  }
}
