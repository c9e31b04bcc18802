import Foundation

/// A URL as error descriptions print it: query values, a password and the fragment replaced
/// by `…`, names kept (`https://api.example.com/v1/notes?api_key=…&_next=…`), so that a log
/// line never carries a token (fault class 29 of the rulebook). Code that needs the full URL
/// reads it from the error itself.
package struct RedactedURL: CustomStringConvertible, Sendable {
  /// The URL, in full.
  package let url: URL

  /// Wraps `url`.
  package init(_ url: URL) { self.url = url }

  /// How an error description prints a cursor: a `URL` redacted, anything else as
  /// `String(describing:)` (so that the engine's error types need not import Foundation).
  /// - Parameter cursor: Any cursor.
  /// - Returns: The text. O(n) in the text's length.
  package static func describing(_ cursor: some Hashable & Sendable) -> String {
    (cursor as? URL).map { "\(RedactedURL($0))" } ?? "\(cursor)"
  }

  /// The URL with query values (and bare query items), the password and the fragment
  /// replaced by `…`. O(n) in the URL's length.
  package var description: String {
    var text = Substring(url.absoluteString)
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
    return Self.redactingPassword(text) + query + fragment
  }

  /// `scheme://user:…@host/path` for `scheme://user:password@host/path`.
  private static func redactingPassword(_ text: Substring) -> String {
    guard let schemeEnd = text.range(of: "://") else { return String(text) }
    let authorityStart = schemeEnd.upperBound
    let authorityEnd = text[authorityStart...].firstIndex(of: "/") ?? text.endIndex
    let authority = text[authorityStart..<authorityEnd]
    guard let at = authority.lastIndex(of: "@"),
      let colon = authority[..<at].firstIndex(of: ":")
    else { return String(text) }
    return text[..<colon] + ":…" + text[at...]
  }
}
