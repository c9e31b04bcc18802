import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one HTTP request and returns the whole response: what ``HTTPPageSource`` needs from
/// the network.
///
/// ``URLSessionTransport`` is the default; tests conform a stub that answers from memory.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response and its body, whatever the status code.
  ///
  /// - Parameters:
  ///   - request: The request to send.
  ///   - maximumBodySize: The largest body to accept, in bytes. A transport should stop
  ///     reading past it; ``HTTPPageSource`` checks the size again either way.
  /// - Returns: The body and the response.
  /// - Throws: `URLError` for a transport failure (`URLError.cancelled` or `CancellationError`
  ///   when the calling task was cancelled), ``HTTPPagingError/bodyTooLarge(url:limit:)`` for a
  ///   body over `maximumBodySize`.
  func response(for request: URLRequest, maximumBodySize: Int) async throws -> (
    Data, HTTPURLResponse
  )
}
