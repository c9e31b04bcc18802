import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// A capped paginator in the list simulator (rulebook R26, R19): the pages dropped above the
/// screen on the way down, and below it on the way back up, never move the rows the user
/// reads, and every row appears in turn, none skipped.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct CappedListTests {
  /// 500 rows in pages of 20, a prefetch distance of 10 and a cap of 100, the screen open.
  func cappedSession() async -> Session<PaginatorFeed<Row, ServerCursor>> {
    var paging = PagingConfiguration<ServerCursor>(prefetch: .fixed(10))
    paging.maxSize = 100
    let session = paginatorSession(items: rows(500), paging: paging)
    await session.begin()
    return session
  }

  /// 500 rows in pages of 20, 300 ms answers, a prefetch distance of 10 and a cap of 100: the
  /// user scrolls to row 400 at 10 rows a second, then reads back up to the top as fast.
  @Test func dropsKeepTheRowsOnScreenWhereTheyAre() async {
    let session = await cappedSession()
    await session.list.scroll(to: 400, duration: .seconds(40))
    let down = session.appearedIDs
    // Every row from the top to the bottom of the screen appeared, in order: no drop made
    // the list jump over rows.
    #expect(Self.firstAppearances(down) == Array(0..<412))
    #expect(session.feed.metrics.pagesDropped == 16)
    #expect(session.feed.items.first?.id == 320)
    #expect(session.list.contentOffset == 80 * 64)

    await session.list.readUpward(rows: 400, speed: 640)  // 10 rows a second
    let up = Array(session.appearedIDs.dropFirst(down.count))
    // On the way back every row above the screen appears in turn, down to the first.
    #expect(Self.firstAppearances(up) == Array((0...398).reversed()))
    #expect(session.feed.metrics.pagesDropped == 32)
    // The cap plus a page: the hysteresis drops only past 120 rows.
    #expect(session.feed.items.map(\.id) == Array(0..<120))
    #expect(session.list.contentOffset == 0)
    let report = session.report
    #expect(report.prepends == 16)
    #expect(report.viewportJumps == 0)
    #expect(report.anchorMovement == 0)
    #expect(report.stallTime == .zero)
    #expect(report.stallTimeAtTop == .zero)
  }

  /// The same session down and back: the 16 pages the cap dropped above the screen on the way
  /// down load again as prepends on the way back, and the report counts them as reloads, not
  /// as duplicate requests.
  @Test func reloadsOfDroppedPagesAreNotDuplicates() async {
    let session = await cappedSession()
    await session.list.scroll(to: 400, duration: .seconds(40))
    await session.list.readUpward(rows: 400, speed: 640)
    let report = session.report
    #expect(report.requestsIssued == 38)
    #expect(report.reloads == 16)
    #expect(report.duplicateRequests == 0)
  }

  /// The ids in the order they first appear.
  static func firstAppearances(_ ids: some Sequence<Int>) -> [Int] {
    var seen = Set<Int>()
    return ids.filter { seen.insert($0).inserted }
  }
}

extension Session {
  /// The ids of the rows that fired `onAppear`, in order.
  var appearedIDs: [Int] {
    list.events.compactMap {
      if case .rowAppeared(_, let id) = $0.kind { return id }
      return nil
    }
  }
}
