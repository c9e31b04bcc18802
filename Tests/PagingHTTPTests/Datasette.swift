import Foundation
import Paging
import PagingHTTP
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A row of the `release_notes` table that `.ci/datasette.sh` serves.
struct ReleaseNote: Decodable, Identifiable, Sendable, Equatable {
  var id: Int
  var releasedAt: String
  var version: String
  var section: String
  var issue: String?
  var title: String
  var body: String
}

/// Why an integration test could not reach its server.
struct DatasetteSetupError: Error, CustomStringConvertible {
  var description: String
}

/// The real Datasette the integration tests talk to, found through the environment that
/// `.ci/datasette.sh start` writes to `.build/datasette/env`.
enum Datasette {
  private static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// Whether the integration tests run: a server is configured, or this is CI, where a
  /// missing server must fail the tests instead of skipping them.
  static var isConfiguredOrCI: Bool {
    environment["PAGING_DATASETTE_URL"] != nil || environment["CI"] == "true"
  }

  static let disabledReason: Comment =
    "no Datasette: run `.ci/datasette.sh start` and `. .build/datasette/env` (with CI=true these tests run and fail instead)"

  /// An environment variable the tests need; throws a clear error when it is missing.
  static func variable(_ name: String) throws -> String {
    guard let value = environment[name], !value.isEmpty else {
      throw DatasetteSetupError(
        description:
          "\(name) is not set: run `.ci/datasette.sh start` and source .build/datasette/env")
    }
    return value
  }

  /// The server's base URL, e.g. `http://127.0.0.1:8001`.
  static func baseURL() throws -> URL {
    let text = try variable("PAGING_DATASETTE_URL")
    guard let url = URL(string: text) else {
      throw DatasetteSetupError(description: "PAGING_DATASETTE_URL is not a URL: \(text)")
    }
    return url
  }

  /// The table's JSON URL on the server at `base`.
  static func tableURL(_ base: URL) -> URL {
    base.appendingPathComponent("release_notes").appendingPathComponent("release_notes.json")
  }

  /// The database's SQL API URL on the server at `base`.
  static func sqlURL(_ base: URL) -> URL {
    base.appendingPathComponent("release_notes.json")
  }

  /// The query items that spare Datasette its row count, facets and suggestions.
  static let lean = [
    URLQueryItem(name: "_nocount", value: "1"), URLQueryItem(name: "_nofacet", value: "1"),
    URLQueryItem(name: "_nosuggest", value: "1"),
  ]

  /// Decodes the tables' snake_case columns.
  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }

  /// The ids of every row in `order`, read from the database through Datasette's SQL API in
  /// one row (`group_concat`), independently of the table's pagination.
  static func expectedIDs(base: URL, order: String) async throws -> [Int] {
    struct Row: Decodable {
      var n: Int
      var ids: String
    }
    let sql =
      "select count(*) as n, group_concat(id) as ids from (select id from release_notes order by \(order))"
    var components = URLComponents(url: sqlURL(base), resolvingAgainstBaseURL: false)
    components?.queryItems = [
      URLQueryItem(name: "sql", value: sql), URLQueryItem(name: "_shape", value: "array"),
    ]
    guard let url = components?.url else { throw URLError(.badURL) }
    let (body, response) = try await URLSessionTransport.shared.response(
      for: URLRequest(url: url), maximumBodySize: 1 << 24)
    guard response.statusCode == 200 else {
      throw DatasetteSetupError(description: "SQL API: HTTP \(response.statusCode)")
    }
    let rows = try JSONDecoder().decode([Row].self, from: body)
    let ids = rows.first?.ids.split(separator: ",").compactMap { Int($0) } ?? []
    guard ids.count == rows.first?.n else {
      throw DatasetteSetupError(
        description: "SQL API: \(ids.count) ids for count \(rows.first?.n ?? -1)")
    }
    return ids
  }
}

/// What walking a whole list with a paginator gave.
struct Walk {
  var ids: [Int]
  var appendState: LoadState
  var metrics: PagingMetrics
}

/// Walks a whole list: starts the paginator and loads the next page until the end or a
/// failure, at most `maxPages` times.
@MainActor
func walk(_ paginator: Paginator<ReleaseNote, HTTPCursor>, maxPages: Int = 20_000) async -> Walk {
  await paginator.start()
  var pages = 0
  while paginator.refreshState == .idle, paginator.appendState == .idle, pages < maxPages {
    paginator.loadNextPage()
    await paginator.waitForLoadsToEnd()
    pages += 1
  }
  return Walk(
    ids: paginator.items.map(\.id), appendState: paginator.appendState,
    metrics: paginator.metrics)
}
