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
  /// waits at least this long, capped by ``ExponentialBackoff/maxDelay``. The default is `nil`.
  var retryAfter: Duration? { get }
}

extension RetryableError {
  /// `nil`: the error carries no wait of the server's.
  public var retryAfter: Duration? { nil }
}
