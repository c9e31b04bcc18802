import DemoSupport
import Paging
import PagingTesting

/// The path a profile's user takes when every row is already there: when the bottom of the
/// viewport first reaches each page boundary (for a chat, read upward from its newest page: when
/// the top of the viewport first reaches the top of each page), and how many pages the user
/// reaches. The
/// oracle plans from it; it is also the minimum number of requests.
struct ScrollPath: Sendable {
  /// `needTimes[i]`: when the viewport's bottom first reaches the end of page `i + 1`, that
  /// is, when page `i + 2` must be loaded for the user not to wait.
  let needTimes: [Duration]
  /// Pages with at least one row the user reaches (the end of page *k* counts as reaching page
  /// *k* + 1, as the list shows the user waiting there), at most the dataset's pages.
  let pagesReached: Int

  /// The time page `page` (from 1) is needed; page 1 is needed at once.
  func needTime(ofPage page: Int) -> Duration {
    page >= 2 && page - 2 < needTimes.count ? needTimes[page - 2] : .zero
  }

  /// Replays `profile` over a list that holds every row from the start, and records the path.
  @MainActor
  static func record(_ profile: BenchProfile, seed: UInt64, items: [ReleaseNote]) async
    -> ScrollPath
  {
    let feed = PathRecorderFeed(items: items, pageSize: profile.pageSize, upward: profile.isChat)
    let list = ListSimulator(
      feed: feed, configuration: profile.listConfiguration(seed: seed), clock: TestClock())
    feed.list = list
    await list.startScreenTask()
    await profile.script.perform(on: list)
    let pages = (items.count + profile.pageSize - 1) / profile.pageSize
    return ScrollPath(needTimes: feed.crossings, pagesReached: min(pages, feed.crossings.count + 1))
  }
}

/// A list that holds every row from the start and records when the viewport's bottom crosses
/// each page boundary (`upward`: when the viewport's top crosses each page's top, pages counted
/// from the last row).
@MainActor
final class PathRecorderFeed: ListFeed {
  typealias Item = ReleaseNote

  private let items: [ReleaseNote]
  private let pageSize: Int
  private let upward: Bool
  /// Where each page ends, in rows shown (for a feed whose filter hides some rows of each
  /// page), or `nil`: every `pageSize` rows.
  private let pageEnds: [Int]?
  /// The simulator showing this feed.
  weak var list: ListSimulator<PathRecorderFeed>?
  /// `crossings[i]`: when the bottom first reached the end of page `i + 1`.
  private(set) var crossings: [Duration] = []

  init(items: [ReleaseNote], pageSize: Int, upward: Bool = false, pageEnds: [Int]? = nil) {
    self.items = items
    self.pageSize = pageSize
    self.upward = upward
    self.pageEnds = pageEnds
  }

  var rowCount: Int { items.count }
  func rowItem(at index: Int) -> ReleaseNote { items[index] }
  var rowsVersion: Int { 1 }
  /// The end, as a paginator shows it once every page has loaded.
  var footerState: ListFooterState? { .end }
  var hasNextPage: Bool { false }
  var requestsStarted: Int { 0 }
  func rowAppeared(_ item: ReleaseNote) {}
  func rowDisappeared(_ item: ReleaseNote) {}
  func runScreenTask() async {}
  func refresh() async {}
  func retry() {}
  func waitForLoad(_ id: PageRequestID) async {}

  func didLayout() {
    guard let list else { return }
    if upward {
      let height = list.configuration.rowHeight
      while true {
        let topRow = items.count - (crossings.count + 1) * pageSize
        guard topRow > 0, list.contentOffset <= Double(topRow) * height + 1e-9 else { break }
        crossings.append(list.now)
      }
      return
    }
    let bottom = list.contentOffset + list.configuration.viewportHeight
    if let pageEnds {
      let height = list.configuration.rowHeight
      while crossings.count < pageEnds.count,
        Double(pageEnds[crossings.count]) * height <= bottom + 1e-9
      {
        crossings.append(list.now)
      }
      return
    }
    let boundary = Double(pageSize) * list.configuration.rowHeight
    while Double(crossings.count + 1) * boundary <= bottom + 1e-9 { crossings.append(list.now) }
  }
}
