import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// Local edits are written through to the cache and survive a relaunch; they hold for the
/// pages of their generation and give way to a refresh that began after them (rulebook R23).
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct CachedEditTests {
  /// A source over a new cache in `folder` and its paginator, with rows 0..<20 loaded.
  static func session(
    _ folder: TemporaryFolder, _ network: Network
  ) async throws -> (CachedPageSource<Network>, Paginator<Row, Int>) {
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network)
    // No poll: it runs on the wall clock, and these tests' relaunches open other connections.
    let feed = try source.paginator(
      configuration: CachedPageSourceTests.configuration, pollInterval: nil)
    let start = Task { await feed.start() }
    network.complete(await network.request(at: 0), items: rows(0..<20), next: "b")
    await start.value
    return (source, feed)
  }

  /// The rows a relaunched list shows before any request.
  static func relaunched(_ folder: TemporaryFolder) throws -> [Row] {
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: DownNetwork(),
      initialize: .skipInitialRefresh)
    return try source.paginator(
      configuration: CachedPageSourceTests.configuration, pollInterval: nil
    ).items.map { $0 }
  }

  @Test func editsAreWrittenThroughAndSurviveARelaunch() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await Self.session(folder, network)
    try source.edit(.update(Row(id: 5, title: "liked")), in: feed)
    try source.edit(.remove(7), in: feed)
    try source.edit(.insert(Row(id: 1000, title: "new"), at: .after(3)), in: feed)
    try source.edit(.insert(Row(id: 1001, title: "top"), at: .start), in: feed)
    try source.edit(.move(12, to: .before(2)), in: feed)
    let shown = feed.items.map { $0 }
    #expect(
      shown.map(\.id) == [1001, 0, 1, 12, 2, 3, 1000, 4, 5, 6, 8, 9, 10, 11] + Array(13..<20))
    #expect(shown.first { $0.id == 5 }?.title == "liked")
    #expect(try source.cachedItems() == shown)
    #expect(try Self.relaunched(folder) == shown)
  }

  /// A page of the same generation that was loading during the edits gets them again: a
  /// removed row does not come back, an updated row keeps its local version, in the list and
  /// in the cache.
  @Test func aPageInFlightGetsTheEditsOfItsGeneration() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await Self.session(folder, network)
    feed.loadNextPage()
    let append = await network.request(at: 1)
    try source.edit(.update(Row(id: 19, title: "liked")), in: feed)
    try source.edit(.remove(15), in: feed)
    // The server's next page overlaps this one (offset drift): 15 and 19 again, unedited.
    network.complete(append, items: rows(15..<16) + rows(19..<39), next: "c")
    await feed.waitUntilIdle()
    let shown = feed.items.map { $0 }
    #expect(shown.map(\.id) == Array(0..<15) + Array(16..<39))
    #expect(shown.first { $0.id == 19 }?.title == "liked")
    #expect(try source.cachedItems().filter { $0.id == 15 }.isEmpty)
    #expect(try source.cachedItems().filter { $0.id == 19 }.map(\.title) == ["liked", "liked"])
    #expect(try Self.relaunched(folder) == shown)
  }

  /// A refresh that commits replaces the edits made before it began with the server's rows,
  /// and keeps those made after it began, in the list and in the cache.
  @Test func aRefreshKeepsOnlyTheEditsMadeAfterItBegan() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await Self.session(folder, network)
    try source.edit(.update(Row(id: 3, title: "before")), in: feed)
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 1)
    try source.edit(.update(Row(id: 4, title: "after")), in: feed)
    network.complete(refresh, items: rows(0..<20), next: "b")
    await refreshing.value
    let shown = feed.items.map { $0 }
    #expect(shown.filter { !$0.title.isEmpty } == [Row(id: 4, title: "after")])
    #expect(try source.cachedItems() == shown)
    #expect(try Self.relaunched(folder) == shown)
  }

  /// An id inserted, removed and inserted again elsewhere while a refresh runs goes where the
  /// last insert put it, in the list, in the cache and after a relaunch (R23).
  @Test func aRowInsertedAgainDuringARefreshGoesWhereTheLastInsertPutIt() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await Self.session(folder, network)
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 1)
    try source.edit(.insert(Row(id: 1000, title: "x"), at: .after(2)), in: feed)
    try source.edit(.remove(1000), in: feed)
    try source.edit(.insert(Row(id: 1000, title: "x"), at: .after(12)), in: feed)
    network.complete(refresh, items: rows(0..<20), next: "b")
    await refreshing.value
    let expected = Array(0...12) + [1000] + Array(13..<20)
    #expect(feed.items.map(\.id) == expected)
    #expect(try source.cachedItems().map(\.id) == expected)
    #expect(try Self.relaunched(folder).map(\.id) == expected)
  }

  /// A refresh whose write fails part-way (a row that does not encode) rolls back whole: the
  /// old cache stays, the error is typed, and the list keeps its rows.
  @Test func aRefreshThatFailsPartWayLeavesTheOldCacheWhole() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let (source, feed) = try await Self.session(folder, network)
    let refreshing = Task { await feed.refresh() }
    let refresh = await network.request(at: 1)
    network.complete(
      refresh, items: rows(100..<110) + [Row(id: 110, title: "unencodable")], next: "x")
    await refreshing.value
    #expect(feed.refreshState == .failed(.sourceFailed(PagingDatabaseError.unencodable)))
    #expect(feed.items.map(\.id) == Array(0..<20))
    #expect(try source.cachedItems().map(\.id) == Array(0..<20))
    #expect(try Self.relaunched(folder).map(\.id) == Array(0..<20))
  }
}
