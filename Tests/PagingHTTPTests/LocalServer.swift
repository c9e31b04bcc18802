import Foundation

/// A server process of a test's own on 127.0.0.1: a real server the test kills and restarts
/// (Datasette, Kinto, PocketBase, the DRF app, docker-registry), a tiny server with one fixed
/// reply, or the fault proxy.
///
/// Start-up is detected by reading the server's output (stdout and stderr) up to the line
/// that says where it listens (`running on http://127.0.0.1:PORT `, which uvicorn, the
/// responder and the fault proxy print once the socket listens, or the server's own words);
/// no polling, no sleeps.
///
/// On Linux, Foundation's `Process` starts children with the spawning thread's signal mask,
/// which on a dispatch worker blocks SIGTERM and SIGINT: the server would never stop. So the
/// venv's Python clears the mask first (and `os.execv`s Datasette). `waitUntilExit()` spins
/// on a thread without a run loop, so exits are awaited through `terminationHandler`.
final class LocalServer {
  private static let clearSignalMask =
    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); "
  /// What uvicorn, the responder and the fault proxy print before their port.
  static let runningOn = "running on http://127.0.0.1:"

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
  ///   - stray: Bytes written past the declared length of each response, once the next request
  ///     on the same connection has arrived (a server that writes more than it declared, as a
  ///     trailing newline); with them the connection is kept alive (HTTP/1.1).
  static func responder(
    binary: String, status: Int?, headers: [(String, String)] = [], body: String = "",
    contentLength: Int? = nil, stray: String = ""
  ) async throws -> LocalServer {
    let reply: [String: Any] = [
      "status": status ?? 0, "headers": headers.map { [$0.0, $0.1] }, "body": body,
      "length": contentLength ?? -1, "stray": stray,
    ]
    let json = String(decoding: try JSONSerialization.data(withJSONObject: reply), as: UTF8.self)
    let script = """
      import http.server, json, time
      reply = json.loads(sys.argv[1])
      class Handler(http.server.BaseHTTPRequestHandler):
          if reply["stray"]:
              protocol_version = "HTTP/1.1"
          answered = 0
          def do_GET(self):
              if reply["status"] == 0:
                  time.sleep(3600)
              if self.answered:
                  self.wfile.write(reply["stray"].encode())
              self.answered += 1
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

  /// Starts any server executable, through Python so that its signal mask is cleared.
  /// - Parameters:
  ///   - executable: The server's path.
  ///   - arguments: Its arguments.
  ///   - marker: What the server prints right before its port once it listens.
  ///   - python: The Python that starts it (default: ``systemPython``).
  static func executable(
    _ executable: String, _ arguments: [String], marker: String, python: URL? = systemPython
  ) async throws -> LocalServer {
    try await start(
      python: python,
      arguments: ["-c", clearSignalMask + "os.execv(sys.argv[1], sys.argv[1:])", executable]
        + arguments, marker: marker)
  }

  /// The system's `python3` when it is at a usual place, else `nil` (`python3` on the `PATH`):
  /// a version manager's shim on the `PATH` (pyenv's) costs a shell and a lookup, about half a
  /// second a start on a loaded machine.
  static let systemPython: URL? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }.map { URL(fileURLWithPath: $0) }

  /// Stops the server (SIGTERM) and waits until the process has exited.
  func stop() async {
    process.terminate()
    for await _ in exited {}
  }

  /// Kills the server (SIGKILL: no clean shutdown) and waits until the process has exited.
  func kill() async {
    _ = Foundation.kill(process.processIdentifier, SIGKILL)
    for await _ in exited {}
  }

  /// A TCP port on 127.0.0.1 that was free a moment ago (the kernel's choice), for servers
  /// that cannot be told port 0.
  static func freePort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw DatasetteSetupError(description: "socket(): errno \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
      }
    }
    guard bound else { throw DatasetteSetupError(description: "bind(): errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  private static func python(nextTo binary: String) -> URL {
    URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("python3")
  }

  /// Starts `python` (`python3` on the `PATH` when `nil`) with `arguments` and waits for
  /// `marker` and a port in its output.
  private static func start(python: URL?, arguments: [String], marker: String = runningOn)
    async throws -> LocalServer
  {
    let process = Process()
    if let python {
      process.executableURL = python
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3"] + arguments
    }
    let (exited, exit) = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in exit.finish() }
    let output = Pipe()
    process.standardError = output
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let (url, log) = await readStartupLine(output.fileHandleForReading, marker: marker)
    guard let url else {
      if process.isRunning { process.terminate() }
      throw DatasetteSetupError(description: "the server did not start: \(log)")
    }
    return LocalServer(process: process, url: url, exited: exited)
  }

  /// Reads stderr until the start-up line (returning its URL) or the end (returning `nil`),
  /// then keeps draining it on the same thread so that the server never blocks on a full pipe.
  /// A thread of its own, not a dispatch queue's: a blocking read holds its thread for the
  /// server's life, and on Linux the global queues add threads for blocked ones only about
  /// once a second (sixteen servers at once took 15 s to start).
  private static func readStartupLine(_ handle: FileHandle, marker: String) async -> (
    URL?, String
  ) {
    await withCheckedContinuation { continuation in
      Thread {
        var log = ""
        var resumed = false
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          guard !resumed else { continue }
          log += String(decoding: chunk, as: UTF8.self)
          if let url = startupURL(in: log, marker: marker) {
            resumed = true
            continuation.resume(returning: (url, log))
          }
        }
        if !resumed { continuation.resume(returning: (nil, log)) }
      }.start()
    }
  }

  /// The URL of the port after `marker`, once the port's digits are followed by anything
  /// else (so a port is never read half-written).
  private static func startupURL(in log: String, marker: String) -> URL? {
    guard let range = log.range(of: marker) else { return nil }
    let port = log[range.upperBound...].prefix { $0.isNumber }
    guard !port.isEmpty, port != "0",
      let next = log[range.upperBound...].dropFirst(port.count).first, !next.isNumber
    else {
      return nil
    }
    return URL(string: "http://127.0.0.1:\(port)")
  }
}
