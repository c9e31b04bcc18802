import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

extension PocketBase {
  /// The fault scenarios over the notes by page number, 200 a page with `totalPages`: 6 pages
  /// of `n` = 1...1200.
  static let faults = ServerFaults<PocketBaseNote, Int>(
    source: { base in
      HTTPPageSource(
        url: base.appendingPathComponent("api/collections/notes/records"),
        strategy: .pageNumber(
          pageSize: 200, pageSizeQueryItem: "perPage", itemsPath: ["items"],
          totalPages: ["totalPages"]),
        queryItems: [URLQueryItem(name: "sort", value: "n")])
    }, key: \.n, table: Array(1...1200), pages: 6)

  /// The same pages with `totalItems`: they count the rows after them, so that a walk loads
  /// them in parallel.
  static let countedFaults = ServerFaults<PocketBaseNote, Int>(
    source: { base in
      HTTPPageSource(
        url: base.appendingPathComponent("api/collections/notes/records"),
        strategy: .pageNumber(
          pageSize: 200, pageSizeQueryItem: "perPage", itemsPath: ["items"],
          totalCount: ["totalItems"]),
        queryItems: [URLQueryItem(name: "sort", value: "n")])
    }, key: \.n, table: Array(1...1200), pages: 6)

  /// Starts a PocketBase of the test's own over a copy of the seeded data
  /// (`PAGING_POCKETBASE_SNAPSHOT`, made by `.ci/pocketbase.sh`) in `folder`; started again on
  /// the same folder, it serves the same rows.
  static func ownServer(folder: URL, port: Int) async throws -> LocalServer {
    let data = folder.appendingPathComponent("data")
    if !FileManager.default.fileExists(atPath: data.path) {
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: try variable("PAGING_POCKETBASE_SNAPSHOT")), to: data)
    }
    return try await LocalServer.executable(
      try variable("PAGING_POCKETBASE_BIN"),
      [
        "serve", "--http", "127.0.0.1:\(port == 0 ? try LocalServer.freePort() : port)", "--dir",
        data.path,
      ], marker: "Server started at http://127.0.0.1:")
  }
}

/// PocketBase under the common server faults: a page-number walk with `totalPages` (6 pages)
/// with a 500, a 503 with `Retry-After` and a truncated body on its third request (through
/// the fault proxy), and the server killed (SIGKILL) and restarted mid-walk on its SQLite
/// data, which keeps every row: page 3 is page 3 again.
@Suite(
  "PocketBase: faults mid-walk",
  .enabled(if: PocketBase.isConfiguredOrCI, PocketBase.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct PocketBaseFaultTests {
  @Test func a500EndsTheWalkAndItsCursorResumesIt() async throws {
    try await PocketBase.faults.serverError(upstream: try PocketBase.baseURL())
  }

  @Test func a503WaitsForRetryAfterAndTheWalkGoesOn() async throws {
    try await PocketBase.faults.unavailable(upstream: try PocketBase.baseURL())
  }

  @Test func a500InAParallelWalkIsRetriedInTurnAndEveryRowComesOnce() async throws {
    try await PocketBase.countedFaults.parallelServerError(upstream: try PocketBase.baseURL())
  }

  @Test func aTruncatedBodyKeepsTheRowsAndRetryResumes() async throws {
    try await PocketBase.faults.truncated(upstream: try PocketBase.baseURL())
  }

  @Test func aKilledServerRestartedOnItsDataResumesAtTheSameCursor() async throws {
    let folder = try PocketBase.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await PocketBase.faults.killedAndRestarted {
      try await PocketBase.ownServer(folder: folder, port: $0)
    }
  }
}
