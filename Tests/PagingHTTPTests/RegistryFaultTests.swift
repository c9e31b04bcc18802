import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

extension Registry {
  /// The fault scenarios over the catalog, 40 a page, by its relative `Link` header: 4 pages
  /// of `repo001`...`repo150`.
  static let faults = ServerFaults<Identified<String, String>, String>(
    source: { base in
      HTTPPageSource(
        url: base.appendingPathComponent("v2/_catalog"),
        strategy: .linkHeader(itemsPath: ["repositories"]), id: \String.self,
        queryItems: [URLQueryItem(name: "n", value: "40")])
    }, key: \.value, table: repositories, pages: 4)

  /// Starts a registry of the test's own over the CI registry's storage
  /// (`PAGING_REGISTRY_DATA`, only read), with its config in `folder`.
  static func ownServer(folder: URL, port: Int) async throws -> LocalServer {
    let config = folder.appendingPathComponent("config.yml")
    try """
    version: 0.1
    log:
      level: info
    storage:
      filesystem:
        rootdirectory: \(try variable("PAGING_REGISTRY_DATA"))
      maintenance:
        uploadpurging:
          enabled: false
    http:
      addr: 127.0.0.1:\(port)
    """.write(to: config, atomically: true, encoding: .utf8)
    return try await LocalServer.executable(
      try variable("PAGING_REGISTRY_BIN"), ["serve", config.path],
      marker: "listening on 127.0.0.1:")
  }
}

/// docker-registry under the common server faults: the catalog's relative `Link` walk (4 pages)
/// with a 500, a 503 with `Retry-After` and a truncated body on its third request (through
/// the fault proxy), and the registry killed (SIGKILL) and restarted mid-walk over the same
/// storage. The cursor (`?last=repo080&n=40`) needs no server state.
// Five minutes, not one: it drives a paginator on the main actor, which under
// ThreadSanitizer waits behind the demo's and the randomized suites for minutes.
@Suite(
  "docker-registry: faults mid-walk",
  .enabled(if: Registry.isConfiguredOrCI, Registry.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
struct RegistryFaultTests {
  @Test func a500EndsTheWalkAndItsCursorResumesIt() async throws {
    try await Registry.faults.serverError(upstream: try Registry.baseURL())
  }

  @Test func a503WaitsForRetryAfterAndTheWalkGoesOn() async throws {
    try await Registry.faults.unavailable(upstream: try Registry.baseURL())
  }

  @Test func aTruncatedBodyKeepsTheRowsAndRetryResumes() async throws {
    try await Registry.faults.truncated(upstream: try Registry.baseURL())
  }

  @Test func aKilledServerRestartedOnItsStorageResumesAtTheSameCursor() async throws {
    let folder = try Registry.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await Registry.faults.killedAndRestarted {
      try await Registry.ownServer(folder: folder, port: $0)
    }
  }
}
