import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one HTTP request and returns the whole response: what ``HTTPPageSource`` needs from
/// the network.
///
/// ``HTTPPageSource/defaultTransport`` is the default (``URLSessionTransport`` on Apple platforms,
/// `CurlTransport` on Linux); tests conform a stub that answers from memory.
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

extension HTTPTransport {
  /// Sends `request` and returns a successful response, with every failure typed: what
  /// ``HTTPPageSource`` does before it decodes, for a page source of your own.
  /// - Parameters:
  ///   - request: The request (its URL is the one errors name).
  ///   - maximumBodySize: The largest body accepted, in bytes.
  /// - Returns: The body and the 2xx response.
  /// - Throws: ``HTTPPagingError/transport(_:)`` for a `URLError` other than a cancellation,
  ///   ``HTTPPagingError/bodyTooLarge(url:limit:)``,
  ///   ``HTTPPagingError/status(statusCode:url:retryAfter:bodyPrefix:)`` for a status outside
  ///   200...299; `CancellationError` or `URLError.cancelled` when cancelled.
  /// - Complexity: O(n) in the body's length.
  public func checkedResponse(for request: URLRequest, maximumBodySize: Int) async throws -> (
    Data, HTTPURLResponse
  ) {
    let (body, response) = try await typedResponse(for: request, maximumBodySize: maximumBodySize)
    guard (200...299).contains(response.statusCode) else {
      throw HTTPPagingError.status(
        response, body: body, url: request.url ?? URL(fileURLWithPath: "/"))
    }
    return (body, response)
  }

  /// Sends `request` and returns the response whatever its status, with transport failures and
  /// an oversized body typed: ``checkedResponse(for:maximumBodySize:)`` before its status check.
  package func typedResponse(for request: URLRequest, maximumBodySize: Int) async throws -> (
    Data, HTTPURLResponse
  ) {
    let url = request.url ?? URL(fileURLWithPath: "/")
    let (body, response): (Data, HTTPURLResponse)
    do {
      (body, response) = try await self.response(for: request, maximumBodySize: maximumBodySize)
    } catch let error as URLError where error.code != .cancelled {
      throw HTTPPagingError.transport(
        error.failingURL == nil
          ? URLError(error.code, userInfo: [NSURLErrorFailingURLErrorKey: url]) : error)
    }
    guard body.count <= maximumBodySize else {
      throw HTTPPagingError.bodyTooLarge(url: url, limit: maximumBodySize)
    }
    return (body, response)
  }
}
