/// An error that says whether retrying the same request can succeed.
///
/// The automatic retry policy (``RetryPolicy/exponentialBackoff(_:)``) schedules a retry only
/// for retryable errors. `PagingHTTP`'s errors conform: timeouts, lost connections, HTTP 408,
/// 429 and 5xx are retryable; other 4xx and undecodable bodies are not.
public protocol RetryableError: Error {
  /// `true` when the same request may succeed later.
  var isRetryable: Bool { get }
}
