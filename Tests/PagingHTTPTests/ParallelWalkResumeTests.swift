import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// A walk into SQLite with a checkpoint over DRF's counted page numbers, which loads its pages
/// in parallel, killed with SIGKILL at seeded points and started again each time: the pages
/// commit in order, so the walk resumes after the last committed page, and the table ends
/// with every server row exactly once, in order.
@Suite(
  "A parallel walk killed with SIGKILL resumes from its checkpoint (DRF)",
  .enabled(if: DRF.isConfiguredOrCI, DRF.disabledReason), .timeLimit(.minutes(minuteLimit)))
struct ParallelWalkResumeTests {
  @Test("50 kills at seeded points, then the table equals the server's 2,000 rows, each once")
  func killedFiftyTimesTheParallelWalkEndsWithEveryRowOnce() async throws {
    // 2,000 rows, 10 a page: 200 pages, more than 50 kills of at most 2 pages each reach.
    let pages =
      try DRF.baseURL().appendingPathComponent("2k/pages/").absoluteString
      + "?page_size=10"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paging-crash-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("walk.sqlite").path

    var random = SeededRandom(seed: 40)
    var kills = 0
    var pagesBeforeKills = 0
    for _ in 0..<50 {
      let killAfter = Int(random.next() % 3)
      let run = try await WalkResumeTests.run(
        ["walk-counted", database, pages], killAfter: killAfter)
      #expect(!run.output.contains("done "), "the walk ended before the kills did: \(run.output)")
      if run.killed { kills += 1 }
      pagesBeforeKills += run.lines.count { $0.hasPrefix("page ") }
    }
    let last = try await WalkResumeTests.run(["walk-counted", database, pages], killAfter: nil)
    #expect(last.output.hasSuffix("done 2000\n"))
    let stored = try await WalkResumeTests.run(["ids", database], killAfter: nil)
    let lastPages = last.lines.count { $0.hasPrefix("page ") }
    let ids = stored.output.split(separator: "\n").compactMap { Int($0) }

    #expect(pagesBeforeKills + lastPages <= 200)
    #expect(pagesBeforeKills + lastPages >= 200 - kills)
    #expect(kills == 50)
    #expect(pagesBeforeKills > 0)
    #expect(ids == Array(1...2000))
  }
}
