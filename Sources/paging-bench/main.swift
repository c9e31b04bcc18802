// paging-bench: measures the engine against the common code, the popular helpers and the
// physical limit, and writes BENCHMARKS.md and benchmarks.json. See BENCHMARKS.md.
import DemoSupport
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let options: BenchOptions
do {
  switch try BenchOptions.parse(arguments) {
  case .help:
    print(BenchOptions.usage)
    exit(0)
  case .run(let parsed): options = parsed
  }
} catch {
  FileHandle.standardError.write(Data("paging-bench: \(error) (see paging-bench --help)\n".utf8))
  exit(2)
}
if options.cappedWindow {
  let result = CappedWindowProfile.run(rows: options.quick ? 100_000 : 1_000_000, back: 10_000)
  print(result)
  for goal in CappedWindowProfile.goals(result) {
    print("\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target))")
  }
  let forward = CappedWindowProfile.run(
    rows: result.rows, back: result.backRows, previousCursors: false)
  print("pages without previous cursors: \(forward)")
  let notes = (try? ReleaseNoteSource(notes: ReleaseNotes.bundled()).notes) ?? []
  let scrollBack = await CappedScrollBack.run(quick: options.quick, items: notes)
  print(CappedScrollBack.markdown(scrollBack, quick: options.quick))
  for goal in CappedScrollBack.goals(scrollBack, quick: options.quick) {
    print(
      "\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target)) \(goal.note)"
    )
  }
  exit(0)
}
if let text = options.httpWalkURL {
  guard let url = URL(string: text),
    let strategy = HTTPWalkBenchmark.strategy(
      named: options.httpStrategy, itemsPath: options.httpItemsPath)
  else {
    FileHandle.standardError.write(
      Data("paging-bench: --http-walk needs a URL and --http-strategy one it knows\n".utf8))
    exit(2)
  }
  do {
    print(
      try await HTTPWalkBenchmark.run(
        url: url, strategy: strategy, authorization: options.httpAuthorization,
        id: options.httpRowID, readAhead: options.httpReadAhead,
        parallelPages: options.httpParallelPages, intoSQLite: options.httpIntoSQLite))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("paging-bench: \(error)\n".utf8))
    exit(1)
  }
}
if let rows = options.walkRows {
  let walk = try await WalkBenchmark.run(
    rows: rows, pageSize: options.walkPageSize, removesDuplicates: !options.walkKeepsDuplicates,
    rememberedPages: options.walkRememberedPages)
  print(walk.line)
  let goal = walk.goal
  print("\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target))")
  exit(0)
}
if options.sqlite {
  do {
    let result = try await SQLiteBenchmark.run(quick: options.quick)
    print(SQLiteBenchmark.markdown(result))
    for goal in SQLiteBenchmark.goals(result) {
      print("\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target))")
    }
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("paging-bench: \(error)\n".utf8))
    exit(1)
  }
}
if options.policies {
  let notes = (try? ReleaseNoteSource(notes: ReleaseNotes.bundled()).notes) ?? []
  let results = await PolicyComparison.run(quick: options.quick, items: notes)
  for result in results {
    let speculative = result.sessions.map(\.speculativeRequests).reduce(0, +)
    print(
      "\(result.profile) | \(result.policy.label) | stall \(Format.seconds(result.stallTime))"
        + " | requests \(result.requestsIssued) | hedges \(result.hedgedRequests)"
        + " | speculative \(speculative) | never shown \(result.rowsLoadedButNeverShown)")
  }
  for goal in PolicyComparison.goals(results) {
    print("\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target))")
  }
  exit(0)
}
if options.scrubber {
  let scrubber = try await ScrubberProfile.run(quick: options.quick)
  print(ScrubberProfile.markdown(scrubber))
  let goals = ScrubberProfile.goals(scrubber)
  for goal in goals {
    print(
      "\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target)) \(goal.note)"
    )
  }
  exit(0)
}
if options.localChanges {
  let notes = (try? ReleaseNoteSource(notes: ReleaseNotes.bundled()).notes) ?? []
  let results = await LocalChangeProfiles.run(quick: options.quick, items: notes)
  print(LocalChangeProfiles.markdown(results))
  for goal in LocalChangeProfiles.goals(results) {
    print(
      "\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target)) \(goal.note)"
    )
  }
  exit(0)
}
if options.micro {
  do {
    let micro = try await MicroBenchmarks.run(quick: options.quick)
    print(micro.markdown)
    for goal in micro.goals {
      print("\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target))")
    }
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("paging-bench: \(error)\n".utf8))
    exit(1)
  }
}
if let count = options.memoryProbe {
  print(MemoryBenchmark.probe(count: count, total: options.memoryTotal))
  exit(0)
}

let started = Stopwatch.now()
let loadAtStart = MachineInfo.loadAverage()
let date = ISO8601DateFormatter().string(from: Date())
do {
  print("paging-bench\(options.quick ? " --quick" : ""): micro-benchmarks…")
  let micro = try await MicroBenchmarks.run(quick: options.quick)
  print("paging-bench: policies on simulated sessions…")
  let notes = try ReleaseNoteSource(notes: ReleaseNotes.bundled()).notes
  let policies = await PolicyComparison.run(quick: options.quick, items: notes)
  print("paging-bench: a capped window scrolled back…")
  let scrollBack = await CappedScrollBack.run(quick: options.quick, items: notes)
  print("paging-bench: a capped window of many rows, and restore…")
  let capped = CappedWindowProfile.run(rows: options.quick ? 100_000 : 1_000_000, back: 10_000)
  let cappedForward = CappedWindowProfile.run(
    rows: capped.rows, back: capped.backRows, previousCursors: false)
  print("paging-bench: search and filtered-feed profiles…")
  let localChanges = await LocalChangeProfiles.run(quick: options.quick, items: notes)
  print("paging-bench: the SQLite cache…")
  let sqlite = try await SQLiteBenchmark.run(quick: options.quick)
  print("paging-bench: the scrubber, and the placeholders' memory…")
  let scrubber = try await ScrubberProfile.run(quick: options.quick)
  let report = BenchmarkReport(
    machine: .current(), date: date,
    command: (["swift run -c release paging-bench"] + arguments).joined(separator: " "),
    quick: options.quick, durationSeconds: Stopwatch.elapsed(since: started) / 1e9,
    loadAverage: [loadAtStart, MachineInfo.loadAverage()].compactMap { $0 },
    micro: micro, policies: policies, cappedWindow: [capped, cappedForward],
    cappedScrollBack: scrollBack, localChanges: localChanges, sqlite: sqlite, scrubber: scrubber,
    goals: micro.goals + PolicyComparison.goals(policies)
      + CappedScrollBack.goals(scrollBack, quick: options.quick)
      + CappedWindowProfile.goals(capped) + LocalChangeProfiles.goals(localChanges)
      + SQLiteBenchmark.goals(sqlite) + ScrubberProfile.goals(scrubber))
  for goal in report.goals {
    print("\(goal.met ? "met    " : "NOT MET") \(goal.name): \(goal.measured) (\(goal.target))")
  }
  for path in try report.write(to: options.resolvedOutputDirectory) { print("wrote \(path)") }
} catch {
  FileHandle.standardError.write(Data("paging-bench: \(error)\n".utf8))
  exit(1)
}
