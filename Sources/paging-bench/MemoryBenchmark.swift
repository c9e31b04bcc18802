import Foundation
import Paging

/// Memory for *n* small items held by the engine, measured in a fresh child process so that
/// nothing else the benchmark did counts.
///
/// The child (`paging-bench --memory-probe N`) reads its memory, commits rows `0 ..< N` into a
/// state machine page by page (pages of 50, the commit path a scroll takes), reads its memory
/// again and prints both as JSON. It runs with glibc's mmap threshold fixed at 128 KiB
/// (`GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072`): every large block then comes from
/// `mmap` and goes back to the kernel when freed, so the resident memory counts what the
/// engine holds rather than what the allocator keeps for reuse. (With glibc's default, the
/// threshold rises after the first large free and freed buffers of a growing array stay in
/// the heap; the report gives that figure too.)
///
/// The items' own size is what they need in a plain array of exactly `N` slots:
/// `MemoryLayout<SmallItem>.stride × N` (SmallItem owns no heap).
enum MemoryBenchmark {
  /// The figures for one count.
  struct Result: Codable, Sendable {
    /// Items held.
    let items: Int
    /// `MemoryLayout<SmallItem>.stride × items`: the items' own size, in bytes.
    let ownBytes: Int
    /// The item chunks' capacity times the stride (the last chunk's untouched tail is not
    /// resident).
    let arrayBytes: Int
    /// The id index's size (``ItemStore/indexByteCount``).
    let indexBytes: Int
    /// Growth of anonymous resident memory from before the build to after it.
    let retainedBytes: Int
    /// Peak resident set during the build minus the resident set before it, less the growth
    /// of file-backed pages (code run for the first time): the high-water mark of what the
    /// build held at any moment.
    let peakBytes: Int
    /// `retainedBytes` with glibc's default allocator settings.
    let retainedBytesDefaultAllocator: Int

    /// Retained memory over own size.
    var retainedRatio: Double { Double(retainedBytes) / Double(ownBytes) }
    /// Peak memory over own size.
    var peakRatio: Double { Double(peakBytes) / Double(ownBytes) }
  }

  /// The child's report.
  struct Probe: Codable, Sendable {
    let items: Int
    let arrayCapacity: Int
    let indexBytes: Int
    let before: MemoryUsage
    let after: MemoryUsage
  }

  /// Runs in the child: builds the store (counted as a list of `total` rows, when given, whose
  /// rows with their placeholders are read and held) and returns a ``Probe`` as one line of
  /// JSON.
  static func probe(count: Int, total: Int? = nil) -> String {
    let before = MemoryUsage.current()
    let machine = Fill.machine(count: count, total: total)
    let rows = machine.rows
    let after = MemoryUsage.current()
    blackHole(rows)
    let probe = Probe(
      items: machine.items.count, arrayCapacity: machine.items.allocatedCapacity,
      indexBytes: machine.store.indexByteCount, before: before, after: after)
    blackHole(machine)
    let data = (try? JSONEncoder().encode(probe)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs the child for `count` items, with the fixed and the default mmap threshold.
  /// - Parameter total: The list's length, when its pages count the rows around them.
  /// - Throws: When a child cannot start or prints no valid report.
  static func run(count: Int, total: Int? = nil) throws -> Result {
    let fixed = try runChild(
      count: count, total: total, tunables: "glibc.malloc.mmap_threshold=131072")
    let standard = try runChild(count: count, total: total, tunables: nil)
    let fileGrowth = fixed.after.file - fixed.before.file
    return Result(
      items: fixed.items, ownBytes: MemoryLayout<SmallItem>.stride * fixed.items,
      arrayBytes: MemoryLayout<SmallItem>.stride * fixed.arrayCapacity,
      indexBytes: fixed.indexBytes,
      retainedBytes: fixed.after.anonymous - fixed.before.anonymous,
      peakBytes: fixed.after.peak - (fixed.before.anonymous + fixed.before.file) - fileGrowth,
      retainedBytesDefaultAllocator: standard.after.anonymous - standard.before.anonymous)
  }

  private static func runChild(count: Int, total: Int?, tunables: String?) throws -> Probe {
    let child = Process()
    child.executableURL =
      Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments =
      ["--memory-probe", String(count)] + (total.map { ["--memory-total", String($0)] } ?? [])
    var environment = ProcessInfo.processInfo.environment
    environment["GLIBC_TUNABLES"] = tunables
    child.environment = environment
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return try JSONDecoder().decode(Probe.self, from: data)
  }
}
