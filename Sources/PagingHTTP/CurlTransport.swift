#if canImport(CCurl)
  import CCurl
  import Foundation
  import FoundationNetworking

  /// The default ``HTTPTransport`` on Linux: libcurl's multi interface, driven by one thread of
  /// the transport's own, with the rules of ``URLSessionTransport``: each body is read up to
  /// its size limit and no further, redirects are followed only within the request's origin
  /// (a redirect elsewhere returns the 3xx response, which ``HTTPPageSource`` reports as an
  /// ``HTTPPagingError/status(statusCode:url:retryAfter:bodyPrefix:)``), a 401 comes back as
  /// the 401 it is, and every request is bounded as a whole by ``timeout``.
  ///
  /// Why not `URLSession` on Linux: FoundationNetworking's `URLSession` drives the same libcurl
  /// through several dispatch queues, and took about twice libcurl's time for a short walk (six
  /// 50-row pages from a server on loopback: 27 ms against 13 ms, medians of 15 runs), more
  /// than Python's `requests` (20 ms). On Apple platforms ``URLSessionTransport`` is the default.
  ///
  /// Requests share the transport's connections (HTTP keep-alive), so one transport serves a
  /// whole walk, parallel pages included; create one per timeout and share it.
  public final class CurlTransport: HTTPTransport {
    /// A transport with the default ``timeout`` (60 s), shared by sources that pass none on
    /// Linux.
    public static let shared = CurlTransport()

    /// The longest one request may take, from sending it to its body's last byte, redirects
    /// within the origin included; a slower one fails with `URLError.timedOut`. A request's own
    /// `timeoutInterval`, when shorter, bounds it instead.
    public let timeout: Duration

    /// The most redirects followed for one request, as browsers allow (Fetch's limit is 20).
    static let maximumRedirects = 20

    private let driver: CurlDriver

    /// Creates a transport with a libcurl multi handle and a thread of its own, both released
    /// with the transport.
    /// - Parameter timeout: The longest one request may take (default 60 s, as
    ///   ``URLSessionTransport/defaultConfiguration``'s `timeoutIntervalForResource`); with
    ///   zero or less every request fails at once with `URLError.timedOut`.
    public init(timeout: Duration = .seconds(60)) {
      self.timeout = timeout
      self.driver = CurlDriver()
    }

    deinit {
      driver.stop()
    }

    /// Sends `request`, reading at most `maximumBodySize` bytes of body.
    /// - Parameters:
    ///   - request: The request (`GET` unless it names another method; its `httpBody`, if any,
    ///     is sent as is).
    ///   - maximumBodySize: The largest body to accept, in bytes.
    /// - Returns: The body and the response (its `url` is the last one requested, after the
    ///   redirects followed).
    /// - Throws: `CancellationError` when the calling task is cancelled; `URLError` for a
    ///   transport failure (`.badURL` for a request without a URL, `.timedOut` past
    ///   ``timeout``, `.networkConnectionLost` for a connection lost once the response began,
    ///   `.httpTooManyRedirects` past 20 redirects); ``HTTPPagingError/bodyTooLarge(url:limit:)``.
    /// - Complexity: O(n) in the body's length.
    public func response(for request: URLRequest, maximumBodySize: Int) async throws -> (
      Data, HTTPURLResponse
    ) {
      guard let url = request.url else { throw URLError(.badURL) }
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: wholeRequestLimit(request))
      var current = request
      for _ in 0...Self.maximumRedirects {
        let remaining = clock.now.duration(to: deadline)
        guard remaining > .zero else { break }
        let (body, response) = try await driver.send(
          current, maximumBodySize: maximumBodySize,
          timeoutMilliseconds: Self.milliseconds(remaining))
        guard let next = Self.redirect(from: current, to: response) else {
          return (body, response)
        }
        current = next
      }
      let code: URLError.Code =
        clock.now < deadline ? .httpTooManyRedirects : .timedOut
      throw URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url])
    }

    /// The shorter of ``timeout`` and the request's own `timeoutInterval`.
    private func wholeRequestLimit(_ request: URLRequest) -> Duration {
      let interval = request.timeoutInterval
      guard interval.isFinite, interval > 0, interval < 1e12 else { return timeout }
      return min(timeout, .milliseconds(Int64((interval * 1000).rounded(.up))))
    }

    /// `duration` in whole milliseconds, at least 1 and at most `Int32.max` (24 days).
    package static func milliseconds(_ duration: Duration) -> Int {
      let (seconds, attoseconds) = duration.components
      guard seconds < Int64(Int32.max) / 1000 else { return Int(Int32.max) }
      let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      return Int(max(1, min(total, Int64(Int32.max))))
    }

    /// The request a redirect within the origin leads to, or `nil` when `response` is not one
    /// (a redirect to another origin is returned as it is, so that no header leaves the
    /// origin it was set for). As `URLSession` does, a 303, and a 301 or 302 after a `POST`,
    /// become a `GET` without a body.
    package static func redirect(from request: URLRequest, to response: HTTPURLResponse)
      -> URLRequest?
    {
      guard [301, 302, 303, 307, 308].contains(response.statusCode),
        let location = response.value(forHTTPHeaderField: "Location"),
        let from = request.url,
        let target = URL(string: location, relativeTo: from)?.absoluteURL,
        let origin = HTTPOrigin(from), origin == HTTPOrigin(target)
      else { return nil }
      var next = request
      next.url = target
      let becomesGet =
        response.statusCode == 303
        || (response.statusCode <= 302 && request.httpMethod?.uppercased() == "POST")
      if becomesGet {
        next.httpMethod = "GET"
        next.httpBody = nil
        next.setValue(nil, forHTTPHeaderField: "Content-Type")
      }
      return next
    }
  }
#endif
