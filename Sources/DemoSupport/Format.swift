import Foundation

/// How the report writes figures.
enum Format {
  /// A duration in nanoseconds with a unit that keeps 2 to 3 significant digits: `61 ns`,
  /// `9.5 µs`, `41.8 ms`, `1.25 s`.
  static func nanoseconds(_ value: Double) -> String {
    switch value {
    case ..<100: String(format: "%.1f ns", value)
    case ..<1_000: String(format: "%.0f ns", value)
    case ..<1_000_000: String(format: "%.1f µs", value / 1e3)
    case ..<1_000_000_000: String(format: "%.1f ms", value / 1e6)
    default: String(format: "%.2f s", value / 1e9)
    }
  }

  /// A ratio with two decimals and a times sign: `1.02×`.
  static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

  /// Bytes in megabytes (10^6) with one decimal: `21.4 MB`.
  static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

  /// Seconds with two decimals: `3.25 s`.
  static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

  /// A count with thousands separators: `1,000,000`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
  }

  /// A Markdown table: a header row, a separator and the rows.
  /// - Parameter alignment: One letter per column, `l` or `r`; by default the first column is
  ///   left-aligned (labels) and the others right-aligned (figures).
  static func table(_ header: [String], _ rows: [[String]], alignment: String? = nil) -> String {
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
