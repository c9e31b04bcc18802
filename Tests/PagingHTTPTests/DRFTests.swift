import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// A note of the Django REST framework app in `.ci/drf/app.py` (`n` = 1...300).
struct DRFNote: Decodable, Identifiable, Sendable {
  var id: Int
  var n: Int
  var title: String
}

/// The real DRF app that `.ci/drf.sh start` serves, found through `.build/drf/env`.
enum DRF: CIServer {
  static let serverName = "DRF app"
  static let script = "drf"
  static let urlVariable = "PAGING_DRF_URL"

  /// The URL of one of the app's lists (`pages/`, `offsets/`, `cursors/`, `links/`).
  static func url(_ list: String) throws -> URL {
    try baseURL().appendingPathComponent(list).appendingPathComponent("")
  }

  /// The `n` of every note a walk over `list` with `strategy` returns, and its page count.
  static func walk(
    _ list: String, _ strategy: HTTPPagingStrategy, queryItems: [URLQueryItem] = []
  ) async throws -> (numbers: [Int], pages: Int) {
    let source = HTTPPageSource<DRFNote>(
      url: try url(list), strategy: strategy, queryItems: queryItems)
    var numbers: [Int] = []
    var pages = 0
    for try await page in source.pages() {
      pages += 1
      numbers += page.items.map(\.n)
    }
    return (numbers, pages)
  }
}

/// Django REST framework: its four paginators walked with the built-in strategies,
/// with page sizes capped at 50 (fault class 28 of the rulebook).
@Suite(
  "Django REST framework: next URL, Link header, capped page numbers and offsets",
  .enabled(if: DRF.isConfiguredOrCI, DRF.disabledReason), .timeLimit(.minutes(minuteLimit)))
struct DRFTests {
  @Test func cursorPaginationFollowsTheNextURLInTheBody() async throws {
    let result = try await DRF.walk(
      "cursors", .nextURL(bodyPath: ["next"], itemsPath: ["results"]),
      queryItems: [URLQueryItem(name: "page_size", value: "100")])
    #expect(result.numbers == Array(1...300))
    #expect(result.pages == 6)
  }

  @Test func pageNumberPaginationFollowsTheNextURLInTheBody() async throws {
    let result = try await DRF.walk("pages", .nextURL(bodyPath: ["next"], itemsPath: ["results"]))
    #expect(result.numbers == Array(1...300))
    #expect(result.pages == 15)
  }

  @Test func theLinkHeaderWithFourRelationsIsWalkedForwards() async throws {
    let result = try await DRF.walk("links", .linkHeader())
    #expect(result.numbers == Array(1...300))
    #expect(result.pages == 15)
  }

  @Test func aPageNumberWalkFollowsTheCapToTheTotalWithoutA404() async throws {
    // Asks for 100, gets 50: six pages, and no request for page 7 (DRF's 404 "Invalid page").
    let result = try await DRF.walk(
      "pages",
      .pageNumber(
        pageSize: 100, pageSizeQueryItem: "page_size", itemsPath: ["results"],
        totalCount: ["count"]))
    #expect(result.numbers == Array(1...300))
    #expect(result.pages == 6)
  }

  @Test func anOffsetWalkFollowsTheCapToTheTotal() async throws {
    let result = try await DRF.walk(
      "offsets", .offset(limit: 100, itemsPath: ["results"], totalCount: ["count"]))
    #expect(result.numbers == Array(1...300))
    #expect(result.pages == 6)
  }

  @Test func aPagePastTheEndIsA404ThatKeepsItsMessage() async throws {
    let source = HTTPPageSource<DRFNote>(
      url: try DRF.url("pages"),
      strategy: .pageNumber(pageSize: 20, itemsPath: ["results"], totalCount: ["count"]))
    let past = URL(string: try DRF.url("pages").absoluteString + "?page=99")
    let error = await loadError(source, past)
    #expect(error?.statusCode == 404)
    #expect(error?.isRetryable == false)
    #expect(error?.bodyText?.contains("Invalid page") == true)
  }
}
