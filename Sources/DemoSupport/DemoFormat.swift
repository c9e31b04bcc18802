/// Number formats for the demo's text, without locale (the output must read the same on every
/// machine).
enum DemoFormat {
  /// A number with at most one decimal: `3`, `1.5`, `31.7`.
  static func decimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let magnitude = tenths.magnitude
    return magnitude % 10 == 0
      ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  /// A whole number with a comma between thousands: `10,017`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// A duration in seconds, rounded to the millisecond (for JSON that reads well).
  static func roundedSeconds(_ duration: Duration) -> Double {
    (duration / .milliseconds(1)).rounded() / 1_000
  }

  /// A duration in seconds with at most one decimal: `2 s`, `1.5 s`.
  static func seconds(_ duration: Duration) -> String {
    "\(decimal(duration / .seconds(1))) s"
  }
}

extension DemoFormat {
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
  static func wrap(_ text: String, width: Int, indent: Int = 0, firstLineUsed: Int = 0) -> String {
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
