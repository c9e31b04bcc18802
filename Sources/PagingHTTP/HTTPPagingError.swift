import Foundation
import Paging

/// Why ``HTTPPageSource`` could not load a page, with what a user or a retry policy needs to
/// act on it.
///
/// Conforms to `RetryableError`, so ``Paging/RetryPolicy/exponentialBackoff(_:)`` retries only
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
  case decoding(url: URL, error: DecodingError)
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
  /// missing connections and DNS failures, and for HTTP 408, 429 and 5xx; `false` otherwise.
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

  /// The HTTP status code of a ``status(statusCode:url:retryAfter:bodyPrefix:)`` error, else
  /// `nil`.
  public var statusCode: Int? {
    if case .status(let statusCode, _, _, _) = self { return statusCode }
    return nil
  }

  /// The start of an error response's body as text (UTF-8, invalid bytes replaced), else
  /// `nil`.
  public var bodyText: String? {
    if case .status(_, _, _, let body) = self { return String(decoding: body, as: UTF8.self) }
    return nil
  }

  /// The coding path of a ``decoding(url:error:)`` error, as `rows[3].title`, else `nil`.
  public var codingPath: String? {
    guard case .decoding(_, let error) = self else { return nil }
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

  /// A sentence for logs and simple UIs.
  public var description: String {
    switch self {
    case .status(let statusCode, let url, let retryAfter, _):
      "HTTP \(statusCode) from \(url)"
        + (retryAfter.map { ", retry after \($0)" } ?? "") + ": \(bodyText ?? "")"
    case .decoding(let url, let error):
      "the body of \(url) did not decode at '\(codingPath ?? "")': \(error)"
    case .bodyTooLarge(let url, let limit):
      "the body of \(url) is longer than \(limit) bytes"
    case .transport(let error):
      "the request failed: \(error.localizedDescription) (URLError \(error.code.rawValue))"
    case .crossOriginCursor(let url, let origin):
      "refused to follow \(url): it is not on \(origin) and its origin is not allowed"
    case .malformedLinkHeader(let url, let errors):
      "the Link header of \(url) is malformed: \(errors.map(\.description).joined(separator: "; "))"
    case .invalidCursor(let url, let queryItem):
      "the \(queryItem) query item of \(url) is not an integer whose next page fits in an Int"
    }
  }
}
