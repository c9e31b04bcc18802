import Foundation

/// Why a load direction stopped, as a typed value a UI can show and act on.
///
/// Nothing already loaded is lost by any of these: the items stay, and the cursor stays at the
/// page that was not loaded.
public enum PagingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The ``PageSource`` threw. The associated value is the source's own error, whatever its
  /// type (a `PagingError` thrown by a source is wrapped too: only the engine decides that a
  /// cursor repeated; fault class 26 of the rulebook). The cursor did not move;
  /// ``Paginator/retry()`` requests the same cursor again.
  case sourceFailed(any Error)
  /// The server handed back a cursor whose page already committed in this generation, or that
  /// the other edge already loads or points to (a cycle across both edges); loading it would
  /// load a page twice or loop. Only a refresh clears it; ``Paginator/retry()`` leaves it.
  /// The associated value is the repeated cursor.
  case repeatedCursor(any Hashable & Sendable)
  /// This many pages in a row added no new item (all empty, or all duplicates), which is the
  /// limit set by ``PagingConfiguration``'s `maxPagesWithoutNewItems`. ``Paginator/retry()`` tries
  /// the next cursor again.
  case noNewItems(pages: Int)
  /// The source reported cancellation this many times in a row although the engine cancelled
  /// nothing; after that many reloads the edge stops, visibly, instead of leaving a blank,
  /// idle list (fault class 25). Retryable: ``Paginator/retry()`` loads the same cursor.
  case sourceCancelled(times: Int)
  /// The configuration's `maxSize` (``PagingConfiguration``) is below one page plus twice the
  /// largest prefetch distance, so the cap would drop a page that the rows on screen or the prefetch
  /// window need at once, and load it again, in a loop (fault class 20; Android Paging 3
  /// rejects the same configuration). Checked when a refresh commits, with the size of the
  /// page the source returned: the refresh then fails instead; not retryable.
  /// - Parameters:
  ///   - maxSize: The configured cap, in items.
  ///   - required: The smallest cap that works, in items: the page size plus twice the
  ///     largest prefetch distance the strategy can reach.
  case maxSizeTooSmall(maxSize: Int, required: Int)
  /// The engine reached a state its rules rule out (a defect of the engine, not of the
  /// source or the app): the load it concerned ends with this error.
  /// Debug builds trap at the fault instead.
  /// The text names the rule, never an item or a cursor.
  case internalInconsistency(String)
  /// The source failed with an error that asked for a wait (``RetryableError/retryAfter``:
  /// HTTP's `Retry-After`, or a rate limit's reset) longer than the automatic retry policy's
  /// ``ExponentialBackoff``'s `maxDelay`. The engine did not retry: a retry sooner than the
  /// server's wait would break its rule, and a wait longer than the policy allows would hold
  /// the list (or a walk) past what the app asked for. So the direction failed at once, with
  /// the wait, for a UI to say when to try again. Retryable: ``Paginator/retry()`` requests
  /// the same cursor (after `wait`, or the server refuses it again).
  /// - Parameters:
  ///   - wait: The server's wait, from the moment the error was made.
  ///   - maxDelay: The policy's longest wait.
  ///   - error: The source's error.
  case retryAfterTooLong(wait: Duration, maxDelay: Duration, error: any Error)
  /// A page gave a negative count of the rows before or after it (``Page/itemsBefore``,
  /// ``Page/itemsAfter``), or counts whose sum with its rows is more than an `Int` holds. The
  /// page is not committed: the list keeps what it showed, and the direction fails. Not
  /// retryable: the same answer gives the same counts. The text quotes no count.
  case invalidItemCount
  /// The configuration sets a jump threshold (``JumpThreshold/rows(_:)``) but the source
  /// cannot load a page at a position (``PageSource/jumpingSupported`` is `false`), as Android
  /// Paging 3 refuses `jumpThreshold` without `jumpingSupported`. The first load fails with it
  /// before any request; not retryable.
  case jumpsNotSupported

  /// Whether a retry can help; the automatic ``RetryPolicy`` retries only these. For
  /// ``sourceFailed(_:)`` the source's error decides through ``RetryableError``; a `URLError`
  /// is retryable when it is transient (a timeout, a lost or refused connection, no network, a
  /// failed name lookup), a `DecodingError` never is (the same bytes decode the same way), and
  /// other errors count as retryable. A repeated cursor is never retryable; a run of pages
  /// without new items is (the server may fill in), and so is a source that kept cancelling.
  public var isRetryable: Bool {
    switch self {
    case .sourceFailed(let error): Self.isRetryable(error)
    case .repeatedCursor: false
    case .noNewItems, .sourceCancelled: true
    case .maxSizeTooSmall, .invalidItemCount, .jumpsNotSupported: false
    case .internalInconsistency: true
    case .retryAfterTooLong: true
    }
  }

  private static func isRetryable(_ error: any Error) -> Bool {
    switch error {
    case let error as any RetryableError: error.isRetryable
    case is DecodingError: false
    default: FoundationErrors.isRetryable(error) ?? true
    }
  }

  /// The wait the server asked for before the same request, when the source's error carries
  /// one (``RetryableError/retryAfter``), or the wait of ``retryAfterTooLong(wait:maxDelay:error:)``;
  /// `nil` otherwise.
  public var retryAfter: Duration? {
    switch self {
    case .sourceFailed(let error): (error as? any RetryableError)?.retryAfter
    case .retryAfterTooLong(let wait, _, _): wait
    default: nil
    }
  }

  /// The source's own error: what ``sourceFailed(_:)`` or
  /// ``retryAfterTooLong(wait:maxDelay:error:)`` wraps; `nil` for the engine's own errors.
  /// `PagingHTTP`'s `httpError` reads it; apps match the cases.
  package var sourceError: (any Error)? {
    switch self {
    case .sourceFailed(let error), .retryAfterTooLong(_, _, let error): error
    default: nil
    }
  }

  /// Whether `error` means "cancelled" rather than "failed": `CancellationError`,
  /// `URLError.cancelled`, or a ``PagingError/sourceFailed(_:)`` wrapping one of them.
  ///
  /// The engine never shows a cancellation as a failure (fault class 9).
  /// - Parameter error: Any error.
  /// - Returns: `true` for a cancellation.
  package static func isCancellation(_ error: any Error) -> Bool {
    switch error {
    case is CancellationError: true
    case PagingError.sourceFailed(let inner): isCancellation(inner)
    default: FoundationErrors.isCancellation(error)
    }
  }

  /// Two errors are equal when they are the same case with equal values; two source failures
  /// are equal when their errors have the same type and the same `String(reflecting:)`.
  /// - Complexity: O(1), or O(*d*) in the length of the two source errors' descriptions, which it
  ///   compares.
  public static func == (lhs: PagingError, rhs: PagingError) -> Bool {
    switch (lhs, rhs) {
    case (.sourceFailed(let a), .sourceFailed(let b)):
      return type(of: a) == type(of: b) && String(reflecting: a) == String(reflecting: b)
    case (.repeatedCursor(let a), .repeatedCursor(let b)):
      return AnyHashable(a) == AnyHashable(b)
    case (.noNewItems(let a), .noNewItems(let b)),
      (.sourceCancelled(let a), .sourceCancelled(let b)):
      return a == b
    case (.maxSizeTooSmall(let maxSize, let required), .maxSizeTooSmall(let m, let r)):
      return maxSize == m && required == r
    case (.internalInconsistency(let a), .internalInconsistency(let b)):
      return a == b
    case (
      .retryAfterTooLong(let wait, let maxDelay, let a), .retryAfterTooLong(let w, let m, let b)
    ):
      return wait == w && maxDelay == m && type(of: a) == type(of: b)
        && String(reflecting: a) == String(reflecting: b)
    case (.invalidItemCount, .invalidItemCount), (.jumpsNotSupported, .jumpsNotSupported):
      return true
    default:
      return false
    }
  }

  /// A sentence for logs and simple UIs.
  /// - Complexity: O(n) in the text's length.
  public var description: String {
    switch self {
    case .sourceFailed(let error): "the page source failed: \(Self.describing(error))"
    case .repeatedCursor(let cursor):
      // A URL cursor prints with its query values redacted (fault class 29).
      "the server repeated cursor \(RedactedURL.describing(cursor)), "
        + "whose page already loaded; refresh to start over"
    case .noNewItems(let pages): "\(Self.count(pages, "page")) in a row added no new item"
    case .sourceCancelled(let times):
      "the page source reported cancellation \(times) times in a row though nothing cancelled it"
    case .maxSizeTooSmall(let maxSize, let required):
      "maxSize \(maxSize) is below a page plus twice the largest prefetch distance "
        + "(\(required) items)"
    case .internalInconsistency(let rule): "the paging engine broke its own rule: \(rule)"
    case .retryAfterTooLong(_, let maxDelay, let error):
      // The wait is the server's (a `Retry-After` value), so only the policy's bound is given.
      "the server asked for a wait before the next request longer than the retry policy's "
        + "maxDelay of \(Self.seconds(maxDelay)), so it was not retried: \(Self.describing(error))"
    case .invalidItemCount:
      "a page gave a negative count of the rows before or after it, or counts too large to add"
    case .jumpsNotSupported:
      "the configuration sets a jump threshold, but the page source cannot load a page at a "
        + "position (jumpingSupported is false)"
    }
  }
}

