import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A way of finding the next page that no built-in ``HTTPPagingStrategy`` covers: conform a
/// type and pass it to ``HTTPPagingStrategy/custom(_:itemsPath:)``.
///
/// ``HTTPPageSource`` keeps doing everything else: the request with its headers, the status
/// check (a non-2xx response never reaches the rule), the body size limit, decoding the items
/// at the strategy's items path, the origin check of the URL the rule returns (before it is
/// requested, so no header leaks to another host) and the mapping of transport errors to
/// ``HTTPPagingError``.
///
/// ```swift
/// struct NextInMeta: HTTPNextPageRule {
///   func nextPage(after pageURL: URL, response: HTTPURLResponse, body: Data) throws -> URL? {
///     let meta = try JSONDecoder().decode(Envelope.self, from: body).meta
///     return meta.next.flatMap { URL(string: $0, relativeTo: pageURL)?.absoluteURL }
///   }
/// }
/// let source = HTTPPageSource<Item>(url: url, strategy: .custom(NextInMeta(), itemsPath: ["data"]))
/// ```
public protocol HTTPNextPageRule: Sendable {
  /// The query items the first page's URL gets (default: none).
  var firstPageQueryItems: [URLQueryItem] { get }

  /// The next page's URL, or `nil` when `pageURL`'s page is the last.
  /// - Parameters:
  ///   - pageURL: The URL that was requested.
  ///   - response: Its successful (2xx) response.
  ///   - body: Its body, within the source's size limit; its items already decoded.
  /// - Returns: An absolute URL, or `nil` at the end.
  /// - Throws: Anything; the walk or the paginator reports it as the source's failure
  ///   (conform it to `RetryableError` to steer automatic retries).
  func nextPage(after pageURL: URL, response: HTTPURLResponse, body: Data) throws -> URL?
}

extension HTTPNextPageRule {
  /// No query items.
  public var firstPageQueryItems: [URLQueryItem] { [] }
}

/// A rule in a ``HTTPPagingStrategy``: equal only to itself (each ``HTTPPagingStrategy/custom(_:itemsPath:)``
/// call makes a new identity).
struct CustomNextPageRule: Hashable, Sendable {
  let rule: any HTTPNextPageRule
  let identity = UUID()

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }
  func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
