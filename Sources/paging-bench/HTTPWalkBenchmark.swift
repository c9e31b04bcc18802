import Foundation
import Paging
import PagingHTTP
import PagingSQLite
import PagingWalk

/// One walk (`HTTPPageSource` … `pages()`) of a real server's collection, timed as a whole
/// process by `.ci/http-bench.py` against Python `requests` and `curl` on the same URLs
/// (run by `.ci/http-bench.sh`), so that the walk's own overhead over the transfer shows.
enum HTTPWalkBenchmark {
  /// What a row's id is, as `--http-id` names it: each row type decodes its id only, so the
  /// walk's cost is the transfer, the body's parse and the engine, not a model type's fields,
  /// and no row tries a type its server does not send (a failed attempt throws, and throwing
  /// per row would cost more than the decode).
  enum RowID: String, Sendable {
    /// `{"id": 1, …}` (DRF, Datasette, flask-smorest).
    case number
    /// `{"id": "a1", …}` (Kinto, PocketBase, a Relay global id).
    case text
    /// `"repo001"`: the item is its own id (the registry's catalog).
    case name
  }

  struct NumberRow: Codable, Identifiable, Sendable { var id: Int }
  struct TextRow: Codable, Identifiable, Sendable { var id: String }
  struct NameRow: Codable, Identifiable, Sendable {
    var id: String
    init(from decoder: any Decoder) throws {
      id = try decoder.singleValueContainer().decode(String.self)
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(id)
    }
  }

  /// How the walk finds the next page, as `--http-strategy` names it.
  /// - Parameter name: One of
  ///   - `next=DOTTED.PATH`: a next URL in the body (DRF, Datasette);
  ///   - `link`: the `Link` header (DRF, the registry);
  ///   - `jsonapi`: JSON:API's `links.next` and media type;
  ///   - `header=NAME`: a next URL in the header `NAME` (Kinto's `Next-Page`);
  ///   - `pages=SIZE_ITEM:SIZE:TOTAL.PAGES`: page numbers, `SIZE` rows a page asked for in the
  ///     query item `SIZE_ITEM`, the page count at the body's dotted path (PocketBase);
  ///   - `counted=SIZE_ITEM:SIZE:TOTAL.COUNT`: the same with the row count at the body's dotted
  ///     path (DRF's `count`, PocketBase's `totalItems`): the pages count the rows around them,
  ///     and the walk loads them in parallel;
  ///   - `xpagination=SIZE`: page numbers with `page_size`, the total and the next page in
  ///     flask-smorest's `X-Pagination` header;
  ///   - `graphql=FIELD:SIZE`: the Relay connection `FIELD`, `SIZE` nodes a page, posted.
  /// - Parameter itemsPath: The items' dotted path in the body (empty: the body is the array).
  /// - Returns: The strategy, or `nil` for an unknown name.
  static func strategy(named name: String, itemsPath: String) -> HTTPPagingStrategy? {
    let items = dotted(itemsPath)
    if name == "link" { return .linkHeader(itemsPath: items) }
    if name == "jsonapi" { return .jsonAPI(itemsPath: items.isEmpty ? ["data"] : items) }
    guard let equals = name.firstIndex(of: "=") else { return nil }
    let argument = String(name[name.index(after: equals)...])
    let fields = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    switch name[..<equals] {
    case "next":
      let path = dotted(argument)
      return path.isEmpty ? nil : .nextURL(bodyPath: path, itemsPath: items)
    case "header":
      return argument.isEmpty ? nil : .headerURL(name: argument, itemsPath: items)
    case "pages":
      guard fields.count == 3, let size = Int(fields[1]), size > 0, !fields[2].isEmpty else {
        return nil
      }
      return .pageNumber(
        pageSize: size, pageSizeQueryItem: fields[0], itemsPath: items,
        totalPages: HTTPPageField.body(dotted(fields[2])))
    case "counted":
      guard fields.count == 3, let size = Int(fields[1]), size > 0, !fields[2].isEmpty else {
        return nil
      }
      return .pageNumber(
        pageSize: size, pageSizeQueryItem: fields[0], itemsPath: items,
        totalCount: HTTPPageField.body(dotted(fields[2])))
    case "xpagination":
      guard let size = Int(argument), size > 0 else { return nil }
      return .pageNumber(
        pageSize: size, pageSizeQueryItem: "page_size", itemsPath: items,
        totalCount: .jsonHeader("X-Pagination", ["total"]),
        nextPage: .jsonHeader("X-Pagination", ["next_page"]))
    case "graphql":
      guard fields.count == 2, !fields[0].isEmpty, let size = Int(fields[1]), size > 0 else {
        return nil
      }
      let query = """
        query($first: Int!, $after: String) {
          \(fields[0])(first: $first, after: $after) {
            edges { node { id } } pageInfo { hasNextPage endCursor }
          }
        }
        """
      return .graphQLConnection(query: query, connectionPath: [fields[0]], pageSize: size)
    default: return nil
    }
  }

