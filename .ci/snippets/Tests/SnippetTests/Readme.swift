// swift-format-ignore-file
// The example of README's "Testing pagination", exactly as it is printed there
// (DocumentationSnippetTests checks it), run as an app's test runs it. It fails with
// `prefetch: .fixed(0)` (9.58 s of stall).

import Paging
import PagingTesting
import Testing

struct Post: Identifiable, Sendable {
  let id: Int
  let title: String

  static func samples(_ count: Int) -> [Post] {
    (1...count).map { Post(id: $0, title: "Post \($0)") }
  }
}

@MainActor
@Test func aSteadyReaderNeverWaits() async {
  let clock = TestClock()
  let server = SimulatedFeedServer(
    items: Post.samples(1_000), pageSize: 20, latency: .cellular, seed: 1, clock: clock)
  let feed = Paginator(
    source: server, configuration: PagingConfiguration(prefetch: .fixed(20)), clock: clock)
  let list = ListSimulator(feed: feed, server: server, clock: clock)

  await list.startScreenTask()  // the screen appears: `.task` runs
  await list.scroll(to: 300, duration: .seconds(45))  // about 7 rows a second

  let report = list.report()
  #expect(report.duplicateRequests == 0)
  #expect(report.stallTime == .zero)  // fails with prefetch: .fixed(0)
}
