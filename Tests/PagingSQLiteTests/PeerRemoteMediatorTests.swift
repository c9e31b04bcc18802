import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// Android Paging 3's `RemoteMediatorAccessorTest`, translated: what the initialize action
/// lets through, a failed refresh retried, a refresh that reaches the end. Where the behaviour
/// differs, the test says how and why.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct PeerRemoteMediatorTests {
  /// `requestLoadIfRefreshAllowed_noop`: with `SKIP_INITIAL_REFRESH` the initial refresh
  /// sends no network request. Here the cache answers it; a refresh the user asks for later
  /// goes to the network, as a Paging 3 refresh after the first does.
  @Test func skipInitialRefreshSendsNoRequestUntilTheUserRefreshes() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let network = DownNetwork()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network,
      initialize: .skipInitialRefresh)
    let feed = try source.paginator(configuration: CachedPageSourceTests.configuration)
    await feed.waitUntilIdle()
    #expect(network.requests.isEmpty)
    await feed.refresh()
    #expect(network.requests.map(\.direction) == [.refresh])
    #expect(feed.refreshState == .failed(.sourceFailed(Offline())))
  }

  /// `requestLoadIfRefreshAllowed_simple`: with `LAUNCH_INITIAL_REFRESH` the initial refresh
  /// sends exactly one network request.
  @Test func launchInitialRefreshSendsOneRequest() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let network = DownNetwork()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network,
      initialize: .launchInitialRefresh)
    let feed = try source.paginator(configuration: CachedPageSourceTests.configuration)
    await feed.waitUntilIdle()
    #expect(network.requests.map(\.direction) == [.refresh])
    #expect(network.requests.map(\.cursor) == ["b"])
  }

  /// `requestLoadIfRefreshAllowed_retry`: a refresh that failed is retried, at the same remote
  /// key, and its page then replaces the cache.
  @Test func aFailedRefreshIsRetriedAtTheSameRemoteKey() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let network = Network()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network,
      initialize: .launchInitialRefresh)
    let feed = try source.paginator(configuration: CachedPageSourceTests.configuration)
    network.fail(await network.request(at: 0), with: Offline())
    await feed.waitUntilIdle()
    feed.retry()
    let retry = await network.request(at: 1)
    #expect(retry.direction == .refresh)
    #expect(retry.cursor == "b")
    network.complete(retry, items: rows(20..<40), next: "c", previous: nil)
    await feed.waitUntilIdle()
    #expect(feed.refreshState == .idle)
    #expect(try source.cachedItems().map(\.id) == Array(20..<40))
  }

  /// `requestLoad_refreshEndOfPaginationReachedClearsBoundaryCalls`: a refresh whose page
  /// ends the list leaves both edges complete, and no boundary request follows.
  @Test func aRefreshThatReachesTheEndCompletesBothEdges() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network)
    let feed = try source.paginator(configuration: CachedPageSourceTests.configuration)
    let start = Task { await feed.start() }
    network.complete(await network.request(at: 0), items: rows(0..<5), next: nil)
    await start.value
    feed.loadNextPage()
    feed.loadPreviousPage()
    await feed.waitUntilIdle()
    #expect(feed.hasNextPage == false)
    #expect(feed.hasPreviousPage == false)
    #expect(network.requests.count == 1)
  }

  /// `requestLoad_queuesBoundaryAfterRefreshFails`, where we differ: Paging 3 holds boundary
  /// loads until a refresh succeeds; here the cached pages keep scrolling after a failed
  /// refresh (the list is offline-first), and only the page past them needs the network.
  @Test func aFailedRefreshDoesNotHoldTheCachedPagesBack() async throws {
    let folder = try TemporaryFolder()
    let clock = WallClock()
    try await CachedPageSourceTests.filledCache(folder, clock: clock)
    let network = DownNetwork()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "feed", remote: network,
      initialize: .launchInitialRefresh)
    var configuration = CachedPageSourceTests.configuration
    configuration.maxSize = 30
    configuration.prefetch = .fixed(2)
    let feed = try source.paginator(configuration: configuration)
    #expect(feed.items.map(\.id) == Array(20..<40))
    await feed.waitUntilIdle()
    #expect(feed.refreshState == .failed(.sourceFailed(Offline())))
    feed.loadPreviousPage()
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<40))
    #expect(network.requests.count == 1)
  }
}
