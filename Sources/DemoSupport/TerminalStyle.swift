import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether text output may use ANSI colours and bold: only on a terminal.
package enum TerminalStyle: Sendable, Equatable {
  /// Plain text: for pipes, files, `NO_COLOR` and `TERM=dumb`.
  case plain
  /// ANSI SGR escape sequences (ECMA-48) for bold and dim text.
  case ansi

  /// The style for standard output: ``ansi`` only when it is a terminal, `NO_COLOR` is unset or
  /// empty (https://no-color.org) and `TERM` is not `dumb`.
  /// - Parameters:
  ///   - isTerminal: Whether standard output is a terminal; by default `isatty(1)`.
  ///   - environment: The process environment.
  /// - Returns: The style to use.
  package static func forStandardOutput(
    isTerminal: Bool = isatty(STDOUT_FILENO) != 0,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> TerminalStyle {
    guard isTerminal, environment["NO_COLOR", default: ""].isEmpty,
      environment["TERM"] != "dumb"
    else { return .plain }
    return .ansi
  }

  /// `text` in bold, or unchanged when plain.
  /// - Parameter text: Text without line breaks.
  /// - Returns: The styled text.
  package func bold(_ text: String) -> String { wrap(text, code: 1) }

  /// `text` dimmed, or unchanged when plain.
  /// - Parameter text: Text without line breaks.
  /// - Returns: The styled text.
  package func dim(_ text: String) -> String { wrap(text, code: 2) }

  private func wrap(_ text: String, code: Int) -> String {
    switch self {
    case .plain: text
    case .ansi: "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
  }
}
