#if os(Linux) || os(macOS)
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// Runs `paging-crash-child`, the package's child process for crash tests, and kills it with
  /// SIGKILL at a point the test chooses by what the child has printed. The child goes on while
  /// the parent reads, so the kill lands wherever it has got to: in a request, in decoding, in a
  /// transaction. No clock is read or waited on. Machinery for the package's own tests
  /// (`Process` exists on Linux and macOS only).
  package enum CrashChild {
    /// How a run of the child ended.
    package struct Run: Sendable {
      /// The lines the child printed, in order (standard output and standard error).
      package var lines: [String] = []
      /// Whether the run ended by the parent's SIGKILL.
      package var killed = false

      /// Every line, each ended by a newline.
      package var output: String { lines.map { $0 + "\n" }.joined() }
    }

    /// The child's executable is not built next to the test bundle.
    package struct NotBuilt: Error, CustomStringConvertible {
      package var description: String
    }

    /// The `paging-crash-child` executable, built beside the test bundle.
    /// - Throws: ``NotBuilt``.
    package static func executable() throws -> URL {
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("paging-crash-child")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
      }
      throw NotBuilt(
        description: "paging-crash-child is not built next to \(CommandLine.arguments[0])")
    }

    /// Runs the child with `arguments` to its end, or until `killWhen`, asked before the first
    /// line and after each line with every line read so far, returns `true`: then the child is
    /// killed with SIGKILL at once, and the lines it wrote before it died are still read. The
    /// reads block, so they run on a thread of their own.
    /// - Parameters:
    ///   - arguments: The child's arguments.
    ///   - killWhen: When to kill it (default: never).
    /// - Returns: The lines and whether the kill ended the run.
    /// - Throws: ``NotBuilt``, or what `Process.run()` throws.
    package static func run(
      _ arguments: [String], killWhen: @escaping @Sendable ([String]) -> Bool = { _ in false }
    ) async throws -> Run {
      let process = Process()
      process.executableURL = try executable()
      process.arguments = arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      return await withCheckedContinuation { continuation in
        Thread {
          var run = Run()
          var pending = ""
          func killIfAsked() {
            guard !run.killed, killWhen(run.lines) else { return }
            _ = kill(process.processIdentifier, SIGKILL)
            run.killed = true
          }
          killIfAsked()
          while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending += String(decoding: chunk, as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
              run.lines.append(String(pending[..<newline]))
              pending = String(pending[pending.index(after: newline)...])
              killIfAsked()
            }
          }
          process.waitUntilExit()
          run.killed = run.killed && process.terminationReason == .uncaughtSignal
          continuation.resume(returning: run)
        }.start()
      }
    }
  }
#endif
