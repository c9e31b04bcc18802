import Paging

/// An error a source throws in tests.
package struct Boom: Error, Equatable, RetryableError {
  package var code: Int
  package var isRetryable: Bool
  package var retryAfter: Duration?

  package init(code: Int = 1, isRetryable: Bool = true, retryAfter: Duration? = nil) {
    self.code = code
    self.isRetryable = isRetryable
    self.retryAfter = retryAfter
  }
}
