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
///   func nextPage(after cursor: HTTPCursor, response: HTTPURLResponse, body: Data) throws
///     -> HTTPCursor?
///   {
///     let meta = try JSONDecoder().decode(Envelope.self, from: body).meta
///     return meta.next.flatMap { URL(string: $0, relativeTo: cursor.url)?.absoluteURL }
///       .map { HTTPCursor(url: $0) }
///   }
/// }
/// let source = HTTPPageSource<Item>(url: url, strategy: .custom(NextInMeta(), itemsPath: ["data"]))
/// ```
public protocol HTTPNextPageRule: Sendable {
  /// The query items the first page's URL gets (default: none).
  var firstPageQueryItems: [URLQueryItem] { get }

  /// The next page's request, or `nil` when `cursor`'s page is the last.
  /// - Parameters:
  ///   - cursor: The request that was sent (its URL, method and body).
  ///   - response: Its successful (2xx) response.
  ///   - body: Its body, within the source's size limit; its items already decoded.
  /// - Returns: A cursor with an absolute URL (give it a body to post it), or `nil` at the
  ///   end.
  /// - Throws: Anything; the walk or the paginator reports it as the source's failure
  ///   (conform it to `RetryableError` to steer automatic retries).
  func nextPage(after cursor: HTTPCursor, response: HTTPURLResponse, body: Data) throws
    -> HTTPCursor?
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
