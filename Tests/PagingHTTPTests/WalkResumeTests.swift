import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// A walk into SQLite with a checkpoint (`PagingSQLite`'s `WalkCheckpoint`), killed with
/// SIGKILL at seeded points and started again each time, against the real Datasette server:
/// every page's rows and its next cursor commit in one transaction, so the walk resumes at the
/// page after the last committed one and the table ends with every server row exactly once.
@Suite(
  "A walk killed with SIGKILL resumes from its checkpoint (Datasette)",
  .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct WalkResumeTests {
  /// Runs the walk, or the listing of its ids, and kills it with SIGKILL as soon as it has
  /// reported `killAfter` committed pages.
  static func run(_ arguments: [String], killAfter: Int?) async throws -> CrashChild.Run {
    try await CrashChild.run(arguments) { lines in
      guard let killAfter else { return false }
      return lines.count { $0.hasPrefix("page ") } == killAfter
    }
  }

  @Test("50 kills at seeded points, then the table equals the server's rows, each once")
  func killedFiftyTimesTheWalkEndsWithEveryRowOnce() async throws {
    let base = try Datasette.baseURL()
    let table = Datasette.tableURL(base).absoluteString
    let expected = try await Datasette.expectedIDs(base: base, order: "id")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paging-crash-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("walk.sqlite").path

    var random = SeededRandom(seed: 25)
    var kills = 0
    var pagesBeforeKills = 0
    for _ in 0..<50 {
      // After 0, 1 or 2 more pages: at the start, or wherever the next page has got to.
      let killAfter = Int(random.next() % 3)
      let run = try await Self.run(["walk", database, table], killAfter: killAfter)
      #expect(!run.output.contains("done "), "the walk ended before the kills did: \(run.output)")
      if run.killed { kills += 1 }
      pagesBeforeKills += run.lines.count { $0.hasPrefix("page ") }
    }
    let last = try await Self.run(["walk", database, table], killAfter: nil)
    #expect(last.output.hasSuffix("done \(expected.count)\n"))
    let stored = try await Self.run(["ids", database], killAfter: nil)
    let lastPages = last.lines.count { $0.hasPrefix("page ") }
    let ids = stored.output.split(separator: "\n").compactMap { Int($0) }

    // Each page committed once: a run goes on at the page after the last committed one. A
    // kill between a commit and its line loses only the line.
    let serverPages = (expected.count + 49) / 50
    #expect(pagesBeforeKills + lastPages <= serverPages)
    #expect(pagesBeforeKills + lastPages >= serverPages - kills)
    #expect(kills == 50)
    #expect(pagesBeforeKills > 0)
    #expect(ids.count == expected.count)
    #expect(Set(ids).count == ids.count)
    #expect(ids == expected)
  }
}
