import Foundation

/// Reads one value at a path of object keys from a JSON body without decoding the rest: the
/// bytes before it are skipped, strings and nesting respected. A walk asks for the next page
/// with it while the page's items decode (``HTTPPageSource/loadPage(_:nextCursorKnown:)``);
/// what it reads is a guess the walk checks against the decoded page, so anything it cannot
/// read cheaply is `nil`, never an error.
enum JSONSkim {
  /// The string at `path` (its text unescaped), or a number's text; `nil` for anything else,
  /// a missing key, or a body that is not a JSON object.
  /// - Complexity: O(n) in the body's length up to the value.
  static func text(at path: [String], in data: Data) -> String? {
    guard !path.isEmpty else { return nil }
    return data.withUnsafeBytes { bytes in
      var scanner = Scanner(bytes: bytes)
      return scanner.text(at: path[...])
    }
  }

  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private var byte: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
      while let byte, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// The value at `path` in the object that starts here.
    mutating func text(at path: ArraySlice<String>) -> String? {
      guard let key = path.first else { return nil }
      skipSpace()
      guard byte == UInt8(ascii: "{") else { return nil }
      index += 1
      while true {
        skipSpace()
        guard byte == UInt8(ascii: "\""), let name = string() else { return nil }
        skipSpace()
        guard byte == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        if name == key { return path.count == 1 ? scalar() : text(at: path.dropFirst()) }
        guard skipValue() else { return nil }
        skipSpace()
        guard byte == UInt8(ascii: ",") else { return nil }
        index += 1
      }
    }

    /// The string that starts here, unescaped; the index moves past it.
    private mutating func string() -> String? {
      let start = index
      guard skipString() else { return nil }
      let raw = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])
      guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
      let quoted = Data(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
      return try? JSONDecoder().decode(String.self, from: quoted)
    }

    /// Moves past the string that starts here; `false` if it does not end. A quote ends the
    /// string unless an odd run of backslashes comes before it; quotes are found with `memchr`,
    /// since strings are most of a page's bytes and this runs before the next page is asked for.
    private mutating func skipString() -> Bool {
      index += 1
      guard let base = bytes.baseAddress else { return false }
      while index < bytes.count {
        guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), bytes.count - index)
        else { break }
        let quote = base.distance(to: UnsafeRawPointer(found))
        var backslashes = 0
        while quote - backslashes > index, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
          backslashes += 1
        }
        index = quote + 1
        if backslashes.isMultiple(of: 2) { return true }
      }
      index = bytes.count
      return false
    }

    /// A string's text or a number's; `nil` for anything else.
    private mutating func scalar() -> String? {
      guard let first = byte else { return nil }
      if first == UInt8(ascii: "\"") { return string() }
      guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
      else { return nil }
      let start = index
      while let byte, !Self.endsScalar(byte) { index += 1 }
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
        || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Moves past the value that starts here; `false` if the body ends first.
    private mutating func skipValue() -> Bool {
      guard let first = byte else { return false }
      switch first {
      case UInt8(ascii: "\""):
        return skipString()
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while let byte {
          switch byte {
          case UInt8(ascii: "\""):
            guard skipString() else { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              index += 1
              return true
            }
          default:
            break
          }
          index += 1
        }
        return false
      default:
        while let byte, !Self.endsScalar(byte) { index += 1 }
        return true
      }
    }
  }
}
