import Foundation

/// A URL as error descriptions print it: the user part, query values and the fragment
/// replaced by `…`, query item names kept (`https://…@api.example.com/v1/notes?api_key=…&_next=…`),
/// so that a log line never carries a token (fault class 29 of the rulebook). Code that needs
/// the full URL reads it from the error itself.
///
/// The engine's errors print URL cursors with it, and `PagingHTTP`'s errors their URLs, with
/// ``redactingURLs(in:)`` for text that may quote URLs (a server's error body):
///
/// ```swift
/// var description: String { "HTTP \(status) from \(RedactedURL(url))" }
/// ```
package struct RedactedURL: CustomStringConvertible, Sendable, Hashable {
  /// The URL, in full.
  package let url: URL

  /// Wraps `url`.
  /// - Parameter url: The URL to print redacted.
  package init(_ url: URL) { self.url = url }

  /// How an error description prints a cursor: a `URL` redacted; text not at all, only its
  /// length (an opaque cursor from a response is a token as often as not: Base64 of a signed
  /// position, a continuation token); a number as it is (a page number, an offset); an
  /// optional as what it wraps; a case without a payload by its name; a type of the app's or
  /// a package's with a `description` of its own (not a collection) as that says, since such a
  /// type decides what it shows (`HTTPCursor` redacts its URL); anything else by its type
  /// alone, since reflection, a collection's description or a standard type's (`Character`,
  /// `AttributedString`) would print the text it holds (`token("…")`, `["…"]`).
  /// - Parameter cursor: Any cursor.
  /// - Returns: The text.
  /// - Complexity: O(n) in the text's length.
  package static func describing(_ cursor: some Hashable & Sendable) -> String {
    describing(any: cursor)
  }

  /// ``describing(_:)`` for a value of any type (an optional's wrapped value).
  private static func describing(any cursor: Any) -> String {
    if let url = cursor as? URL { return "\(RedactedURL(url))" }
    if let text = cursor as? any StringProtocol {
      return "(text of \(text.count) characters, not quoted)"
    }
    if let number = cursor as? any BinaryInteger { return "\(number)" }
    if let number = cursor as? any BinaryFloatingPoint { return "\(number)" }
    let mirror = Mirror(reflecting: cursor)
    if mirror.displayStyle == .optional {
      return mirror.children.first.map { describing(any: $0.value) } ?? "nil"
    }
    if mirror.displayStyle == .enum, mirror.children.isEmpty { return "\(cursor)" }
    // A type of the standard library's or Foundation's that is not a number holds text or
    // data more often than not (`Character`, `AttributedString`, `Data`, an array): by type.
    let module = String(reflecting: type(of: cursor)).prefix { $0 != "." }
    if cursor is any CustomStringConvertible, !(cursor is any Collection),
      module != "Swift", module != "Foundation", module != "FoundationEssentials"
    {
      return "\(cursor)"
    }
    return "(a cursor of type \(type(of: cursor)), not quoted)"
  }

  /// The URL with its user part (user name and password), query values (and bare query
  /// items) and fragment replaced by `…`.
  /// - Complexity: O(n) in the URL's length.
  package var description: String { Self.redacting(Substring(url.absoluteString)) }

  /// `text` with every URL in it redacted as ``description`` redacts one: each absolute URL
  /// (`scheme://…`, JSON's escaped `scheme:\/\/…` too) loses its user part, query values and
  /// fragment, and so does each relative reference with a query (`/notes?api_key=…`). Use it
  /// before quoting a server's body in an error's description.
  /// - Parameter text: Any text, such as the start of a response body.
  /// - Returns: The text with those parts replaced by `…`.
  /// - Complexity: O(n) in the text's length.
  package static func redactingURLs(in text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let start = rest.firstIndex(where: { !isDelimiter($0) }) {
      result += rest[..<start]
      let end = rest[start...].firstIndex(where: isDelimiter) ?? rest.endIndex
      var token = rest[start..<end]
      // Punctuation that ends a sentence is not part of the URL before it.
      let trailing = token.reversed().prefix { ",.;:!)".contains($0) }.count
      let punctuation = token.suffix(trailing)
      token = token.dropLast(trailing)
      let isURL =
        token.contains("://") || token.contains(#":\/\/"#)
        || (token.contains("?") && token.contains("="))
      result += (isURL ? redacting(token) : String(token)) + punctuation
      rest = rest[end...]
    }
    return result + rest
  }

  /// Characters that cannot be part of a URL as text quotes it (RFC 3986 appendix C).
  private static func isDelimiter(_ character: Character) -> Bool {
    character.isWhitespace || "\"'<>`{}|^".contains(character)
  }

  /// `text` (a URL, absolute or relative) with its user part, query values and fragment
  /// replaced by `…`.
  private static func redacting(_ url: Substring) -> String {
    var text = url
    var fragment = ""
    if let hash = text.firstIndex(of: "#") {
      fragment = text[text.index(after: hash)...].isEmpty ? "#" : "#…"
      text = text[..<hash]
    }
    var query = ""
    if let mark = text.firstIndex(of: "?") {
      let items = text[text.index(after: mark)...].split(
        separator: "&", omittingEmptySubsequences: false)
      query =
        "?"
        + items.map { item -> String in
          guard let equals = item.firstIndex(of: "=") else { return item.isEmpty ? "" : "…" }
          return item[..<equals] + (item[item.index(after: equals)...].isEmpty ? "=" : "=…")
        }.joined(separator: "&")
      text = text[..<mark]
    }
    return redactingUserPart(text) + query + fragment
  }

  /// `scheme://…@host/path` for `scheme://user:password@host/path` (and for a user name
  /// alone, which is often the token: `https://sk_live_…@api.example.com`). Without a scheme
  /// the authority starts after `//` (`//…@host/path`), or at the start of a text written
  /// without either (`…@host/path` for `user:password@host/path`): an `@` before the first
  /// `/` ends a user part.
  private static func redactingUserPart(_ text: Substring) -> String {
    let authorityStart =
      if let schemeEnd = text.range(of: "://") ?? text.range(of: #":\/\/"#) {
        schemeEnd.upperBound
      } else if text.hasPrefix("//") {
        text.index(text.startIndex, offsetBy: 2)
      } else {
        text.startIndex
      }
    let authorityEnd = text[authorityStart...].firstIndex { $0 == "/" || $0 == "\\" }
    let authority = text[authorityStart..<(authorityEnd ?? text.endIndex)]
    guard let at = authority.lastIndex(of: "@") else { return String(text) }
    return text[..<authorityStart] + "…" + text[at...]
  }
}
