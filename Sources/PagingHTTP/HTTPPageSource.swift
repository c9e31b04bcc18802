import Foundation
import Paging

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `PageSource` over an HTTP JSON API: it requests pages with an ``HTTPTransport``
/// (`URLSession` by default), decodes the items with a `JSONDecoder`, and finds the next page
/// with an ``HTTPPagingStrategy``: an RFC 8288 `Link` header, a cursor field in the body, page
/// numbers or offsets.
///
/// ```swift
/// let source = HTTPPageSource<ReleaseNote>(
///   url: URL(string: "https://example.org/notes/release_notes.json")!,
///   strategy: .linkHeader(),
///   queryItems: [URLQueryItem(name: "_shape", value: "array")])
/// let feed = Paginator(source: source)
/// ```
///
/// **The cursor is the request** (``HTTPCursor``): the absolute URL of the page, whatever the
/// strategy (the `Link` target itself; the same URL with the token, page number or offset set
/// for the others), and for a page that is posted (a GraphQL connection, a token in the
/// request body) its method and body. One cursor type lets one source type serve every
/// strategy; a saved cursor resumes exactly where it left off, with every query item and
/// variable the server needs; the origin check sees the very URL that would be fetched; and
/// the engine's repeated-cursor check compares what would actually be requested. `nil` (the
/// engine's first-page cursor) means ``firstPage``.
///
/// Errors are ``HTTPPagingError``s, except that cancellation propagates as `CancellationError`
/// or `URLError.cancelled`, which the engine never shows as a failure, and that a
/// ``HTTPPagingStrategy/custom(_:itemsPath:)`` rule's own error propagates as it threw it. A
/// `Retry-After` in the HTTP-date form becomes seconds when the error is made, counted from the
/// response's `Date` header (the server's clock) or, without one, from the time the response
/// arrived.
///
/// **Rate limits** (as octokit's throttling plugin handles GitHub's, and before the limit is
/// spent): every response's `RateLimit` (IETF draft), `X-RateLimit-Remaining`/`-Reset`
/// (GitHub) or `RateLimit-Remaining`/`-Reset` fields are read; once one says no request is
/// left, the next request waits for the reset on the source's clock, rather than spending a
/// request on a 429. A 403 or 429 whose fields say the limit is spent is a wait too: the
/// request goes again after the reset, once. A wait longer than ``maximumRateLimitWait``
/// fails at once with ``HTTPPagingError/rateLimited(url:wait:)`` (retryable, its
/// `retryAfter` the wait), which a retry policy whose `maxDelay` is shorter reports as
/// `PagingError.retryAfterTooLong(wait:maxDelay:error:)`.
///
/// **Items without an `id`** (a catalog of bare strings, rows keyed by another field): give
/// the initializer an id key path, and the items are `Identified` values. Walked with
/// PagingWalk's `pages()` (`import PagingWalk`):
///
/// ```swift
/// let catalog = HTTPPageSource(
///   url: URL(string: "http://127.0.0.1:5000/v2/_catalog")!,
///   strategy: .linkHeader(itemsPath: ["repositories"]), id: \String.self)
/// for try await name in catalog.pages().items { print(name.value) }
/// ```
public struct HTTPPageSource<Item: Identifiable & Sendable>: PageSource where Item.ID: Sendable {
  /// The first page's request: the given URL with the given query items and the strategy's
  /// first page number or offset, and the body to post, if any. `nil` when Foundation could
  /// not add them (loads then fail with ``HTTPPagingError/invalidCursor(url:queryItem:)``).
  public let firstPage: HTTPCursor?
  /// ``firstPage``: a page whose link goes back to it closes a cycle, which the walk ends at the
  /// link (rulebook R11).
  public var firstPageCursor: HTTPCursor? { firstPage }
  /// The URL of the first page (``firstPage``'s).
  public var firstPageURL: URL? { firstPage?.url }
  /// How the next page is found.
  public let strategy: HTTPPagingStrategy
  /// The headers sent with every request besides `Accept: application/json` (which they may
  /// replace), `Authorization` included.
  public let headers: [String: String]
  /// The largest body accepted, in bytes; a longer one fails with
  /// ``HTTPPagingError/bodyTooLarge(url:limit:)``.
  public let maximumBodySize: Int
  /// The origins besides the first page's that cursors may lead to; requests to them carry
  /// the same ``headers``, `Authorization` included. Empty by default: a next page on another
  /// scheme, host or port fails with ``HTTPPagingError/crossOriginCursor(url:origin:)``.
  public let allowedOrigins: Set<HTTPOrigin>
  /// The longest one request may take, from sending it to its body's last byte; a slower one
  /// fails with ``HTTPPagingError/transport(_:)`` (`URLError.timedOut`, retryable). `nil`
  /// leaves it to the transport (60 s for ``defaultTransport``).
  public let timeout: Duration?
  /// The longest this source waits for a rate limit's reset before a request (see
  /// ``HTTPPageSource``'s rate limits); a longer wait fails at once with
  /// ``HTTPPagingError/rateLimited(url:wait:)``, which carries it.
  public let maximumRateLimitWait: Duration
  /// Whether a walk may load this source's pages several at a time, when its pages count the
  /// rows after them (``cursor(forPageStartingAt:)``): `true` by default; `false` for a server
  /// that must see one request at a time.
  public let allowsParallelPages: Bool
  /// The transport a source uses when given none: `CurlTransport.shared` on Linux (libcurl,
  /// about twice as fast a request there as FoundationNetworking's `URLSession`),
  /// ``URLSessionTransport/shared`` elsewhere.
  public static var defaultTransport: any HTTPTransport {
    #if canImport(CCurl)
      CurlTransport.shared
    #else
      URLSessionTransport.shared
    #endif
  }
  /// The clock that times ``timeout`` and the rate limit's waits.
  private let clock: any Clock<Duration>
  /// When the next request may go, from what the last response said of the rate limit.
  private let rateLimitGate: HTTPRateLimitGate
  private let url: URL
  private let decoder: JSONDecoder
  private let transport: any HTTPTransport
  /// Decodes a body into items along a layout.
  private let decodeBody: @Sendable (Data, PageBodyLayout, JSONDecoder) throws -> PageBody<Item>

