import Foundation
import Paging

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPPagingStrategy {
  /// Whether the strategy can load a page at any position: offsets and page numbers whose
  /// responses give the total count (rulebook R31).
  var jumpingSupported: Bool {
    switch kind {
    case .offset(_, _, _, let totalCount): totalCount != nil
    case .pageNumber(let numbers): numbers.totalCount != nil
    default: false
    }
  }

  /// The cursor of the page around the row at `position` (from 0), from the first page's
  /// cursor `first`: for offsets, the offset half a page before it; for page numbers, the page
  /// that holds it. `nil` for a strategy that cannot jump.
  func cursor(around position: Int, first: HTTPCursor) -> HTTPCursor? {
    let position = max(0, position)
    switch kind {
    case .offset(let queryItem, let limit, _, .some):
      let offset = max(0, position - limit / 2)
      guard let url = try? Self.url(first.url, setting: queryItem, to: String(offset)) else {
        return nil
      }
      return HTTPCursor(url: url, method: first.method, body: first.body, itemsBefore: offset)
    case .pageNumber(let numbers) where numbers.totalCount != nil:
      let index = position / numbers.pageSize
      guard let number = Self.checked(numbers.firstPage.addingReportingOverflow(index)),
        let url = try? Self.url(first.url, setting: numbers.queryItem, to: String(number))
      else { return nil }
      return HTTPCursor(
        url: url, method: first.method, body: first.body, itemsBefore: index * numbers.pageSize)
    default:
      return nil
    }
  }

  /// The cursor of the page whose first row is at `position`, as the strategy's own next
  /// cursor names it: for offsets with a total, the offset `position`; for page numbers with a
  /// total, the page number when `position` is a multiple of the page size. `nil` otherwise.
  func cursor(forPageStartingAt position: Int, first: HTTPCursor) -> HTTPCursor? {
    guard position >= 0 else { return nil }
    switch kind {
    case .offset(let queryItem, _, _, .some):
      guard let url = try? Self.url(first.url, setting: queryItem, to: String(position)) else {
        return nil
      }
      return HTTPCursor(url: url, method: first.method, body: first.body, itemsBefore: position)
    case .pageNumber(let numbers) where numbers.totalCount != nil:
      guard position % numbers.pageSize == 0,
        let number = Self.checked(
          numbers.firstPage.addingReportingOverflow(position / numbers.pageSize)),
        let url = try? Self.url(first.url, setting: numbers.queryItem, to: String(number))
      else { return nil }
      return HTTPCursor(url: url, method: first.method, body: first.body, itemsBefore: position)
    default:
      return nil
    }
  }

  /// The names of the query items the strategy itself sets (a page number's, a size's, a
  /// token's, a GraphQL query's), which the app chose: error texts print them.
  var ownQueryItemNames: [String] {
    var names = firstPageQueryItems.map(\.name)
    switch kind {
    case .cursorField(_, .queryItem(let name)), .afterLastItem(_, let name): names.append(name)
    case .graphQL: names += ["query", "variables"]
    default: break
    }
    return names
  }

  /// The query items the first page's URL gets (a page number or offset and a size).
  var firstPageQueryItems: [URLQueryItem] {
    switch kind {
    case .linkHeader, .cursorField, .nextURL, .headerURL, .afterLastItem, .graphQL:
      return []
    case .custom(let custom):
      return custom.rule.firstPageQueryItems
    case .pageNumber(let numbers):
      let size =
        numbers.pageSizeQueryItem.map { [URLQueryItem(name: $0, value: String(numbers.pageSize))] }
        ?? []
      return [URLQueryItem(name: numbers.queryItem, value: String(numbers.firstPage))] + size
    case .offset(let queryItem, let limit, let limitQueryItem, _):
      let size = limitQueryItem.map { [URLQueryItem(name: $0, value: String(limit))] } ?? []
      return [URLQueryItem(name: queryItem, value: "0")] + size
    }
  }

  /// The first page's cursor: `url` with the first page's query items, posting `body` when
  /// given; a GraphQL connection sends its first page's query (posted, or over GET); a body
  /// cursor field posts `body`
  /// or an empty object. `nil` when Foundation cannot add the query items.
  func firstCursor(url: URL, body: Data?) -> HTTPCursor? {
    guard let first = URLQuery.url(url, adding: firstPageQueryItems, replacing: true) else {
      return nil
    }
    switch kind {
    case .graphQL(let connection):
      return try? connection.cursor(at: first, after: nil)
    case .cursorField(_, .bodyPath):
      return HTTPCursor(url: first, method: "POST", body: body ?? Data("{}".utf8))
    default:
      return HTTPCursor(url: first, body: body, itemsBefore: 0)
    }
  }

  /// Whether ``earlyNextCursor(after:response:data:)`` can tell anything.
  var tellsNextCursorEarly: Bool {
    switch kind {
    case .linkHeader, .headerURL, .nextURL, .cursorField(_, .queryItem): true
    default: false
    }
  }

  /// The next page's cursor as the response tells it before the items decode, for the
  /// strategies whose next page does not depend on the items (a `Link` header, a next URL in a
  /// header, a next URL or a token at a body path, read with ``JSONSkim``); `nil` for the
  /// others, or when it cannot be read so. A guess: a walk uses it only if the decoded page
  /// names the same cursor.
  /// - Complexity: O(n) in the body's length.
  func earlyNextCursor(after cursor: HTTPCursor, response: HTTPURLResponse, data: Data)
    -> HTTPCursor?
  {
    let token: String?
    switch kind {
    case .linkHeader, .headerURL:
      token = nil
    case .nextURL(let path), .cursorField(let path, .queryItem):
      token = JSONSkim.text(at: path, in: data).flatMap { $0.isEmpty ? nil : $0 }
      guard token != nil else { return nil }
    default:
      return nil
    }
    let body = PageBody<NoItem>(
      items: [], cursor: token, totalCount: nil, totalPages: nil, nextPage: nil, hasMore: nil)
    return (try? page(body: body, cursor: cursor, response: response, data: data))?.nextCursor
  }

  /// The item of a page built for its cursor alone (``earlyNextCursor(after:response:data:)``).
  private struct NoItem: Identifiable {
    var id: Int
  }

  /// The page with its next (and for links, previous) cursor.
  /// - Throws: ``HTTPPagingError/malformedLinkHeader(url:errors:)``,
  ///   ``HTTPPagingError/invalidCursor(url:queryItem:)``,
  ///   ``HTTPPagingError/malformedHeader(url:name:value:)``.
  func page<Item: Identifiable>(
    body: PageBody<Item>, cursor: HTTPCursor, response: HTTPURLResponse, data: Data
  ) throws -> Page<Item, HTTPCursor> {
    let items = body.items
    let pageURL = cursor.url
    /// The same request at another URL (a `Link` target, a next URL): a GET, unless the
    /// page was posted, whose body then goes along.
    func following(_ url: URL?) -> HTTPCursor? {
      url.map { HTTPCursor(url: $0, method: cursor.method, body: cursor.body) }
    }
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
      return Page(
        items: items, nextCursor: following(next),
        previousCursor: following(header.target(relation: "prev")))
    case .cursorField(_, .queryItem(let queryItem)):
      let next = try body.cursor.map { try Self.url(pageURL, setting: queryItem, to: $0) }
      return Page(items: items, nextCursor: following(next))
    case .cursorField(_, .bodyPath(let path)):
      let next = try body.cursor.map { token in
        HTTPCursor(
          url: pageURL, method: cursor.method,
          body: try Self.body(cursor.body, setting: path, to: token, url: pageURL))
      }
      return Page(items: items, nextCursor: next)
    case .nextURL:
      let next = try body.cursor.map { try Self.resolve($0, against: pageURL, in: pageURL) }
      return Page(items: items, nextCursor: following(next))
    case .custom(let custom):
      let next = try custom.rule.nextPage(after: cursor, response: response, body: data)
      return Page(items: items, nextCursor: next)
    case .headerURL(let name):
      let field = response.value(forHTTPHeaderField: name)?.trimmingCharacters(in: .whitespaces)
      let next = try field.flatMap { $0.isEmpty ? nil : $0 }.map {
        try Self.resolve($0, against: response.url ?? pageURL, in: pageURL)
      }
      return Page(items: items, nextCursor: following(next))
    case .pageNumber(let numbers):
      return try pageNumberPage(
        items: items, body: body, cursor: cursor, response: response, numbers: numbers)
    case .offset(let queryItem, let limit, let limitItem, let totalCountField):
      let offset = try Self.integer(queryItem, in: pageURL) ?? 0
      let asked = try limitItem.flatMap { try Self.integer($0, in: pageURL) } ?? limit
      guard let seen = Self.checked(offset.addingReportingOverflow(items.count)) else {
        throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: queryItem)
      }
      let totalCount =
        try totalCountField?.headerValue(in: response, url: pageURL) ?? body.totalCount
      // With a total, a short page (a server's cap) does not end the list; the offset follows
      // the rows actually received (fault class 28).
      let isLast = items.isEmpty || totalCount.map { seen >= $0 } ?? (items.count < asked)
      let next = isLast ? nil : try Self.url(pageURL, setting: queryItem, to: String(seen))
      // With a total, the page counts the rows around it and names the page before it: the
      // list has its full length, and can jump (rulebook R31).
      guard let totalCount, offset >= 0 else {
        return Page(items: items, nextCursor: following(next))
      }
      // A cursor's limit below one is no page size: the previous page is then as long as the
      // strategy's pages, and starts before this one.
      let step = asked > 0 ? asked : max(1, limit)
      let previous =
        offset > 0
        ? try Self.url(pageURL, setting: queryItem, to: String(max(0, offset - step)))
        : nil
      return Page(
        items: items, nextCursor: following(next), previousCursor: following(previous),
        itemsBefore: offset, itemsAfter: isLast ? 0 : max(0, totalCount - seen))
    case .afterLastItem(_, let queryItem):
      guard body.hasMore == true, let last = items.last else {
        return Page(items: items, nextCursor: nil)
      }
      let next = try Self.url(pageURL, setting: queryItem, to: String(describing: last.id))
      return Page(items: items, nextCursor: following(next))
    case .graphQL(let connection):
      guard body.hasMore == true, let endCursor = body.cursor else {
        return Page(items: items, nextCursor: nil)
      }
      do {
        return Page(items: items, nextCursor: try connection.cursor(at: pageURL, after: endCursor))
      } catch {
        throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: connection.afterVariable)
      }
    }
  }

  /// A page-number page: ends by the next page's number, else by the total pages, else by the
  /// total count compared with the items received so far, else on a short page (fault class
  /// 28).
  private func pageNumberPage<Item>(
    items: [Item], body: PageBody<Item>, cursor: HTTPCursor, response: HTTPURLResponse,
    numbers: PageNumbers
  ) throws -> Page<Item, HTTPCursor> {
    let pageURL = cursor.url
    let queryItem = numbers.queryItem
    let number = try Self.integer(queryItem, in: pageURL) ?? numbers.firstPage
    let sizeItem = numbers.pageSizeQueryItem
    let asked = try sizeItem.flatMap { try Self.integer($0, in: pageURL) } ?? numbers.pageSize
    // A cursor's page number is input (a saved or hand-made URL): arithmetic that would
    // overflow on it is an invalid cursor, not a trap. A cursor without a count of the items
    // before it counts each earlier page as holding as many as this one (never more than
    // were asked): an undercount costs a request for an empty page, an overcount a lost page.
    let estimate = { (before: Int) in
      Self.checked(before.multipliedReportingOverflow(by: min(asked, items.count)))
    }
    guard let before = Self.checked(number.subtractingReportingOverflow(numbers.firstPage)),
      let pages = Self.checked(before.addingReportingOverflow(1)),
      let earlier = cursor.itemsBefore ?? estimate(before),
      let seen = Self.checked(earlier.addingReportingOverflow(items.count)),
      let nextNumber = Self.checked(number.addingReportingOverflow(1))
    else { throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: queryItem) }
    let named = try numbers.nextPage.map {
      try $0.headerValue(in: response, url: pageURL) ?? ($0.bodyPath != nil ? body.nextPage : nil)
    }
    let totalPages =
      try numbers.totalPages?.headerValue(in: response, url: pageURL) ?? body.totalPages
    let totalCount =
      try numbers.totalCount?.headerValue(in: response, url: pageURL) ?? body.totalCount
    let isLast: Bool
    if items.isEmpty {
      isLast = true
    } else if let named {
      isLast = named == nil
    } else if let totalPages {
      isLast = pages >= totalPages
    } else if let totalCount {
      isLast = seen >= totalCount
    } else {
      isLast = items.count < asked
    }
    // With a total count, the page counts the rows around it and names the page before it:
    // the list has its full length, and can jump (rulebook R31).
    var previous: HTTPCursor?
    if totalCount != nil, before > 0,
      let previousNumber = Self.checked(number.subtractingReportingOverflow(1))
    {
      // A cursor's page size below one is no page size: the strategy's counts instead.
      let step = max(0, asked > 0 ? min(asked, numbers.pageSize) : numbers.pageSize)
      previous = HTTPCursor(
        url: try Self.url(pageURL, setting: queryItem, to: String(previousNumber)),
        method: cursor.method, body: cursor.body,
        itemsBefore: Self.checked(earlier.subtractingReportingOverflow(step)).map { max(0, $0) }
          ?? 0)
    }
    var counts: (before: Int, after: Int)?
    if let totalCount {
      guard let after = Self.checked(totalCount.subtractingReportingOverflow(seen)) else {
        throw HTTPPagingError.invalidCursor(url: pageURL, queryItem: queryItem)
      }
      counts = (before: earlier, after: isLast ? 0 : max(0, after))
    }
    guard !isLast else {
      return Page(
        items: items, nextCursor: nil, previousCursor: previous, itemsBefore: counts?.before,
        itemsAfter: counts?.after)
    }
    var next = try Self.url(
      pageURL, setting: queryItem, to: String(named.flatMap { $0 } ?? nextNumber))
    // The server capped the first page: ask for its size from now on, so that page numbers
    // count its pages, not ours.
    if let sizeItem, pages == 1, items.count < asked {
      next = try Self.url(next, setting: sizeItem, to: String(items.count))
    }
    return Page(
      items: items,
      nextCursor: HTTPCursor(
        url: next, method: cursor.method, body: cursor.body, itemsBefore: seen),
      previousCursor: previous, itemsBefore: counts?.before, itemsAfter: counts?.after)
  }

  /// `body` (a JSON object; an empty one for `nil`) with `token` at `path`, keys sorted so
  /// that the same page always has the same bytes.
  private static func body(_ body: Data?, setting path: [String], to token: String, url: URL)
    throws -> Data
  {
    func set(_ object: Any?, _ path: ArraySlice<String>) -> Any {
      guard let key = path.first else { return token }
      var dictionary = object as? [String: Any] ?? [:]
      dictionary[key] = set(dictionary[key], path.dropFirst())
      return dictionary
    }
    let object: Any =
      body.map { (try? JSONSerialization.jsonObject(with: $0)) ?? NSNull() } ?? [String: Any]()
    guard object is [String: Any] else {
      throw HTTPPagingError.invalidCursor(url: url, queryItem: path.joined(separator: "."))
    }
    do {
      return try JSONSerialization.data(
        withJSONObject: set(object, path[...]), options: [.sortedKeys, .withoutEscapingSlashes])
    } catch {
      throw HTTPPagingError.invalidCursor(url: url, queryItem: path.joined(separator: "."))
    }
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
