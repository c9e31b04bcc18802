import Foundation
import Paging
import PagingHTTP
import PagingSQLite

/// One walk (`HTTPPageSource` … `pages()`) of a real server's collection, timed as a whole
/// process by `.ci/http-bench.py` against Python `requests` and `curl` on the same URLs
/// (run by `.ci/http-bench.sh`), so that the walk's own overhead over the transfer shows.
enum HTTPWalkBenchmark {
  /// A row decoded to its id only: the walk's cost is the transfer, the body's parse and the
  /// engine, not a model type's fields.
  struct Row: Codable, Identifiable, Sendable {
    var id: Int
  }

  /// How the walk finds the next page, as `--http-strategy` names it.
  /// - Parameter name: `next=DOTTED.PATH` (a next URL in the body), `link` (the `Link`
  ///   header) or `jsonapi` (JSON:API's `links.next` and media type).
  /// - Parameter itemsPath: The items' dotted path in the body (empty: the body is the array).
  /// - Returns: The strategy, or `nil` for an unknown name.
  static func strategy(named name: String, itemsPath: String) -> HTTPPagingStrategy? {
    let items = itemsPath.isEmpty ? [] : itemsPath.split(separator: ".").map(String.init)
    if name == "link" { return .linkHeader(itemsPath: items) }
    if name == "jsonapi" { return .jsonAPI(itemsPath: items.isEmpty ? ["data"] : items) }
    if name.hasPrefix("next=") {
      let path = name.dropFirst("next=".count).split(separator: ".").map(String.init)
      return path.isEmpty ? nil : .nextURL(bodyPath: path, itemsPath: items)
    }
    return nil
  }

  /// Walks `url` to its end.
  /// - Parameters:
  ///   - url: The first page's URL (with its page size in the query).
  ///   - strategy: How the next page is found.
  ///   - readAhead: Pages loaded ahead of the caller (``PageWalkOptions/readAhead``).
  ///   - intoSQLite: Whether each page commits into a SQLite checkpoint (in a temporary file,
  ///     removed after) before the next is asked for, as a sync job does.
  /// - Returns: A line with the rows, the pages and the seconds the walk took.
  /// - Throws: The walk's error.
  /// - Complexity: O(rows).
  static func run(
    url: URL, strategy: HTTPPagingStrategy, readAhead: Int = 0, intoSQLite: Bool = false
  ) async throws -> String {
    let source = HTTPPageSource<Row>(url: url, strategy: strategy)
    let options = PageWalkOptions(readAhead: readAhead)
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
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return "http walk: \(rows) rows in \(pages) pages, \(String(format: "%.3f", seconds)) s"
  }
}
