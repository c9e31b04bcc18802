import Paging
import PagingTesting
import Testing

/// Two paginators over one ``SimulatedFeedServer`` (a search screen and a feed, two tabs):
/// both number their requests from 1, and the log and the scripted faults keep them apart.
@MainActor
@Suite struct SharedServerTests {
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
}
