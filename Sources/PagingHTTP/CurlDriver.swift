#if canImport(CCurl)
  import CCurl
  import Foundation
  import FoundationNetworking
  import Paging

  /// libcurl's multi handle and the thread that drives it, for ``CurlTransport``: callers hand
  /// over requests and cancellations through `commands` and wake the thread; everything else,
  /// libcurl's handles and the loads in flight, belongs to that thread alone.
  ///
  /// `@unchecked Sendable`: `commands` is behind a lock (`Locked`, a pthread mutex that
  /// ThreadSanitizer sees, where it does not see `Synchronization.Mutex`'s atomics); `multi` is only passed to
  /// `curl_multi_wakeup` off the thread, which libcurl allows from any thread; `loads` and
  /// `idleHandles` are read and written on the driver's thread only.
  final class CurlDriver: @unchecked Sendable {
    private struct Commands {
      var starts: [CurlLoad] = []
      var cancels: [UInt64] = []
      var stopping = false
      var nextID: UInt64 = 0
    }

    /// libcurl's global set-up, once per process before the first handle (libcurl asks for it
    /// before any thread uses it).
    private static let globalSetUp: Bool = curl_global_init(Int(CURL_GLOBAL_SSL)) == CURLE_OK

    private let commands = Locked(Commands())
    private let multi: UnsafeMutableRawPointer?
    /// The loads in flight, by their easy handle: the driver's thread only.
    private var loads: [UnsafeMutableRawPointer: CurlLoad] = [:]
    /// Easy handles kept for the next requests (reset, their connections in the multi
    /// handle's cache): the driver's thread only.
    private var idleHandles: [UnsafeMutableRawPointer] = []

    init() {
      _ = Self.globalSetUp
      multi = curl_multi_init()
      if let multi {
        // Up to this many connections kept open between requests (the default is 4 times the
        // handles in use), so that a parallel walk's connections stay open from page to page.
        _ = paging_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 64)
      }
      let thread = Thread { [self] in run() }
      thread.name = "swift-paging libcurl"
      thread.start()
    }

    deinit {
      for handle in idleHandles { curl_easy_cleanup(handle) }
      if let multi { curl_multi_cleanup(multi) }
    }

    /// Sends one request (no redirect followed) and returns its body and response.
    func send(_ request: URLRequest, maximumBodySize: Int, timeoutMilliseconds: Int) async throws
      -> (Data, HTTPURLResponse)
    {
      let id = commands.withLock { commands in
        commands.nextID += 1
        return commands.nextID
      }
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let load = CurlLoad(
            id: id, request: request, maximumBodySize: maximumBodySize,
            timeoutMilliseconds: timeoutMilliseconds, continuation: continuation)
          commands.withLock { $0.starts.append(load) }
          wake()
          if Task.isCancelled { cancel(id) }
        }
      } onCancel: {
        cancel(id)
      }
    }

    /// Ends the load `id` with `CancellationError` if it is still in flight.
    private func cancel(_ id: UInt64) {
      commands.withLock { $0.cancels.append(id) }
      wake()
    }

    /// Ends the thread, after failing any load still in flight as cancelled.
    func stop() {
      commands.withLock { $0.stopping = true }
      wake()
    }

    private func wake() {
      if let multi { _ = curl_multi_wakeup(multi) }
    }

    // MARK: The driver's thread

    private func run() {
      while true {
        let (starts, cancels, stopping) = commands.withLock { commands in
          defer {
            commands.starts = []
            commands.cancels = []
          }
          return (commands.starts, commands.cancels, commands.stopping)
        }
        for load in starts { begin(load) }
        for id in cancels {
          if let (handle, load) = loads.first(where: { $0.value.id == id }) {
            finish(handle, load, with: .failure(CancellationError()))
          }
        }
        if stopping {
          for (handle, load) in loads { finish(handle, load, with: .failure(CancellationError())) }
          return
        }
        guard let multi else { continue }
        var running: Int32 = 0
        _ = curl_multi_perform(multi, &running)
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
          guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
            let load = loads[handle]
          else { continue }
          var connects = 0
          _ = paging_curl_easy_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
          finish(
            handle, load,
            with: load.outcome(message.pointee.data.result, reusedConnection: connects == 0))
        }
        var wait = -1
        _ = curl_multi_timeout(multi, &wait)
        // At most a second between checks, and none at all when nothing is in flight but a
        // wake-up: `curl_multi_poll` returns at once on `curl_multi_wakeup`.
        let timeout = wait < 0 || wait > 1000 ? Int32(1000) : Int32(wait)
        _ = curl_multi_poll(multi, nil, 0, timeout, nil)
      }
    }

    private func begin(_ load: CurlLoad) {
      guard let multi, let handle = idleHandles.popLast() ?? curl_easy_init() else {
        load.continuation.resume(throwing: URLError(.unknown, userInfo: load.userInfo))
        return
      }
      loads[handle] = load
      guard load.configure(handle), curl_multi_add_handle(multi, handle) == CURLM_OK else {
        finish(handle, load, with: .failure(URLError(.unknown, userInfo: load.userInfo)))
        return
      }
    }

    private func finish(
      _ handle: UnsafeMutableRawPointer, _ load: CurlLoad,
      with result: Result<(Data, HTTPURLResponse), any Error>
    ) {
      if let multi { _ = curl_multi_remove_handle(multi, handle) }
      loads[handle] = nil
      load.release()
      curl_easy_reset(handle)
      if idleHandles.count < 64 { idleHandles.append(handle) } else { curl_easy_cleanup(handle) }
      load.continuation.resume(with: result)
    }
  }

  /// One request in flight on a ``CurlDriver``: what libcurl's callbacks collect (the status,
  /// the header fields, the body) and how it ends.
  ///
  /// `@unchecked Sendable`: the caller makes it and hands it to the driver's thread through the
  /// driver's mutex; from then on only that thread reads or writes it.
  private final class CurlLoad: @unchecked Sendable {
    let id: UInt64
    let continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    private let request: URLRequest
    private let url: URL
    private let maximumBodySize: Int
    private let timeoutMilliseconds: Int
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var statusCode = 0
    private var httpVersion = "HTTP/1.1"
    private var fields: [String: String] = [:]
    /// Each field's name as first spelled, by its lowercase form: repeats of a field, in any
    /// case, are joined into one comma-separated value (RFC 9110, 5.3).
    private var names: [String: String] = [:]
    private var declaredLength = -1
    private var body = Data()
    /// Why the load stopped early (a body past the limit), when it did.
    private var failure: (any Error)?

    init(
      id: UInt64, request: URLRequest, maximumBodySize: Int, timeoutMilliseconds: Int,
      continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    ) {
      self.id = id
      self.request = request
      self.url = request.url ?? URL(fileURLWithPath: "/")
      self.maximumBodySize = maximumBodySize
      self.timeoutMilliseconds = timeoutMilliseconds
      self.continuation = continuation
    }

    var userInfo: [String: Any] { [NSURLErrorFailingURLErrorKey: url] }

    /// Sets `handle`'s options for this request; `false` if libcurl refused one.
    func configure(_ handle: UnsafeMutableRawPointer) -> Bool {
      let context = Unmanaged.passUnretained(self).toOpaque()
      var codes = [
        setString(handle, CURLOPT_URL, url.absoluteString),
        // Only HTTP(S), never a signal (threads), no 100-continue round trip before a body.
        setString(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
        paging_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
        paging_curl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeoutMilliseconds),
        // Every encoding libcurl decodes, as URLSession asks for: bodies arrive decoded.
        setString(handle, CURLOPT_ACCEPT_ENCODING, ""),
        paging_curl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody),
        paging_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context),
        paging_curl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, curlReceiveHeader),
        paging_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context),
      ]
      var headers = request.allHTTPHeaderFields ?? [:]
      if !headers.keys.contains(where: { $0.caseInsensitiveCompare("User-Agent") == .orderedSame })
      {
        headers["User-Agent"] = "swift-paging"
      }
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        headerList = curl_slist_append(headerList, "\(name): \(value)")
      }
      headerList = curl_slist_append(headerList, "Expect:")
      codes.append(paging_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))
      let method = request.httpMethod?.uppercased() ?? "GET"
      if let body = request.httpBody {
        codes.append(
          paging_curl_easy_setopt_offset(
            handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        codes.append(
          body.withUnsafeBytes {
            paging_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress)
          })
      }
      if method == "HEAD" {
        codes.append(paging_curl_easy_setopt_long(handle, CURLOPT_NOBODY, 1))
      } else if method != "GET" || request.httpBody != nil {
        codes.append(setString(handle, CURLOPT_CUSTOMREQUEST, method))
      }
      return codes.allSatisfy { $0 == CURLE_OK }
    }

    private func setString(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: String)
      -> CURLcode
    {
      // libcurl copies the strings it is given.
      value.withCString { paging_curl_easy_setopt_pointer(handle, option, $0) }
    }

    /// Frees what the request's options pointed to.
    func release() {
      curl_slist_free_all(headerList)
      headerList = nil
    }

    /// One line of the response's head: a status line starts a new response (after a
    /// `100 Continue`), a field is merged into the others.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
      let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      if line.hasPrefix("HTTP/") {
        let parts = line.split(separator: " ", maxSplits: 2)
        statusCode = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        httpVersion = String(parts.first ?? "HTTP/1.1")
        fields = [:]
        names = [:]
        declaredLength = -1
      } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let key = name.lowercased()
        if key == "content-length" { declaredLength = Int(value) ?? -1 }
        if let spelled = names[key] {
          fields[spelled] = (fields[spelled] ?? "") + ", " + value
        } else {
          names[key] = name
          fields[name] = value
        }
      }
      return bytes.count
    }

    /// A piece of the body: kept, or the load stopped once the body passes the limit (a
    /// declared length past it stops it at the first piece).
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
      guard body.count + bytes.count <= maximumBodySize, declaredLength <= maximumBodySize else {
        failure = HTTPPagingError.bodyTooLarge(url: url, limit: maximumBodySize)
        body = Data()
        return 0
      }
      if body.isEmpty, declaredLength > 0 { body.reserveCapacity(declaredLength) }
      body.append(contentsOf: bytes)
      return bytes.count
    }

    /// How the load ended, from libcurl's result; `reusedConnection` when it made no new
    /// connection (it was sent over one a load before it had opened).
    func outcome(_ code: CURLcode, reusedConnection: Bool) -> Result<
      (Data, HTTPURLResponse), any Error
    > {
      if let failure { return .failure(failure) }
      guard code == CURLE_OK else {
        return .failure(
          URLError(urlErrorCode(code, reusedConnection: reusedConnection), userInfo: userInfo))
      }
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: fields)
      else { return .failure(URLError(.badServerResponse, userInfo: userInfo)) }
      return .success((body, response))
    }

    /// The `URLError` code `URLSession` gives for libcurl's failure: a timeout is a timeout
    /// wherever it happens; any other failure once the response's head arrived is the
    /// connection lost mid-body, retryable like one lost before it.
    private func urlErrorCode(_ code: CURLcode, reusedConnection: Bool) -> URLError.Code {
      if code == CURLE_OPERATION_TIMEDOUT { return .timedOut }
      if statusCode >= 200 { return .networkConnectionLost }
      switch code {
      case CURLE_COULDNT_CONNECT: return .cannotConnectToHost
      case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotFindHost
      case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
        return .networkConnectionLost
      case CURLE_SSL_CONNECT_ERROR: return .secureConnectionFailed
      case CURLE_PEER_FAILED_VERIFICATION: return .serverCertificateUntrusted
      // Only http and https are allowed, so for those this is a reply that is not HTTP/1.x.
      // On a reused connection: bytes a server wrote past its last response, which libcurl
      // then closes, and a new connection heals. On a new one: a server that does not speak
      // HTTP (a wrong port), which no retry heals.
      case CURLE_UNSUPPORTED_PROTOCOL:
        guard ["http", "https"].contains(url.scheme?.lowercased()) else { return .unsupportedURL }
        return reusedConnection ? .networkConnectionLost : .badServerResponse
      case CURLE_URL_MALFORMAT: return .badURL
      case CURLE_WEIRD_SERVER_REPLY: return .badServerResponse
      case CURLE_BAD_CONTENT_ENCODING: return .cannotDecodeContentData
      default: return .unknown
      }
    }
  }

  /// libcurl's write callback: hands the piece to the load its context names.
  private let curlWriteBody: paging_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let load = Unmanaged<CurlLoad>.fromOpaque(context).takeUnretainedValue()
    return load.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
  }

  /// libcurl's header callback: hands the line to the load its context names.
  private let curlReceiveHeader: paging_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let load = Unmanaged<CurlLoad>.fromOpaque(context).takeUnretainedValue()
    return load.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
  }
#endif
