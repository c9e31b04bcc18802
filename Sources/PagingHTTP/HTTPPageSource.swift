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
/// **The cursor is a URL**: the absolute URL of the page's request, whatever the strategy (the
/// `Link` target itself; the same URL with the token, page number or offset set for the
/// others). One cursor type lets one source type serve every strategy; a saved cursor resumes
/// exactly where it left off, with every query item the server needs; the origin check sees
/// the very URL that would be fetched; and the engine's repeated-cursor check compares what
/// would actually be requested. `nil` (the engine's first-page cursor) means ``firstPageURL``.
///
/// Errors are ``HTTPPagingError``s, except that cancellation propagates as `CancellationError`
/// or `URLError.cancelled`, which the engine never shows as a failure. A `Retry-After` in the
/// HTTP-date form becomes seconds when the error is made, counted from the response's `Date`
/// header (the server's clock) or, without one, from the time the response arrived.
///
/// **Items without an `id`** (a catalog of bare strings, rows keyed by another field): give
/// the initializer an id key path, and the items are `Identified` values:
///
/// ```swift
/// let catalog = HTTPPageSource(
///   url: URL(string: "http://127.0.0.1:5000/v2/_catalog")!,
///   strategy: .linkHeader(itemsPath: ["repositories"]), id: \String.self)
/// for try await name in catalog.pages().items { print(name.value) }
/// ```
public struct HTTPPageSource<Item: Identifiable & Sendable>: PageSource where Item.ID: Sendable {
  /// The URL of the first page: the given URL with the given query items and the strategy's
  /// first page number or offset. `nil` when Foundation could not add them (loads then fail
  /// with ``HTTPPagingError/invalidCursor(url:queryItem:)``).
  public let firstPageURL: URL?
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
  ///   - transport: Sends the requests (default: ``URLSessionTransport/shared``).
  ///   - maximumBodySize: The largest body accepted, in bytes (default 16 MiB).
  ///   - allowedOrigins: Other origins cursors may lead to (default: none).
  public init(
    url: URL, strategy: HTTPPagingStrategy, queryItems: [URLQueryItem] = [],
    headers: [String: String] = [:], authorization: String? = nil,
    decoder: JSONDecoder = JSONDecoder(), transport: any HTTPTransport = URLSessionTransport.shared,
    maximumBodySize: Int = 16 << 20, allowedOrigins: Set<HTTPOrigin> = []
  ) where Item: Decodable {
    self.init(
      url: url, strategy: strategy, queryItems: queryItems, headers: headers,
      authorization: authorization, decoder: decoder, transport: transport,
      maximumBodySize: maximumBodySize, allowedOrigins: allowedOrigins
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
  ///   - transport: Sends the requests (default: ``URLSessionTransport/shared``).
  ///   - maximumBodySize: The largest body accepted, in bytes (default 16 MiB).
  ///   - allowedOrigins: Other origins cursors may lead to (default: none).
  public init<Value: Decodable & Sendable, ID: Hashable & Sendable>(
    url: URL, strategy: HTTPPagingStrategy, id: KeyPath<Value, ID> & Sendable,
    queryItems: [URLQueryItem] = [], headers: [String: String] = [:],
    authorization: String? = nil, decoder: JSONDecoder = JSONDecoder(),
    transport: any HTTPTransport = URLSessionTransport.shared, maximumBodySize: Int = 16 << 20,
    allowedOrigins: Set<HTTPOrigin> = []
  ) where Item == Identified<Value, ID> {
    self.init(
      url: url, strategy: strategy, queryItems: queryItems, headers: headers,
      authorization: authorization, decoder: decoder, transport: transport,
      maximumBodySize: maximumBodySize, allowedOrigins: allowedOrigins
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
    self.firstPageURL = URLQuery.url(url, adding: queryItems, replacing: false).flatMap {
      URLQuery.url($0, adding: strategy.firstPageQueryItems, replacing: true)
    }
  }

  /// Loads the page at `request.cursor` (``firstPageURL`` when `nil`).
  /// - Parameter request: The engine's request.
  /// - Returns: The page's items in body order, the next page's URL (`nil` at the end) and,
  ///   for the `Link` strategy, the `prev` link.
  /// - Throws: ``HTTPPagingError``; `CancellationError` or `URLError.cancelled` when cancelled.
  /// - Complexity: O(n) in the body's length (one decoding pass).
  public func loadPage(_ request: PageRequest<URL>) async throws -> Page<Item, URL> {
    guard let firstPageURL else {
      throw HTTPPagingError.invalidCursor(url: url, queryItem: "")
    }
    let pageURL = request.cursor ?? firstPageURL
    try checkOrigin(of: pageURL)
    var urlRequest = URLRequest(url: pageURL)
    urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
    for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let (body, response) = try await send(urlRequest)
    guard (200...299).contains(response.statusCode) else {
      throw HTTPPagingError.status(response, body: body, url: pageURL)
    }
    let page: PageBody<Item>
    do {
      page = try decodeBody(body, strategy.layout, decoder)
    } catch let error as DecodingError {
      throw HTTPPagingError.decoding(
        url: pageURL, error: error,
        contentType: response.value(forHTTPHeaderField: "Content-Type"),
        bodyPrefix: body.prefix(HTTPPagingError.bodyPrefixLimit))
    }
    return try strategy.page(body: page, pageURL: pageURL, response: response, data: body)
  }

  private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let url = request.url ?? self.url
    let result: (Data, HTTPURLResponse)
    do {
      result = try await transport.response(for: request, maximumBodySize: maximumBodySize)
    } catch let error as URLError where error.code != .cancelled {
      throw HTTPPagingError.transport(error)
    }
    guard result.0.count <= maximumBodySize else {
      throw HTTPPagingError.bodyTooLarge(url: url, limit: maximumBodySize)
    }
    return result
  }

  private func checkOrigin(of pageURL: URL) throws {
    let home = HTTPOrigin(url)
    let origin = HTTPOrigin(pageURL)
    guard let origin, origin == home || allowedOrigins.contains(origin) else {
      throw HTTPPagingError.crossOriginCursor(
        url: pageURL, origin: home ?? HTTPOrigin(scheme: "", host: ""))
    }
  }
}
