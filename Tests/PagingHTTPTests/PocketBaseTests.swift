import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// A record of the `notes` collection that `.ci/pocketbase.sh` seeds (`n` = 1...1200).
struct PocketBaseNote: Decodable, Identifiable, Sendable {
  var id: String
  var n: Int
}

/// The real PocketBase that `.ci/pocketbase.sh start` serves, found through
/// `.build/pocketbase/env`.
enum PocketBase: CIServer {
  static let serverName = "PocketBase"
  static let script = "pocketbase"
  static let urlVariable = "PAGING_POCKETBASE_URL"

  /// The records URL, or a clear error when the environment lacks the server.
  static func recordsURL() throws -> URL {
    try baseURL().appendingPathComponent("api/collections/notes/records")
  }
}

/// PocketBase: page numbers with `totalPages` or `totalItems` in the body, and a
/// `perPage` the server caps at 1000 (fault class 28 of the rulebook).
@Suite(
  "PocketBase: page numbers, totals and a capped page size",
  .enabled(if: PocketBase.isConfiguredOrCI, PocketBase.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct PocketBaseTests {
  /// Walks with `strategy`, asking for 2,000 rows a page (the server sends 1,000).
  private func walk(_ strategy: HTTPPagingStrategy) async throws -> (numbers: [Int], pages: Int) {
    let source = HTTPPageSource<PocketBaseNote>(
      url: try PocketBase.recordsURL(), strategy: strategy,
      queryItems: [URLQueryItem(name: "sort", value: "n")])
    var numbers: [Int] = []
    var pages = 0
    for try await page in source.pages() {
      pages += 1
      numbers += page.items.map(\.n)
    }
    return (numbers, pages)
  }

  @Test func totalPagesWalksPastTheCappedPageSize() async throws {
    let result = try await walk(
      .pageNumber(
        pageSize: 2000, pageSizeQueryItem: "perPage", itemsPath: ["items"],
        totalPages: ["totalPages"]))
    #expect(result.numbers == Array(1...1200))
    #expect(result.pages == 2)
  }

  @Test func totalItemsWalksPastTheCappedPageSize() async throws {
    let result = try await walk(
      .pageNumber(
        pageSize: 2000, pageSizeQueryItem: "perPage", itemsPath: ["items"],
        totalCount: ["totalItems"]))
    #expect(result.numbers == Array(1...1200))
    #expect(result.pages == 2)
  }

  @Test func anExactMultipleEndsWithoutARequestPastTheEnd() async throws {
    // 1,200 rows at 400 a page: three pages, no fourth request.
    let result = try await walk(
      .pageNumber(
        pageSize: 400, pageSizeQueryItem: "perPage", itemsPath: ["items"],
        totalCount: ["totalItems"]))
    #expect(result.numbers == Array(1...1200))
    #expect(result.pages == 3)
  }
}
