import Foundation
import Paging

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPPagingStrategy {
  /// The query items the first page's URL gets (a page number or offset and a size).
  var firstPageQueryItems: [URLQueryItem] {
    switch kind {
    case .linkHeader, .cursorField, .nextURL, .headerURL:
      return []
    case .custom(let custom):
      return custom.rule.firstPageQueryItems
    case .pageNumber(let queryItem, let firstPage, let pageSize, let sizeQueryItem, _, _):
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
  func page<Item>(body: PageBody<Item>, pageURL: URL, response: HTTPURLResponse, data: Data)
    throws -> Page<Item, URL>
  {
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
    case .nextURL:
      let next = try body.cursor.map { try Self.resolve($0, against: pageURL, in: pageURL) }
      return Page(items: items, nextCursor: next)
    case .custom(let custom):
      let next = try custom.rule.nextPage(after: pageURL, response: response, body: data)
      return Page(items: items, nextCursor: next)
    case .headerURL(let name):
      let field = response.value(forHTTPHeaderField: name)?.trimmingCharacters(in: .whitespaces)
      let next = try field.flatMap { $0.isEmpty ? nil : $0 }.map {
        try Self.resolve($0, against: response.url ?? pageURL, in: pageURL)
      }
      return Page(items: items, nextCursor: next)
    case .pageNumber(let queryItem, let firstPage, let pageSize, let sizeItem, _, _):
      return try pageNumberPage(
        items: items, body: body, pageURL: pageURL, queryItem: queryItem, firstPage: firstPage,
        pageSize: pageSize, sizeItem: sizeItem)
    case .offset(let queryItem, let limit, let limitItem, _):
      let offset = try Self.integer(queryItem, in: pageURL) ?? 0
      let asked = try limitItem.flatMap { try Self.integer($0, in: pageURL) } ?? limit
      guard let seen = Self.checked(offset.addingReportingOverflow(items.count)) else {
        throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: queryItem)
      }
      // With a total, a short page (a server's cap) does not end the list; the offset follows
      // the rows actually received (fault class 28).
      let isLast =
        items.isEmpty || body.totalCount.map { seen >= $0 } ?? (items.count < asked)
      let next = isLast ? nil : try Self.url(pageURL, setting: queryItem, to: String(seen))
      return Page(items: items, nextCursor: next)
    }
  }

  /// A page-number page: ends by the total pages, else by the total count counted with the
  /// server's page size, else on a short page (fault class 28).
  private func pageNumberPage<Item>(
    items: [Item], body: PageBody<Item>, pageURL: URL, queryItem: String, firstPage: Int,
    pageSize: Int, sizeItem: String?
  ) throws -> Page<Item, URL> {
    let number = try Self.integer(queryItem, in: pageURL) ?? firstPage
    let asked = try sizeItem.flatMap { try Self.integer($0, in: pageURL) } ?? pageSize
    // A cursor's page number is input (a saved or hand-made URL): arithmetic that would
    // overflow on it is an invalid cursor, not a trap.
    guard let before = Self.checked(number.subtractingReportingOverflow(firstPage)),
      let pages = Self.checked(before.addingReportingOverflow(1)),
      let earlier = Self.checked(before.multipliedReportingOverflow(by: asked)),
      let seen = Self.checked(earlier.addingReportingOverflow(items.count)),
      let nextNumber = Self.checked(number.addingReportingOverflow(1))
    else { throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: queryItem) }
    let isLast: Bool
    if items.isEmpty {
      isLast = true
    } else if let totalPages = body.totalPages {
      isLast = pages >= totalPages
    } else if let totalCount = body.totalCount {
      isLast = seen >= totalCount
    } else {
      isLast = items.count < asked
    }
    guard !isLast else { return Page(items: items, nextCursor: nil) }
    var next = try Self.url(pageURL, setting: queryItem, to: String(nextNumber))
    // The server capped the first page: ask for its size from now on, so that page numbers
    // count its pages, not ours.
    if let sizeItem, pages == 1, items.count < asked {
      next = try Self.url(next, setting: sizeItem, to: String(items.count))
    }
    return Page(items: items, nextCursor: next)
  }

  /// `text` as an absolute URL, resolved against `base` when relative (RFC 3986).
  private static func resolve(_ text: String, against base: URL, in pageURL: URL) throws -> URL {
    guard let url = URL(string: text, relativeTo: base)?.absoluteURL, url.scheme != nil else {
      throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: "next page URL")
    }
    return url
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
