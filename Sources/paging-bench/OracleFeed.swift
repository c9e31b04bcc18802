import DemoSupport
import Paging
import PagingTesting

/// The oracle as a `ListFeed`: a ``Paginator`` that ignores the rows' signals and loads the
/// next page when the ``OraclePlan`` says, retrying at once after a failure.
///
/// Its plan is made from the path a user takes when nothing stalls. When the user does wait
/// (the chain of pages is slower than the scroll even when started at once), the rest of the
/// path moves later by that wait and the remaining pages start earlier than they need to:
/// the same requests, no further wait.
@MainActor
final class OracleFeed: ListFeed {
  typealias Item = ReleaseNote
  typealias Cursor = SimulatedFeedServer<ReleaseNote>.Cursor

  private let paginator: Paginator<ReleaseNote, Cursor>
  private let plan: OraclePlan
  private let clock: TestClock
  /// The simulator showing this feed.
  weak var list: ListSimulator<OracleFeed>?

  init(server: SimulatedFeedServer<ReleaseNote>, plan: OraclePlan, clock: TestClock) {
    // Rows never reach this paginator, so it loads only when told to.
    paginator = Paginator(
      source: server, configuration: PagingConfiguration(prefetch: .fixed(0)), clock: clock)
    self.plan = plan
    self.clock = clock
  }

  var rowCount: Int { paginator.rowCount }
  func rowItem(at index: Int) -> ReleaseNote { paginator.rowItem(at: index) }
  var rowsVersion: Int { paginator.rowsVersion }
  var footerState: ListFooterState? { paginator.footerState }
  var hasNextPage: Bool { paginator.hasNextPage }
  var requestsStarted: Int { paginator.requestsStarted }
  func rowAppeared(_ item: ReleaseNote) {}
  func rowDisappeared(_ item: ReleaseNote) {}
  func runScreenTask() async { await paginator.start() }
  func refresh() async { await paginator.refresh() }
  func retry() {}

  func waitForLoad(_ id: PageRequestID) async {
    await paginator.waitForLoad(id)
    if paginator.refreshState.error != nil || paginator.appendState.error != nil {
      paginator.retry()
    } else {
      startIfDue()
    }
  }

  func didLayout() { startIfDue() }

  /// Starts the next page if the plan's time for it has come (at the latest by the frame
  /// before, since the oracle acts on frames and commits).
  private func startIfDue() {
    let page = paginator.metrics.requestsCompleted + 1
    guard page >= 2, page <= plan.pages, paginator.loadsInFlight.isEmpty, paginator.hasNextPage,
      let start = plan.latestStart[page], let frame = list?.configuration.frameDuration
    else { return }
    if clock.now.offset + frame > start { paginator.loadNextPage() }
  }
}
