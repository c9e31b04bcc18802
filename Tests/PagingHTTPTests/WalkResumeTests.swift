import Foundation
import Paging
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A walk into SQLite with a checkpoint (`PagingSQLite`'s `WalkCheckpoint`), killed with
/// SIGKILL at seeded points and started again each time, against the real Datasette server:
/// every page's rows and its next cursor commit in one transaction, so the walk resumes at the
/// page after the last committed one and the table ends with every server row exactly once.
@Suite(
  "A walk killed with SIGKILL resumes from its checkpoint (Datasette)",
  .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason), .timeLimit(.minutes(3)))
struct WalkResumeTests {
  /// How a run of the child ended.
  struct Run {
    var pages = 0
    var done = false
    var killed = false
    var output = ""
  }

  /// The `paging-walk-resume` executable, built beside the test bundle.
  static func executable() throws -> URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("paging-walk-resume")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    throw DatasetteSetupError(
      description: "paging-walk-resume is not built next to \(CommandLine.arguments[0])")
  }

  /// Runs the child with `arguments`; with `killAfter`, kills it with SIGKILL as soon as it
  /// reported that many committed pages. The child goes on meanwhile, so the kill lands
  /// wherever it has got to: in the next request, its decoding or its transaction. No clock
  /// is read or waited on. On a thread of its own: the reads block.
  static func run(_ arguments: [String], killAfter: Int?) async throws -> Run {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return await withCheckedContinuation { continuation in
      Thread {
        var run = Run()
        var pending = ""
        func kill() {
          _ = Glibc.kill(process.processIdentifier, SIGKILL)
          run.killed = true
        }
        if killAfter == 0 { kill() }
        while true {
          let chunk = output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          pending += String(decoding: chunk, as: UTF8.self)
          while let newline = pending.firstIndex(of: "\n") {
            let line = String(pending[..<newline])
            pending = String(pending[pending.index(after: newline)...])
            run.output += line + "\n"
            if line.hasPrefix("page ") { run.pages += 1 }
            if line.hasPrefix("done ") { run.done = true }
            if !run.killed, let killAfter, run.pages == killAfter { kill() }
          }
        }
        process.waitUntilExit()
        run.killed = run.killed && process.terminationReason == .uncaughtSignal
        continuation.resume(returning: run)
      }.start()
    }
  }

  @Test("50 kills at seeded points, then the table equals the server's rows, each once")
  func killedFiftyTimesTheWalkEndsWithEveryRowOnce() async throws {
    let base = try Datasette.baseURL()
    let table = Datasette.tableURL(base).absoluteString
    let expected = try await Datasette.expectedIDs(base: base, order: "id")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paging-walk-resume-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("walk.sqlite").path

    var random = SeededRandom(seed: 25)
    var kills = 0
    var pagesBeforeKills = 0
    for _ in 0..<50 {
      // After 0, 1 or 2 more pages: at the start, or wherever the next page has got to.
      let killAfter = Int(random.next() % 3)
      let run = try await Self.run([database, table], killAfter: killAfter)
      #expect(!run.done, "the walk ended before the kills did: \(run.output)")
      if run.killed { kills += 1 }
      pagesBeforeKills += run.pages
    }
    let last = try await Self.run([database, table], killAfter: nil)
    #expect(last.done, "\(last.output)")
    #expect(last.output.hasSuffix("done \(expected.count)\n"))
    let stored = try await Self.run(["--ids", database], killAfter: nil)
    let ids = stored.output.split(separator: "\n").compactMap { Int($0) }

    // Each page committed once: a run goes on at the page after the last committed one. A
    // kill between a commit and its line loses only the line.
    let serverPages = (expected.count + 49) / 50
    #expect(pagesBeforeKills + last.pages <= serverPages)
    #expect(pagesBeforeKills + last.pages >= serverPages - kills)
    #expect(kills == 50)
    #expect(pagesBeforeKills > 0)
    #expect(ids.count == expected.count)
    #expect(Set(ids).count == ids.count)
    #expect(ids == expected)
  }
}
