import Foundation
import PagingHTTP
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the fault proxy (`.ci/fault-proxy.py`) does to one request, by its number.
enum ProxyFault: Sendable {
  /// Answers the status itself (the real server never sees the request), with a
  /// `Retry-After` field when given.
  case status(Int, retryAfter: String? = nil)
  /// Forwards the request and sends the real response with its full `Content-Length` but half
  /// its body, then closes the connection.
  case truncate

  var json: [String: Any] {
    switch self {
    case .status(let status, let retryAfter):
      var fault: [String: Any] = ["status": status]
      if let retryAfter { fault["retryAfter"] = retryAfter }
      return fault
    case .truncate: return ["truncate": true]
    }
  }
}

/// A rate limit the fault proxy enforces in front of the server: `limit` requests a window,
/// every forwarded response saying what is left and the reset (`reset` seconds, always the
/// same), a request past the budget refused with none left. The window passes only when the
/// test calls ``FaultProxy/resetWindow()``, never with the wall clock.
struct ProxyRateLimit: Sendable {
  /// How the fields are spelled, and the status of a refusal.
  enum Flavour: String, Sendable {
    /// `X-RateLimit-Limit`, `-Remaining` and `-Reset` (a Unix time, counted from the proxy's
    /// `Date`); a refusal is a 403.
    case github
    /// `RateLimit: "default";r=LEFT;t=RESET` and `RateLimit-Policy`; a refusal is a 429.
    case ietf
  }

  /// The requests a window allows.
  var limit: Int
  /// The seconds to the reset that every response states.
  var reset: Int
  /// The fields' spelling.
  var flavour: Flavour

  var json: [String: Any] { ["limit": limit, "reset": reset, "flavour": flavour.rawValue] }
}

/// A fault-injecting proxy of a test's own in front of a real server (`.ci/fault-proxy.py`,
/// Python's standard library only): it forwards every request, `Host` included, so the
/// server's next-page URLs lead back through it, and injects the faults it was started with.
/// Real servers do not answer 500, 503 or a cut-short body on demand.
struct FaultProxy {
  let server: LocalServer

  /// The proxy's base URL, in place of the real server's.
  var url: URL { server.url }

  /// Starts a proxy to `upstream` that injects `faults` (by request number, from 1) and, when
  /// given, enforces `rateLimit`.
  static func start(
    upstream: URL, faults: [Int: ProxyFault] = [:], rateLimit: ProxyRateLimit? = nil
  ) async throws -> FaultProxy {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".ci/fault-proxy.py")
    let plan = Dictionary(uniqueKeysWithValues: faults.map { (String($0.key), $0.value.json) })
    let json = String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self)
    let limit = try rateLimit.map {
      String(decoding: try JSONSerialization.data(withJSONObject: $0.json), as: UTF8.self)
    }
    return FaultProxy(
      server: try await LocalServer.executable(
        LocalServer.systemPython?.path ?? "/usr/bin/env",
        (LocalServer.systemPython == nil ? ["python3"] : []) + [
          script.path, upstream.absoluteString, json,
        ] + (limit.map { [$0] } ?? []), marker: LocalServer.runningOn))
  }

  /// The request targets (path and query) the proxy received, in order, faults included.
  func requests() async throws -> [String] {
    let (body, _) = try await URLSessionTransport.shared.response(
      for: URLRequest(url: url.appendingPathComponent("__proxy__/log")), maximumBodySize: 1 << 22)
    return try JSONDecoder().decode([String].self, from: body)
  }

  /// Starts the rate limit's next window: its whole budget is left again.
  func resetWindow() async throws {
    var request = URLRequest(url: url.appendingPathComponent("__proxy__/reset-window"))
    request.httpMethod = "POST"
    let (_, response) = try await URLSessionTransport.shared.response(
      for: request, maximumBodySize: 1 << 10)
    #expect(response.statusCode == 204)
  }

  /// Stops the proxy.
  func stop() async { await server.stop() }
}
