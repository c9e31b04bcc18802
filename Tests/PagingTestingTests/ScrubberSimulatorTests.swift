import Paging
import PagingTestSupport
import Testing

@testable import PagingTesting

/// A counted list dragged with the scroll bar (rulebook R31), in virtual time: one request per
/// drag lands the screen, no row on screen goes back to a placeholder, and a list that cannot
/// jump walks there page by page.
// Five minutes, not one: it drives a paginator on the main actor, which under
// ThreadSanitizer waits behind the demo's and the randomized suites for minutes.
@MainActor @Suite(.timeLimit(.minutes(minuteLimit))) struct ScrubberSimulatorTests {
  /// 10,000 counted rows, pages of 20, 150 ms a request: after the first page and its
  /// prefetch, a drag to row 6,000 costs one jump, which fills the screen from its top, then a
  /// prepend and an append of prefetch around it, started at its commit; the screen waits one
  /// round trip (and the frame that shows it).
  @Test func aDragJumpsInOneRequestAndFillsTheScreen() async {
    let (scrubber, server) = Self.scrubber(jumpThreshold: .automatic)
    await scrubber.start()
    await scrubber.drag(to: 6_000)
    await scrubber.read(for: .seconds(2), rowsPerSecond: 0)
    let report = scrubber.report()
    #expect(scrubber.feed.metrics.jumps == 1)
    #expect(
      server.log.map { $0.request.cursor.map(\.description) } == [
        nil, "offset(20)", "offset(6000)", "offset(5980)", "offset(6020)",
      ])
    #expect(report.stallTime == .milliseconds(160))
    #expect(report.duplicateRequests == 0)
    #expect(report.rowsBackToPlaceholders == 0)
    #expect(scrubber.feed.rows[6_011] == .item(PagingTestSupport.Row(id: 6_011)))
  }

  /// The same drag with jumps off walks page by page from the end of the loaded rows, one
  /// round trip a page: two seconds later it is 13 pages further, 290 short, and the screen has
  /// waited all along.
  @Test func withoutJumpsTheDragWaitsForEveryPageBetween() async {
    let (scrubber, _) = Self.scrubber(jumpThreshold: .never)
    await scrubber.start()
    await scrubber.drag(to: 6_000)
    await scrubber.read(for: .seconds(2), rowsPerSecond: 0)
    let report = scrubber.report()
    #expect(scrubber.feed.metrics.jumps == 0)
    #expect(report.requestsIssued == 15)
    #expect(report.stallTime == .milliseconds(2_016))
    #expect(scrubber.feed.rows[6_000].item == nil)
  }

  /// A drag, then a refresh while the user reads: the rows on screen stay rows.
  @Test func aRefreshAfterADragKeepsTheRowsOnScreen() async {
    let (scrubber, _) = Self.scrubber(jumpThreshold: .automatic)
    await scrubber.start()
    await scrubber.drag(to: 6_000)
    await scrubber.read(for: .seconds(1), rowsPerSecond: 4)
    await scrubber.refresh()
    await scrubber.read(for: .seconds(1), rowsPerSecond: 4)
    #expect(scrubber.feed.refreshState == .idle)
    #expect(scrubber.feed.generation == Generation(rawValue: 3))
    #expect(scrubber.report().rowsBackToPlaceholders == 0)
    #expect(scrubber.report().stallTime == .milliseconds(160))
    #expect(scrubber.feed.metrics.jumps == 1)
  }

  /// Under a memory cap, a drag and a long read drop the pages far above the screen: they go
  /// back to placeholders, the list keeps its length, and no row on screen is among them.
  @Test func aCappedListDropsPagesFarFromTheScreenIntoPlaceholders() async {
    // Frames of 100 ms: 100 of them read 200 rows, few enough for ThreadSanitizer's pace.
    let (scrubber, _) = Self.scrubber(
      jumpThreshold: .automatic,
      configuration: PagingConfiguration(prefetch: .fixed(10), maxSize: 100),
      frameDuration: .milliseconds(100))
    await scrubber.start()
    await scrubber.drag(to: 6_000)
    await scrubber.read(for: .seconds(10), rowsPerSecond: 20)
    let report = scrubber.report()
    #expect(scrubber.feed.metrics.pagesDropped > 0)
    #expect(scrubber.feed.rows.count == 10_000)
    #expect(scrubber.feed.items.count <= 120)
    #expect(report.rowsBackToPlaceholders == 0)
    #expect(report.duplicateRequests == 0)
    // One round trip for the jump, counted in whole frames of 100 ms.
    #expect(report.stallTime == .milliseconds(200))
  }

  static func scrubber(
    jumpThreshold: JumpThreshold,
    configuration: PagingConfiguration<SimulatedFeedServer<PagingTestSupport.Row>.Cursor>? = nil,
    frameDuration: Duration = .milliseconds(16)
  ) -> (
    ScrubberSimulator<PagingTestSupport.Row>, SimulatedFeedServer<PagingTestSupport.Row>
  ) {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: PagingTestSupport.rows(0..<10_000), pageSize: 20, pagination: .countedOffset,
      latency: .fixed(.milliseconds(150)), clock: clock)
    let feed = Paginator(
      source: server,
      configuration: configuration ?? PagingConfiguration(jumpThreshold: jumpThreshold),
      clock: clock)
    return (
      ScrubberSimulator(feed: feed, server: server, frameDuration: frameDuration, clock: clock),
      server
    )
  }
}
