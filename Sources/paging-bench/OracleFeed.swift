import DemoSupport
import Paging
import PagingTesting

/// The oracle as a `ListFeed`: a ``Paginator`` that ignores the rows' signals and loads the
/// next page (for a chat, the older page) when the ``OraclePlan`` says, retrying at once after
/// a failure. The rows, the footer, the scroll anchor and the screen's task are the paginator's
/// (``PaginatorBackedFeed``), as a list bound to it would show them.
///
/// Its plan is made from the path a user takes when nothing stalls. When the user does wait
/// (the chain of pages is slower than the scroll even when started at once), the rest of the
/// path moves later by that wait and the remaining pages start earlier than they need to:
/// the same requests, no further wait.
@MainActor
final class OracleFeed: PaginatorBackedFeed, ListFeed {
  typealias Item = ReleaseNote
  typealias Cursor = SimulatedFeedServer<ReleaseNote>.Cursor

  let paginator: Paginator<ReleaseNote, Cursor>
  private let plan: OraclePlan
  private let chat: Bool
  private let clock: TestClock
  /// The simulator showing this feed.
  weak var list: ListSimulator<OracleFeed>?

  /// - Parameter chat: Whether it opens at the newest page and loads older pages (prepends)
  ///   instead of next ones.
  /// - Parameter filter: The display filter of the feed (``Paginator/filter``), if any.
  init(
    server: SimulatedFeedServer<ReleaseNote>, plan: OraclePlan, clock: TestClock, chat: Bool,
    filter: (@Sendable (ReleaseNote) -> Bool)? = nil
  ) {
    // Rows never reach this paginator, so it loads only when told to.
    paginator = Paginator(
      source: server,
      configuration: PagingConfiguration(
        prefetch: .fixed(0), initialCursor: chat ? .newest : nil, hedging: .off),
      clock: clock)
    paginator.filter = filter
    self.plan = plan
    self.clock = clock
    self.chat = chat
  }

  /// Ignored: the plan, not the rows, says when to load.
  func rowAppeared(_ item: ReleaseNote) {}
  /// Ignored.
  func rowDisappeared(_ item: ReleaseNote) {}
  /// Does nothing: the oracle retries a failure at once by itself.
  func retry() {}

  func waitForLoad(_ id: PageRequestID) async {
    await paginator.waitForLoad(id)
    if paginator.refreshState.error != nil || paginator.appendState.error != nil
      || paginator.prependState.error != nil
    {
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
    let hasPage = chat ? paginator.hasPreviousPage : paginator.hasNextPage
    guard page >= 2, page <= plan.pages, paginator.loadsInFlight.isEmpty, hasPage,
      let start = plan.latestStart[page], let frame = list?.configuration.frameDuration
    else { return }
    guard clock.now.offset + frame > start else { return }
    if chat { paginator.loadPreviousPage() } else { paginator.loadNextPage() }
  }
}
