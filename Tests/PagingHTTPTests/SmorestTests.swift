import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// The real flask-smorest app that `.ci/smorest.sh start` serves, found through
/// `.build/smorest/env`: `/notes/` pages with flask-smorest's `X-Pagination` header,
/// `/counted/` with `X-Total-Count`, `X-Total-Pages` and `X-Next-Page`.
enum Smorest: CIServer {
  static let serverName = "flask-smorest app"
  static let script = "smorest"
  static let urlVariable = "PAGING_SMOREST_URL"

  /// flask-smorest's own page numbers: `page` and `page_size`, the total and the next page in
  /// `X-Pagination`.
  static func xPagination(pageSize: Int) -> HTTPPagingStrategy {
    .pageNumber(
      pageSize: pageSize, pageSizeQueryItem: "page_size",
      totalCount: .jsonHeader("X-Pagination", ["total"]),
      nextPage: .jsonHeader("X-Pagination", ["next_page"]))
  }

  /// The `n` of every note a walk over `list` with `strategy` returns, and its page count.
  static func walk(_ list: String, _ strategy: HTTPPagingStrategy) async throws -> (
    numbers: [Int], pages: Int
  ) {
    let source = HTTPPageSource<DRFNote>(
      url: try baseURL().appendingPathComponent(list).appendingPathComponent(""),
      strategy: strategy)
    var numbers: [Int] = []
    var pages = 0
    for try await page in source.pages() {
      pages += 1
      numbers += page.items.map(\.n)
    }
    return (numbers, pages)
  }

  /// The fault scenarios over `/notes/`, 50 a page: 6 pages of `n` = 1...300.
  static let faults = ServerFaults<DRFNote, Int>(
    source: { base in
      HTTPPageSource(
        url: base.appendingPathComponent("notes/"), strategy: xPagination(pageSize: 50))
    }, key: \.n, table: Array(1...300), pages: 6)

  /// Starts a flask-smorest app of the test's own (its notes are made at start-up).
  static func ownServer(port: Int) async throws -> LocalServer {
    try await LocalServer.executable(
      try variable("PAGING_SMOREST_PYTHON"),
      [try variable("PAGING_SMOREST_APP"), String(port)], marker: LocalServer.runningOn)
  }
}

/// flask-smorest (and a GitLab-style route of the same app): totals and next pages read from
/// response headers end page-number walks exactly, with no request for an empty page.
@Suite(
  "flask-smorest: totals and next pages in headers",
  .enabled(if: Smorest.isConfiguredOrCI, Smorest.disabledReason), .timeLimit(.minutes(minuteLimit)))
struct SmorestTests {
  @Test func xPaginationsNextPageEndsTheWalkWithoutAnEmptyPage() async throws {
    let result = try await Smorest.walk("notes", Smorest.xPagination(pageSize: 50))
    #expect(result.numbers == Array(1...300))
    #expect(result.pages == 6)
  }

  @Test func xPaginationsTotalAloneEndsTheWalk() async throws {
    let result = try await Smorest.walk(
      "notes",
      .pageNumber(
        pageSize: 40, pageSizeQueryItem: "page_size",
        totalCount: .jsonHeader("X-Pagination", ["total"])))
    #expect(result.numbers == Array(1...300))
    #expect(result.pages == 8)
  }

  /// Fault class 28 against a real server: 100 asked for (and not said), 20 served.
  @Test func xTotalCountCountsTheRowsReceivedNotPagesTimesThePageSize() async throws {
    let result = try await Smorest.walk(
      "counted", .pageNumber(pageSize: 100, totalCount: .header("X-Total-Count")))
    #expect(result.numbers == Array(1...300))
    #expect(result.pages == 15)
  }

  @Test func xTotalPagesAndXNextPageEndTheWalk() async throws {
    let byPages = try await Smorest.walk(
      "counted",
      .pageNumber(
        pageSize: 50, pageSizeQueryItem: "per_page", totalPages: .header("X-Total-Pages")))
    let byNext = try await Smorest.walk(
      "counted",
      .pageNumber(
        pageSize: 50, pageSizeQueryItem: "per_page", nextPage: .header("X-Next-Page")))
    #expect(byPages.numbers == Array(1...300))
    #expect(byPages.pages == 6)
    #expect(byNext.numbers == Array(1...300))
    #expect(byNext.pages == 6)
  }
}

/// flask-smorest under the common server faults: `X-Pagination` page numbers, 50 a page.
// Five minutes, not one: it drives a paginator on the main actor, which under
// ThreadSanitizer waits behind the demo's and the randomized suites for minutes.
@Suite(
  "flask-smorest: faults mid-walk",
  .enabled(if: Smorest.isConfiguredOrCI, Smorest.disabledReason), .timeLimit(.minutes(minuteLimit)))
struct SmorestFaultTests {
  @Test func a500EndsTheWalkAndItsCursorResumesIt() async throws {
    try await Smorest.faults.serverError(upstream: try Smorest.baseURL())
  }

  @Test func a503WaitsForRetryAfterAndTheWalkGoesOn() async throws {
    try await Smorest.faults.unavailable(upstream: try Smorest.baseURL())
  }

  @Test func a500InAParallelWalkIsRetriedInTurnAndEveryRowComesOnce() async throws {
    try await Smorest.faults.parallelServerError(upstream: try Smorest.baseURL())
  }

  @Test func aTruncatedBodyKeepsTheRowsAndRetryResumes() async throws {
    try await Smorest.faults.truncated(upstream: try Smorest.baseURL())
  }

  @Test func aKilledServerRestartedResumesAtTheSameCursor() async throws {
    try await Smorest.faults.killedAndRestarted { try await Smorest.ownServer(port: $0) }
  }
}
