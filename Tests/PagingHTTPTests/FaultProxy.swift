import Foundation
import PagingHTTP

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

/// A fault-injecting proxy of a test's own in front of a real server (`.ci/fault-proxy.py`,
/// Python's standard library only): it forwards every request, `Host` included, so the
/// server's next-page URLs lead back through it, and injects the faults it was started with.
/// Real servers do not answer 500, 503 or a cut-short body on demand.
struct FaultProxy {
  let server: LocalServer

  /// The proxy's base URL, in place of the real server's.
  var url: URL { server.url }

  /// Starts a proxy to `upstream` that injects `faults` (by request number, from 1).
  static func start(upstream: URL, faults: [Int: ProxyFault]) async throws -> FaultProxy {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".ci/fault-proxy.py")
    let plan = Dictionary(uniqueKeysWithValues: faults.map { (String($0.key), $0.value.json) })
    let json = String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self)
    return FaultProxy(
      server: try await LocalServer.executable(
        LocalServer.systemPython?.path ?? "/usr/bin/env",
        (LocalServer.systemPython == nil ? ["python3"] : []) + [
          script.path, upstream.absoluteString, json,
        ], marker: LocalServer.runningOn))
  }

  /// The request targets (path and query) the proxy received, in order, faults included.
  func requests() async throws -> [String] {
    let (body, _) = try await URLSessionTransport.shared.response(
      for: URLRequest(url: url.appendingPathComponent("__proxy__/log")), maximumBodySize: 1 << 22)
    return try JSONDecoder().decode([String].self, from: body)
  }

  /// Stops the proxy.
  func stop() async { await server.stop() }
}
