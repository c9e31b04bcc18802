import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The default ``HTTPTransport``: a `URLSession` of its own that streams each body and stops
/// reading once it passes the size limit, and that follows redirects only within the request's
/// origin (a redirect elsewhere returns the 3xx response, which ``HTTPPageSource`` reports as
/// an ``HTTPPagingError/status(statusCode:url:retryAfter:bodyPrefix:)``), so that headers never
/// leave the origin they were set for.
///
/// Create one per configuration and share it: each owns a session, invalidated when the
/// transport is released.
public final class URLSessionTransport: HTTPTransport {
  /// A transport with ``defaultConfiguration``, shared by sources that pass none.
  public static let shared = URLSessionTransport()

  /// An ephemeral configuration with no URL cache: pages are never served from a cache, and
  /// no cookie or credential outlives the session. Its `timeoutIntervalForResource`, the
  /// longest a whole request may take, is 60 seconds (Foundation's default is 7 days).
  public static var defaultConfiguration: URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForResource = 60
    return configuration
  }

  /// The longest `timeoutInterval` handed to the session, in seconds.
  private static let longestTimeoutInterval: TimeInterval = 1e9

  private let session: URLSession
  private let delegate: StreamingSessionDelegate

  /// Creates a transport with a session of its own.
  /// - Parameter configuration: The session's configuration (default
  ///   ``defaultConfiguration``); set timeouts and extra headers there. The transport itself
  ///   enforces `timeoutIntervalForResource`, in seconds, on every request, since
  ///   FoundationNetworking on Linux does not: a body that trickles in slower than that fails
  ///   with `URLError.timedOut` (which ``HTTPPageSource`` reports as retryable).
  public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration) {
    let delegate = StreamingSessionDelegate()
    self.delegate = delegate
    self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// Sends `request`, reading at most `maximumBodySize` bytes of body.
  /// - Parameters:
  ///   - request: The request.
  ///   - maximumBodySize: The largest body to accept, in bytes.
  /// - Returns: The body and the response.
  /// - Throws: `URLError` (`.cancelled` when the calling task is cancelled, `.badURL` for a
  ///   request without a URL, `.timedOut` past the configuration's
  ///   `timeoutIntervalForResource`), ``HTTPPagingError/bodyTooLarge(url:limit:)``.
  /// - Complexity: O(n) in the body's length.
  public func response(for request: URLRequest, maximumBodySize: Int) async throws -> (
    Data, HTTPURLResponse
  ) {
    guard let url = request.url else { throw URLError(.badURL) }
    var request = request
    // FoundationNetworking turns the interval into milliseconds in a fixed-width integer, and
    // traps past about 10^15 seconds or on one that is not finite; 10^9 seconds (31 years)
    // bounds nothing a walk waits for.
    if !(request.timeoutInterval.magnitude <= Self.longestTimeoutInterval) {
      request.timeoutInterval = Self.longestTimeoutInterval
    }
    let task = session.dataTask(with: request)
    let deadline = session.configuration.timeoutIntervalForResource
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        delegate.register(
          task, url: url, maximumBodySize: maximumBodySize, continuation: continuation)
        task.resume()
        if Task.isCancelled { task.cancel() }
        if deadline.isFinite, deadline > 0 {
          DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
            [weak delegate, weak task] in
            if let delegate, let task { delegate.timeOut(task) }
          }
        }
      }
    } onCancel: {
      task.cancel()
    }
  }
}
