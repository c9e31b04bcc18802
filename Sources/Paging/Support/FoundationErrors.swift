import Foundation

/// How the engine classifies Foundation's `URLError`, which a `URLSession`-backed source throws
/// (``PagingError`` asks it). The one place of the error handling that names a
/// Foundation type, so that ``PagingError`` and the engine stay free of Foundation.
///
/// It casts to `URLError` rather than asking for a protocol conformance: on Apple platforms
/// `URLSession` throws an `NSError` of `NSURLErrorDomain`, which bridges to `URLError` only
/// through such a cast; and a public conformance of `URLError` to ``RetryableError`` would clash
/// with one an app declares.
enum FoundationErrors {
  /// The `URLError` codes that a retry of the same request can get past: a timeout, a lost or
  /// refused connection, no network, a failed name lookup, a bad answer of a proxy.
  private static let transientCodes: Set<URLError.Code> = [
    .timedOut, .networkConnectionLost, .notConnectedToInternet, .cannotConnectToHost,
    .cannotFindHost, .dnsLookupFailed, .internationalRoamingOff, .callIsActive,
    .dataNotAllowed, .badServerResponse, .cannotLoadFromNetwork,
  ]

  /// Whether a retry can help `error`, when it is a `URLError` (transient codes); `nil` for
  /// any other error.
  /// - Parameter error: Any error.
  /// - Returns: `true` for a transient `URLError`, `false` for another `URLError`, `nil`
  ///   otherwise.
  static func isRetryable(_ error: any Error) -> Bool? {
    (error as? URLError).map { transientCodes.contains($0.code) }
  }

  /// Whether `error` is `URLError.cancelled`.
  /// - Parameter error: Any error.
  /// - Returns: `true` for `URLError.cancelled`.
  static func isCancellation(_ error: any Error) -> Bool {
    (error as? URLError)?.code == .cancelled
  }
}
