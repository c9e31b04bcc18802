import Foundation
import Paging

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why ``HTTPPageSource`` could not load a page, with what a user or a retry policy needs to
/// act on it.
///
/// Conforms to `RetryableError`, so `RetryPolicy.exponentialBackoff(_:)` retries only
/// what can succeed later: timeouts, lost or refused connections, HTTP 408, 429 and 5xx.
///
/// Its ``description`` (and `localizedDescription`, through `LocalizedError`) is one line
/// that carries no secret: URLs lose their user part, query values and fragment (each
/// replaced by `…`) and keep their host, path and query item names where a page source was
/// made for them; a host, path or name that only a next link named is `…` too (fault class 29
/// of the rulebook), since a response can put anything there. Nothing of a body is quoted, since a body can carry
/// anything (a token echoed back, a user's data): a body is described by its size and
/// `Content-Type`, and GraphQL errors by their count. Code reads the body from ``bodyText`` and the messages from the case.
///
/// A page source of your own can throw these too: ``status(_:body:url:now:)``,
/// ``decoding(url:error:response:body:)`` and ``HTTPTransport/checkedResponse(for:maximumBodySize:)``
/// make them, and ``HTTPOrigin/check(_:against:allowing:)`` refuses a cursor on another origin.
public enum HTTPPagingError: Error, Sendable, RetryableError, CustomStringConvertible,
  LocalizedError
{
  /// The server answered with a status outside 200...299. A `Link` header or a cursor in such
  /// a response is never followed.
  /// - Parameters:
  ///   - statusCode: The HTTP status code.
  ///   - url: The URL that was requested.
  ///   - retryAfter: The `Retry-After` header, when present and readable.
  ///   - bodyPrefix: The first ``bodyPrefixLimit`` bytes of the body (the server's message).
  case status(statusCode: Int, url: URL, retryAfter: RetryAfter?, bodyPrefix: Data)
  /// The body did not decode into the expected shape; the `DecodingError` carries the coding
  /// path from the top of the body (e.g. `rows[3].title`).
  /// - Parameters:
  ///   - url: The URL that was requested.
  ///   - error: The decoder's error.
  ///   - contentType: The response's `Content-Type`, if any (an HTML error page says
  ///     `text/html`).
  ///   - bodyPrefix: The first ``bodyPrefixLimit`` bytes of the body (empty for an empty body).
  case decoding(url: URL, error: DecodingError, contentType: String?, bodyPrefix: Data)
  /// The body was longer than the source's `maximumBodySize`, in bytes; it was not decoded.
  case bodyTooLarge(url: URL, limit: Int)
  /// The request did not complete: no connection, a timeout, a lost connection, TLS failure.
  case transport(URLError)
  /// The next page lies on another origin (scheme, host or port) than the first page and that
  /// origin is not in the source's `allowedOrigins`; it was not requested, so no header of
  /// this source reached it.
  case crossOriginCursor(url: URL, origin: HTTPOrigin)
  /// The response's `Link` header could not be read and held no link of the wanted relation,
  /// so whether a next page exists is unknown.
  case malformedLinkHeader(url: URL, errors: [LinkHeaderError])
  /// A cursor URL's page number or offset query item is not an integer, or is one whose next
  /// page number or offset does not fit in an `Int`.
  case invalidCursor(url: URL, queryItem: String)
  /// A header that the strategy reads a number from (``HTTPPageField``) is missing (`value`
  /// is `nil`) or does not hold a non-negative integer where the field says.
  /// - Parameters:
  ///   - url: The URL that was requested.
  ///   - name: The header's name.
  ///   - value: The header's value, or `nil` when the response has no such header.
  case malformedHeader(url: URL, name: String, value: String?)
  /// A GraphQL response carried a non-empty `errors` array (whatever its HTTP status and
  /// whether or not `data` came with it).
  /// - Parameters:
  ///   - url: The URL that was requested.
  ///   - messages: Each error's `message`.
  case graphQL(url: URL, messages: [String])
  /// The source's URL is not an absolute `http` or `https` URL with a host
  /// (`api.example.com/notes` lacks its scheme), so no page can be requested.
  case invalidURL(URL)
  /// The server's rate limit is spent and its reset is further away than the source's
  /// `maximumRateLimitWait`, so the request was not sent (or, after a 403 or 429 that said
  /// so, not sent again). Retryable, with the wait as ``retryAfter``.
  /// - Parameters:
  ///   - url: The URL that would have been requested.
  ///   - wait: The time left until the limit resets, when the error was made.
  case rateLimited(url: URL, wait: Duration)

  /// How many bytes of an error response's body ``status(statusCode:url:retryAfter:bodyPrefix:)``
  /// keeps: 1 KiB.
  public static let bodyPrefixLimit = 1024

  /// Whether retrying the same request may succeed: `true` for timeouts, lost, refused or
  /// missing connections (a body cut short included: both transports report it as
  /// `URLError.networkConnectionLost`) and DNS failures, and for HTTP 408, 429 and 5xx;
  /// `false` otherwise, so never for 401 or 403 (fault class 27 of the rulebook).
  public var isRetryable: Bool {
    switch self {
    case .status(let statusCode, _, _, _):
      statusCode == 408 || statusCode == 429 || (500...599).contains(statusCode)
    case .transport(let error):
      [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
        .dnsLookupFailed, .cannotFindHost,
      ].contains(error.code)
    case .rateLimited: true
    case .decoding, .bodyTooLarge, .crossOriginCursor, .malformedLinkHeader, .invalidCursor,
      .malformedHeader, .graphQL, .invalidURL:
      false
    }
  }

  /// The wait the server asked for with a 429 or 503 response's `Retry-After`, or the time to
  /// a spent rate limit's reset (``rateLimited(url:wait:)``), which an automatic retry honours
  /// (at least this long; longer than the backoff's `maxDelay`, not retried at all); `nil`
  /// for every other error. An HTTP-date was turned into seconds when the error was made (see
  /// ``HTTPPageSource``), so the wait does not grow stale while the error is kept.
  public var retryAfter: Duration? {
    if case .rateLimited(_, let wait) = self { return wait }
    guard case .status(let statusCode, _, let retryAfter?, _) = self,
      statusCode == 429 || statusCode == 503
    else { return nil }
    return retryAfter.delay(from: Date())
  }

  /// The URL of the request that failed, in full (query values included, unlike
  /// ``description``); for a transport error, its failing URL when Foundation gives one.
  public var url: URL? {
    switch self {
    case .status(_, let url, _, _), .decoding(let url, _, _, _), .bodyTooLarge(let url, _),
      .crossOriginCursor(let url, _), .malformedLinkHeader(let url, _),
      .invalidCursor(let url, _), .malformedHeader(let url, _, _), .graphQL(let url, _),
      .invalidURL(let url), .rateLimited(let url, _):
      url
    case .transport(let error): error.failingURL
    }
  }

  /// The HTTP status code of a ``status(statusCode:url:retryAfter:bodyPrefix:)`` error, else
  /// `nil`.
  public var statusCode: Int? {
    if case .status(let statusCode, _, _, _) = self { return statusCode }
    return nil
  }

  /// The start of an error response's body, or of a body that did not decode, as text (UTF-8,
  /// invalid bytes replaced), else `nil`.
  /// - Complexity: O(*b*) in the length of the kept body prefix (at most ``bodyPrefixLimit``
  ///   bytes).
  public var bodyText: String? {
    switch self {
    case .status(_, _, _, let body), .decoding(_, _, _, let body):
      String(decoding: body, as: UTF8.self)
    default: nil
    }
  }

  /// The coding path of a ``decoding(url:error:contentType:bodyPrefix:)`` error, as `rows[3].title`, else `nil`.
  /// Every key is given as the decoder saw it, a dictionary's keys too, which the response
  /// chose; ``description`` names only a type's own keys (see there).
  /// - Complexity: O(*p*) in the coding path's length.
  public var codingPath: String? {
    decodingPath.map { Self.text(of: $0, naming: { _ in true }) }
  }

  /// The coding path of a ``decoding(url:error:contentType:bodyPrefix:)`` error, the missing
  /// key last for `keyNotFound`, else `nil`.
  private var decodingPath: [any CodingKey]? {
    guard case .decoding(_, let error, _, _) = self else { return nil }
    return switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      context.codingPath
    case .keyNotFound(let key, let context): context.codingPath + [key]
    @unknown default: nil
    }
  }

  /// `rows[3].title`: indices in brackets, keys joined by dots, a key that `naming` refuses
  /// as `…`.
  private static func text(of path: [any CodingKey], naming: (any CodingKey) -> Bool) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        let name = naming(key) ? key.stringValue : "…"
        text += text.isEmpty ? name : ".\(name)"
      }
    }
    return text
  }

  /// Whether `key` is named in a description: a case of a `CodingKey` enum (a type's own
  /// keys, synthesised or written out) or a path of the source's strategy. Any other key
  /// (a dictionary's, or one a type made from whatever keys came) is text the response
  /// chose, so it is not quoted (fault class 29 of the rulebook).
  private static func isDeclared(_ key: any CodingKey) -> Bool {
    guard !(key is JSONKey) else { return true }
    // A case with a payload (`case other(String)`) holds a key the response chose.
    let mirror = Mirror(reflecting: key)
    return mirror.displayStyle == .enum && mirror.children.isEmpty
  }

  /// One line for logs and simple UIs. URLs appear with their user part, query values and
  /// fragment replaced by `…` (a name kept where the app sets it: `?api_key=…&page=…`), a
  /// host, path or name that only a next link named replaced too, no part of a body is
  /// quoted (its size and `Content-Type` are given instead), and a decoding error's path names
  /// a type's own keys but gives a key the response chose (a dictionary's) as `…`
  /// (`rows[3].tags.…`), so that no token reaches a log
  /// (fault class 29 of the rulebook); ``url``, ``bodyText`` and the associated values have
  /// them in full.
  /// - Complexity: O(n) in the text's length.
  public var description: String {
    switch self {
    case .status(let statusCode, let url, let retryAfter, let body):
      "HTTP \(statusCode) from \(RedactedURL(url))"
        + (retryAfter == nil ? "" : ", with a Retry-After") + ", "
        + Self.size(of: body)
    case .decoding(let url, let error, let contentType, let body):
      PagingError.oneLine(
        "the body of \(RedactedURL(url)) (\(Self.describe(contentType: contentType, body: body))) "
          + "did not decode "
          + (decodingPath.map {
            $0.isEmpty ? "at its top level" : "at \(Self.text(of: $0, naming: Self.isDeclared))"
          } ?? "")
          + ": \(Self.describe(error))")
    case .bodyTooLarge(let url, let limit):
      "the body of \(RedactedURL(url)) is longer than \(limit) bytes"
    case .transport(let error): PagingError.describing(error)
    case .crossOriginCursor(let url, let origin):
      "refused to follow \(RedactedURL(url)): it is not on \(origin) and its origin is not allowed"
    case .malformedLinkHeader(let url, let errors):
      PagingError.oneLine(
        "the Link header of \(RedactedURL(url)) is malformed: "
          + errors.map(\.description).joined(separator: "; "))
    case .invalidCursor(let url, let queryItem):
      "the next page after \(RedactedURL(url)) cannot be requested: its \(queryItem) is not an "
        + "integer whose next page fits in an Int, or the next request could not be made"
    case .malformedHeader(let url, let name, let value?):
      "the \(name) header of \(RedactedURL(url)) does not hold a non-negative integer where "
        + "expected (it holds \(value.utf8.count) bytes, not quoted)"
    case .malformedHeader(let url, let name, nil):
      "the response of \(RedactedURL(url)) has no \(name) header"
    case .graphQL(let url, let messages):
      "GraphQL errors from \(RedactedURL(url)): \(messages.count) "
        + (messages.count == 1 ? "error" : "errors") + " (their messages are not quoted)"
    case .rateLimited(let url, _):
      "the rate limit of \(RedactedURL(url)) is spent, and its reset is further away than the "
        + "source's maximumRateLimitWait"
    case .invalidURL(let url):
      "the source's URL \"\(RedactedURL(url))\" is not an absolute http or https URL with a "
        + "host; write it in full (https://api.example.com/v1/notes)"
    }
  }

  /// The same line as ``description``, for `localizedDescription` and alerts.
  /// - Complexity: O(n) in the text's length.
  public var errorDescription: String? { description }

  /// `a Content-Type that is not JSON, a body of 6 bytes`, or `a JSON Content-Type, …`: whether
  /// the header names JSON (`application/json`, `…+json`), never its value, which a server or
  /// a proxy may have filled with anything.
  private static func describe(contentType: String?, body: Data) -> String {
    let kind: String
    if let contentType {
      let media = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        .lowercased()
      let json = media.map { $0 == "application/json" || $0.hasSuffix("+json") } ?? false
      kind = json ? "a JSON Content-Type" : "a Content-Type that is not JSON"
    } else {
      kind = "no Content-Type"
    }
    return kind + ", " + size(of: body)
  }

  /// `an empty body`, `a body of 6 bytes`, or, for a body cut at ``bodyPrefixLimit``,
  /// `a body of at least 1024 bytes (the first 1024 kept)`: the body's size, never its
  /// content.
  private static func size(of body: Data) -> String {
    if body.isEmpty { return "an empty body" }
    if body.count >= bodyPrefixLimit {
      return "a body of at least \(bodyPrefixLimit) bytes (the first \(bodyPrefixLimit) kept)"
    }
    return "a body of \(body.count) byte\(body.count == 1 ? "" : "s")"
  }

  /// A decoding error in one line: what went wrong and the type expected, never the
  /// decoder's own text, which may quote the value it read (a date decoder's "invalid date:
  /// …", say).
  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .typeMismatch(let type, _): "a value is not of the type expected (\(type))"
    case .valueNotFound(let type, _): "a value is null or missing where \(type) is expected"
    case .keyNotFound(let key, _):
      isDeclared(key) ? "the key \"\(key.stringValue)\" is missing" : "a key is missing"
    case .dataCorrupted: "the body is not valid JSON, or a value is not in the form expected"
    @unknown default: "it did not decode"
    }
  }
}

