import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Kinto {
  /// The fault scenarios over the notes, 25 a page: 12 pages of `n` = 1...300.
  static let faults = ServerFaults<KintoNote, Int>(
    source: { try Kinto.source(base: $0) }, key: \.n, table: Array(1...300), pages: 12)

  /// Starts a Kinto of the test's own (the CI's ini: memory backend) and seeds it as
  /// `.ci/kinto.sh` does, but with fixed record ids (`note-001`...), so a restart, which
  /// loses every record of the memory backend, seeds the very same rows again.
  static func ownServer(port: Int) async throws -> LocalServer {
    let server = try await LocalServer.executable(
      try variable("PAGING_KINTO_BIN"),
      [
        "start", "--ini", try variable("PAGING_KINTO_INI"), "--port",
        String(port == 0 ? try LocalServer.freePort() : port),
      ], marker: "Serving on http://127.0.0.1:")
    let v1 = server.url.appendingPathComponent("v1")
    try await send(
      "PUT", v1.appendingPathComponent("accounts/admin"), ["data": ["password": password]])
    try await send("PUT", v1.appendingPathComponent("buckets/paging"), [:])
    try await send("PUT", v1.appendingPathComponent("buckets/paging/collections/notes"), [:])
    for start in stride(from: 1, through: 300, by: 25) {
      let requests: [[String: Any]] = (start..<start + 25).map { n in
        [
          "method": "PUT",
          "path": "/buckets/paging/collections/notes/records/" + noteID(n),
          "body": ["data": ["n": n, "title": "note \(n)"]],
        ]
      }
      try await send("POST", v1.appendingPathComponent("batch"), ["requests": requests])
    }
    return server
  }

  private static var password: String {
    ProcessInfo.processInfo.environment["PAGING_KINTO_PASSWORD"] ?? ""
  }

  private static func noteID(_ n: Int) -> String {
    "note-" + String(repeating: "0", count: max(0, 3 - String(n).count)) + String(n)
  }

  /// Sends a JSON request as the seeded account and fails unless the answer is a 2xx.
  private static func send(_ method: String, _ url: URL, _ body: [String: Any]) async throws {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = try JSONSerialization.data(withJSONObject: body)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue(authorization(), forHTTPHeaderField: "Authorization")
    let (answer, response) = try await URLSessionTransport.shared.response(
      for: request, maximumBodySize: 1 << 22)
    guard (200...299).contains(response.statusCode) else {
      throw DatasetteSetupError(
        description:
          "Kinto: \(method) \(url.path): HTTP \(response.statusCode) \(String(decoding: answer, as: UTF8.self))"
      )
    }
  }
}

/// Kinto under the common server faults: the `Next-Page` walk (12 pages) with a 500, a 503 with
/// `Retry-After` and a truncated body on its third request (through the fault proxy), and the
/// server killed and restarted mid-walk.
///
/// The restart is honest about the memory backend: the records are gone, so the restarted
/// server is seeded again with the same ids and values (only `last_modified` changes). The
/// `Next-Page` cursor stays meaningful: its `_token` is a keyset (the last record's `n` and
/// `last_modified`), read as "`n` > 50, or `n` = 50 and older", and its nonce is checked only
/// for `DELETE`, so the same URL asked again, after a retry or a restart, gives the rows after
/// row 50.
@Suite(
  "Kinto: faults mid-walk",
  .enabled(if: Kinto.isConfiguredOrCI, Kinto.disabledReason), .timeLimit(.minutes(minuteLimit)))
struct KintoFaultTests {
  @Test func a500EndsTheWalkAndItsCursorResumesIt() async throws {
    try await Kinto.faults.serverError(upstream: try Kinto.baseURL())
  }

  @Test func a503WaitsForRetryAfterAndTheWalkGoesOn() async throws {
    try await Kinto.faults.unavailable(upstream: try Kinto.baseURL())
  }

  @Test func aTruncatedBodyKeepsTheRowsAndRetryResumes() async throws {
    try await Kinto.faults.truncated(upstream: try Kinto.baseURL())
  }

  @Test func aKilledServerRestartedAndReseededResumesAtTheSameCursor() async throws {
    try await Kinto.faults.killedAndRestarted { try await Kinto.ownServer(port: $0) }
  }
}
