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
    """

  /// Parses the arguments after the program name.
  /// - Returns: The options, or `nil` for an unknown or incomplete argument.
  static func parse(_ arguments: [String]) -> BenchOptions? {
    var options = BenchOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--capped-window": options.cappedWindow = true
      case "--sqlite": options.sqlite = true
      case "--micro": options.micro = true
      case "--policies": options.policies = true
      case "--scrubber": options.scrubber = true
      case "--local-changes": options.localChanges = true
      case "--update-report": options.updateReport = true
      case "--output-dir":
        guard let directory = remaining.popFirst() else { return nil }
        options.outputDirectory = directory
      case "--http-id":
        guard let text = remaining.popFirst(), let id = HTTPWalkBenchmark.RowID(rawValue: text)
        else { return nil }
        options.httpRowID = id
      case "--http-walk", "--http-strategy", "--http-items", "--http-authorization":
        guard let text = remaining.popFirst() else { return nil }
        switch argument {
        case "--http-walk": options.httpWalkURL = text
        case "--http-strategy": options.httpStrategy = text
        case "--http-authorization": options.httpAuthorization = text
        default: options.httpItemsPath = text
        }
      case "--http-read-ahead":
        guard let text = remaining.popFirst(), let count = Int(text), count >= 0 else { return nil }
        options.httpReadAhead = count
      case "--http-parallel":
        guard let text = remaining.popFirst(), let count = Int(text), count > 0 else { return nil }
        options.httpParallelPages = count
      case "--http-into-sqlite": options.httpIntoSQLite = true
      case "--walk-keeping-duplicates": options.walkKeepsDuplicates = true
      case "--walk-remembered-pages":
        guard let text = remaining.popFirst(), let count = Int(text), count > 0 else { return nil }
        options.walkRememberedPages = count
      case "--walk", "--walk-page-size":
        guard let text = remaining.popFirst(), let count = Int(text), count > 0 else { return nil }
        if argument == "--walk" { options.walkRows = count } else { options.walkPageSize = count }
      case "--memory-probe":
        guard let text = remaining.popFirst(), let count = Int(text), count > 0 else { return nil }
        options.memoryProbe = count
      case "--memory-total":
        guard let text = remaining.popFirst(), let count = Int(text), count > 0 else { return nil }
        options.memoryTotal = count
      default: return nil
      }
    }
    // The committed report holds a full run's figures, and one place to write to.
    if options.updateReport, options.quick || options.outputDirectory != nil { return nil }
    return options
  }

  /// The output directory to use.
  var resolvedOutputDirectory: String {
    if updateReport { return "." }
    return outputDirectory ?? (quick ? ".build/paging-bench-quick" : ".build/paging-bench")
  }
}
