import Foundation

/// A server process of a test's own on 127.0.0.1: a Datasette the test stops and restarts, or
/// a tiny server with one fixed reply.
///
/// Start-up is detected by reading the server's stderr up to its `running on
/// http://127.0.0.1:PORT` line, which uvicorn (and the responder) print once the socket
/// listens; no polling, no sleeps.
///
/// On Linux, Foundation's `Process` starts children with the spawning thread's signal mask,
/// which on a dispatch worker blocks SIGTERM and SIGINT: the server would never stop. So the
/// venv's Python clears the mask first (and `os.execv`s Datasette). `waitUntilExit()` spins
/// on a thread without a run loop, so exits are awaited through `terminationHandler`.
final class LocalServer {
  private static let clearSignalMask =
    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); "

  let process: Process
  /// The server's base URL, e.g. `http://127.0.0.1:41234`.
  let url: URL
  private let exited: AsyncStream<Void>

  private init(process: Process, url: URL, exited: AsyncStream<Void>) {
    self.process = process
    self.url = url
    self.exited = exited
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// The port the server listens on.
  var port: Int { url.port ?? 0 }

  /// Starts `datasette serve` with caching off.
  /// - Parameters:
  ///   - binary: The venv's `datasette` executable (its `python3` sits next to it).
  ///   - database: The SQLite file to serve.
  ///   - port: The port; 0 picks a free one.
  static func datasette(binary: String, database: String, port: Int = 0) async throws
    -> LocalServer
  {
    try await start(
      python: python(nextTo: binary),
      arguments: [
        "-c", clearSignalMask + "os.execv(sys.argv[1], sys.argv[1:])", binary, "serve", database,
        "-h", "127.0.0.1", "-p", String(port), "--setting", "default_cache_ttl", "0",
      ])
  }

  /// Starts a server that answers every GET with the same reply (its header fields sent in
  /// order, repeated names as separate fields), or never answers when `status` is `nil`.
  /// - Parameters:
  ///   - binary: The venv's `datasette` executable (its `python3` sits next to it).
  ///   - status: The status code, or `nil` to accept the request and never answer.
  ///   - headers: The header fields, in order.
  ///   - body: The body.
  ///   - contentLength: The `Content-Length` to declare, when not the body's length (a longer
  ///     one makes a body cut short: the server closes the connection after `body`).
  static func responder(
    binary: String, status: Int?, headers: [(String, String)] = [], body: String = "",
    contentLength: Int? = nil
  ) async throws -> LocalServer {
    let reply: [String: Any] = [
      "status": status ?? 0, "headers": headers.map { [$0.0, $0.1] }, "body": body,
      "length": contentLength ?? -1,
    ]
    let json = String(decoding: try JSONSerialization.data(withJSONObject: reply), as: UTF8.self)
    let script = """
      import http.server, json, time
      reply = json.loads(sys.argv[1])
      class Handler(http.server.BaseHTTPRequestHandler):
          def do_GET(self):
              if reply["status"] == 0:
                  time.sleep(3600)
              body = reply["body"].encode()
              self.send_response(reply["status"])
              for name, value in reply["headers"]:
                  self.send_header(name, value)
              length = reply["length"] if reply["length"] >= 0 else len(body)
              self.send_header("Content-Length", str(length))
              self.end_headers()
              self.wfile.write(body)
      server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
      print(f"Responder running on http://127.0.0.1:{server.server_port} ", file=sys.stderr, flush=True)
      server.serve_forever()
      """
    return try await start(
      python: python(nextTo: binary), arguments: ["-c", clearSignalMask + "\n" + script, json])
  }

  /// Stops the server (SIGTERM) and waits until the process has exited.
  func stop() async {
    process.terminate()
    for await _ in exited {}
  }

  private static func python(nextTo binary: String) -> URL {
    URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("python3")
  }

  private static func start(python: URL, arguments: [String]) async throws -> LocalServer {
    let process = Process()
    process.executableURL = python
    process.arguments = arguments
    let (exited, exit) = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in exit.finish() }
    let stderr = Pipe()
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let (url, log) = await readStartupLine(stderr.fileHandleForReading)
    guard let url else {
      if process.isRunning { process.terminate() }
      throw DatasetteSetupError(description: "the server did not start: \(log)")
    }
    return LocalServer(process: process, url: url, exited: exited)
  }

  /// Reads stderr until the start-up line (returning its URL) or the end (returning `nil`),
  /// then keeps draining it on the same thread so that the server never blocks on a full pipe.
  private static func readStartupLine(_ handle: FileHandle) async -> (URL?, String) {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var log = ""
        var resumed = false
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          guard !resumed else { continue }
          log += String(decoding: chunk, as: UTF8.self)
          if let url = startupURL(in: log) {
            resumed = true
            continuation.resume(returning: (url, log))
          }
        }
        if !resumed { continuation.resume(returning: (nil, log)) }
      }
    }
  }

  private static func startupURL(in log: String) -> URL? {
    guard let range = log.range(of: "running on http://127.0.0.1:") else { return nil }
    let port = log[range.upperBound...].prefix { $0.isNumber }
    guard !port.isEmpty, log[range.upperBound...].dropFirst(port.count).first == " " else {
      return nil
    }
    return URL(string: "http://127.0.0.1:\(port)")
  }
}
