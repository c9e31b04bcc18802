import Foundation

/// Where a page body's parts are; see ``HTTPPagingStrategy``.
struct PageBodyLayout: Sendable, Hashable {
  var itemsPath: [String]
  var cursorPath: [String]? = nil
  var totalCountPath: [String]? = nil
  var totalPagesPath: [String]? = nil
  var nextPagePath: [String]? = nil
  /// Where a flag saying more items follow is (Stripe's `has_more`, GraphQL's
  /// `pageInfo.hasNextPage`).
  var hasMorePath: [String]? = nil
  /// A GraphQL response: a non-empty top-level `errors` fails the page, and the items at
  /// `itemsPath` (a connection) are `edges[].node` or `nodes`.
  var graphQLConnection = false
  /// The cursor is a JSON:API link: absent, with or without the object that holds it, it ends
  /// the list as `null` does (the specification lets a server omit an unavailable link), and
  /// a link object's `href` is its URL (JSON:API 1.1).
  var cursorIsJSONAPILink = false

  /// The layout that ``PageBody`` decodes with. A task-local value, because `JSONDecoder`
  /// decodes synchronously on the calling task and a caller's decoder must not be mutated
  /// (its `userInfo` is shared by every source that uses it).
  @TaskLocal static var current: PageBodyLayout?
}

/// A decoded page body: the items, and the cursor token and total count when the layout asks
/// for them. Decoding reads each path once from the top, so errors carry the full coding path.
struct PageBody<Item> {
  var items: [Item]
  var cursor: String?
  var totalCount: Int?
  var totalPages: Int?
  var nextPage: Int?
  var hasMore: Bool?

  /// The same body with each item transformed.
  func map<Other>(_ transform: (Item) throws -> Other) rethrows -> PageBody<Other> {
    PageBody<Other>(
      items: try items.map(transform), cursor: cursor, totalCount: totalCount,
      totalPages: totalPages, nextPage: nextPage, hasMore: hasMore)
  }
}

/// The messages of a GraphQL response's non-empty `errors` array, thrown while decoding so
/// that a `"data": null` beside them is never reported as a decoding error.
struct GraphQLErrors: Error {
  var messages: [String]
}

/// One entry of a GraphQL `errors` array; only its message is read.
private struct GraphQLErrorEntry: Decodable {
  var message: String?
}

extension PageBody: Decodable where Item: Decodable {
  /// Decodes `data` with `decoder` along `layout`.
  static func decode(_ data: Data, layout: PageBodyLayout, decoder: JSONDecoder) throws -> Self {
    try PageBodyLayout.$current.withValue(layout) { try decoder.decode(Self.self, from: data) }
  }

