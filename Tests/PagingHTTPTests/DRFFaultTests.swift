import Foundation
import Paging
import PagingHTTP
import Testing

extension DRF {
  /// The fault scenarios over `CursorPagination`, 50 a page, the next URL in the body: 6
  /// pages of `n` = 1...300.
  static let faults = ServerFaults<DRFNote, Int>(
    source: { base in
      HTTPPageSource(
        url: base.appendingPathComponent("cursors/"),
        strategy: .nextURL(bodyPath: ["next"], itemsPath: ["results"]),
        queryItems: [URLQueryItem(name: "page_size", value: "50")])
    }, key: \.n, table: Array(1...300), pages: 6)

  /// Starts the DRF app of the test's own on its SQLite file in `folder` (it seeds the 300
  /// notes when the file is new); started again on the same folder, it serves the same rows.
  static func ownServer(folder: URL, port: Int) async throws -> LocalServer {
    try await LocalServer.executable(
      try variable("PAGING_DRF_PYTHON"),
      [
        try variable("PAGING_DRF_APP"), folder.appendingPathComponent("notes.db").path,
        String(port),
      ],
      marker: LocalServer.runningOn)
  }
}

/// Django REST framework under the faults of issue 12: `CursorPagination`'s next URL in the
/// body (6 pages) with a 500, a 503 with `Retry-After` and a truncated body on its third
/// request (through the fault proxy, whose `Host` the app builds its next URLs with), and the
/// app killed (SIGKILL) and restarted mid-walk on its SQLite file. The cursor (`?cursor=`,
/// DRF's encoded position after `n` = 100) needs no server state, so it resumes as it was.
@Suite(
  "Django REST framework: faults mid-walk",
  .enabled(if: DRF.isConfiguredOrCI, DRF.disabledReason), .timeLimit(.minutes(1)))
struct DRFFaultTests {
  @Test func a500EndsTheWalkAndItsCursorResumesIt() async throws {
    try await DRF.faults.serverError(upstream: try DRF.baseURL())
  }

  @Test func a503WaitsForRetryAfterAndTheWalkGoesOn() async throws {
    try await DRF.faults.unavailable(upstream: try DRF.baseURL())
  }

  @Test func aTruncatedBodyKeepsTheRowsAndRetryResumes() async throws {
    try await DRF.faults.truncated(upstream: try DRF.baseURL())
  }

  @Test func aKilledServerRestartedOnItsDataResumesAtTheSameCursor() async throws {
    let folder = try DRF.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await DRF.faults.killedAndRestarted { try await DRF.ownServer(folder: folder, port: $0) }
  }
}