  /// Creates a source.
  /// - Parameters:
  ///   - url: The collection's URL, which sets the origin every page must come from.
  ///   - strategy: How the next page is found.
  ///   - queryItems: Query items added to the first page's URL (later pages' URLs come from
  ///     the server or carry them already).
  ///   - headers: Headers for every request; `Accept: application/json` is sent unless they
  ///     set `Accept`.
  ///   - authorization: The `Authorization` header's value (e.g. `Bearer <token>`), if any.
  ///   - decoder: Decodes the items; paths in `strategy` name keys as this decoder sees them
  ///     (after its `keyDecodingStrategy`). `convertFromSnakeCase` converts every key of every
  ///     object on each decode: on Linux it doubled the time to decode a 1,000-row page
  ///     (explicit `CodingKeys` cost nothing per key).
  ///   - transport: Sends the requests (default: ``defaultTransport``).
  ///   - maximumBodySize: The largest body accepted, in bytes (default 16 MiB).
  ///   - allowedOrigins: Other origins cursors may lead to (default: none).
  ///   - body: A JSON body to post with the first page (and, for strategies that follow the
  ///     same request, every page), with `Content-Type: application/json`; `nil` (the default)
  ///     sends a `GET`. A GraphQL connection makes its own.
  ///   - timeout: The longest one request may take (default: the transport's).
  ///   - maximumRateLimitWait: The longest wait for a rate limit's reset (default 60 s; an
  ///     hour, `.seconds(3_600)`, waits out GitHub's hourly window).
  ///   - allowsParallelPages: Whether a walk may load several pages at a time (default `true`;
  ///     see ``allowsParallelPages``).
  ///   - clock: The clock that times `timeout` and rate-limit waits (default: a
  ///     `ContinuousClock`; tests pass a test clock).
  /// - Complexity: O(*q* + *h*) for *q* query items and *h* headers, plus the URL's length (and
  ///   the query's, for a GraphQL connection).
  public init(
    url: URL, strategy: HTTPPagingStrategy, queryItems: [URLQueryItem] = [],
    headers: [String: String] = [:], authorization: String? = nil,
    decoder: JSONDecoder = JSONDecoder(), transport: any HTTPTransport = defaultTransport,
    maximumBodySize: Int = 16 << 20, allowedOrigins: Set<HTTPOrigin> = [], body: Data? = nil,
    timeout: Duration? = nil, maximumRateLimitWait: Duration = .seconds(60),
    allowsParallelPages: Bool = true, clock: any Clock<Duration> = ContinuousClock()
  ) where Item: Decodable {
    self.init(
      url: url, strategy: strategy, queryItems: queryItems, headers: headers,
      authorization: authorization, decoder: decoder, transport: transport,
      maximumBodySize: maximumBodySize, allowedOrigins: allowedOrigins, body: body,
      timeout: timeout, maximumRateLimitWait: maximumRateLimitWait,
      allowsParallelPages: allowsParallelPages, clock: clock
    ) { data, layout, decoder in
      try PageBody<Item>.decode(data, layout: layout, decoder: decoder)
    }
  }

