import Foundation
import Paging

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPPagingStrategy {
  /// The query items the first page's URL gets (a page number or offset and a size).
  var firstPageQueryItems: [URLQueryItem] {
    switch kind {
    case .linkHeader, .cursorField:
      return []
    case .pageNumber(let queryItem, let firstPage, let pageSize, let sizeQueryItem, _):
      let size = sizeQueryItem.map { [URLQueryItem(name: $0, value: String(pageSize))] } ?? []
      return [URLQueryItem(name: queryItem, value: String(firstPage))] + size
    case .offset(let queryItem, let limit, let limitQueryItem, _):
      let size = limitQueryItem.map { [URLQueryItem(name: $0, value: String(limit))] } ?? []
      return [URLQueryItem(name: queryItem, value: "0")] + size
    }
  }

  /// The page with its next (and for links, previous) cursor.
  /// - Throws: ``HTTPPagingError/malformedLinkHeader(url:errors:)``,
  ///   ``HTTPPagingError/invalidCursor(url:queryItem:)``.
  func page<Item>(body: PageBody<Item>, pageURL: URL, response: HTTPURLResponse) throws -> Page<
    Item, URL
  > {
    let items = body.items
    switch kind {
    case .linkHeader(let relation):
      // The base is the URL of the response (after redirects), per RFC 8288 appendix B.2.
      let header = LinkHeader(
        fieldValues: response.value(forHTTPHeaderField: "Link").map { [$0] } ?? [],
        baseURL: response.url ?? pageURL)
      let next = header.target(relation: relation)
      if next == nil, !header.errors.isEmpty {
        throw HTTPPagingError.malformedLinkHeader(url: pageURL, errors: header.errors)
      }
      return Page(items: items, nextCursor: next, previousCursor: header.target(relation: "prev"))
    case .cursorField(_, let queryItem):
      let next = try body.cursor.map { try Self.url(pageURL, setting: queryItem, to: $0) }
      return Page(items: items, nextCursor: next)
    case .pageNumber(let queryItem, let firstPage, let pageSize, _, _):
      let number = try Self.integer(queryItem, in: pageURL) ?? firstPage
      // A cursor's page number is input (a saved or hand-made URL): arithmetic that would
      // overflow on it is an invalid cursor, not a trap.
      guard let before = Self.checked(number.subtractingReportingOverflow(firstPage)),
        let pages = Self.checked(before.addingReportingOverflow(1)),
        let seen = Self.checked(pages.multipliedReportingOverflow(by: pageSize)),
        let nextNumber = Self.checked(number.addingReportingOverflow(1))
      else { throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: queryItem) }
      let isLast = items.count < pageSize || body.totalCount.map { seen >= $0 } ?? false
      let next = isLast ? nil : try Self.url(pageURL, setting: queryItem, to: String(nextNumber))
      return Page(items: items, nextCursor: next)
    case .offset(let queryItem, let limit, _, _):
      let offset = try Self.integer(queryItem, in: pageURL) ?? 0
      guard let seen = Self.checked(offset.addingReportingOverflow(items.count)) else {
        throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: queryItem)
      }
      let isLast = items.count < limit || body.totalCount.map { seen >= $0 } ?? false
      let next = isLast ? nil : try Self.url(pageURL, setting: queryItem, to: String(seen))
      return Page(items: items, nextCursor: next)
    }
  }

  /// The result of an arithmetic operation, or `nil` when it overflowed.
  private static func checked(_ result: (partialValue: Int, overflow: Bool)) -> Int? {
    result.overflow ? nil : result.partialValue
  }

  private static func integer(_ queryItem: String, in url: URL) throws -> Int? {
    guard let text = URLQuery.value(of: queryItem, in: url) else { return nil }
    guard let value = Int(text) else {
      throw HTTPPagingError.invalidCursor(url: url, queryItem: queryItem)
    }
    return value
  }

  private static func url(_ url: URL, setting queryItem: String, to value: String) throws -> URL {
    guard
      let next = URLQuery.url(
        url, adding: [URLQueryItem(name: queryItem, value: value)], replacing: true)
    else { throw HTTPPagingError.invalidCursor(url: url, queryItem: queryItem) }
    return next
  }
}
