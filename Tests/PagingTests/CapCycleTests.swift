import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Rulebook R11 with R26: the memory cap forgets a dropped page's cursor so that the page can
/// load again from its own side, and a source whose cursors cycle through dropped pages still
/// ends with a repeated cursor; a page that comes back from its own side under another cursor
/// is no cycle.
@Suite(.timeLimit(.minutes(minuteLimit))) @MainActor struct CapCycleTests {
  /// Pages of 5 rows at cursors 1, 2, ... `last`, then 1 again: next cursors, or previous
  /// ones (`upward`) for a list read from its newest page.
  private static func cycle(to last: Int, upward: Bool = false) -> ReplySource {
    ReplySource { cursor, _ in
      let number = cursor ?? 0
      let following = number == last ? 1 : number + 1
      return Page(
        items: rows((number * 5)..<((number + 1) * 5)), nextCursor: upward ? nil : following,
        previousCursor: upward ? following : nil)
    }
  }

  /// A paginator over `source` under a cap of 10 rows (two pages), its first page loaded.
  private static func capped(_ source: ReplySource) async -> Paginator<Row, Int> {
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(
        prefetch: .fixed(2), retryPolicy: .manual, maxSize: 10, hedging: .off))
    await feed.start()
    return feed
  }

  /// Makes the `call`-th call (from 1) while `more()` holds, at most `limit` calls, until one
  /// throws: the calls made and the error.
  private static func pull(
    limit: Int, while more: () -> Bool = { true }, each call: (Int) async throws -> Void
  ) async -> (calls: Int, error: PagingError?) {
    var calls = 0
    do {
      while more(), calls < limit {
        calls += 1
        try await call(calls)
      }
    } catch {
      return (calls, error as? PagingError)
    }
    return (calls, nil)
  }

  /// Pages of 5 rows whose next cursor after page `last` is 1 again, read by the pull loop of
  /// `fetchNextPage()` under a cap of 10 rows: the cycle runs through pages the cap dropped.
  @Test(arguments: [5, 8]) func aCycleThroughDroppedPagesEndsWithARepeatedCursor(last: Int)
    async
  {
    let source = Self.cycle(to: last)
    let feed = await Self.capped(source)
    let thrown = await Self.pull(
      limit: 60, while: { feed.hasNextPage }, each: { _ in try await feed.fetchNextPage() }
    ).error
    let cycle = (1...last).map(Optional.some)
    if last == 5 {
      // The window still holds page 1 when page 5 names it again.
      #expect(thrown == .repeatedCursor(1))
      #expect(source.cursors == [nil] + cycle)
    } else {
      // The cycle closes on the checkpoint among the pages the cap dropped: page 7.
      #expect(thrown == .repeatedCursor(7))
      #expect(source.cursors == [nil] + cycle + cycle.prefix(6))
    }
  }

  /// The same cycle while the app scrolls back a page every `period` calls: the page that
  /// comes back is the last one dropped (at the cursor that loaded it, the source giving no
  /// previous cursor), so the checkpoint stays until its own page does, and the cycle still
  /// ends with a repeated cursor.
  @Test(arguments: [(3, 35, 7), (4, 18, 7), (6, 11, 3), (10, 15, 7)])
  func aCycleEndsThoughTheUserScrollsBackNowAndThen(
    every period: Int, calls ending: Int, at cursor: Int
  )
    async
  {
    let feed = await Self.capped(Self.cycle(to: 8))
    let (calls, thrown) = await Self.pull(limit: 300) { call in
      if call.isMultiple(of: period) {
        try await feed.fetchPreviousPage()
      } else {
        try await feed.fetchNextPage()
      }
    }
    #expect(calls == ending)
    #expect(thrown == .repeatedCursor(cursor))
  }

  /// The same cycle read upward from the newest page: the prepend edge's chain returns to a
  /// page the cap dropped after the last one.
  @Test func aCycleThroughPagesDroppedAtTheEndEndsWithARepeatedCursor() async {
    let source = Self.cycle(to: 8, upward: true)
    let feed = await Self.capped(source)
    let thrown = await Self.pull(
      limit: 60, while: { feed.hasPreviousPage }, each: { _ in try await feed.fetchPreviousPage() }
    ).error
    let cycle = (1...8).map(Optional.some)
    #expect(thrown == .repeatedCursor(7))
    #expect(source.cursors == [nil] + cycle + cycle.prefix(6))
  }

  /// A keyset source: page *p* loads at cursor *p* going down and at -*p* - 1 going up, so a
  /// page the cap dropped comes back under another cursor than the one that first loaded it.
  /// Down to the end, up to the top and down again, under a cap of 10 rows: every page loads,
  /// and no cursor reads as a cycle.
  @Test func pagesReloadedUnderOtherCursorsAreNoCycle() async throws {
    let source = ReplySource { cursor, _ in
      let number = cursor.map { $0 < 0 ? -$0 - 1 : $0 } ?? 0
      return Page(
        items: rows((number * 5)..<((number + 1) * 5)), nextCursor: number < 19 ? number + 1 : nil,
        previousCursor: number > 0 ? -number : nil)
    }
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(
        prefetch: .fixed(2), retryPolicy: .manual, maxSize: 10, hedging: .off))
    await feed.start()
    for _ in 0..<2 {
      while feed.hasNextPage { try await feed.fetchNextPage() }
      #expect(feed.items.last?.id == 99)
      while feed.hasPreviousPage { try await feed.fetchPreviousPage() }
      #expect(feed.items.first?.id == 0)
    }
    #expect(feed.appendState == .idle)
    #expect(feed.prependState == .complete)
    #expect(source.cursors.count == 74)
  }

  /// R26 with a pull loop: the app asks for pages while the top rows show, so the cap drops
  /// each page at the end as it arrives (the edge farther from the screen) and the next call
  /// would ask for it again. The call counts what its edge kept, so a loop that reads while
  /// the count is above 0 ends there.
  @Test func aPullLoopWhileTheTopRowsShowEndsWhenTheCapDropsItsPage() async throws {
    let source = ReplySource(pages: 10, size: 10)
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(
        prefetch: .fixed(5), retryPolicy: .manual, maxSize: 40, hedging: .off))
    await feed.start()
    feed.visibleRowsChanged(Array(0..<10), drawnAround: 2)
    await feed.waitUntilIdle()
    var added: [Int] = []
    while added.count < 30 {
      let count = try await feed.fetchNextPage()
      added.append(count)
      if count == 0 { break }
    }
    #expect(added == [10, 10, 10, 0])
    #expect(source.cursors == [nil, 1, 2, 3, 4, 5])
    #expect(feed.items.map(\.id) == Array(0..<40))
  }
}