  /// Creates a source of items that are not `Identifiable`: each decoded `Value` becomes an
  /// `Identified` item whose id is the value at `id`, as SwiftUI's `ForEach(_:id:)`
  /// does with a key path.
  ///
  /// ```swift
  /// let catalog = HTTPPageSource(
  ///   url: registry.appendingPathComponent("v2/_catalog"),
  ///   strategy: .linkHeader(itemsPath: ["repositories"]), id: \String.self)
  /// ```
  /// - Parameters:
  ///   - url: The collection's URL, which sets the origin every page must come from.
  ///   - strategy: How the next page is found.
  ///   - id: Where a value's id is (`\String.self` for bare strings); the root type names
  ///     the decoded value.
  ///   - queryItems: Query items added to the first page's URL.
  ///   - headers: Headers for every request; `Accept: application/json` is sent unless they
  ///     set `Accept`.
  ///   - authorization: The `Authorization` header's value, if any.
  ///   - decoder: Decodes the values; paths in `strategy` name keys as this decoder sees them.
  ///   - transport: Sends the requests (default: ``defaultTransport``).
  ///   - maximumBodySize: The largest body accepted, in bytes (default 16 MiB).
  ///   - allowedOrigins: Other origins cursors may lead to (default: none).
  ///   - body: A JSON body to post (default: none, a `GET`).
  ///   - timeout: The longest one request may take (default: the transport's).
  ///   - maximumRateLimitWait: The longest wait for a rate limit's reset (default 60 s).
  ///   - allowsParallelPages: Whether a walk may load several pages at a time (default `true`;
  ///     see ``allowsParallelPages``).
  ///   - clock: The clock that times `timeout` and rate-limit waits (default: a
  ///     `ContinuousClock`).
  /// - Complexity: O(*q* + *h*) for *q* query items and *h* headers, plus the URL's length (and
  ///   the query's, for a GraphQL connection).
  public init<Value: Decodable & Sendable, ID: Hashable & Sendable>(
    url: URL, strategy: HTTPPagingStrategy, id: KeyPath<Value, ID> & Sendable,
    queryItems: [URLQueryItem] = [], headers: [String: String] = [:],
    authorization: String? = nil, decoder: JSONDecoder = JSONDecoder(),
    transport: any HTTPTransport = defaultTransport, maximumBodySize: Int = 16 << 20,
    allowedOrigins: Set<HTTPOrigin> = [], body: Data? = nil, timeout: Duration? = nil,
    maximumRateLimitWait: Duration = .seconds(60), allowsParallelPages: Bool = true,
    clock: any Clock<Duration> = ContinuousClock()
  ) where Item == Identified<Value, ID> {
    self.init(
      url: url, strategy: strategy, queryItems: queryItems, headers: headers,
      authorization: authorization, decoder: decoder, transport: transport,
      maximumBodySize: maximumBodySize, allowedOrigins: allowedOrigins, body: body,
      timeout: timeout, maximumRateLimitWait: maximumRateLimitWait,
      allowsParallelPages: allowsParallelPages, clock: clock
    ) { data, layout, decoder in
      try PageBody<Value>.decode(data, layout: layout, decoder: decoder).map {
        Identified($0, id: id)
      }
    }
  }

  private init(
    url: URL, strategy: HTTPPagingStrategy, queryItems: [URLQueryItem],
    headers: [String: String], authorization: String?, decoder: JSONDecoder,
    transport: any HTTPTransport, maximumBodySize: Int, allowedOrigins: Set<HTTPOrigin>,
    body: Data?, timeout: Duration?, maximumRateLimitWait: Duration, allowsParallelPages: Bool,
    clock: any Clock<Duration>,
    decodeBody: @escaping @Sendable (Data, PageBodyLayout, JSONDecoder) throws -> PageBody<Item>
  ) {
    self.decodeBody = decodeBody
    var allHeaders = headers
    if let authorization { allHeaders["Authorization"] = authorization }
    self.url = url
    self.strategy = strategy
    self.headers = allHeaders
    self.decoder = decoder
    self.transport = transport
    self.maximumBodySize = max(0, maximumBodySize)
    self.allowedOrigins = allowedOrigins
    self.timeout = timeout.map { max($0, .zero) }
    self.clock = clock
    self.allowsParallelPages = allowsParallelPages
    self.maximumRateLimitWait = max(.zero, maximumRateLimitWait)
    rateLimitGate = HTTPRateLimitGate(clock: clock)
    self.firstPage = URLQuery.url(url, adding: queryItems, replacing: false).flatMap {
      strategy.firstCursor(url: $0, body: body)
    }
    // The app wrote these: error texts may print their hosts, this path and these query item
    // names, and print `…` for any that only a response named.
    RedactedURL.trust(
      endpoint: url, names: queryItems.map(\.name) + strategy.ownQueryItemNames)
    for origin in allowedOrigins {
      RedactedURL.trust(scheme: origin.scheme, host: origin.host, port: origin.port)
    }
  }

