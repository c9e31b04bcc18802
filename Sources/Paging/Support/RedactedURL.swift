import Foundation

/// A URL as error descriptions print it: the user part, query values and the fragment
/// replaced by `…`, query item names kept (`https://…@api.example.com/v1/notes?api_key=…&_next=…`),
/// so that a log line never carries a token (fault class 29 of the rulebook). Code that needs
/// the full URL reads it from the error itself.
///
/// The host and the path are the app's when a page source was made for them, and a
/// response's otherwise (a next link that leads elsewhere on the host, to an allowed origin or
/// off it): a server can put a token in a path as well as in a query. So a host is printed
/// only on an origin some source was made for or allowed (``trust(endpoint:)``,
/// ``trust(scheme:host:port:)``), and a path only where a source was made for that origin and
/// path; any other is `…` (`https://api.example.com/…?cursor=…`). A next link to the source's
/// own path, as most servers write it, prints as the source's URL does.
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
  /// items) and fragment replaced by `…`, and its host and path too unless a page source was
  /// made for them.
  /// - Complexity: O(n) in the URL's length.
  package var description: String { Self.redacting(Substring(url.absoluteString)) }

  /// The origins and the paths on them whose text error descriptions print.
  private struct Endpoints: Sendable {
    /// `scheme://host[:port]`, lower-cased, as URLs write it.
    var origins: Set<String> = []
    /// An origin's text followed by a path (`https://api.example.com/v1/notes`).
    var paths: Set<String> = []
  }

  /// What page sources were made for. Bounded: past ``endpointLimit`` paths it starts again
  /// empty, which prints less, never more.
  private static let endpoints = Locked(Endpoints())

  /// How many paths are remembered at most (an app that makes a source for each search term
  /// in a path makes as many).
  private static let endpointLimit = 4_096

  /// Lets descriptions print `url`'s host and path (never its user part, query values or
  /// fragment): a page source calls it with the URL it was made for, which is the app's, so
  /// that a log says which endpoint failed.
  /// - Parameter url: A URL the app wrote.
  /// - Complexity: O(n) in the URL's length.
  package static func trust(endpoint url: URL) {
    let text = Substring(url.absoluteString)
    let end = text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
    let parts = split(text[..<end])
    endpoints.withLock { endpoints in
      if endpoints.paths.count >= endpointLimit { endpoints = Endpoints() }
      endpoints.origins.insert(parts.origin)
      endpoints.paths.insert(parts.origin + parts.path)
    }
  }

  /// Lets descriptions print the host of URLs on an origin (not their paths): a page source
  /// calls it with the origins it was allowed to follow cursors to.
  /// - Parameters:
  ///   - scheme: The scheme (`https`).
  ///   - host: The host.
  ///   - port: The port; `nil` or the scheme's default trusts the origin written with and
  ///     without it.
  package static func trust(scheme: String, host: String, port: Int?) {
    let origin = "\(scheme)://\(host)".lowercased()
    let isDefault =
      port == nil || (scheme.lowercased() == "http" && port == 80)
      || (scheme.lowercased() == "https" && port == 443)
    endpoints.withLock { endpoints in
      if endpoints.paths.count >= endpointLimit { endpoints = Endpoints() }
      if isDefault { endpoints.origins.insert(origin) }
      if let port { endpoints.origins.insert("\(origin):\(port)") }
    }
  }

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
    return redactingAuthorityAndPath(text) + query + fragment
  }

  /// `scheme://…@host/path` for `scheme://user:password@host/path` (and for a user name
  /// alone, which is often the token: `https://sk_live_…@api.example.com`), with the host and
  /// the path each `…` unless trusted (``trust(endpoint:)``).
  private static func redactingAuthorityAndPath(_ text: Substring) -> String {
    let parts = split(text)
    let (knowsOrigin, knowsPath) = endpoints.withLock {
      ($0.origins.contains(parts.origin), $0.paths.contains(parts.origin + parts.path))
    }
    let host = knowsOrigin || parts.host.isEmpty ? parts.host : "…"
    let path = knowsPath || parts.path.isEmpty || parts.path == "/" ? parts.path : "/…"
    return parts.scheme + (parts.hasUserPart ? "…@" : "") + host + path
  }

  /// A URL's text without its query and fragment, in parts. Without a scheme the authority
  /// starts after `//` (`//…@host/path`), or at the start of a text written without either
  /// (`…@host/path` for `user:password@host/path`): an `@` before the first `/` ends a user
  /// part.
  /// - Returns: The scheme with its `://` (or `//`, or nothing); whether a user part comes
  ///   next; the host and port; the path; and the origin as ``Endpoints`` keys it (the scheme
  ///   and the host, lower-cased, without the user part).
  private static func split(_ text: Substring) -> (
    scheme: Substring, hasUserPart: Bool, host: Substring, path: Substring, origin: String
  ) {
    let authorityStart =
      if let schemeEnd = text.range(of: "://") ?? text.range(of: #":\/\/"#) {
        schemeEnd.upperBound
      } else if text.hasPrefix("//") {
        text.index(text.startIndex, offsetBy: 2)
      } else {
        text.startIndex
      }
    let authorityEnd =
      text[authorityStart...].firstIndex { $0 == "/" || $0 == "\\" } ?? text.endIndex
    let authority = text[authorityStart..<authorityEnd]
    let at = authority.lastIndex(of: "@")
    let host = at.map { authority[authority.index(after: $0)...] } ?? authority
    let scheme = text[..<authorityStart]
    return (scheme, at != nil, host, text[authorityEnd...], (scheme + host).lowercased())
  }
}
