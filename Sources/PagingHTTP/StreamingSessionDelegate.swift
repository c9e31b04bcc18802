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
      guard var load = loads[dataTask.taskIdentifier], load.failure == nil else { return false }
      let expected = dataTask.response?.expectedContentLength ?? -1
      if load.body.count + data.count > load.maximumBodySize || expected > load.maximumBodySize {
        load.failure = HTTPPagingError.bodyTooLarge(url: load.url, limit: load.maximumBodySize)
        load.body = Data()
      } else {
        load.body.append(data)
      }
      loads[dataTask.taskIdentifier] = load
      return load.failure != nil
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
    if let failure = load.failure {
      load.continuation.resume(throwing: failure)
    } else if let error {
      // A `URLError` on Linux; an `NSError` of `NSURLErrorDomain` on Apple platforms, which
      // bridges to `URLError` where the source casts it.
      load.continuation.resume(throwing: error)
    } else if let response = task.response as? HTTPURLResponse {
      load.continuation.resume(returning: (load.body, response))
    } else {
      load.continuation.resume(throwing: URLError(.badServerResponse))
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
