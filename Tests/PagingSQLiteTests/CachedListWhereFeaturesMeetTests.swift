import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// A row with a text id, for a list name reused for another row type.
private struct TextRow: Identifiable, Sendable, Hashable, Codable {
  let id: String
  var title = ""
}

/// The offline list where features meet: edits during a refresh, queries, two lists in a file,
/// the cap, and files edited by hand. The live list, the cache and a relaunch show the same
/// rows (R23, R24, R28), and no number traps (R26).
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct CachedListWhereFeaturesMeetTests {
  static var configuration: PagingConfiguration<Int> { CachedPageSourceTests.configuration }

  /// R23: an insert put after a row that is then removed, both during a refresh, goes against
  /// the row before the removed one. The live list, the cache and the relaunch agree.
  @Test func insertAfterARowRemovedDuringARefreshThenRelaunch() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await CachedEditTests.session(folder, network)
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 1)
    try source.edit(.insert(Row(id: 1000, title: "x"), at: .after(10)), in: feed)
    try source.edit(.remove(10), in: feed)
    network.complete(refresh, items: rows(0..<20), next: "b")
    await refreshing.value
    let shown = feed.items.map(\.id)
    #expect(shown == Array(0..<10) + [1000] + Array(11..<20))
    let cached = try source.cachedItems().map(\.id)
    let relaunched = try CachedEditTests.relaunched(folder).map(\.id)
    #expect(cached == shown)
    #expect(relaunched == shown)
  }

  /// R23: a row moved before a row that is then removed, both during a refresh.
  @Test func moveBeforeARowRemovedDuringARefreshThenRelaunch() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await CachedEditTests.session(folder, network)
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 1)
    try source.edit(.move(15, to: .before(3)), in: feed)
    try source.edit(.remove(3), in: feed)
    network.complete(refresh, items: rows(0..<20), next: "b")
    await refreshing.value
    let shown = feed.items.map(\.id)
    #expect(shown == [0, 1, 2, 15] + Array(4..<15) + Array(16..<20))
    let cached = try source.cachedItems().map(\.id)
    let relaunched = try CachedEditTests.relaunched(folder).map(\.id)
    #expect(cached == shown)
    #expect(relaunched == shown)
  }

  /// R23: an insert at the start made during a refresh whose server list drops the first rows.
  @Test func insertBeforeARowTheRefreshDropsThenRelaunch() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await CachedEditTests.session(folder, network)
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 1)
    try source.edit(.insert(Row(id: 1000, title: "x"), at: .before(5)), in: feed)
    // The server no longer has rows 0..<8.
    network.complete(refresh, items: rows(8..<28), next: "b")
    await refreshing.value
    let shown = feed.items.map(\.id)
    let cached = try source.cachedItems().map(\.id)
    let relaunched = try CachedEditTests.relaunched(folder).map(\.id)
    #expect(cached == shown)
    #expect(relaunched == shown)
  }

  /// R23 through an append after a relaunch: an edit made before relaunch on page 0, then a
  /// page appended; the relaunched list equals the live one.
  @Test func editsThenAppendThenRelaunch() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await CachedEditTests.session(folder, network)
    feed.loadNextPage()
    let append = await network.request(at: 1)
    try source.edit(.move(19, to: .start), in: feed)
    try source.edit(.insert(Row(id: 1000, title: "x"), at: .end), in: feed)
    network.complete(append, items: rows(20..<40), next: "c")
    await feed.waitUntilIdle()
    let shown = feed.items.map(\.id)
    let cached = try source.cachedItems().map(\.id)
    let relaunched = try CachedEditTests.relaunched(folder).map(\.id)
    #expect(cached == shown)
    #expect(relaunched == shown)
  }

  /// No setting traps (R26): a busy timeout of `Int64.max` seconds, or far below zero.
  @Test func aHugeBusyTimeoutDoesNotTrap() async {
    await #expect(processExitsWith: .success) {
      let folder = try! TemporaryFolder()
      _ = try? PagingDatabase(
        path: folder.file(), options: .init(busyTimeout: .seconds(Int64.max)))
    }
  }

  @Test func aHugeNegativeBusyTimeoutDoesNotTrap() async {
    await #expect(processExitsWith: .success) {
      let folder = try! TemporaryFolder()
      _ = try? PagingDatabase(
        path: folder.file(), options: .init(busyTimeout: .seconds(Int64.min / 2)))
    }
  }

  /// Two lists in one file: a refresh of one must not touch the other's rows or anchor.
  @Test func twoListsInOneFileStaySeparateThroughRefreshAndRelaunch() async throws {
    let folder = try TemporaryFolder()
    let networkA = Network()
    let networkB = Network()
    let database = try PagingDatabase(path: folder.file())
    let a = try CachedPageSource(database: database, list: "a", remote: networkA)
    let b = try CachedPageSource(database: database, list: "b", remote: networkB)
    let feedA = try a.paginator(configuration: Self.configuration, pollInterval: nil)
    let feedB = try b.paginator(configuration: Self.configuration, pollInterval: nil)
    let startA = Task { await feedA.start() }
    networkA.complete(await networkA.request(at: 0), items: rows(0..<20), next: "b")
    await startA.value
    let startB = Task { await feedB.start() }
    networkB.complete(await networkB.request(at: 0), items: rows(100..<120), next: "b")
    await startB.value
    try b.edit(.remove(105), in: feedB)
    let refreshing = Task { await feedA.refresh() }
    networkA.complete(await networkA.request(at: 1), items: rows(50..<70), next: "b")
    await refreshing.value
    await feedB.waitUntilIdle()
    #expect(feedB.items.map(\.id) == Array(100..<105) + Array(106..<120))
    #expect(try b.cachedItems().map(\.id) == Array(100..<105) + Array(106..<120))
    #expect(try a.cachedItems().map(\.id) == Array(50..<70))
    #expect(networkB.requests.count == 1)
  }

  /// Database errors quote no row, id or list name (fault class 29).
  @Test func aCorruptFileErrorQuotesNothingPlanted() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("sk_live_SECRET.sqlite")
    try Data("sk_live_SECRET not a database at all, padding padding padding padding".utf8)
      .write(to: URL(fileURLWithPath: path))
    do {
      _ = try PagingDatabase(path: path)
      Issue.record("opened a file that is not a database")
    } catch {
      let text = [error.description, error.localizedDescription, error.errorDescription ?? ""]
        .joined(separator: " | ")
      #expect(!text.contains("sk_live_SECRET"), "\(text)")
      #expect(!text.contains("\n"))
    }
  }

  /// An undecodable row (another type under the same list name) is a typed error; the list
  /// keeps what it shows.
  @Test func aListNameReusedForAnotherTypeGivesATypedError() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    _ = try await CachedEditTests.session(folder, network)
    typealias TextNetwork = ScriptedPageSource<TextRow, String>
    let other = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: TextNetwork(),
      initialize: .skipInitialRefresh)
    do {
      let feed = try other.paginator(configuration: Self.configuration, pollInterval: nil)
      // Int ids decode as TextRow? They must not; if they did, the ids are "0".."19".
      Issue.record("opened another type's list: \(feed.items.count) rows")
    } catch {
      #expect(error == .undecodable)
    }
  }

  /// R28, R24: a cached list searched for "B" and relaunched: the restored list has the query
  /// its rows belong to, and its refresh carries it.
  @Test func aRelaunchedSearchKeepsItsQuery() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (_, feed) = try await CachedEditTests.session(folder, network)
    let searching = Task { await feed.setQuery("B") }
    let search = await network.request(at: 1)
    #expect(search.query as? String == "B")
    network.complete(search, items: rows(500..<520), next: "b")
    await searching.value
    #expect(feed.items.map(\.id) == Array(500..<520))
    // Relaunch; the cache is old enough that the first refresh goes to the network.
    let network2 = Network()
    let again = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network2,
      initialize: .launchInitialRefresh(ifOlderThan: .zero))
    let relaunched = try again.paginator(configuration: Self.configuration, pollInterval: nil)
    #expect(relaunched.items.map(\.id) == Array(500..<520))
    #expect(
      relaunched.query as? String == "B",
      "query after relaunch: \(String(describing: relaunched.query))")
    let start = Task { await relaunched.start() }
    let refresh = await network2.request(at: 0)
    #expect(refresh.query as? String == "B", "refresh query: \(String(describing: refresh.query))")
    network2.complete(refresh, items: rows(500..<520), next: "b")
    await start.value
  }

  /// The cache answers a list's first refresh only for the query its pages are for: a
  /// relaunched search that searches for something else asks the network (R24).
  @Test func aRelaunchedListThatSearchesForSomethingElseAsksTheNetwork() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (_, feed) = try await CachedEditTests.session(folder, network)
    let searching = Task { await feed.setQuery("B") }
    network.complete(await network.request(at: 1), items: rows(500..<520), next: "b")
    await searching.value
    let down = DownNetwork()
    let again = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: down,
      initialize: .launchInitialRefresh(ifOlderThan: .seconds(3_600)))
    let relaunched = try again.paginator(configuration: Self.configuration, pollInterval: nil)
    #expect(relaunched.query as? String == "B")
    await relaunched.setQuery("C")
    await relaunched.waitUntilIdle()
    #expect(down.requests.map { $0.query as? String } == ["C"])
    #expect(relaunched.items.isEmpty)
  }

  /// Two lists over the cached list "feed" of one file: the first started with rows 0..<20
  /// from its network (then, with `query`, searched for it and shows rows 100..<120, next
  /// cursor "a2"); the second opened on the cache without a request.
  static func twoLists(
    _ folder: TemporaryFolder, firstSearchesFor query: (any Hashable & Sendable)? = nil
  ) async throws -> (
    CachedPageSource<Network>, Paginator<Row, Int>, Network, Paginator<Row, Int>, Network
  ) {
    let database = try PagingDatabase(path: folder.file())
    let network = Network()
    let source = try CachedPageSource(database: database, list: "feed", remote: network)
    let feed = try source.paginator(configuration: Self.configuration, pollInterval: nil)
    let start = Task { await feed.start() }
    network.complete(await network.request(at: 0), items: rows(0..<20), next: "b")
    await start.value
    if let query {
      let searching = Task { await feed.setQuery(query) }
      network.complete(await network.request(at: 1), items: rows(100..<120), next: "a2")
      await searching.value
    }
    let network2 = Network()
    let source2 = try CachedPageSource(
      database: database, list: "feed", remote: network2, initialize: .skipInitialRefresh)
    let feed2 = try source2.paginator(configuration: Self.configuration, pollInterval: nil)
    await feed2.waitUntilIdle()
    return (source, feed, network, feed2, network2)
  }

  /// Two lists over one cached list: when one searches, the other, invalidated, asks the
  /// network for its own query rather than show the search's rows under none (R24).
  @Test func aListDoesNotShowAnotherListsSearch() async throws {
    let folder = try TemporaryFolder()
    let (_, feed, network, feed2, network2) = try await Self.twoLists(folder)
    let searching = Task { await feed2.setQuery("B") }
    network2.complete(await network2.request(at: 0), items: rows(500..<520), next: "b")
    await searching.value
    let refresh = await network.request(at: 1)
    #expect(refresh.query == nil)
    network.complete(refresh, items: rows(0..<20), next: "b")
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<20))
    #expect(feed.query == nil)
  }

  /// A query that is not `Codable` cannot be kept: the relaunched list does not show rows it
  /// cannot name the query of, and starts without them (R28), where it showed them under no
  /// query.
  @Test func aRelaunchedSearchWhoseQueryCannotBeKeptStartsEmpty() async throws {
    struct Search: Hashable, Sendable { var text: String }
    let folder = try TemporaryFolder()
    let network = Network()
    let (_, feed) = try await CachedEditTests.session(folder, network)
    let searching = Task { await feed.setQuery(Search(text: "B")) }
    network.complete(await network.request(at: 1), items: rows(500..<520), next: "b")
    await searching.value
    #expect(feed.items.map(\.id) == Array(500..<520))
    let again = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: DownNetwork(),
      initialize: .skipInitialRefresh)
    let relaunched = try again.paginator(configuration: Self.configuration, pollInterval: nil)
    #expect(relaunched.items.isEmpty)
    #expect(relaunched.query == nil)
  }

  /// R24, R9: a query change supersedes a cached refresh in flight; the superseded answer,
  /// arriving late, does not land in the cache (the relaunch shows what the list showed).
  @Test func aSupersededQuerysLateAnswerDoesNotLandInTheCache() async throws {
    let folder = try TemporaryFolder()
    let network = Network(answersCancelledRequests: true)
    let (source, feed) = try await CachedEditTests.session(folder, network)
    let a = Task { await feed.setQuery("A") }
    let requestA = await network.request(at: 1)
    let b = Task { await feed.setQuery("B") }
    let requestB = await network.request(at: 2)
    // A's answer arrives late (its caller was cancelled), then B fails.
    network.complete(requestA, items: rows(700..<720), next: "x")
    network.fail(requestB, with: Offline(isRetryable: false))
    await a.value
    await b.value
    await feed.waitUntilIdle()
    let shown = feed.items.map(\.id)
    #expect(!shown.contains(700))
    let cached = try source.cachedItems().map(\.id)
    let relaunched = try CachedEditTests.relaunched(folder).map(\.id)
    #expect(
      !cached.contains(700), "cache holds the superseded query's rows: \(cached); shown \(shown)")
    #expect(
      !relaunched.contains(700), "relaunch shows rows never shown: \(relaunched); shown \(shown)")
  }

  /// A cache file whose numbers were edited by hand (an old or hostile file): a page at ordinal
  /// `Int.max` with a next cursor. Opening and scrolling it does not trap (R26, R28).
  @Test func aTamperedOrdinalAtIntMaxDoesNotTrap() async {
    await #expect(processExitsWith: .success) {
      await CachedListWhereFeaturesMeetTests.aTamperedOrdinalAtIntMaxDoesNotTrapBody()
    }
  }

  static func aTamperedOrdinalAtIntMaxDoesNotTrapBody() async {
    let folder = try! TemporaryFolder()
    let network = Network()
    _ = try! await CachedEditTests.session(folder, network)
    let db = try! SQLiteConnection(path: folder.file(), mode: .readWrite, busyTimeout: .seconds(1))
    try! db.execute("UPDATE paging_page SET ordinal = 9223372036854775807")
    try! db.execute("UPDATE paging_row SET ordinal = 9223372036854775807")
    let source = try! CachedPageSource(
      database: try! PagingDatabase(path: folder.file()), list: "feed", remote: DownNetwork(),
      initialize: .skipInitialRefresh)
    let feed = try? source.paginator(
      configuration: CachedListWhereFeaturesMeetTests.configuration, pollInterval: nil)
    if let feed {
      await feed.start()
      feed.loadNextPage()
      await feed.waitUntilIdle()
    }
  }

  /// A cache file whose generation counter was edited to `Int.max`: the next refresh gives a
  /// typed error or commits, and does not trap.
  @Test func aTamperedGenerationAtIntMaxDoesNotTrapOnRefresh() async {
    await #expect(processExitsWith: .success) {
      await CachedListWhereFeaturesMeetTests.aTamperedGenerationAtIntMaxDoesNotTrapOnRefreshBody()
    }
  }

  static func aTamperedGenerationAtIntMaxDoesNotTrapOnRefreshBody() async {
    let folder = try! TemporaryFolder()
    let network = Network()
    _ = try! await CachedEditTests.session(folder, network)
    let db = try! SQLiteConnection(path: folder.file(), mode: .readWrite, busyTimeout: .seconds(1))
    try! db.execute("UPDATE paging_list SET generation = 9223372036854775807")
    let network2 = Network()
    let source = try! CachedPageSource(
      database: try! PagingDatabase(path: folder.file()), list: "feed", remote: network2,
      initialize: .launchInitialRefresh(ifOlderThan: .zero))
    let feed = try! source.paginator(
      configuration: CachedListWhereFeaturesMeetTests.configuration, pollInterval: nil)
    let start = Task { await feed.start() }
    network2.complete(await network2.request(at: 0), items: rows(0..<20), next: "b")
    await start.value
  }

  /// A read-only database: an edit with a planted secret is shown, the write fails with a
  /// typed, one-line error that quotes nothing of the row.
  @Test func anEditOnAReadOnlyDatabaseIsATypedErrorQuotingNothing() async throws {
    let folder = try TemporaryFolder()
    _ = try await CachedEditTests.session(folder, Network())
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file(), options: .init(readOnly: true)),
      list: "feed", remote: DownNetwork(), initialize: .skipInitialRefresh)
    let feed = try source.paginator(configuration: Self.configuration, pollInterval: nil)
    #expect(feed.items.count == 20)
    do {
      try source.edit(.update(Row(id: 3, title: "sk_live_SECRET")), in: feed)
      Issue.record("wrote to a read-only database")
    } catch let error as PagingDatabaseError {
      let text = [error.description, error.localizedDescription, error.errorDescription ?? ""]
        .joined(separator: " | ")
      #expect(!text.contains("sk_live_SECRET"), "\(text)")
      #expect(!text.contains("\n"))
    }
    #expect(feed.items.count == 20)
  }

  /// The cap (R26) drops pages; a relaunch then opens at the saved anchor with the cached rows
  /// in server order, no id twice.
  @Test func aCappedListRelaunchesInOrderAroundItsAnchor() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    var configuration = Self.configuration
    configuration.maxSize = 40
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network)
    let feed = try source.paginator(configuration: configuration, pollInterval: nil)
    let start = Task { await feed.start() }
    network.complete(await network.request(at: 0), items: rows(0..<20), next: "p1")
    await start.value
    for page in 1..<5 {
      if page > 1 { feed.rowDisappeared(id: page * 20 - 21) }
      feed.rowAppeared(id: page * 20 - 1)
      let request = await network.request(at: page)
      network.complete(request, items: rows(page * 20..<page * 20 + 20), next: "p\(page + 1)")
      await feed.waitUntilIdle()
    }
    feed.rowDisappeared(id: 79)
    feed.rowAppeared(id: 85)
    await feed.waitUntilIdle()
    try source.saveAnchor(of: feed)
    let shown = feed.items.map(\.id)
    let again = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: DownNetwork(),
      initialize: .skipInitialRefresh)
    let relaunched = try again.paginator(configuration: configuration, pollInterval: nil)
    let ids = relaunched.items.map(\.id)
    #expect(ids == ids.sorted(), "\(ids)")
    #expect(Set(ids).count == ids.count)
    #expect(ids.contains(85), "shown \(shown), relaunched \(ids)")
    #expect(ids.count <= 40 + 20)
  }

  /// `.launchInitialRefresh` (no age) always refreshes: a cache whose last refresh the clock
  /// now puts in the future (it went back 10 s) is as old as can be, not fresh.
  @Test func aRefreshTheClockPutsInTheFutureIsNotFresh() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    clock.advance(by: -10)
    let network = DownNetwork()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network,
      initialize: .launchInitialRefresh, now: clock.function)
    let feed = try source.paginator(
      configuration: CachedPageSourceTests.configuration, pollInterval: nil)
    await feed.start()
    await feed.waitUntilIdle()
    #expect(network.requests.map(\.direction) == [.refresh])
  }

  /// R24: a query's first request is at the list's first cursor, never at the cursor a refresh
  /// around the anchor, and the page prepended to it, left at the first cached place.
  @Test func aQueryChangeStartsAtTheFirstCursorNotAStoredOne() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (_, feed) = try await CachedEditTests.session(folder, network)
    feed.loadNextPage()
    network.complete(await network.request(at: 1), items: rows(20..<40), next: "c")
    await feed.waitUntilIdle()
    feed.rowAppeared(id: 25)
    let refreshing = Task { await feed.refresh(policy: .aroundAnchor) }
    network.complete(await network.request(at: 2), items: rows(20..<40), next: "c", previous: "a")
    await refreshing.value
    feed.rowAppeared(id: 20)
    let prepend = await network.request(at: 3)
    #expect(prepend.cursor == "a")
    network.complete(prepend, items: rows(0..<20), next: "b", previous: nil)
    await feed.waitUntilIdle()

    let searching = Task { await feed.setQuery("B") }
    let search = await network.request(at: 4)
    #expect(search.query as? String == "B")
    #expect(search.cursor == nil)
    network.complete(search, items: rows(500..<520), next: "b2")
    await searching.value
    #expect(feed.items.map(\.id) == Array(500..<520))
  }

  /// Two lists over one cached list: after the other list's search replaced the cache and this
  /// list's reload failed offline, this list's next page is not the search's next page under
  /// this list's query: nothing mixes the two queries' rows in the cache (R24).
  @Test func anAppendAfterAnotherListsSearchDoesNotLoadTheSearchsNextPage() async throws {
    let folder = try TemporaryFolder()
    let (source, feed, network, feed2, network2) = try await Self.twoLists(folder)
    let searching = Task { await feed2.setQuery("B") }
    network2.complete(await network2.request(at: 0), items: rows(500..<520), next: "search-b")
    await searching.value
    // This list's reload asks the network for its own query, and fails: it keeps its rows.
    let reload = await network.request(at: 1)
    network.fail(reload, with: Offline(isRetryable: false))
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<20))

    feed.loadNextPage()
    let next = await network.request(at: 2)
    #expect(next.direction == .refresh)
    #expect(next.cursor != "search-b")
    #expect(next.query == nil)
    network.fail(next, with: Offline(isRetryable: false))
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<20))
    #expect(try source.cachedItems().map(\.id) == Array(500..<520))
    #expect(network.requests.map(\.cursor) == [nil, nil, nil])
  }

  /// R24: a list under a query that is not `Codable` (the file keeps only its type's name)
  /// appends its own next page at the cursor its refresh stored, where it took the cache for
  /// another query's and reloaded its first page at each append.
  @Test func aListUnderAQueryThatIsNotCodableAppendsItsNextPage() async throws {
    struct Search: Hashable, Sendable { var text: String }
    let folder = try TemporaryFolder()
    let network = Network()
    let (_, feed) = try await CachedEditTests.session(folder, network)
    let searching = Task { await feed.setQuery(Search(text: "x")) }
    network.complete(await network.request(at: 1), items: rows(100..<120), next: "x2")
    await searching.value
    feed.loadNextPage()
    let next = await network.request(at: 2)
    #expect(next.direction == .append)
    #expect(next.cursor == "x2")
    #expect(next.query as? Search == Search(text: "x"))
    network.complete(next, items: rows(120..<140), next: nil)
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(100..<140))
  }

  /// R24: two lists over one cached list, each under a query that is not `Codable` (the file
  /// keeps only the type's name, the same for both): after the other list's search replaced
  /// the cache and this list's reload failed offline, this list's next page is not the
  /// search's next page.
  @Test func twoListsUnderQueriesThatAreNotCodableDoNotMix() async throws {
    struct Search: Hashable, Sendable { var text: String }
    let folder = try TemporaryFolder()
    let (source, feed, network, feed2, network2) = try await Self.twoLists(
      folder, firstSearchesFor: Search(text: "A"))
    let searchB = Task { await feed2.setQuery(Search(text: "B")) }
    network2.complete(await network2.request(at: 0), items: rows(500..<520), next: "search-b")
    await searchB.value
    let reload = await network.request(at: 2)
    #expect(reload.query as? Search == Search(text: "A"))
    network.fail(reload, with: Offline(isRetryable: false))
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(100..<120))

    feed.loadNextPage()
    let next = await network.request(at: 3)
    #expect(next.direction == .refresh)
    #expect(next.cursor != "search-b")
    #expect(next.query as? Search == Search(text: "A"))
    network.fail(next, with: Offline(isRetryable: false))
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(100..<120))
    #expect(try source.cachedItems().map(\.id) == Array(500..<520))
  }

  /// R23: a second source opened on the file while a refresh runs leaves the live list's
  /// edits as they are: an edit made after the refresh began holds when it commits, in the
  /// list, in the cache and after a relaunch.
  @Test func aSourceOpenedDuringARefreshKeepsTheEditsMadeAfterItBegan() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await CachedEditTests.session(folder, network)
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 1)
    try source.edit(.update(Row(id: 4, title: "after")), in: feed)
    _ = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: DownNetwork(),
      initialize: .skipInitialRefresh)
    network.complete(refresh, items: rows(0..<20), next: "b")
    await refreshing.value
    let shown = feed.items.map { $0 }
    #expect(shown.filter { !$0.title.isEmpty } == [Row(id: 4, title: "after")])
    #expect(try source.cachedItems() == shown)
    #expect(try CachedEditTests.relaunched(folder) == shown)
  }

  /// An edit of the list "feed" that another process made in its paginator's generation
  /// `generation`: written straight to the file, as that process's source writes it; this
  /// process hears of it at its next poll (none in these tests).
  static func otherProcessEdits(
    _ folder: TemporaryFolder, _ edit: PagingEdit<Row>, inGeneration generation: Int
  ) throws {
    let cache = PageCache<Row, String>(list: "feed")
    _ = try PagingDatabase(path: folder.file()).write { try cache.write($0, edit, in: generation) }
  }

  /// R23 with two writers of one list, whose paginators count generations apart: a refresh
  /// keeps the other writer's edit made after it began, however far behind that writer's
  /// generation is.
  @Test func aRefreshKeepsAnotherWritersEditMadeAfterItBegan() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await CachedEditTests.session(folder, network)
    for index in 1...3 {
      let refreshing = Task { await feed.refresh() }
      network.complete(await network.request(at: index), items: rows(0..<20), next: "b")
      await refreshing.value
    }
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 4)
    try Self.otherProcessEdits(folder, .update(Row(id: 4, title: "theirs")), inGeneration: 1)
    network.complete(refresh, items: rows(0..<20), next: "b")
    await refreshing.value
    let expected = rows(0..<4) + [Row(id: 4, title: "theirs")] + rows(5..<20)
    #expect(try source.cachedItems() == expected)
    #expect(try CachedEditTests.relaunched(folder) == expected)
  }

  /// R23 with two writers of one list: a refresh replaces the other writer's edit made before
  /// it began with the server's row, however far ahead that writer's generation is.
  @Test func aRefreshReplacesAnotherWritersEditMadeBeforeItBegan() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await CachedEditTests.session(folder, network)
    try Self.otherProcessEdits(folder, .update(Row(id: 4, title: "theirs")), inGeneration: 99)
    let refreshing = Task { await feed.refresh() }
    network.complete(await network.request(at: 1), items: rows(0..<20), next: "b")
    await refreshing.value
    #expect(try source.cachedItems() == rows(0..<20))
    #expect(try CachedEditTests.relaunched(folder) == rows(0..<20))
  }
}
