/// Where ``HTTPPageSource`` finds a page's items and the next page.
///
/// Paths are keys into nested JSON objects: `["rows"]` reads `{"rows": [...]}`, `["data",
/// "items"]` reads `{"data": {"items": [...]}}`, and the empty path reads a bare JSON array body
/// (Datasette's `_shape=array`, GitHub's lists).
///
/// | Server sends | Strategy |
/// |---|---|
/// | `Link: <…>; rel="next"` (GitHub, Mastodon) | ``linkHeader(itemsPath:relation:)`` |
/// | a token in the body, sent back as a query item or in the request body | ``cursorField(itemsPath:cursorPath:queryItem:)``, ``cursorField(itemsPath:cursorPath:bodyPath:)`` |
/// | the next URL in the body (DRF) or in a header (Kinto) | ``nextURL(bodyPath:itemsPath:)``, ``headerURL(name:itemsPath:)`` |
/// | JSON:API's `links.next` | ``jsonAPI(itemsPath:)`` |
/// | page numbers, totals in the body or headers | ``pageNumber(queryItem:firstPage:pageSize:pageSizeQueryItem:itemsPath:totalCount:totalPages:nextPage:)`` |
/// | offsets | ``offset(queryItem:limit:limitQueryItem:itemsPath:totalCount:)`` |
/// | `has_more` and the last item's id (Stripe) | ``afterLastItem(itemsPath:hasMorePath:queryItem:)`` |
/// | a GraphQL Relay connection (POST, or GET) | ``graphQLConnection(query:connectionPath:pageSize:method:)`` |
/// | anything else | ``custom(_:itemsPath:)`` |
public struct HTTPPagingStrategy: Sendable, Hashable {
  /// Where a token read from the body goes in the next request.
  enum TokenTarget: Sendable, Hashable {
    case queryItem(String)
    case bodyPath([String])
  }

  /// A page-number strategy's settings.
  struct PageNumbers: Sendable, Hashable {
    var queryItem: String
    var firstPage: Int
    var pageSize: Int
    var pageSizeQueryItem: String?
    var totalCount: HTTPPageField?
    var totalPages: HTTPPageField?
    var nextPage: HTTPPageField?
  }

  enum Kind: Sendable, Hashable {
    case linkHeader(relation: String)
    case cursorField(cursorPath: [String], target: TokenTarget)
    case nextURL(bodyPath: [String])
    case headerURL(name: String)
    case custom(CustomNextPageRule)
    case pageNumber(PageNumbers)
    case offset(queryItem: String, limit: Int, limitQueryItem: String?, totalCount: HTTPPageField?)
    case afterLastItem(hasMorePath: [String], queryItem: String)
    case graphQL(GraphQLConnection)
  }

  let kind: Kind
  let itemsPath: [String]
  /// The `Accept` header the strategy's format asks for, unless the source's headers set one.
  var accept = "application/json"
  /// Whether the next URL is a JSON:API link (``jsonAPI(itemsPath:)``).
  var nextURLIsJSONAPILink = false

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
  /// same URL, as Datasette (`next` → `_next`), Slack and Notion's GET lists do. A `null` or
  /// empty token ends the list; a missing key is a decoding error, so that a wrong path cannot
  /// end a list silently.
  /// - Parameters:
  ///   - itemsPath: Where the items are (e.g. `["rows"]`).
  ///   - cursorPath: Where the token is (e.g. `["next"]`); a string, or a number taken as text.
  ///   - queryItem: The query item that carries the token (e.g. `_next`).
  /// - Returns: The strategy.
  public static func cursorField(itemsPath: [String], cursorPath: [String], queryItem: String)
    -> Self
  {
    Self(
      kind: .cursorField(cursorPath: cursorPath, target: .queryItem(queryItem)),
      itemsPath: itemsPath)
  }

