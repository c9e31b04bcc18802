import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// A process that refreshes a cached list round after round (`paging-crash-child refresh`) is
/// killed with SIGKILL at seeded points, in a refresh or in an append, and started again each
/// time: a refresh replaces the whole cache in the transaction that commits its first page, so
/// after every kill the file holds the old cache whole or the new first page and what was
/// appended to it, never a mix, never nothing.
@Suite("A process killed mid-refresh leaves the cache whole", .timeLimit(.minutes(minuteLimit)))
struct RefreshCrashTests {
  /// One cached row as the child wrote it (its text is not read).
  struct StoredRow: Codable, Identifiable, Sendable, Equatable {
    var id: Int
    var round: Int
  }

  /// What the file holds for the list "rounds": its rows in list order, the ordinal and
  /// generation of each page, the list's generation, and SQLite's integrity check.
  struct Cache: Equatable {
    var rows: [StoredRow] = []
    var pages: [Int] = []
    var pageGenerations: Set<Int> = []
    var generation: Int?
    var integrity = ""

    /// The round of every row and the count of pages, when the cache has the shape one round
    /// of the child leaves: pages 0 to n − 1 of one generation, the list's, with ids
    /// 0 ..< 100 n in order, all of one round.
    var round: (round: Int, pages: Int)? {
      guard let first = rows.first, pages == Array(0..<pages.count),
        pageGenerations == Set(generation.map { [$0] } ?? []),
        rows.map(\.id) == Array(0..<(100 * pages.count)),
        rows.allSatisfy({ $0.round == first.round })
      else { return nil }
      return (first.round, pages.count)
    }
  }

  /// Reads the list's cache from the file at `path` on a connection of its own.
  static func read(_ path: String) throws -> Cache {
    try PagingDatabase(path: path).withConnection { db in
      var cache = Cache()
      cache.integrity = try db.statement("PRAGMA integrity_check").text0()
      let decoder = JSONDecoder()
      try db.statement(
        "SELECT body FROM paging_row WHERE list = 'rounds' ORDER BY ordinal, position"
      ).forEachRow { row in
        cache.rows.append(try decoder.decode(StoredRow.self, from: row.blob(0) ?? Data()))
      }
      try db.statement(
        "SELECT ordinal, generation FROM paging_page WHERE list = 'rounds' ORDER BY ordinal"
      ).forEachRow { row in
        cache.pages.append(Int(row.int64(0)))
        cache.pageGenerations.insert(Int(row.int64(1)))
      }
      cache.generation = try db.statement(
        "SELECT generation FROM paging_list WHERE list = 'rounds'"
      ).integer().map(Int.init)
      return cache
    }
  }

  /// Whether `after`, read once a run ended, is what the child's last printed step allows:
  /// that step's state, or the next step's, committed before its line could be printed.
  /// `before` is the cache the run started from.
  static func isAllowed(
    _ after: Cache, before: Cache, lines: [String]
  ) -> Bool {
    let steps = lines.map { $0.split(separator: " ").compactMap { Int($0) } }
    let state = after.round
    guard let last = lines.last, let numbers = steps.last else {
      return after == before  // killed before it printed anything
    }
    if last.hasPrefix("refreshing "), let round = numbers.first {
      // Killed in a refresh: the old cache whole (the run's first refresh) or the previous
      // round complete, or the refresh committed and its line lost.
      let isFirst = lines.count { $0.hasPrefix("refreshing ") } == 1
      let old = isFirst ? after == before : state.map { $0 == (round - 1, 5) } ?? false
      return old || state.map { $0 == (round, 1) } ?? false
    }
    if last.hasPrefix("refreshed "), let round = numbers.first {
      return state.map { $0 == (round, 1) || $0 == (round, 2) } ?? false
    }
    if last.hasPrefix("page "), numbers.count == 2 {
      let (round, page) = (numbers[0], numbers[1])
      let next = min(page + 2, 5)
      return state.map { $0 == (round, page + 1) || $0 == (round, next) } ?? false
    }
    return false
  }

  /// The network of a list opened offline.
  struct NoNetwork: PageSource {
    func loadPage(_ request: PageRequest<Int>) async throws -> Page<StoredRow, Int> {
      throw Offline()
    }
  }

  @MainActor
  @Test("50 kills in refreshes and appends: each time the old cache whole or the new one")
  func killedFiftyTimesTheCacheIsAlwaysOneRoundWhole() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    var random = SeededRandom(seed: 26)
    var before = Cache()
    var kills = 0
    var refreshKills = 0
    for run in 0..<50 {
      // At the run's first refresh, at its second (after a whole round), or after 1 to 4
      // appends: the child goes on meanwhile, so the kill lands wherever it has got to.
      let kind = Int(random.next() % 3)
      let appends = 1 + Int(random.next() % 4)
      let result = try await CrashChild.run(["refresh", path]) { lines in
        switch kind {
        case 0: lines.count { $0.hasPrefix("refreshing ") } == 1
        case 1: lines.count { $0.hasPrefix("refreshing ") } == 2
        default: lines.count { $0.hasPrefix("page ") } == appends
        }
      }
      if result.killed { kills += 1 }
      if result.lines.last?.hasPrefix("refreshing ") == true { refreshKills += 1 }
      let after = try Self.read(path)
      // Plain values, so that a failure prints the run and the shape, not every row.
      let integrity = after.integrity
      let shape = after.round.map { "round \($0.round), \($0.pages) pages" }
      let allowed = Self.isAllowed(after, before: before, lines: result.lines)
      let shown = shape ?? "pages \(after.pages) of generations \(after.pageGenerations.sorted())"
      #expect(integrity == "ok", "run \(run)")
      #expect(shape != nil || (run == 0 && after.rows.isEmpty), "run \(run): \(shown)")
      #expect(allowed, "run \(run): \(result.lines.suffix(3)) left \(shown)")
      before = after
    }
    #expect(kills == 50)
    // The list opens offline from what the last kill left, before any request.
    let source = try CachedPageSource(
      database: PagingDatabase(path: path), list: "rounds", remote: NoNetwork(),
      initialize: .skipInitialRefresh)
    let feed = try source.paginator()
    #expect(feed.items.map(\.id) == before.rows.map(\.id))
    #expect(before.round != nil)
    #expect(refreshKills > 0)
  }
}
