import Foundation
import Paging
import PagingWalk

/// A walk (`source.pages()`) over an in-memory source of small items: the engine's cost per
/// row without a network, for comparing versions of the walk (`paging-bench --walk N`, timed
/// from outside, e.g. by `/usr/bin/time -v` for the peak memory). Its goal: the walk's memory
/// is bounded at any length (rulebook R29), a 100M-row walk (`--walk 100000000`, several
/// minutes) peaking at 64 MiB or less.
enum WalkBenchmark {
  /// A source of `rows` items in pages of `pageSize`, the cursor being the offset.
  struct Source: PageSource {
    let rows: Int
    let pageSize: Int

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<SmallItem, Int> {
      let start = request.cursor ?? 0
      let end = min(rows, start + pageSize)
      return Page(items: SmallItem.page(start..<end), nextCursor: end < rows ? end : nil)
    }
  }

  /// Walks every row, de-duplicating or not, and describes what it took.
  /// - Parameters:
  ///   - rows: The rows of the source.
  ///   - pageSize: The rows per page.
  ///   - removesDuplicates: ``PageWalkOptions``'s `removesDuplicates`.
  ///   - rememberedPages: ``PageWalkOptions``'s `rememberedPages`.
  /// - Returns: One line: rows, pages, seconds, rows per second and the peak resident set;
  ///   and the memory goal, checked.
  static func run(
    rows: Int, pageSize: Int, removesDuplicates: Bool, rememberedPages: Int
  ) async throws -> (
    line: String, goal: Goal
  ) {
    let source = Source(rows: rows, pageSize: pageSize)
    var options = PageWalkOptions(removesDuplicates: removesDuplicates)
    options.rememberedPages = rememberedPages
    let started = Stopwatch.now()
    var walked = 0
    var checksum = 0
    var pages = 0
    for try await page in source.pages(options: options) {
      pages += 1
      walked += page.items.count
      for item in page.items { checksum &+= item.value }
    }
    let seconds = Stopwatch.elapsed(since: started) / 1e9
    blackHole(checksum)
    let peak = MemoryUsage.current().peak
    let line =
      "walk: \(walked) rows in \(pages) pages of \(pageSize)"
      + "\(removesDuplicates ? "" : " (duplicates kept)")"
      + " remembering \(rememberedPages) pages: "
      + "\(String(format: "%.3f", seconds)) s, "
      + "\(Int(Double(walked) / max(seconds, 1e-9))) rows/s, peak RSS \(peak / 1024) KiB"
    let goal = Goal(
      name: "walk's peak memory (\(walked) rows)", target: "≤ 64 MiB at any length",
      measured: "\(peak / 1_048_576) MiB", met: peak <= 64 * 1_048_576,
      note: "the ids of the last pages and a few cursors, not one id per row")
    return (line, goal)
  }
}
