import Foundation

/// A Datasette server process of a test's own, for tests that stop and restart their server.
///
/// Start-up is detected by reading the server's stderr up to its `Uvicorn running on` line,
/// which uvicorn prints once its socket listens; no polling, no sleeps.
///
/// On Linux, Foundation's `Process` starts children with the spawning thread's signal mask,
/// which on a dispatch worker blocks SIGTERM and SIGINT: the server would never stop. So the
/// venv's Python starts it, after clearing the mask, with `os.execv`. And `waitUntilExit()`
/// spins on a thread without a run loop, so exits are awaited through `terminationHandler`.
final class DatasetteProcess {
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

  /// Starts `datasette serve` on 127.0.0.1 with caching off.
  /// - Parameters:
  ///   - binary: The venv's `datasette` executable.
  ///   - database: The SQLite file to serve.
  ///   - port: The port; 0 picks a free one.
  static func start(binary: String, database: String, port: Int = 0) async throws
    -> DatasetteProcess
  {
    let binaryURL = URL(fileURLWithPath: binary)
    let process = Process()
    process.executableURL = binaryURL.deletingLastPathComponent().appendingPathComponent("python3")
    process.arguments = [
      "-c",
      "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); "
        + "os.execv(sys.argv[1], sys.argv[1:])",
      binary, "serve", database, "-h", "127.0.0.1", "-p", String(port), "--setting",
      "default_cache_ttl", "0",
    ]
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
      throw DatasetteSetupError(description: "datasette did not start: \(log)")
    }
    return DatasetteProcess(process: process, url: url, exited: exited)
  }

  /// The port the server listens on.
  var port: Int { url.port ?? 0 }

  /// Stops the server (SIGTERM) and waits until the process has exited.
  func stop() async {
    process.terminate()
    for await _ in exited {}
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
    guard let range = log.range(of: "Uvicorn running on http://127.0.0.1:") else { return nil }
    let port = log[range.upperBound...].prefix { $0.isNumber }
    guard !port.isEmpty, log[range.upperBound...].dropFirst(port.count).first == " " else {
      return nil
    }
    return URL(string: "http://127.0.0.1:\(port)")
  }
}
