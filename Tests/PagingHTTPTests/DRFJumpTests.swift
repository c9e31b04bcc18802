import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

/// A counted list over Django REST framework's 100,000 notes (`big/` in `.ci/drf/app.py`, seeded
/// by `.ci/drf.sh start`): the offset and page-number strategies given the count make the list
/// 100,000 rows long from its first page, and a placeholder shown at 60 % jumps there in one
/// request (rulebook R31).
@Suite(
  "Django REST framework: a jump to 60 % of 100,000 notes",
  .enabled(if: DRF.isConfiguredOrCI, DRF.disabledReason), .timeLimit(.minutes(minuteLimit)))
struct DRFJumpTests {
  static let offsets = HTTPPagingStrategy.offset(
    limit: 20, itemsPath: ["results"], totalCount: ["count"])
  static let pages = HTTPPagingStrategy.pageNumber(
    pageSize: 20, pageSizeQueryItem: "page_size", itemsPath: ["results"], totalCount: ["count"])

  /// The first page, then a placeholder at row 60,000: one request for the page that starts
  /// there (the landing row is half a page below it), then a page on either side of it, which
  /// the prefetch distance reaches from the rows now on screen. The rows around the landing
  /// are there, and the list keeps its length.
  @MainActor @Test(arguments: [("big/offsets", offsets), ("big/pages", pages)])
  func aJumpToSixtyPercentSendsOneRequest(list: String, strategy: HTTPPagingStrategy) async throws {
    let source = HTTPPageSource<DRFNote>(url: try DRF.url(list), strategy: strategy)
    #expect(source.jumpingSupported)
    let feed = Paginator(source: source)
    await feed.start()
    #expect(feed.rows.count == 100_000)
    #expect(feed.rows.placeholdersAfter == 99_980)
    let started = feed.metrics.requestsStarted
    feed.rowAppeared(feed.rows[60_000])
    #expect(feed.metrics.jumps == 1)
    #expect(feed.metrics.requestsStarted == started + 1)
    await feed.waitForLoadsToEnd()
    #expect(feed.refreshState == .idle)
    #expect(feed.rows.count == 100_000)
    #expect(feed.rows.placeholdersBefore == 59_980)
    #expect(feed.items.map(\.n) == Array(59_981...60_040))
    #expect(feed.rows[60_000].item?.n == 60_001)
    #expect(feed.metrics.requestsStarted == started + 3)
  }

  /// A cursor-only list of the same notes (DRF's cursor pagination) counts nothing: no
  /// placeholder, and no jump.
  @MainActor @Test func aCursorListCannotJump() async throws {
    let source = HTTPPageSource<DRFNote>(
      url: try DRF.url("cursors"), strategy: .nextURL(bodyPath: ["next"], itemsPath: ["results"]))
    #expect(!source.jumpingSupported)
    let feed = Paginator(source: source)
    await feed.start()
    #expect(feed.rows.count == 20)
    #expect(feed.rows.placeholdersAfter == 0)
  }
}
