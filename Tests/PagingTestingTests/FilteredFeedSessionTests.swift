import Observation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// A filtered feed (muted authors) driven by the list simulator through a view model that
/// wraps a paginator (``PaginatorBackedFeed``): fault class 24 on a real fling.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct FilteredFeedSessionTests {
  struct Post: Identifiable, Sendable, Hashable {
    let id: Int
    /// Author 7 wrote the whole second page, and every post from 100 to 139.
    var author: Int { (20..<40).contains(id) || (100..<140).contains(id) ? 7 : id % 5 }
  }

  @MainActor final class MutedAuthorsFeed: PaginatorBackedFeed {
    typealias Item = Post
    let paginator: Paginator<Post, SimulatedFeedServer<Post>.Cursor>
    var muted: Set<Int> = [] {
      didSet { paginator.filter = { [muted] post in !muted.contains(post.author) } }
    }

    init(server: SimulatedFeedServer<Post>, clock: TestClock) {
      paginator = Paginator(
        source: server, configuration: PagingConfiguration(prefetch: .fixed(20)), clock: clock)
    }
  }

  func session(muting: Set<Int>) async -> (SessionReport, MutedAuthorsFeed) {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<400).map(Post.init(id:)), pageSize: 20, latency: .cellular, seed: 3,
      clock: clock)
    let feed = MutedAuthorsFeed(server: server, clock: clock)
    feed.muted = muting
    let list = ListSimulator(feed: feed, server: server, clock: clock)
    await list.startScreenTask()
    await list.scroll(to: 200, duration: .seconds(30))
    return (list.report(), feed)
  }

  @Test func pagesOfMutedPostsDoNotStallTheList() async {
    let (filtered, feed) = await session(muting: [7])
    #expect(feed.paginator.items.allSatisfy { $0.author != 7 })
    #expect(feed.paginator.appendState != .failed(.noNewItems(pages: 3)))
    #expect(filtered.duplicateRequests == 0)
    #expect(filtered.duplicateRowsShown == 0)
    let (unfiltered, _) = await session(muting: [])
    // 60 muted posts in pages 2, 6 and 7: three more requests, no stall.
    #expect(filtered.stallTime == .zero)
    #expect(unfiltered.stallTime == .zero)
    #expect(filtered.requestsIssued == 15)
    #expect(unfiltered.requestsIssued == 12)
    #expect(feed.paginator.items.count == 240)
  }
}