extension HTTPPagingError {
  /// The status error for `response`: its code, its `Retry-After` (an HTTP-date turned into
  /// whole seconds, rounded up, from the response's `Date` header or else from now) and the
  /// start of `body`.
  /// - Parameters:
  ///   - response: The response whose status is outside 200...299.
  ///   - body: Its body (only the first ``bodyPrefixLimit`` bytes are kept).
  ///   - url: The URL that was requested.
  ///   - now: The time the response arrived (default: now).
  /// - Returns: The error.
  public static func status(
    _ response: HTTPURLResponse, body: Data, url: URL, now: Date = Date()
  ) -> Self {
    var retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap(RetryAfter.init)
    if case .date(let date)? = retryAfter {
      let reference = response.value(forHTTPHeaderField: "Date").flatMap(RetryAfter.init).flatMap {
        if case .date(let serverNow) = $0 { serverNow } else { nil }
      }
      let seconds = date.timeIntervalSince(reference ?? now).rounded(.up)
      retryAfter = .seconds(seconds.isFinite ? Int(max(0, min(seconds, 1e9))) : 0)
    }
    return .status(
      statusCode: response.statusCode, url: url, retryAfter: retryAfter,
      bodyPrefix: body.prefix(bodyPrefixLimit))
  }
}

extension HTTPPagingError {
  /// The decoding error for a body of `response` that did not decode: the decoder's error
  /// (with its coding path), the content type and the start of the body.
  /// - Parameters:
  ///   - url: The URL that was requested.
  ///   - error: The decoder's error.
  ///   - response: The response, for its `Content-Type`.
  ///   - body: The body (only the first ``bodyPrefixLimit`` bytes are kept).
  /// - Returns: The error.
  public static func decoding(
    url: URL, error: DecodingError, response: HTTPURLResponse, body: Data
  ) -> Self {
    .decoding(
      url: url, error: error, contentType: response.value(forHTTPHeaderField: "Content-Type"),
      bodyPrefix: body.prefix(bodyPrefixLimit))
  }
}