  init(from decoder: any Decoder) throws {
    guard let layout = PageBodyLayout.current else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "no page body layout"))
    }
    if layout.graphQLConnection {
      let root = try decoder.container(keyedBy: JSONKey.self)
      let errors = try root.decodeIfPresent([GraphQLErrorEntry].self, forKey: JSONKey("errors"))
      if let errors, !errors.isEmpty {
        throw GraphQLErrors(messages: errors.map { $0.message ?? "" })
      }
      items = try Self.connectionItems(at: layout.itemsPath, in: decoder)
    } else {
      items = try Self.value(at: layout.itemsPath, in: decoder, as: [Item].self) ?? []
    }
    if let path = layout.cursorPath, layout.cursorIsJSONAPILink {
      cursor = try Self.link(at: path, in: decoder)?.href
    } else if let path = layout.cursorPath {
      let token = try Self.value(at: path, in: decoder, as: CursorToken.self)
      cursor = token?.text.flatMap { $0.isEmpty ? nil : $0 }
    }
    if let path = layout.totalCountPath {
      totalCount = try Self.count(at: path, in: decoder, named: "total count")
    }
    if let path = layout.totalPagesPath {
      totalPages = try Self.count(at: path, in: decoder, named: "total page count")
    }
    if let path = layout.nextPagePath {
      nextPage = try Self.count(at: path, in: decoder, named: "next page number")
    }
    if let path = layout.hasMorePath {
      hasMore = try Self.value(at: path, in: decoder, as: Bool.self)
    }
  }

  /// A Relay connection's items: `edges[].node` when the connection has `edges`, else
  /// `nodes`; a connection with neither is a decoding error naming `edges`.
  private static func connectionItems(at path: [String], in decoder: any Decoder) throws -> [Item] {
    var container = try decoder.container(keyedBy: JSONKey.self)
    for key in path {
      container = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(key))
    }
    if !container.contains(JSONKey("edges")), container.contains(JSONKey("nodes")) {
      return try container.decode([Item].self, forKey: JSONKey("nodes"))
    }
    return try container.decode([Edge].self, forKey: JSONKey("edges")).map(\.node)
  }

  /// A connection's edge; only its node is read.
  private struct Edge: Decodable {
    var node: Item
  }

  /// A non-negative count at `path`; a negative one would end the list after this page,
  /// silently, so it throws.
  private static func count(at path: [String], in decoder: any Decoder, named name: String)
    throws -> Int?
  {
    let count = try value(at: path, in: decoder, as: Int.self)
    if let count, count < 0 {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: path.map(JSONKey.init), debugDescription: "the \(name) is negative (\(count))"
        ))
    }
    return count
  }

  /// The JSON:API link at `path`, or `nil` when it or an object on the way is absent or
  /// `null`.
  private static func link(at path: [String], in decoder: any Decoder) throws -> JSONAPILink? {
    guard let last = path.last else { return nil }
    var container = try decoder.container(keyedBy: JSONKey.self)
    for key in path.dropLast() {
      let key = JSONKey(key)
      guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
      container = try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
    }
    let key = JSONKey(last)
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    return try container.decode(JSONAPILink.self, forKey: key)
  }

  /// The value at `path`, or `nil` when it is JSON `null`; a missing key throws `keyNotFound`.
  private static func value<Value: Decodable>(
    at path: [String], in decoder: any Decoder, as type: Value.Type
  ) throws -> Value? {
    guard let last = path.last else {
      let container = try decoder.singleValueContainer()
      return container.decodeNil() ? nil : try container.decode(Value.self)
    }
    var container = try decoder.container(keyedBy: JSONKey.self)
    for key in path.dropLast() {
      container = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(key))
    }
    let key = JSONKey(last)
    guard container.contains(key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: container.codingPath, debugDescription: "no value for \"\(last)\""))
    }
    return try container.decodeNil(forKey: key) ? nil : container.decode(Value.self, forKey: key)
  }
}

/// A JSON object key known only at run time.
struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ stringValue: String) { self.stringValue = stringValue }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// A JSON:API link: its URL as a string, or a link object whose `href` is the URL.
private struct JSONAPILink: Decodable {
  var href: String?

  init(from decoder: any Decoder) throws {
    if let url = try? decoder.singleValueContainer().decode(String.self) {
      href = url
    } else {
      // A link object must hold `href` (JSON:API 1.1): one without it is a server's error,
      // not the end of the list. `null` is no link.
      href = try decoder.container(keyedBy: JSONKey.self).decode(
        String?.self, forKey: JSONKey("href"))
    }
    if href?.isEmpty == true { href = nil }
  }
}

/// A cursor token: a JSON string, or a number taken as its text. Numbers are read as
/// `Decimal` (38 significant digits), not `Double`: an id-like token above 2^53, such as
/// `12345678901234567890123`, must go back to the server digit for digit.
private struct CursorToken: Decodable {
  var text: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let string = try? container.decode(String.self) {
      text = string
    } else if let integer = try? container.decode(Int64.self) {
      text = String(integer)
    } else {
      text = "\(try container.decode(Decimal.self))"
    }
  }
}
