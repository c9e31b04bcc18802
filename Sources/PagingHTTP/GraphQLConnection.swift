import Foundation

/// A GraphQL Relay connection's request settings (see
/// ``HTTPPagingStrategy/graphQLConnection(query:connectionPath:pageSize:)``).
struct GraphQLConnection: Sendable, Hashable {
  var query: String
  /// The caller's variables, a JSON object.
  var variables: Data
  var connectionPath: [String]
  var pageSize: Int
  var firstVariable: String
  var afterVariable: String

  /// The request body for the page after `endCursor` (the first page for `nil`): the query,
  /// and the caller's variables with `first` and `after` set. Keys are sorted, so that the
  /// same page always has the same bytes (cursors compare their bodies).
  /// - Throws: `EncodingError`-like errors from `JSONSerialization` for variables that are
  ///   not a JSON object.
  func body(after endCursor: String?) throws -> Data {
    var variables = try JSONSerialization.jsonObject(with: self.variables) as? [String: Any] ?? [:]
    variables[firstVariable] = pageSize
    variables[afterVariable] = endCursor ?? NSNull()
    return try JSONSerialization.data(
      withJSONObject: ["query": query, "variables": variables] as [String: Any],
      options: [.sortedKeys, .withoutEscapingSlashes])
  }
}

extension HTTPPagingStrategy {
  /// A GraphQL Relay connection (the Cursor Connections specification), posted to the
  /// source's URL: every page sends `{"query": query, "variables": {…, "first": pageSize,
  /// "after": endCursor}}` (`after` is `null` for the first page), and reads the connection
  /// at `connectionPath` under `data`: its items from `edges[].node` or from `nodes`, the next
  /// page from `pageInfo { hasNextPage endCursor }`. The list ends when `hasNextPage` is
  /// `false` (or `endCursor` is `null`).
  ///
  /// A response with a non-empty `errors` array fails with
  /// ``HTTPPagingError/graphQL(url:messages:)``, even with HTTP 200 and `"data": null`, and
  /// even when some data came with the errors (a connection with a field error may have holes).
  ///
  /// The cursor carries the request body (``HTTPCursor/body``), so each page is a different
  /// cursor although every page posts to the same URL.
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
  /// - Returns: The strategy.
  public static func graphQLConnection(query: String, connectionPath: [String], pageSize: Int)
    -> Self
  {
    graphQLStrategy(query, connectionPath, pageSize, Data("{}".utf8), "first", "after")
  }

  /// A GraphQL Relay connection with variables of your own besides `first` and `after` (see
  /// ``graphQLConnection(query:connectionPath:pageSize:)``).
  /// - Parameters:
  ///   - query: The GraphQL document.
  ///   - connectionPath: Where the connection is under `data`.
  ///   - pageSize: The items a page asks for (at least 1).
  ///   - variables: The other variables, encoded with `JSONEncoder` into a JSON object
  ///     (`["status": "open"]`, or a `Codable` struct).
  ///   - firstVariable: The variable that carries the page size (default `first`).
  ///   - afterVariable: The variable that carries the end cursor (default `after`).
  /// - Returns: The strategy.
  /// - Throws: `EncodingError` when `variables` do not encode, or do not encode as a JSON
  ///   object.
  /// - Complexity: O(*v*) in the size of the encoded variables.
  public static func graphQLConnection(
    query: String, connectionPath: [String], pageSize: Int, variables: some Encodable,
    firstVariable: String = "first", afterVariable: String = "after"
  ) throws -> Self {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(variables)
    guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
      throw EncodingError.invalidValue(
        variables,
        EncodingError.Context(codingPath: [], debugDescription: "variables must be a JSON object"))
    }
    return graphQLStrategy(query, connectionPath, pageSize, data, firstVariable, afterVariable)
  }

  private static func graphQLStrategy(
    _ query: String, _ connectionPath: [String], _ pageSize: Int, _ variables: Data,
    _ firstVariable: String, _ afterVariable: String
  ) -> Self {
    let connection = GraphQLConnection(
      query: query, variables: variables, connectionPath: ["data"] + connectionPath,
      pageSize: max(1, pageSize), firstVariable: firstVariable, afterVariable: afterVariable)
    return Self(kind: .graphQL(connection), itemsPath: connection.connectionPath)
  }
}
