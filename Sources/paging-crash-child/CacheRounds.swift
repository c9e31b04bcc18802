import Foundation
import Paging
import PagingSQLite

/// A row of the list that `refresh` keeps refreshing: its id, the round whose network fetched
/// it, and a body long enough that a page's transaction takes a while, so that kills land
/// inside transactions as well as between them.
struct RoundRow: Codable, Identifiable, Sendable {
  var id: Int
  var round: Int
  var text: String
}

/// The network behind the cached list: pages 0 to 4 of 100 rows each (ids `100 × page`
/// onwards), every row tagged with the round the parent process is in.
final class RoundNetwork: PageSource, Sendable {
  /// Rows per page.
  static let pageSize = 100
  /// Pages in one round.
  static let pages = 5
  /// The round the rows are tagged with.
  let round = Locked(0)

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<RoundRow, Int> {
    let page = request.cursor ?? 0
    let round = self.round.withLock { $0 }
    let ids = page * Self.pageSize..<(page + 1) * Self.pageSize
    return Page(
      items: ids.map { RoundRow(id: $0, round: round, text: String(repeating: "r", count: 200)) },
      nextCursor: page + 1 < Self.pages ? page + 1 : nil)
  }
}

/// Opens the list "rounds" cached in `database` (its cached rows at once, as after a relaunch)
/// and then, round after round, refreshes it from the network, which replaces the whole cache
/// with the round's first page in one transaction, and appends the round's other four pages.
/// The round after the one the cache holds comes first. Prints "refreshing R" before each
/// refresh, "refreshed R" once its page has committed and "page R N" after each append, so the
/// parent can kill the process at any step; it stops by itself only after 10,000 rounds.
@MainActor func refreshRounds(database path: String) async throws {
  let network = RoundNetwork()
  let source = try CachedPageSource(
    database: PagingDatabase(path: path), list: "rounds", remote: network)
  var round = (try source.cachedItems().first?.round ?? -1) + 1
  var configuration = PagingConfiguration<Int>(prefetch: .fixed(0), retryPolicy: .manual)
  configuration.hedging = .off
  let feed = try source.paginator(configuration: configuration)
  var started = false
  while round < 10_000 {
    network.round.withLock { $0 = round }
    say("refreshing \(round)")
    if started { await feed.refresh() } else { await feed.start() }
    started = true
    if let error = feed.refreshState.error { fail("the refresh failed: \(error)") }
    say("refreshed \(round)")
    for page in 1..<RoundNetwork.pages {
      _ = try await feed.fetchNextPage()
      say("page \(round) \(page)")
    }
    round += 1
  }
  say("done")
}