extension PagingError {
  /// A source's error in one line that quotes nothing a response held (fault class 29): a
  /// type of the app's or a package's with a description of its own as that says (the type
  /// decides what it shows; `HTTPPagingError` redacts); a `URLError` in words with its URL
  /// redacted; a `DecodingError` by its kind, never the decoder's text (which may quote the
  /// value it read); any other error of the standard library or Foundation (an `NSError`, a
  /// `CocoaError`) by its domain and code, since its text prints its `userInfo`, a failing
  /// URL's token included.
  /// - Parameter error: The error.
  /// - Returns: The text.
  /// - Complexity: O(n) in the text's length.
  package static func describing(_ error: any Error) -> String {
    if let error = error as? URLError { return describing(error) }
    if error is CancellationError { return "it was cancelled" }
    if let error = error as? DecodingError {
      let kind =
        switch error {
        case .typeMismatch(let type, _): "a value is not of the type expected (\(type))"
        case .valueNotFound(let type, _): "a value is null or missing where \(type) is expected"
        case .keyNotFound: "a key is missing"
        case .dataCorrupted: "the data is not valid, or a value is not in the form expected"
        @unknown default: "it did not decode"
        }
      return "a response did not decode: \(kind) (the decoder's text is not quoted)"
    }
    if error is EncodingError { return "a value did not encode (the encoder's text is not quoted)" }
    let module = String(reflecting: type(of: error)).prefix { $0 != "." }
    // An `NSError`, of the app's own subclass too, prints its `userInfo` whole.
    guard module != "Swift", module != "Foundation", module != "FoundationEssentials",
      module != "FoundationNetworking", !(type(of: error) is NSError.Type)
    else {
      let bridged = error as NSError
      return oneLine("\(bridged.domain) error \(bridged.code) (its text is not quoted)")
    }
    if (error as Any) is any CustomStringConvertible { return oneLine("\(error)") }
    // Reflection would print a case's payload or a struct's fields: a response's text as
    // often as not. A case without one is its name.
    let mirror = Mirror(reflecting: error)
    if mirror.displayStyle == .enum {
      guard let label = mirror.children.first?.label else { return oneLine("\(error)") }
      return oneLine("\(type(of: error)).\(label) (its payload is not quoted)")
    }
    return oneLine("an error of type \(type(of: error)) (its fields are not quoted)")
  }