  /// Whether the source can load a page at any position, so that a list can jump there in one
  /// request (rulebook R31): the offset and page-number strategies given the total count
  /// (``HTTPPagingStrategy/offset(queryItem:limit:limitQueryItem:itemsPath:totalCount:)``,
  /// ``HTTPPagingStrategy/pageNumber(queryItem:firstPage:pageSize:pageSizeQueryItem:itemsPath:totalCount:totalPages:nextPage:)``),
  /// whose pages then count the rows around them. Cursor, link and next-URL strategies cannot:
  /// their lists load page by page towards a far placeholder.
  public var jumpingSupported: Bool { strategy.jumpingSupported && firstPage != nil }

  /// The cursor of the page around the row at `position` (from 0): for offsets, the offset
  /// half a page before it, so that it lands mid-page; for page numbers, the page that holds
  /// it. The first page's cursor for a strategy that cannot jump.
  /// - Parameter position: The row's position in the collection, from 0.
  /// - Returns: The cursor.
  public func cursor(around position: Int) -> HTTPCursor? {
    firstPage.flatMap { strategy.cursor(around: position, first: $0) } ?? firstPage
  }

  /// The cursor of the page whose first row is at `position` (from 0), as the strategy's own
  /// next cursor names it: for offsets with a total count, the offset `position`; for page
  /// numbers with a total count, the page number when `position` is a multiple of the page
  /// size. A walk asks it after a page that counts the rows after it, and loads the pages that
  /// follow several at a time (PagingWalk's `parallelPages`). `nil` for any other strategy,
  /// any other position, or when ``allowsParallelPages`` is `false`.
  /// - Parameter position: The first row's position in the collection, from 0.
  /// - Returns: The cursor, or `nil`.
  public func cursor(forPageStartingAt position: Int) -> HTTPCursor? {
    guard allowsParallelPages, let firstPage else { return nil }
    return strategy.cursor(forPageStartingAt: position, first: firstPage)
  }

  /// Whether a page may be requested twice (a hedge, `HedgingPolicy`): `true` for a `GET`
  /// (an idempotent method, RFC 9110 §9.2.2) and for a GraphQL connection, whose pages are
  /// queries even though they are posted; `false` for any other `POST` (a body of the
  /// app's own, which may write), so such a source is never hedged.
  public var loadsAreIdempotent: Bool {
    if case .graphQL = strategy.kind { return true }
    return (firstPage?.method ?? "GET") == "GET"
  }

  /// Loads the page at `request.cursor` (``firstPage`` when `nil`).
  /// - Parameter request: The engine's request.
  /// - Returns: The page's items in body order, the next page's cursor (`nil` at the end) and,
  ///   for the `Link` strategy, the `prev` link.
  /// - Throws: ``HTTPPagingError``; `CancellationError` or `URLError.cancelled` when cancelled;
  ///   with ``HTTPPagingStrategy/custom(_:itemsPath:)``, what its rule's
  ///   ``HTTPNextPageRule/nextPage(after:response:body:)`` throws.
  /// - Complexity: O(n) in the body's length (one decoding pass).
  public func loadPage(_ request: PageRequest<HTTPCursor>) async throws -> Page<Item, HTTPCursor> {
    try await load(request, nextCursorKnown: nil)
  }

  /// Loads the page as ``loadPage(_:)`` does, and tells the next page's cursor as soon as the
  /// response arrives, before the items decode, where the strategy finds it apart from the
  /// items: a `Link` header, a next URL in a header, a next URL or a cursor token at a body
  /// path (read from the body's bytes without decoding them). A walk of such a cursor chain
  /// then asks for the next page while this one decodes. Other strategies tell nothing.
  /// - Parameters:
  ///   - request: The page to load.
  ///   - nextCursorKnown: Called at most once with the next page's cursor.
  /// - Returns: The page.
  /// - Throws: What ``loadPage(_:)`` throws.
  /// - Complexity: One request; O(n) in the body's length.
  public func loadPage(
    _ request: PageRequest<HTTPCursor>, nextCursorKnown: @escaping @Sendable (HTTPCursor) -> Void
  ) async throws -> Page<Item, HTTPCursor> {
    try await load(request, nextCursorKnown: nextCursorKnown)
  }

