import Foundation

/// How a GraphQL request travels (the GraphQL over HTTP specification, "Request"): posted as a
/// JSON body, or as the query parameters of a GET, which caches and CDNs can keep.
public enum GraphQLMethod: String, Sendable, Hashable, CaseIterable {
  /// `POST` with `{"query": …, "variables": {…}}` as its JSON body: every server takes it.
  case post = "POST"
  /// `GET` with the `query` and `variables` (JSON, keys sorted) query parameters: for a
  /// server that accepts queries over GET (the specification's optional part), so that a
  /// cache or a CDN can answer the same page twice.
  case get = "GET"
}

/// A GraphQL Relay connection's request settings (see
/// ``HTTPPagingStrategy/graphQLConnection(query:connectionPath:pageSize:method:)``).
struct GraphQLConnection: Sendable, Hashable {
  var query: String
  /// The caller's variables, a JSON object.
  var variables: Data
  var connectionPath: [String]
  var pageSize: Int
  var firstVariable: String
  var afterVariable: String
  var method: GraphQLMethod

  /// The caller's variables with `first` and `after` set for the page after `endCursor` (the
  /// first page for `nil`).
  private func variables(after endCursor: String?) throws -> [String: Any] {
    var variables = try JSONSerialization.jsonObject(with: self.variables) as? [String: Any] ?? [:]
    variables[firstVariable] = pageSize
    variables[afterVariable] = endCursor ?? NSNull()
    return variables
  }

  /// The request for the page after `endCursor` (the first page for `nil`) at `url`: a POST of
  /// the query and the variables as a JSON body, or a GET with them as the `query` and
  /// `variables` parameters (replacing those of `url`). Keys are sorted, so that the same page
  /// always has the same bytes (cursors compare their URLs and bodies).
  /// - Throws: `EncodingError`-like errors from `JSONSerialization` for variables that are
  ///   not a JSON object; `URLError(.badURL)` when the parameters do not fit the URL.
  func cursor(at url: URL, after endCursor: String?) throws -> HTTPCursor {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
    let variables = try variables(after: endCursor)
    switch method {
    case .post:
      let body = try JSONSerialization.data(
        withJSONObject: ["query": query, "variables": variables] as [String: Any],
        options: options)
      return HTTPCursor(url: url, method: method.rawValue, body: body)
    case .get:
      let encoded = String(
        decoding: try JSONSerialization.data(withJSONObject: variables, options: options),
        as: UTF8.self)
      let items = [
        URLQueryItem(name: "query", value: query), URLQueryItem(name: "variables", value: encoded),
      ]
      guard let get = URLQuery.url(url, adding: items, replacing: true) else {
        throw URLError(.badURL)
      }
      return HTTPCursor(url: get, method: method.rawValue)
    }
  }
}

extension HTTPPagingStrategy {
  /// A GraphQL Relay connection (the Cursor Connections specification), posted to the
  /// source's URL (or sent as a GET, with `method`): every page sends `{"query": query,
  /// "variables": {…, "first": pageSize, "after": endCursor}}` (`after` is `null` for the first
  /// page; over GET, the `query` and `variables` query parameters), and reads the connection
  /// at `connectionPath` under `data`: its items from `edges[].node` or from `nodes`, the next
  /// page from `pageInfo { hasNextPage endCursor }`. The list ends when `hasNextPage` is
  /// `false` (or `endCursor` is `null`).
  ///
  /// A response with a non-empty `errors` array fails with
  /// ``HTTPPagingError/graphQL(url:messages:)``, even with HTTP 200 and `"data": null`, and
  /// even when some data came with the errors (a connection with a field error may have holes).
  ///
  /// The cursor carries the request body (``HTTPCursor/body``), so each page is a different
  /// cursor although every page posts to the same URL; over GET, each page has its own URL.
  ///
  /// ```swift
  /// let source = HTTPPageSource<Note>(
  ///   url: URL(string: "https://api.example.com/graphql")!,
  ///   strategy: .graphQLConnection(
  ///     query: """
  ///       query($first: Int!, $after: String) {
  ///         notes(first: $first, after: $after) {
  ///           edges { node { id title } } pageInfo { hasNextPage endCursor }
  ///         }
  ///       }
  ///       """,
  ///     connectionPath: ["notes"], pageSize: 100))
  /// ```
  /// - Parameters:
  ///   - query: The GraphQL document; it declares `$first` and `$after` and passes them to the
  ///     connection field.
  ///   - connectionPath: Where the connection is under `data` (`["notes"]`,
  ///     `["repository", "issues"]`).
  ///   - pageSize: The `first` variable: the items a page asks for (at least 1).
  ///   - method: ``GraphQLMethod/post`` (the default) or ``GraphQLMethod/get``, for a server
  ///     that accepts queries over GET (GraphQL over HTTP).
  /// - Returns: The strategy.
  public static func graphQLConnection(
    query: String, connectionPath: [String], pageSize: Int, method: GraphQLMethod = .post
  ) -> Self {
    graphQLStrategy(query, connectionPath, pageSize, Data("{}".utf8), "first", "after", method)
  }

  /// A GraphQL Relay connection with variables of your own besides `first` and `after` (see
  /// ``graphQLConnection(query:connectionPath:pageSize:method:)``).
  /// - Parameters:
  ///   - query: The GraphQL document.
  ///   - connectionPath: Where the connection is under `data`.
  ///   - pageSize: The items a page asks for (at least 1).
  ///   - variables: The other variables, encoded with `JSONEncoder` into a JSON object
  ///     (`["status": "open"]`, or a `Codable` struct).
  ///   - firstVariable: The variable that carries the page size (default `first`).
  ///   - afterVariable: The variable that carries the end cursor (default `after`).
  ///   - method: ``GraphQLMethod/post`` (the default) or ``GraphQLMethod/get``.
  /// - Returns: The strategy.
  /// - Throws: `EncodingError` when `variables` do not encode, or do not encode as a JSON
  ///   object.
  /// - Complexity: O(*v*) in the size of the encoded variables.
  public static func graphQLConnection(
    query: String, connectionPath: [String], pageSize: Int, variables: some Encodable,
    firstVariable: String = "first", afterVariable: String = "after",
    method: GraphQLMethod = .post
  ) throws -> Self {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(variables)
    guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
      throw EncodingError.invalidValue(
        variables,
        EncodingError.Context(codingPath: [], debugDescription: "variables must be a JSON object"))
    }
    return graphQLStrategy(
      query, connectionPath, pageSize, data, firstVariable, afterVariable, method)
  }

  private static func graphQLStrategy(
    _ query: String, _ connectionPath: [String], _ pageSize: Int, _ variables: Data,
    _ firstVariable: String, _ afterVariable: String, _ method: GraphQLMethod
  ) -> Self {
    let connection = GraphQLConnection(
      query: query, variables: variables, connectionPath: ["data"] + connectionPath,
      pageSize: max(1, pageSize), firstVariable: firstVariable, afterVariable: afterVariable,
      method: method)
    return Self(kind: .graphQL(connection), itemsPath: connection.connectionPath)
  }
}
