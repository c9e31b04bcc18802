import Foundation

/// The `paging-demo` executable's logic, kept here so that tests reach it; `main.swift` only
/// calls ``main(arguments:style:output:errorOutput:)``.
public enum PagingDemo {
  /// Exit status for success.
  public static let exitSuccess: Int32 = 0
  /// Exit status when the run itself failed (the data could not be loaded).
  public static let exitFailure: Int32 = 1
  /// Exit status for bad arguments.
  public static let exitUsage: Int32 = 2

  /// Runs the demo.
  ///
  /// Bad arguments print one line to `errorOutput` and return ``exitUsage``. `--help` prints
  /// ``DemoOptions/usage``.
  ///
  /// Until the list simulator lands, a run prints the dataset and its first page through the
  /// keyset source; the scripted session and the comparison come with it.
  /// - Parameters:
  ///   - arguments: The arguments without the program name.
  ///   - style: The text style; by default ``TerminalStyle/forStandardOutput(isTerminal:environment:)``.
  ///   - output: Receives standard output text.
  ///   - errorOutput: Receives standard error text.
  /// - Returns: The process exit status.
  public static func main(
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
      case .run(let parsed): options = parsed
      }
    } catch {
      errorOutput("paging-demo: \(error) (see paging-demo --help)\n")
      return exitUsage
    }
    if options.server != nil {
      errorOutput("paging-demo: --url is not available yet: it needs PagingHTTP\n")
      return exitFailure
    }
    do {
      let notes = try ReleaseNotes.bundled()
      let source = try ReleaseNoteSource(notes: notes, pageSize: options.pageSize)
      let page = source.page(after: nil)
      if options.json {
        output(try DemoJSON.string(page.items))
        return exitSuccess
      }
      let dates = (source.notes.last?.releasedAt ?? "-", source.notes.first?.releasedAt ?? "-")
      output(
        "\(notes.count) CPython release notes, \(dates.0) to \(dates.1), newest first, "
          + "\(options.pageSize) per page. First page:\n\n")
      let table = TextTable(
        columns: [
          .init("id", alignment: .right), .init("released"), .init("version"),
          .init("issue"), .init("title"),
        ],
        rows: page.items.map { note in
          ["\(note.id)", note.releasedAt, note.version, note.issue ?? "-", note.title]
        })
      output(table.render(style: style))
      return exitSuccess
    } catch {
      errorOutput("paging-demo: \(error)\n")
      return exitFailure
    }
  }
}
