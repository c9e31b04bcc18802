/// Where ``HTTPPageSource`` finds a page's items and the next page.
///
/// Paths are keys into nested JSON objects: `["rows"]` reads `{"rows": [...]}`, `["data",
/// "items"]` reads `{"data": {"items": [...]}}`, and the empty path reads a bare JSON array body
/// (Datasette's `_shape=array`, GitHub's lists).
public struct HTTPPagingStrategy: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case linkHeader(relation: String)
    case cursorField(cursorPath: [String], queryItem: String)
    case nextURL(bodyPath: [String])
    case headerURL(name: String)
    case custom(CustomNextPageRule)
    case pageNumber(
      queryItem: String, firstPage: Int, pageSize: Int, pageSizeQueryItem: String?,
      totalCountPath: [String]?, totalPagesPath: [String]?)
    case offset(queryItem: String, limit: Int, limitQueryItem: String?, totalCountPath: [String]?)
  }

  let kind: Kind
  let itemsPath: [String]

  /// Follows the `Link` header's link with relation type `relation` (RFC 8288), resolved
  /// against the response URL; the last page is the one without such a link. The link with
  /// relation type `prev` becomes the page's previous cursor.
  ///
  /// A response whose `Link` header is malformed and holds no such link fails with
  /// ``HTTPPagingError/malformedLinkHeader(url:errors:)`` rather than ending the list.
  /// - Parameters:
  ///   - itemsPath: Where the items are in the body (default: the body is the array).
  ///   - relation: The relation type to follow (default `next`).
  /// - Returns: The strategy.
  public static func linkHeader(itemsPath: [String] = [], relation: String = "next") -> Self {
    Self(kind: .linkHeader(relation: relation.lowercased()), itemsPath: itemsPath)
  }

  /// Reads an opaque next-page token from the body and sends it back as a query item of the
  /// same URL, as Datasette (`next` → `_next`), Slack and Notion do. A `null` or empty token
  /// ends the list; a missing key is a decoding error, so that a wrong path cannot end a list
  /// silently.
  /// - Parameters:
  ///   - itemsPath: Where the items are (e.g. `["rows"]`).
  ///   - cursorPath: Where the token is (e.g. `["next"]`); a string, or a number taken as text.
  ///   - queryItem: The query item that carries the token (e.g. `_next`).
  /// - Returns: The strategy.
  public static func cursorField(itemsPath: [String], cursorPath: [String], queryItem: String)
    -> Self
  {
    Self(kind: .cursorField(cursorPath: cursorPath, queryItem: queryItem), itemsPath: itemsPath)
  }

  /// Follows the next page's URL found in the body at `bodyPath` (Django REST framework's
  /// `next`, Datasette's `next_url`), resolved against the page's URL when relative. A `null`
  /// or empty value ends the list; a missing key is a decoding error. The URL goes through the
  /// same origin check as every cursor.
  /// - Parameters:
  ///   - bodyPath: Where the URL is (e.g. `["next"]`).
  ///   - itemsPath: Where the items are (e.g. `["results"]`).
  /// - Returns: The strategy.
  public static func nextURL(bodyPath: [String], itemsPath: [String] = []) -> Self {
    Self(kind: .nextURL(bodyPath: bodyPath), itemsPath: itemsPath)
  }

  /// Follows the URL in the response header `name` (Kinto's `Next-Page`), resolved against
  /// the response's URL when relative; the last page is the one without that header (or with
  /// an empty one).
  /// - Parameters:
  ///   - name: The header's name, compared case-insensitively.
  ///   - itemsPath: Where the items are (e.g. `["data"]`).
  /// - Returns: The strategy.
  public static func headerURL(name: String, itemsPath: [String] = []) -> Self {
    Self(kind: .headerURL(name: name), itemsPath: itemsPath)
  }

  /// Finds the next page with a rule of your own, reusing everything else the source does
  /// (request, status check, size limit, items decoding, origin check, error mapping); see
  /// ``HTTPNextPageRule``.
  /// - Parameters:
  ///   - rule: The rule.
  ///   - itemsPath: Where the items are (default: the body is the array).
  /// - Returns: The strategy; equal only to itself.
  public static func custom(_ rule: some HTTPNextPageRule, itemsPath: [String] = []) -> Self {
    Self(kind: .custom(CustomNextPageRule(rule: rule)), itemsPath: itemsPath)
  }

  /// Numbers the pages: the first request carries `queryItem=firstPage` (and
  /// `pageSizeQueryItem=pageSize` when given), each next one the number plus one.
  ///
  /// Where the list ends (fault class 28 of the rulebook): with `totalPagesPath`, after that
  /// many pages; else with `totalCountPath`, once the rows received reach the total, counting
  /// the page size the server actually used (a server that caps the first page at 50 of 100
  /// asked is asked for 50 from then on, when `pageSizeQueryItem` is given, so the numbering
  /// stays its own), with no request past an exact multiple; without a total, on a page with
  /// fewer than `pageSize` items. An empty page always ends it.
  /// - Parameters:
  ///   - queryItem: The page number's query item (default `page`).
  ///   - firstPage: The first page's number (default 1).
  ///   - pageSize: The items a full page holds (at least 1).
  ///   - pageSizeQueryItem: The query item that asks for `pageSize`, or `nil` to send none.
  ///   - itemsPath: Where the items are (default: the body is the array).
  ///   - totalCountPath: Where the total number of items is, if the body has it; a negative
  ///     count fails with ``HTTPPagingError/decoding(url:error:contentType:bodyPrefix:)``.
  ///   - totalPagesPath: Where the total number of pages is, if the body has it (PocketBase's
  ///     `totalPages`); a negative count fails as a negative total count does.
  /// - Returns: The strategy.
  public static func pageNumber(
    queryItem: String = "page", firstPage: Int = 1, pageSize: Int,
    pageSizeQueryItem: String? = nil, itemsPath: [String] = [], totalCountPath: [String]? = nil,
    totalPagesPath: [String]? = nil
  ) -> Self {
    Self(
      kind: .pageNumber(
        queryItem: queryItem, firstPage: firstPage, pageSize: max(1, pageSize),
        pageSizeQueryItem: pageSizeQueryItem, totalCountPath: totalCountPath,
        totalPagesPath: totalPagesPath),
      itemsPath: itemsPath)
  }

  /// Counts items from 0: the first request carries `queryItem=0` (and `limitQueryItem=limit`
  /// when given), each next one the offset plus the items received, so a server that returns
  /// fewer than asked is followed exactly. With `totalCountPath` the list ends once the offset
  /// reaches the total (a short page does not end it: fault class 28 of the rulebook); without
  /// one, on a page with fewer than `limit` items. An empty page always ends it.
  /// - Parameters:
  ///   - queryItem: The offset's query item (default `offset`).
  ///   - limit: The items a full page holds (at least 1).
  ///   - limitQueryItem: The query item that asks for `limit` (default `limit`), or `nil`.
  ///   - itemsPath: Where the items are (default: the body is the array).
  ///   - totalCountPath: Where the total number of items is, if the body has it; a negative
  ///     count fails with ``HTTPPagingError/decoding(url:error:contentType:bodyPrefix:)``.
  /// - Returns: The strategy.
  public static func offset(
    queryItem: String = "offset", limit: Int, limitQueryItem: String? = "limit",
    itemsPath: [String] = [], totalCountPath: [String]? = nil
  ) -> Self {
    Self(
      kind: .offset(
        queryItem: queryItem, limit: max(1, limit), limitQueryItem: limitQueryItem,
        totalCountPath: totalCountPath),
      itemsPath: itemsPath)
  }

  /// What the body holds besides the items.
  var layout: PageBodyLayout {
    switch kind {
    case .linkHeader, .headerURL, .custom:
      PageBodyLayout(itemsPath: itemsPath, cursorPath: nil, totalCountPath: nil)
    case .cursorField(let cursorPath, _), .nextURL(let cursorPath):
      PageBodyLayout(itemsPath: itemsPath, cursorPath: cursorPath, totalCountPath: nil)
    case .pageNumber(_, _, _, _, let totalCountPath, let totalPagesPath):
      PageBodyLayout(
        itemsPath: itemsPath, cursorPath: nil, totalCountPath: totalCountPath,
        totalPagesPath: totalPagesPath)
    case .offset(_, _, _, let totalCountPath):
      PageBodyLayout(itemsPath: itemsPath, cursorPath: nil, totalCountPath: totalCountPath)
    }
  }
}
