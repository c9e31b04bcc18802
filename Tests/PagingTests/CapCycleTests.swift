import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Rulebook R11 with R26: the memory cap forgets a dropped page's cursor so that the page can
/// load again from its own side, and a source whose cursors cycle through dropped pages still
/// ends with a repeated cursor; a page that comes back from its own side under another cursor
/// is no cycle.
@Suite(.timeLimit(.minutes(minuteLimit))) @MainActor struct CapCycleTests {
  /// Pages of 5 rows whose next cursor after page `last` is 1 again, read by the pull loop of
  /// `fetchNextPage()` under a cap of 10 rows: the cycle runs through pages the cap dropped.
  @Test(arguments: [5, 8]) func aCycleThroughDroppedPagesEndsWithARepeatedCursor(last: Int)
    async
  {
    let source = ReplySource { cursor, _ in
      let number = cursor ?? 0
      return page((number * 5)..<((number + 1) * 5), next: number == last ? 1 : number + 1)
    }
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(
        prefetch: .fixed(2), retryPolicy: .manual, maxSize: 10, hedging: .off))
    await feed.start()
    var thrown: PagingError?
    var calls = 0
    do {
      while feed.hasNextPage, calls < 60 {
        calls += 1
        try await feed.fetchNextPage()
      }
    } catch {
      thrown = error
    }
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

  /// The same cycle read upward from the newest page: the prepend edge's chain returns to a
  /// page the cap dropped after the last one.
  @Test func aCycleThroughPagesDroppedAtTheEndEndsWithARepeatedCursor() async {
    let source = ReplySource { cursor, _ in
      let number = cursor ?? 0
      return Page(
        items: rows((number * 5)..<((number + 1) * 5)), nextCursor: nil,
        previousCursor: number == 8 ? 1 : number + 1)
    }
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(
        prefetch: .fixed(2), retryPolicy: .manual, maxSize: 10, hedging: .off))
    await feed.start()
    var thrown: PagingError?
    var calls = 0
    do {
      while feed.hasPreviousPage, calls < 60 {
        calls += 1
        try await feed.fetchPreviousPage()
      }
    } catch {
      thrown = error
    }
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
}