  /// `the request to https://api.example.com/v1/notes?page=… failed: it timed out (URLError
  /// -1001)`: what a transport error means, in words (Foundation's text on Linux is "The
  /// operation could not be completed. (NSURLErrorDomain error -1005.)", and its description
  /// prints the failing URL whole), with the URL redacted as ``RedactedURL`` redacts one.
  /// - Parameter error: The error.
  /// - Returns: The text.
  /// - Complexity: O(n) in the URL's length.
  package static func describing(_ error: URLError) -> String {
    let words =
      switch error.code {
      case .timedOut: "it timed out"
      case .networkConnectionLost: "the connection was lost before the response was complete"
      case .cannotConnectToHost: "could not connect to the server (is it running?)"
      case .cannotFindHost, .dnsLookupFailed: "the server's host name could not be resolved"
      case .notConnectedToInternet: "the device is not connected to a network"
      case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
        "the TLS connection could not be made securely"
      case .badServerResponse: "the server's response could not be read"
      case .badURL, .unsupportedURL: "the URL is not one the transport can request"
      case .httpTooManyRedirects, .redirectToNonExistentLocation: "the redirects did not end"
      case .cancelled: "it was cancelled"
      case .userAuthenticationRequired: "the server asked for credentials"
      case .dataLengthExceedsMaximum: "the response was too large"
      default: "a network error"
      }
    return "the request\(error.failingURL.map { " to \(RedactedURL($0))" } ?? "") failed: "
      + "\(words) (URLError \(error.code.rawValue))"
  }

  /// `text` with each control character (a newline, a tab) and each line or paragraph
  /// separator (U+2028, U+2029) replaced by a space, so that an error's text, a source's own
  /// included, stays one line.
  /// - Complexity: O(n) in the text's length.
  package static func oneLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map {
          switch $0.properties.generalCategory {
          case .control, .lineSeparator, .paragraphSeparator: " "
          default: $0
          }
        }))
  }

  /// `1 page`, `3 pages`: a count and its noun for a message.
  /// - Parameters:
  ///   - count: The count.
  ///   - noun: The noun in the singular; the plural adds `s`.
  package static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `120 s`, `1.5 s`: a duration in seconds for a message.
  package static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    guard attoseconds != 0 else { return "\(seconds) s" }
    return "\((duration.seconds * 1000).rounded() / 1000) s"
  }
}

/// An error that says whether retrying the same request can succeed.
///
/// The automatic retry policy (``RetryPolicy/exponentialBackoff(_:)``) schedules a retry only
/// for retryable errors. `PagingHTTP`'s errors conform: timeouts, lost connections, HTTP 408,
/// 429 and 5xx are retryable; other 4xx and undecodable bodies are not.
public protocol RetryableError: Error {
  /// `true` when the same request may succeed later.
  var isRetryable: Bool { get }

  /// How long the server asked the client to wait before the same request (HTTP's
  /// `Retry-After`, RFC 9110 section 10.2.3), or `nil` when it did not say. An automatic retry
  /// waits at least this long; a wait longer than ``ExponentialBackoff``'s `maxDelay` is not
  /// retried but fails at once with ``PagingError/retryAfterTooLong(wait:maxDelay:error:)``.
  /// The default is `nil`.
  var retryAfter: Duration? { get }
}

extension RetryableError {
  /// `nil`: the error carries no wait of the server's.
  public var retryAfter: Duration? { nil }
}

extension PagingError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
