import Foundation
import Paging

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The cursor of an ``HTTPPageSource``: the request that loads a page, its URL, method and
/// body. For a `GET` it is the page's URL (the `Link` target itself; the same URL with the
/// token, page number or offset set for the other strategies); a `POST` (a GraphQL connection,
/// a cursor in the request body) carries its body, which is what tells one page from the next
/// when every page is posted to the same URL.
///
/// Two cursors are equal when they would send the same request (URL, method and body; the
/// scheme and host compared without case, a default port as none, the fragment left out): the
/// engine's repeated-cursor check compares what would actually be requested, and a saved
/// cursor (`Codable`) resumes exactly where it left off. ``itemsBefore`` is bookkeeping and
/// takes no part in equality.
///
/// Its ``description`` redacts the URL and never prints the body, so a cursor in an error's
/// description carries no token (fault class 29 of the rulebook).
public struct HTTPCursor: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The page's absolute URL.
  public var url: URL
  /// The HTTP method, upper-case (`GET`, `POST`).
  public var method: String
  /// The request body (JSON), or `nil` for none.
  public var body: Data?
  /// How many items the pages before this one held, when the walk that made the cursor
  /// counted them (page-number strategies compare it with a total count); `nil` when unknown,
  /// as for a cursor made by hand.
  public var itemsBefore: Int?

  /// Creates a cursor.
  /// - Parameters:
  ///   - url: The page's absolute URL.
  ///   - method: The HTTP method (default `GET`; `POST` when `body` is given and this is
  ///     left out).
  ///   - body: The request body (JSON), if any.
  ///   - itemsBefore: How many items the pages before held, if known.
  public init(url: URL, method: String? = nil, body: Data? = nil, itemsBefore: Int? = nil) {
    self.url = url
    self.method = (method ?? (body == nil ? "GET" : "POST")).uppercased()
    self.body = body
    self.itemsBefore = itemsBefore
  }

  /// The request for this cursor: its URL, method and body, with `Content-Type:
  /// application/json` when it has a body.
  public var urlRequest: URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = method
    if let body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    return request
  }

  /// `https://api.example.com/notes?page=…` for a `GET`; `POST https://api.example.com/graphql
  /// (a body of 120 bytes)` otherwise. Query values and the user part are replaced by `…`, and
  /// so are a host and a path that no ``HTTPPageSource`` was made for (a next link's that leads
  /// elsewhere); the body is never printed.
  /// - Complexity: O(n) in the URL's length.
  public var description: String {
    let url = RedactedURL(url).description
    guard method != "GET" || body != nil else { return url }
    return "\(method) \(url)" + (body.map { " (a body of \($0.count) bytes)" } ?? "")
  }

  /// Whether two cursors send the same request: the same URL, method and body.
  /// - Complexity: O(n) in the length of the URLs and bodies.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.method == rhs.method && lhs.body == rhs.body && lhs.requested == rhs.requested
  }

  /// Hashes the URL as requested, the method and the body (what `==` compares).
  /// - Parameter hasher: The hasher.
  /// - Complexity: O(n) in the length of the URL and body.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(requested)
    hasher.combine(method)
    hasher.combine(body)
  }

  /// The URL as the server receives it: the scheme and the host are case-insensitive
  /// (RFC 3986 section 6.2.2.1), a scheme's default port is the same as none and an empty path
  /// is `/` (6.2.3), and the fragment is never sent; so `HTTPS://API.example.com:443/v1/notes#top` is
  /// `https://api.example.com/v1/notes`. The path and the query stay as written: a server may
  /// tell `?a=1&b=2` from `?b=2&a=1`.
  /// - Complexity: O(n) in the URL's length.
  private var requested: String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url.absoluteString
    }
    components.fragment = nil
    let scheme = components.scheme?.lowercased()
    components.scheme = scheme
    components.percentEncodedHost = components.percentEncodedHost?.lowercased()
    if (scheme == "http" && components.port == 80) || (scheme == "https" && components.port == 443)
    {
      components.port = nil
    }
    // An empty path is `/` in a request (RFC 3986 section 6.2.3).
    if scheme == "http" || scheme == "https", components.percentEncodedPath.isEmpty {
      components.percentEncodedPath = "/"
    }
    return components.string ?? url.absoluteString
  }
}
