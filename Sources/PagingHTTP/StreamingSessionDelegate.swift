import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Collects the body of each task of a ``URLSessionTransport``, enforces the size limit while
/// the body arrives, and refuses redirects to another origin.
///
/// `@unchecked Sendable`: its only mutable state, `loads`, is read and written with `lock`
/// held, and the continuations it stores are resumed exactly once, after being removed under
/// the lock.
final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct Load {
    var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    var url: URL
    var maximumBodySize: Int
    var body = Data()
    var failure: (any Error)?
    /// The 401 (or 407) response of an authentication challenge this delegate rejected.
    var rejectedChallenge: HTTPURLResponse?
  }

  private let lock = NSLock()
  private var loads: [Int: Load] = [:]

  func register(
    _ task: URLSessionTask, url: URL, maximumBodySize: Int,
    continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
  ) {
    lock.withLock {
      loads[task.taskIdentifier] = Load(
        continuation: continuation, url: url, maximumBodySize: maximumBodySize)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = lock.withLock { () -> Bool in
      // Mutated in place: a copy of the load taken out of the dictionary would share the
      // body's storage, and appending would then copy the whole body for every chunk
      // (quadratic: a 16 MiB body in 16 KiB chunks copied about 8 GB).
      guard let index = loads.index(forKey: dataTask.taskIdentifier),
        loads.values[index].failure == nil
      else { return false }
      let limit = loads.values[index].maximumBodySize
      let expected = dataTask.response?.expectedContentLength ?? -1
      if loads.values[index].body.count + data.count > limit || expected > limit {
        loads.values[index].failure = HTTPPagingError.bodyTooLarge(
          url: loads.values[index].url, limit: limit)
        loads.values[index].body = Data()
        return true
      }
      if loads.values[index].body.isEmpty, expected > 0 {
        loads.values[index].body.reserveCapacity(Int(expected))
      }
      loads.values[index].body.append(data)
      return false
    }
    if tooLarge { dataTask.cancel() }
  }

  /// Ends `task` with `URLError.timedOut` if it is still loading: the whole-request deadline,
  /// which FoundationNetworking does not enforce (a server that sends a byte now and then
  /// never trips the idle timeout).
  func timeOut(_ task: URLSessionTask) {
    let pending = lock.withLock { () -> Bool in
      guard var load = loads[task.taskIdentifier], load.failure == nil else { return false }
      load.failure = URLError(.timedOut)
      load.body = Data()
      loads[task.taskIdentifier] = load
      return true
    }
    if pending { task.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let load = lock.withLock({ loads.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    let response = task.response as? HTTPURLResponse
    if let failure = load.failure {
      load.continuation.resume(throwing: failure)
    } else if let challenged = load.rejectedChallenge, (error as? URLError)?.code == .cancelled {
      // FoundationNetworking cancels the task when a challenge is rejected: the outcome is the
      // challenge's own response (its body, if any arrived).
      load.continuation.resume(returning: (load.body, challenged))
    } else if let error {
      // A `URLError` on Linux; an `NSError` of `NSURLErrorDomain` on Apple platforms, which
      // bridges to `URLError` where the source casts it. Once the response's head arrived, any
      // failure but a cancellation is the connection lost mid-body (libcurl's "partial file"
      // is `URLError -1` on Linux): retryable, like a connection lost before it.
      let cancelled = (error as? URLError)?.code == .cancelled
      load.continuation.resume(
        throwing: response != nil && !cancelled ? Self.connectionLost(load.url) : error)
    } else if let response {
      if Self.isTruncated(load.body, response) {
        load.continuation.resume(throwing: Self.connectionLost(load.url))
      } else {
        load.continuation.resume(returning: (load.body, response))
      }
    } else {
      load.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }

  /// Whether `body` is shorter than the `Content-Length` of an unencoded response (with a
  /// `Content-Encoding` the length counts encoded bytes, so it says nothing).
  private static func isTruncated(_ body: Data, _ response: HTTPURLResponse) -> Bool {
    let expected = response.expectedContentLength
    return expected > 0 && Int64(body.count) < expected
      && response.value(forHTTPHeaderField: "Content-Encoding") == nil
  }

  private static func connectionLost(_ url: URL) -> URLError {
    URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: url])
  }

  /// Rejects HTTP authentication challenges (Basic, Digest, NTLM, Negotiate) at once, so that
  /// a 401 with `WWW-Authenticate` comes back as the 401 it is, at once: with the default handling,
  /// FoundationNetworking on Linux waits for the request's timeout and reports a retryable
  /// `URLError.timedOut` (fault class 27 of the rulebook). The source sends its own
  /// `Authorization` header; it never answers a challenge. Server-trust and client-certificate
  /// challenges keep the default handling (TLS as usual).
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler:
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) ->
      Void
  ) {
    switch challenge.protectionSpace.authenticationMethod {
    case NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic,
      NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
      NSURLAuthenticationMethodNegotiate:
      let response =
        challenge.failureResponse as? HTTPURLResponse ?? task.response as? HTTPURLResponse
      lock.withLock { loads[task.taskIdentifier]?.rejectedChallenge = response }
      // On Apple platforms the session then delivers the 401 as usual; FoundationNetworking
      // cancels the task instead, which `didCompleteWithError` turns back into the 401.
      completionHandler(.rejectProtectionSpace, nil)
    default:
      completionHandler(.performDefaultHandling, nil)
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let from = (task.originalRequest?.url).flatMap(HTTPOrigin.init)
    let to = request.url.flatMap(HTTPOrigin.init)
    completionHandler(from != nil && from == to ? request : nil)
  }
}
