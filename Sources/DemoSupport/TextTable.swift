/// A plain-text table with aligned columns, for a terminal or a log.
///
/// ```
/// feed        requests  duplicates
/// ----------  --------  ----------
/// naive             41          12
/// Paginator         11           0
/// ```
/// Columns are separated by two spaces; the last column carries no trailing spaces. Widths are
/// counted in `Character`s, which is right for the Latin text and numbers the demo prints (wide
/// East Asian characters would misalign). Line breaks and tabs in cells become spaces, so a row
/// is always one line.
package struct TextTable: Sendable, Equatable {
  /// How a column's cells sit in its width.
  package enum Alignment: Sendable, Equatable {
    /// Text: padded on the right.
    case left
    /// Numbers: padded on the left.
    case right
  }

  /// A column's header and alignment.
  package struct Column: Sendable, Equatable {
    /// The header text.
    package var title: String
    /// How the header and cells align.
    package var alignment: Alignment

    /// Creates a column.
    /// - Parameters:
    ///   - title: The header text.
    ///   - alignment: How the header and cells align; `.left` by default.
    package init(_ title: String, alignment: Alignment = .left) {
      self.title = title
      self.alignment = alignment
    }
  }

  /// The columns, left to right.
  package var columns: [Column]
  /// The rows, top to bottom; a row with fewer cells than columns is padded with empty cells,
  /// and cells beyond the last column form extra left-aligned columns without a header.
  package var rows: [[String]]

  /// Creates a table.
  /// - Parameters:
  ///   - columns: The columns.
  ///   - rows: The rows' cells.
  package init(columns: [Column], rows: [[String]] = []) {
    self.columns = columns
    self.rows = rows
  }

  /// The table as lines of text, each ending in `"\n"`: header, a rule of dashes, the rows.
  ///
  /// Complexity: O(cells).
  /// - Parameter style: ``TerminalStyle/ansi`` makes the header bold and the rule dim.
  /// - Returns: The rendered table.
  package func render(style: TerminalStyle = .plain) -> String {
    let cells = rows.map { $0.map(Self.oneLine) }
    let count = max(columns.count, cells.map(\.count).max() ?? 0)
    let alignments = (0..<count).map { $0 < columns.count ? columns[$0].alignment : .left }
    let titles = (0..<count).map { $0 < columns.count ? Self.oneLine(columns[$0].title) : "" }
    let widths = (0..<count).map { column in
      cells.reduce(titles[column].count) { max($0, column < $1.count ? $1[column].count : 0) }
    }
    func line(_ row: [String]) -> String {
      let padded = (0..<count).map { column in
        (column < row.count ? row[column] : "").padded(
          to: widths[column], alignment: alignments[column])
      }
      var text = padded.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text
    }
    var output = style.bold(line(titles)) + "\n"
    output += style.dim(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    output += "\n"
    for row in cells { output += line(row) + "\n" }
    return output
  }

  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }
}

extension String {
  /// The string padded with spaces to `width` characters; longer strings are left as they are.
  func padded(to width: Int, alignment: TextTable.Alignment) -> String {
    guard count < width else { return self }
    let padding = String(repeating: " ", count: width - count)
    return alignment == .left ? self + padding : padding + self
  }
}