  /// The keys of a dotted path (`""`: none).
  private static func dotted(_ path: String) -> [String] {
    path.split(separator: ".").map(String.init)
  }

  /// Walks `url` to its end.
  /// - Parameters:
  ///   - url: The first page's URL (with its page size in the query).
  ///   - strategy: How the next page is found.
  ///   - authorization: The `Authorization` header's value, if the server needs one.
  ///   - id: What a row's id is.
  ///   - readAhead: Pages loaded ahead of the caller (``PageWalkOptions``'s `readAhead`).
  ///   - parallelPages: The most requests at once (``PageWalkOptions``'s `parallelPages`).
  ///   - intoSQLite: Whether each page commits into a SQLite checkpoint (in a temporary file,
  ///     removed after) before the next is asked for, as a sync job does.
  /// - Returns: A line with the rows, the pages and the seconds the walk took.
  /// - Throws: The walk's error.
  /// - Complexity: O(rows).
  static func run(
    url: URL, strategy: HTTPPagingStrategy, authorization: String? = nil, id: RowID = .number,
    readAhead: Int = 0, parallelPages: Int = PageWalkOptions().parallelPages,
    intoSQLite: Bool = false
  ) async throws -> String {
    switch id {
    case .number:
      return try await walk(
        HTTPPageSource<NumberRow>(url: url, strategy: strategy, authorization: authorization),
        readAhead: readAhead, parallelPages: parallelPages, intoSQLite: intoSQLite)
    case .text:
      return try await walk(
        HTTPPageSource<TextRow>(url: url, strategy: strategy, authorization: authorization),
        readAhead: readAhead, parallelPages: parallelPages, intoSQLite: intoSQLite)
    case .name:
      return try await walk(
        HTTPPageSource<NameRow>(url: url, strategy: strategy, authorization: authorization),
        readAhead: readAhead, parallelPages: parallelPages, intoSQLite: intoSQLite)
    }
  }

  /// Walks `source` to its end
  /// (``run(url:strategy:authorization:id:readAhead:parallelPages:intoSQLite:)``).
  private static func walk<Row: Codable & Identifiable & Sendable>(
    _ source: HTTPPageSource<Row>, readAhead: Int, parallelPages: Int, intoSQLite: Bool
  ) async throws -> String where Row.ID: Codable & Sendable {
    let options = PageWalkOptions(readAhead: readAhead, parallelPages: parallelPages)
    let start = ContinuousClock.now
    var rows = 0
    var pages = 0
    if intoSQLite {
      let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("paging-bench-http-\(getpid()).sqlite").path
      defer {
        for suffix in ["", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: path + suffix)
        }
      }
      let checkpoint = try WalkCheckpoint<Row, HTTPCursor>(
        database: PagingDatabase(path: path), name: "walk")
      for try await page in source.pages(from: checkpoint, options: options) {
        rows += page.items.count
        pages += 1
      }
    } else {
      for try await page in source.pages(options: options) {
        rows += page.items.count
        pages += 1
      }
    }
    let elapsed = ContinuousClock.now - start
    let seconds = elapsed.seconds
    return "http walk: \(rows) rows in \(pages) pages, \(String(format: "%.3f", seconds)) s"
  }
}
