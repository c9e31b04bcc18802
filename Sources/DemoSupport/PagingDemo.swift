import Foundation

/// The `paging-demo` executable's logic, kept here so that tests reach it; `main.swift` only
/// calls ``main(arguments:style:output:errorOutput:)``.
package enum PagingDemo {
  /// Exit status for success.
  package static let exitSuccess: Int32 = 0
  /// Exit status when the run itself failed (the data could not be loaded).
  package static let exitFailure: Int32 = 1
  /// Exit status for bad arguments.
  package static let exitUsage: Int32 = 2

  /// Runs the demo: parses `arguments`, plays the session (embedded on the virtual clock, or
  /// against `--url` in real time), writes its picture with `--svg FILE` (``DemoPicture``) and
  /// prints the report as text or, with `--json`, as JSON.
  ///
  /// Bad arguments print one line to `errorOutput` and return ``exitUsage``. `--help` prints
  /// ``DemoOptions/usage``. A run that cannot load its data, or whose server does not answer,
  /// prints one line and returns ``exitFailure``, as does a picture that cannot be written.
  /// - Parameters:
  ///   - arguments: The arguments without the program name.
  ///   - style: The text style; by default ``TerminalStyle/forStandardOutput(isTerminal:environment:)``.
  ///   - output: Receives standard output text.
  ///   - errorOutput: Receives standard error text.
  /// - Returns: The process exit status.
  @MainActor
  package static func main(
    arguments: [String], style: TerminalStyle = .forStandardOutput(),
    output: (String) -> Void = { print($0, terminator: "") },
    errorOutput: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) async -> Int32 {
    let options: DemoOptions
    do {
      switch try DemoOptions.parse(arguments) {
      case .help:
        output(DemoOptions.usage + "\n")
        return exitSuccess
      case .offline:
        do {
          for line in try await OfflineDemo.run() { output(line + "\n") }
          return exitSuccess
        } catch {
          errorOutput("paging-demo: \(error)\n")
          return exitFailure
        }
      case .run(let parsed): options = parsed
      }
    } catch {
      errorOutput("paging-demo: \(error) (see paging-demo --help)\n")
      return exitUsage
    }
    do {
      let (report, traces) =
        if let server = options.server {
          try await DemoSession.serverRun(options, server)
        } else {
          try await DemoSession.embeddedRun(options)
        }
      if let path = options.svgPath {
        let svg = DemoPicture.svg(report: report, traces: traces)
        do {
          try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
          throw DemoSessionError.cannotWritePicture(path: path, reason: error.localizedDescription)
        }
        // On the error stream, so that `--json` output stays one JSON document.
        errorOutput("paging-demo: wrote the picture to \(path)\n")
      }
      output(options.json ? try report.json() : report.text(style: style))
      return exitSuccess
    } catch {
      errorOutput("paging-demo: \(error)\n")
      return exitFailure
    }
  }
}
