import DemoSupport
import Foundation

/// Everything one run measured, as `benchmarks.json` holds it, and `BENCHMARKS.md`.
struct BenchmarkReport: Codable, Sendable {
  /// The machine.
  let machine: MachineInfo
  /// When the run started (ISO 8601, UTC).
  let date: String
  /// The command that produced the report.
  let command: String
  /// Whether this was a `--quick` run.
  let quick: Bool
  /// Wall-clock seconds the run took.
  let durationSeconds: Double
  /// The 1-minute load average when the run started and when it ended.
  let loadAverage: [Double]
  /// Appearance signals, commits and memory.
  let micro: MicroBenchmarks
  /// Every policy on every profile.
  let policies: [PolicyComparison.Result]
  /// The capped window and restore on the state machine: pages giving both
  /// cursors, and only next cursors.
  let cappedWindow: [CappedWindowProfile.Result]
  /// The reader scrolling back through dropped pages.
  let cappedScrollBack: [CappedScrollBack.Result]
  /// Search as you type and a filtered feed.
  let localChanges: LocalChangeProfiles.Results
  /// The SQLite cache: commits against Python's `sqlite3`, the first row after a relaunch,
  /// memory scrolling a large cache.
  let sqlite: SQLiteBenchmark.Result
  /// The scrubber: a counted list dragged with the scroll bar, and the placeholders' memory.
  let scrubber: ScrubberProfile.Result
  /// Every goal with its verdict.
  let goals: [Goal]

  /// The report as pretty-printed JSON with sorted keys.
  func json() throws -> String { try DemoJSON.string(self) }

  /// `BENCHMARKS.md`.
  var markdown: String {
    let met = goals.filter(\.met).count
    let goalRows = goals.map { goal in
      [goal.name, goal.target, goal.measured, goal.met ? "met" : "**not met**", goal.note]
    }
    return """
      # swift-paging benchmarks

      Written by `paging-bench`\(quick ? " (a `--quick` run: smaller sizes, figures not comparable)" : "").
      Every figure below comes from one run of one binary on one machine, measured side by
      side; `benchmarks.json` holds every figure with its sample counts and percentiles.

      - Command: `\(command)` (release build)
      - Date: \(date)
      - Machine: \(machine.processors) processors (`nproc`), \(machine.cpuModel) (`/proc/cpuinfo`), \
      \(Format.megabytes(Int(clamping: machine.memoryBytes))) of memory, \(machine.operatingSystem)
      - Compiler: \(machine.compiler)
      - Run time: \(Format.seconds(durationSeconds)); 1-minute load average \(loadAverage.map { String(format: "%.2f", $0) }.joined(separator: " at the start, ")) at the end \
      (the machine is shared: other work slows every case of a table alike, since each table's
      cases run in turns, so its ratios hold better than its absolute figures)

      ## Goals

      \(met) of \(goals.count) met.

      \(Format.table(["goal", "target", "measured", "verdict", "note"], goalRows, alignment: "lrrll"))
      \(micro.markdown)
      \(PolicyComparison.markdown(policies, quick: quick))
      \(CappedScrollBack.markdown(cappedScrollBack, quick: quick))
      \(CappedWindowProfile.markdown(cappedWindow[0], forward: cappedWindow[1]))
      \(LocalChangeProfiles.markdown(localChanges))
      \(SQLiteBenchmark.markdown(sqlite))
      \(ScrubberProfile.markdown(scrubber))
      """
  }

  /// Writes `BENCHMARKS.md` and `benchmarks.json` into `directory`, creating it if needed.
  /// - Returns: The two paths written.
  func write(to directory: String) throws -> [String] {
    let folder = URL(fileURLWithPath: directory, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let markdownURL = folder.appendingPathComponent("BENCHMARKS.md")
    let jsonURL = folder.appendingPathComponent("benchmarks.json")
    try markdown.write(to: markdownURL, atomically: true, encoding: .utf8)
    try json().write(to: jsonURL, atomically: true, encoding: .utf8)
    return [markdownURL.path, jsonURL.path]
  }
}
