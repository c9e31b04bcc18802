import Observation
import Paging
import PagingTestSupport
import Synchronization
import Testing

/// Each observed property of `Paginator` registers, when read, the key path its changes
/// notify, and no other: a read that registered another property's path would miss its own
/// changes (a view never redrawn) or redraw on another's. Every pair of read and change is
/// tried, for every case of `ObservedProperty`.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct ObservedPropertyTests {
  /// The reads that show `property`: ``Paginator/rows`` and ``Paginator/position(of:)`` are
  /// observed like ``Paginator/items``.
  private func reads(of property: ObservedProperty, on feed: Paginator<Row, Int>) -> [() -> Void] {
    switch property {
    case .items: [{ _ = feed.items }, { _ = feed.rows }, { _ = feed.position(of: 0) }]
    case .refreshState: [{ _ = feed.refreshState }]
    case .prependState: [{ _ = feed.prependState }]
    case .appendState: [{ _ = feed.appendState }]
    case .hasNextPage: [{ _ = feed.hasNextPage }]
    case .hasPreviousPage: [{ _ = feed.hasPreviousPage }]
    case .generation: [{ _ = feed.generation }]
    case .scrollAnchor: [{ _ = feed.scrollAnchor }]
    case .query: [{ _ = feed.query }]
    case .isShowingPreviousQuery: [{ _ = feed.isShowingPreviousQuery }]
    case .filter: [{ _ = feed.filter }]
    }
  }

  @Test func aReadIsNotifiedByItsOwnPropertysChangesAndNoOther() {
    let feed = Paginator<Row, Int> { _ in Page(items: [], nextCursor: nil) }
    var tried = 0
    for shown in ObservedProperty.allCases {
      for read in reads(of: shown, on: feed) {
        for changed in ObservedProperty.allCases {
          let notified = Mutex(false)
          withObservationTracking(read) { notified.withLock { $0 = true } }
          feed.notifyObservers([changed])
          #expect(
            notified.withLock { $0 } == (changed == shown),
            "a read of \(shown), a change of \(changed)")
          tried += 1
        }
      }
    }
    #expect(tried == (ObservedProperty.allCases.count + 2) * ObservedProperty.allCases.count)
  }
}
