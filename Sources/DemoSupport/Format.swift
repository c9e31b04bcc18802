import Foundation

/// The package's one formatter of figures and text for people to read, without locale (the
/// output must read the same on every machine): the demo's text and JSON and the bench's
/// Markdown report (`package`: `paging-demo`, `paging-bench` and the tests use it).
package enum Format {
  /// A duration in nanoseconds with a unit that keeps 2 to 3 significant digits: `61 ns`,
  /// `9.5 µs`, `41.8 ms`, `1.25 s`.
  package static func nanoseconds(_ value: Double) -> String {
    switch value {
    case ..<100: String(format: "%.1f ns", value)
    case ..<1_000: String(format: "%.0f ns", value)
    case ..<1_000_000: String(format: "%.1f µs", value / 1e3)
    case ..<1_000_000_000: String(format: "%.1f ms", value / 1e6)
    default: String(format: "%.2f s", value / 1e9)
    }
  }

  /// A ratio with two decimals and a times sign: `1.02×`.
  package static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

  /// Bytes in megabytes (10^6) with one decimal: `21.4 MB`.
  package static func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1e6)
  }

  /// Seconds with two decimals: `3.25 s`.
  package static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

  /// `1234` → `"1.23"`: seconds with two decimals, without locale-dependent formatting.
  package static func seconds(milliseconds: Int) -> String {
    let sign = milliseconds < 0 ? "-" : ""
    let centiseconds = (milliseconds.magnitude + 5) / 10
    let fraction = centiseconds % 100
    return "\(sign)\(centiseconds / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// A whole number with a comma between thousands: `1,000,000`.
  package static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
  }

  /// A number with at most one decimal: `3`, `1.5`, `31.7`.
  package static func decimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let magnitude = tenths.magnitude
    return magnitude % 10 == 0
      ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  /// A duration in seconds, rounded to the millisecond (for JSON that reads well).
  package static func roundedSeconds(_ duration: Duration) -> Double {
    (duration / .milliseconds(1)).rounded() / 1_000
  }

  /// A duration in whole milliseconds, rounded to the nearest.
  package static func milliseconds(_ duration: Duration) -> Int {
    Int((duration / .milliseconds(1)).rounded())
  }

  /// A duration rounded to the millisecond.
  package static func roundedToMillisecond(_ duration: Duration) -> Duration {
    .milliseconds(milliseconds(duration))
  }

  /// A duration in seconds with at most one decimal: `2 s`, `1.5 s`.
  package static func decimalSeconds(_ duration: Duration) -> String {
    "\(decimal(duration / .seconds(1))) s"
  }

  /// A Markdown table: a header row, a separator and the rows.
  /// - Parameter alignment: One letter per column, `l` or `r`; by default the first column is
  ///   left-aligned (labels) and the others right-aligned (figures).
  package static func table(_ header: [String], _ rows: [[String]], alignment: String? = nil)
    -> String
  {
    let letters = Array(alignment ?? "l" + String(repeating: "r", count: header.count - 1))
    var lines = ["| " + header.joined(separator: " | ") + " |"]
    lines.append(
      "|"
        + header.indices.map { $0 < letters.count && letters[$0] == "r" ? " ---: |" : " --- |" }
        .joined())
    for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension Format {
  /// `text` broken at spaces into lines of at most `width` characters, lines after the first
  /// starting with `indent` spaces. A longer word gets a line of its own; a word of at most
  /// three characters (such as `s).` in `0.5 s).`) may run four columns past `width`, so that a
  /// unit stays with its number.
  /// - Parameters:
  ///   - text: One paragraph.
  ///   - width: The widest line, in characters, indent included.
  ///   - indent: The spaces before the second and later lines.
  ///   - firstLineUsed: Characters already on the first line (a label before the text).
  /// - Returns: The lines joined with `"\n"`, without a final line break.
  package static func wrap(_ text: String, width: Int, indent: Int = 0, firstLineUsed: Int = 0)
    -> String
  {
    var lines: [String] = []
    var line = ""
    var used = firstLineUsed
    for word in text.split(separator: " ") {
      // A word of up to three characters may run up to four columns past `width`.
      let slack = word.count <= 3 ? 4 : 0
      if !line.isEmpty, used + line.count + 1 + word.count > width + slack {
        lines.append(line)
        line = ""
        used = indent
      }
      line += line.isEmpty ? word : " " + word
    }
    lines.append(line)
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
  }
}