  /// Reads an opaque next-page token from the body and sends it back in the JSON request body
  /// at `bodyPath`, posting every page to the same URL (Notion's `POST /databases/{id}/query`
  /// with `start_cursor`, search APIs). The first page posts the source's `body` (an empty
  /// object without one); each next page posts the same body with the token set. A `null` or
  /// empty token ends the list; a missing key is a decoding error.
  /// - Parameters:
  ///   - itemsPath: Where the items are (e.g. `["results"]`).
  ///   - cursorPath: Where the token is in the response (e.g. `["next_cursor"]`).
  ///   - bodyPath: Where the token goes in the request body (e.g. `["start_cursor"]`); the
  ///     objects on the way are created when missing.
  /// - Returns: The strategy.
  public static func cursorField(itemsPath: [String], cursorPath: [String], bodyPath: [String])
    -> Self
  {
    Self(
      kind: .cursorField(cursorPath: cursorPath, target: .bodyPath(bodyPath)),
      itemsPath: itemsPath)
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

  /// JSON:API (jsonapi.org): the resources in `data`, the next page's URL in `links.next`, a
  /// string or a link object's `href` (`null` or absent on the last page, or no `links`), and `Accept: application/vnd.api+json`
  /// sent with every request, as the specification asks (a server may answer 406 without it).
  /// Whatever pagination the server uses (`page[number]`, `page[cursor]`, offsets), the next
  /// link carries it. Decode each resource object (`{"type", "id", "attributes": {…}}`) as
  /// the item.
  /// - Parameter itemsPath: Where the resources are (default `["data"]`).
  /// - Returns: The strategy.
  public static func jsonAPI(itemsPath: [String] = ["data"]) -> Self {
    Self(
      kind: .nextURL(bodyPath: ["links", "next"]), itemsPath: itemsPath,
      accept: "application/vnd.api+json", nextURLIsJSONAPILink: true)
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
  /// `pageSizeQueryItem=pageSize` when given), each next one the number plus one, or the
  /// number that `nextPage` reads.
  ///
  /// Where the list ends (fault class 28 of the rulebook): with `nextPage`, on the page that
  /// names none; else with `totalPages`, after that many pages; else with `totalCount`, once
  /// the items received reach the total (counted page by page in the cursor, never as pages
  /// times a page size, so a server that serves fewer items a page than asked is walked to
  /// its end); without any, on a page with fewer items than asked. An empty page always ends
  /// it. A server that caps the first page at 50 of 100 asked is asked for 50 from then on,
  /// when `pageSizeQueryItem` is given, so that the numbering stays its own.
  ///
  /// A cursor made by hand (no count of the items before it) counts the pages before it as
  /// holding as many items as its own page: a short last page then costs one request for an
  /// empty page, never a lost page.
  /// - Parameters:
  ///   - queryItem: The page number's query item (default `page`).
  ///   - firstPage: The first page's number (default 1).
  ///   - pageSize: The items a full page holds (at least 1).
  ///   - pageSizeQueryItem: The query item that asks for `pageSize`, or `nil` to send none.
  ///   - itemsPath: Where the items are (default: the body is the array).
  ///   - totalCount: Where the total number of items is, if the response has it: a body path
  ///     (`["count"]`) or a header (`.header("X-Total-Count")`,
  ///     `.jsonHeader("X-Pagination", ["total"])`). A negative count fails.
  ///   - totalPages: Where the total number of pages is, if the response has it (PocketBase's
  ///     `totalPages`, `.header("X-Total-Pages")`). A negative count fails.
  ///   - nextPage: Where the next page's number is, if the response has it (GitLab's
  ///     `.header("X-Next-Page")`, flask-smorest's `.jsonHeader("X-Pagination",
  ///     ["next_page"])`); no value ends the list.
  /// - Returns: The strategy.
  public static func pageNumber(
    queryItem: String = "page", firstPage: Int = 1, pageSize: Int,
    pageSizeQueryItem: String? = nil, itemsPath: [String] = [], totalCount: HTTPPageField? = nil,
    totalPages: HTTPPageField? = nil, nextPage: HTTPPageField? = nil
  ) -> Self {
    Self(
      kind: .pageNumber(
        PageNumbers(
          queryItem: queryItem, firstPage: firstPage, pageSize: max(1, pageSize),
          pageSizeQueryItem: pageSizeQueryItem, totalCount: totalCount, totalPages: totalPages,
          nextPage: nextPage)),
      itemsPath: itemsPath)
  }

  /// Counts items from 0: the first request carries `queryItem=0` (and `limitQueryItem=limit`
  /// when given), each next one the offset plus the items received, so a server that returns
  /// fewer than asked is followed exactly. With `totalCount` the list ends once the offset
  /// reaches the total (a short page does not end it: fault class 28 of the rulebook); without
  /// one, on a page with fewer than `limit` items. An empty page always ends it.
  /// - Parameters:
  ///   - queryItem: The offset's query item (default `offset`).
  ///   - limit: The items a full page holds (at least 1).
  ///   - limitQueryItem: The query item that asks for `limit` (default `limit`), or `nil`.
  ///   - itemsPath: Where the items are (default: the body is the array).
  ///   - totalCount: Where the total number of items is, if the response has it: a body path
  ///     (`["count"]`) or a header (`.header("X-Total-Count")`). A negative count fails.
  /// - Returns: The strategy.
  public static func offset(
    queryItem: String = "offset", limit: Int, limitQueryItem: String? = "limit",
    itemsPath: [String] = [], totalCount: HTTPPageField? = nil
  ) -> Self {
    Self(
      kind: .offset(
        queryItem: queryItem, limit: max(1, limit), limitQueryItem: limitQueryItem,
        totalCount: totalCount),
      itemsPath: itemsPath)
  }

  /// Continues after the last item of each page, as Stripe does (`has_more`, then
  /// `starting_after=<id of the last item>`): the id is the decoded item's `id`, written as
  /// text (`String(describing:)`), so the body is decoded once. A `false` (or `null`) at
  /// `hasMorePath`, or an empty page, ends the list; a missing key is a decoding error.
  /// - Parameters:
  ///   - itemsPath: Where the items are (Stripe's `["data"]`).
  ///   - hasMorePath: Where the flag that says more items follow is (`["has_more"]`).
  ///   - queryItem: The query item that carries the last item's id (`starting_after`).
  /// - Returns: The strategy.
  public static func afterLastItem(
    itemsPath: [String], hasMorePath: [String] = ["has_more"],
    queryItem: String = "starting_after"
  ) -> Self {
    Self(kind: .afterLastItem(hasMorePath: hasMorePath, queryItem: queryItem), itemsPath: itemsPath)
  }

  /// What the body holds besides the items.
  var layout: PageBodyLayout {
    var layout = PageBodyLayout(itemsPath: itemsPath)
    switch kind {
    case .linkHeader, .headerURL, .custom:
      break
    case .cursorField(let cursorPath, _), .nextURL(let cursorPath):
      layout.cursorPath = cursorPath
      layout.cursorIsJSONAPILink = nextURLIsJSONAPILink
    case .pageNumber(let numbers):
      layout.totalCountPath = numbers.totalCount?.bodyPath
      layout.totalPagesPath = numbers.totalPages?.bodyPath
      layout.nextPagePath = numbers.nextPage?.bodyPath
    case .offset(_, _, _, let totalCount):
      layout.totalCountPath = totalCount?.bodyPath
    case .afterLastItem(let hasMorePath, _):
      layout.hasMorePath = hasMorePath
    case .graphQL(let connection):
      layout.graphQLConnection = true
      layout.cursorPath = connection.connectionPath + ["pageInfo", "endCursor"]
      layout.hasMorePath = connection.connectionPath + ["pageInfo", "hasNextPage"]
    }
    return layout
  }
}
