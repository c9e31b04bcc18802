import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// Two paginators over one ``SimulatedFeedServer`` (a search screen and a feed, two tabs):
/// both number their requests from 1, and the log and the scripted faults keep them apart.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct SharedServerTests {
  @Test func twoPaginatorsSharingOneServerKeepTheirLogEntriesAndFaultsApart() async {
    let server = SimulatedFeedServer(
      items: rows(100), pageSize: 20, latency: .fixed(.zero),
      faults: .init(failingRequests: [1]), clock: ContinuousClock())
    // Manual retries: the scripted failure stays in the log as the feed's only request.
    let feed = Paginator(source: server, configuration: PagingConfiguration(retryPolicy: .manual))
    let search = Paginator(source: server.client(1))
    await feed.start()
    await search.start()
    #expect(
      feed.refreshState == .failed(.sourceFailed(SimulatedServerError.unavailable(request: 1))))
    #expect(search.items.count == 20)
    let log = server.log
    #expect(log.map(\.client) == [0, 1])
    #expect(log.map(\.request.id.rawValue) == [1, 1])
    #expect(log.map { if case .failed = $0.outcome { true } else { false } } == [true, false])
  }

  @Test func twoPaginatorsOverTheServerItselfAreBothLogged() async {
    let server = SimulatedFeedServer(
      items: rows(100), pageSize: 20, latency: .fixed(.zero), clock: ContinuousClock())
    let first = Paginator(source: server)
    let second = Paginator(source: server)
    await first.start()
    first.loadNextPage()
    await first.waitUntilIdle()
    await second.start()
    second.loadNextPage()
    await second.waitUntilIdle()
    #expect(first.items.count == 40)
    #expect(second.items.count == 40)
    let log = server.log
    // Both number their requests 1 and 2: each request is logged, none overwrites another.
    #expect(log.map(\.client) == [0, 0, 0, 0])
    #expect(log.map(\.request.id.rawValue) == [1, 1, 2, 2])
    #expect(log.map(\.arrival) == [1, 5, 3, 7])
    #expect(log.allSatisfy { $0.outcome == .page(rows: 20, endsList: false) })
  }
}
