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
public enum HTTPPagingError: Error, Sendable, RetryableError, CustomStringConvertible {
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

  /// How many bytes of an error response's body ``status(statusCode:url:retryAfter:bodyPrefix:)``
  /// keeps: 1 KiB.
  public static let bodyPrefixLimit = 1024

  /// Whether retrying the same request may succeed: `true` for timeouts, lost, refused or
  /// missing connections (a body cut short included: ``URLSessionTransport`` reports it as
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
    case .decoding, .bodyTooLarge, .crossOriginCursor, .malformedLinkHeader, .invalidCursor:
      false
    }
  }

  /// The wait the server asked for with a 429 or 503 response's `Retry-After`, which an
  /// automatic retry honours (at least this long, capped by the backoff's `maxDelay`); `nil`
  /// for every other error. An HTTP-date was turned into seconds when the error was made (see
  /// ``HTTPPageSource``), so the wait does not grow stale while the error is kept.
  public var retryAfter: Duration? {
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
      .invalidCursor(let url, _):
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
  public var bodyText: String? {
    switch self {
    case .status(_, _, _, let body), .decoding(_, _, _, let body):
      String(decoding: body, as: UTF8.self)
    default: nil
    }
  }

  /// The coding path of a ``decoding(url:error:contentType:bodyPrefix:)`` error, as `rows[3].title`, else `nil`.
  public var codingPath: String? {
    guard case .decoding(_, let error, _, _) = self else { return nil }
    let context: DecodingError.Context? =
      switch error {
      case .typeMismatch(_, let context), .valueNotFound(_, let context),
        .dataCorrupted(let context):
        context
      case .keyNotFound(let key, let context):
        DecodingError.Context(
          codingPath: context.codingPath + [key], debugDescription: context.debugDescription)
      @unknown default: nil
      }
    guard let path = context?.codingPath else { return nil }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// How many bytes of a body a ``description`` quotes: 64.
  static let quotedBodyLimit = 64

  /// A sentence for logs and simple UIs. URLs appear with their query values, password and
  /// fragment replaced by `…` (names kept: `?api_key=…&_next=…`), so that no token reaches a
  /// log (fault class 29 of the rulebook); ``url`` has the full URL.
  public var description: String {
    switch self {
    case .status(let statusCode, let url, let retryAfter, _):
      "HTTP \(statusCode) from \(RedactedURL(url))"
        + (retryAfter.map { ", retry after \($0)" } ?? "") + ": \(bodyText ?? "")"
    case .decoding(let url, let error, let contentType, let body):
      "the body of \(RedactedURL(url)) (\(Self.describe(contentType: contentType, body: body))) "
        + "did not decode at '\(codingPath ?? "")': \(error)"
    case .bodyTooLarge(let url, let limit):
      "the body of \(RedactedURL(url)) is longer than \(limit) bytes"
    case .transport(let error):
      "the request failed: \(error.localizedDescription) (URLError \(error.code.rawValue))"
    case .crossOriginCursor(let url, let origin):
      "refused to follow \(RedactedURL(url)): it is not on \(origin) and its origin is not allowed"
    case .malformedLinkHeader(let url, let errors):
      "the Link header of \(RedactedURL(url)) is malformed: "
        + errors.map(\.description).joined(separator: "; ")
    case .invalidCursor(let url, let queryItem):
      "the \(queryItem) query item of \(RedactedURL(url)) is not an integer whose next page fits "
        + "in an Int"
    }
  }

  /// `Content-Type text/html, starting "<!DOCTYPE html>…"`, or `an empty body`.
  private static func describe(contentType: String?, body: Data) -> String {
    let type = "Content-Type " + (contentType ?? "none")
    guard !body.isEmpty else { return type + ", an empty body" }
    let quoted = String(decoding: body.prefix(quotedBodyLimit), as: UTF8.self).unicodeScalars
      .map { $0.properties.generalCategory == .control ? " " : String($0) }.joined()
    return type + ", starting \"" + quoted + (body.count > quotedBodyLimit ? "…\"" : "\"")
  }
}

extension HTTPPagingError {
  /// The status error for `response`: its code, its `Retry-After` (an HTTP-date turned into
  /// whole seconds, rounded up, from the response's `Date` header or else from now) and the
  /// start of `body`.
  static func status(_ response: HTTPURLResponse, body: Data, url: URL, now: Date = Date()) -> Self
  {
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