  /// `true` for the strategies whose next page the response tells apart from its items: a
  /// `Link` header, a next URL in a header, a next URL or a cursor token sent as a query item
  /// (see ``loadPage(_:nextCursorKnown:)``).
  public var tellsNextCursorEarly: Bool { strategy.tellsNextCursorEarly }

  private func load(
    _ request: PageRequest<HTTPCursor>, nextCursorKnown: (@Sendable (HTTPCursor) -> Void)?
  ) async throws -> Page<Item, HTTPCursor> {
    guard let cursor = request.cursor ?? firstPage else {
      try HTTPOrigin.check(url, against: url)
      throw HTTPPagingError.invalidCursor(url: url, queryItem: "first page's query")
    }
    try HTTPOrigin.check(cursor.url, against: url, allowing: allowedOrigins)
    var urlRequest = cursor.urlRequest
    urlRequest.setValue(strategy.accept, forHTTPHeaderField: "Accept")
    for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let (body, response) = try await sendWithinRateLimit(urlRequest, url: cursor.url)
    if let nextCursorKnown,
      let next = strategy.earlyNextCursor(after: cursor, response: response, data: body)
    {
      nextCursorKnown(next)
    }
    let page: PageBody<Item>
    do {
      page = try decodeBody(body, strategy.layout, decoder)
    } catch let error as DecodingError {
      throw HTTPPagingError.decoding(url: cursor.url, error: error, response: response, body: body)
    } catch let errors as GraphQLErrors {
      throw HTTPPagingError.graphQL(url: cursor.url, messages: errors.messages)
    }
    return try strategy.page(body: page, cursor: cursor, response: response, data: body)
  }

  /// The successful response to `request`, sent once the rate limit allows: before it, the
  /// wait for a reset that the last response announced (nothing left in its window); after a
  /// 403 or 429 that says the limit is spent, the wait for its reset and the request once
  /// more. A wait longer than ``maximumRateLimitWait`` throws
  /// ``HTTPPagingError/rateLimited(url:wait:)`` at once.
  private func sendWithinRateLimit(_ request: URLRequest, url: URL) async throws -> (
    Data, HTTPURLResponse
  ) {
    var refused = false
    while true {
      switch rateLimitGate.reserve() {
      case .go: break
      case .sleep(let wait):
        if wait > maximumRateLimitWait { throw HTTPPagingError.rateLimited(url: url, wait: wait) }
        try await clock.sleep(for: wait.asWait)
        continue
      case .busy:
        await rateLimitGate.waitForRequestToFinish()
        try Task.checkCancellation()
        continue
      }
      let body: Data
      let response: HTTPURLResponse
      do {
        (body, response) = try await send(request)
      } catch {
        rateLimitGate.finished(nil)
        throw error
      }
      let limit = HTTPRateLimit(response, now: Date())
      rateLimitGate.finished(limit)
      if (200...299).contains(response.statusCode) { return (body, response) }
      // A refusal that says the limit is spent is a wait, not a failure: once.
      if !refused, [403, 429].contains(response.statusCode), limit?.remaining == 0 {
        refused = true
        continue
      }
      throw HTTPPagingError.status(response, body: body, url: url)
    }
  }

  /// The response, whatever its status, or `URLError.timedOut` once ``timeout`` passes on
  /// ``clock`` (the request is then cancelled).
  private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let transport = transport
    let limit = maximumBodySize
    guard let timeout else {
      return try await transport.typedResponse(for: request, maximumBodySize: limit)
    }
    var request = request
    // The request's interval is the transport's hint; the clock below enforces the timeout,
    // so an interval past 10^9 seconds (31 years) need not be passed on.
    request.timeoutInterval = min(max(0.001, timeout.seconds), 1e9)
    let clock = clock
    return try await withThrowingTaskGroup(of: (Data, HTTPURLResponse)?.self) { group in
      group.addTask { [request] in
        try await transport.typedResponse(for: request, maximumBodySize: limit)
      }
      group.addTask {
        try await clock.sleep(for: timeout.asWait)
        return nil
      }
      defer { group.cancelAll() }
      guard let result = try await group.next(), let response = result else {
        let url = request.url ?? self.url
        throw HTTPPagingError.transport(
          URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url]))
      }
      return response
    }
  }
}
