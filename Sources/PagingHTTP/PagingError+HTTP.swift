import Paging

extension PagingError {
  /// The ``HTTPPagingError`` a `PagingError.sourceFailed(_:)` or
  /// `PagingError.retryAfterTooLong(wait:maxDelay:error:)` wraps, else `nil`.
  public var httpError: HTTPPagingError? { sourceError as? HTTPPagingError }

  /// The HTTP status code of the response that failed the load (`401`, `404`, `503`…), or
  /// `nil` when the failure was not an HTTP status error: one read instead of two casts.
  ///
  /// ```swift
  /// if case .failed(let error) = feed.appendState, error.httpStatusCode == 401 { signIn() }
  /// ```
  public var httpStatusCode: Int? { httpError?.statusCode }
}
