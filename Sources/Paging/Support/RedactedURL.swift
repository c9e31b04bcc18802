import Foundation

/// A URL as error descriptions print it: the user part, query values and the fragment
/// replaced by `…`, query item names kept (`https://…@api.example.com/v1/notes?api_key=…&_next=…`),
/// so that a log line never carries a token (fault class 29 of the rulebook). Code that needs
/// the full URL reads it from the error itself.
///
/// The scheme, the host, the path and the query item names are the app's when a page source
/// was made for them, and a response's otherwise (a next link that leads elsewhere on the
/// host, to an allowed origin or off it): a server can put a token in any of them as well as
/// in a query value. So a scheme other than `http` and `https`, and a host, are printed only
/// on an origin some source was made for or allowed (``trust(endpoint:names:)``,
/// ``trust(scheme:host:port:)``), a path only where a source was made for that origin and
/// path, and a query item's name only where the app sets it on that path; any other is `…`
/// (`https://api.example.com/…?page=…&…`). A next link to the source's own path, as most
/// servers write it, prints as the source's URL does, but for names only the server chose.
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
      return PagingError.oneLine("\(cursor)")
    }
    return "(a cursor of type \(type(of: cursor)), not quoted)"
  }

  /// The URL with its user part (user name and password), query values (and bare query
  /// items) and fragment replaced by `…`, and its scheme, host, path and query item names too
  /// unless a page source was made for them.
  /// - Complexity: O(n) in the URL's length.
  package var description: String { Self.redacting(Substring(url.absoluteString)) }

  /// The origins, and the paths on them with their query item names, whose text error
  /// descriptions print.
  private struct Endpoints: Sendable {
    /// `scheme://host[:port]`, lower-cased, without a default port.
    var origins: Set<String> = []
    /// An origin's key followed by a path (`https://api.example.com/v1/notes`), with the names
    /// of the query items the app sets there.
    var paths: [String: Set<Substring>] = [:]

    /// Makes room for one more key: past ``endpointLimit`` keys it starts again empty, which
    /// prints less, never more.
    mutating func makeRoom() {
      if origins.count + paths.count >= endpointLimit { self = Endpoints() }
    }
  }

  /// What page sources were made for.
  private static let endpoints = Locked(Endpoints())

  /// How many origins and paths are remembered at most (an app that makes a source for each
  /// search term in a path makes as many).
  private static let endpointLimit = 4_096

  /// Lets descriptions print `url`'s scheme, host, path and query item names (never its user
  /// part, query values or fragment): a page source calls it with the URL it was made for,
  /// which is the app's, so that a log says which endpoint failed.
  /// - Parameters:
  ///   - url: A URL the app wrote.
  ///   - names: The names of other query items the app sets on that path (a page number's,
  ///     a page size's).
  /// - Complexity: O(n) in the URL's length and the names.
  package static func trust(endpoint url: URL, names: [String] = []) {
    let text = Substring(url.absoluteString)
    let (rest, query) = splitQuery(text[..<(text.firstIndex(of: "#") ?? text.endIndex)])
    let parts = split(rest)
    let own = Set(
      queryItems(query).compactMap { $0.firstIndex(of: "=").map($0.prefix(upTo:)) ?? $0 })
    endpoints.withLock { endpoints in
      endpoints.makeRoom()
      endpoints.origins.insert(parts.origin)
      endpoints.paths[parts.origin + parts.path, default: []].formUnion(
        own.union(names.map { Substring($0) }))
    }
  }

  /// Lets descriptions print the scheme and host of URLs on an origin (not their paths): a
  /// page source calls it with the origins it was allowed to follow cursors to.
  /// - Parameters:
  ///   - scheme: The scheme (`https`).
  ///   - host: The host.
  ///   - port: The port; `nil` or the scheme's default trusts the origin written with and
  ///     without it.
  package static func trust(scheme: String, host: String, port: Int?) {
    let origin = originKey("\(scheme)://\(host)" + (port.map { ":\($0)" } ?? ""))
    endpoints.withLock { endpoints in
      endpoints.makeRoom()
      endpoints.origins.insert(origin)
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
  /// replaced by `…`, and its scheme, host, path and query item names too unless a page
  /// source was made for them (``trust(endpoint:names:)``): a next link that leads elsewhere
  /// named them itself.
  private static func redacting(_ url: Substring) -> String {
    var text = url
    var fragment = ""
    if let hash = text.firstIndex(of: "#") {
      fragment = text[text.index(after: hash)...].isEmpty ? "#" : "#…"
      text = text[..<hash]
    }
    let (rest, query) = splitQuery(text)
    let parts = split(rest)
    let (knowsOrigin, names) = endpoints.withLock {
      ($0.origins.contains(parts.origin), $0.paths[parts.origin + parts.path])
    }
    // `http` and `https` are no one's text; another scheme a response named may be.
    let named = parts.scheme.prefix { $0 != ":" }.lowercased()
    let scheme =
      knowsOrigin || !parts.scheme.contains(":") || named == "http" || named == "https"
      ? parts.scheme : "…://"
    let host = knowsOrigin || parts.host.isEmpty ? parts.host : "…"
    let path = names != nil || parts.path.isEmpty || parts.path == "/" ? parts.path : "/…"
    var redacted = scheme + (parts.hasUserPart ? "…@" : "") + host + path
    if let query {
      redacted +=
        "?"
        + queryItems(query).map { item -> String in
          guard let equals = item.firstIndex(of: "=") else { return item.isEmpty ? "" : "…" }
          // A name the app did not set is the response's: it may be the token itself.
          guard names?.contains(item[..<equals]) == true else { return "…" }
          return item[..<equals] + (item[item.index(after: equals)...].isEmpty ? "=" : "=…")
        }.joined(separator: "&")
    }
    return redacted + fragment
  }

  /// `text` split at its first `?`: what comes before, and the query after it (`nil` when
  /// there is none).
  private static func splitQuery(_ text: Substring) -> (Substring, Substring?) {
    guard let mark = text.firstIndex(of: "?") else { return (text, nil) }
    return (text[..<mark], text[text.index(after: mark)...])
  }

  /// A query's items, as written (`name=value`, or a bare `name`).
  private static func queryItems(_ query: Substring?) -> [Substring] {
    query.map { $0.split(separator: "&", omittingEmptySubsequences: false) } ?? []
  }

  /// A URL's text without its query and fragment, in parts. Without a scheme the authority
  /// starts after `//` (`//…@host/path`), or at the start of a text written without either
  /// (`…@host/path` for `user:password@host/path`): an `@` before the first `/` ends a user
  /// part.
  /// - Returns: The scheme with its `://` (or `//`, or nothing); whether a user part comes
  ///   next; the host and port; the path; and the origin as ``Endpoints`` keys it
  ///   (``originKey(_:)``).
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
    return (scheme, at != nil, host, text[authorityEnd...], originKey(String(scheme + host)))
  }

  /// An origin as ``Endpoints`` keys it: lower-cased, without the scheme's default port
  /// (`https://api.example.com` for `HTTPS://API.example.com:443`), as a server receives it.
  private static func originKey(_ origin: String) -> String {
    let key = origin.lowercased()
    for (scheme, port) in [("https://", ":443"), ("http://", ":80")]
    where key.hasPrefix(scheme) && key.hasSuffix(port) {
      return String(key.dropLast(port.count))
    }
    return key
  }
}
