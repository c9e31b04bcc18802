import Foundation
import Paging
import PagingHTTP
import PagingSQLite

/// A row of the release-notes table; only the id and the title are kept.
struct Note: Codable, Identifiable, Sendable {
  var id: Int
  var title: String
}

/// Walks the Datasette table at `table` into `database` with a checkpoint, or resumes the walk
/// that a kill stopped, printing "page N" after each page commits and "done ROWS" at the end.
func walk(database: String, table: String) async throws {
  guard let url = URL(string: table) else { fail("not a URL: \(table)") }
  let checkpoint = try WalkCheckpoint<Note, HTTPCursor>(
    database: PagingDatabase(path: database), name: "release_notes")
  let source = HTTPPageSource<Note>(
    url: url,
    strategy: .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "_next"),
    queryItems: [
      URLQueryItem(name: "_size", value: "50"), URLQueryItem(name: "_shape", value: "objects"),
      URLQueryItem(name: "_sort", value: "id"), URLQueryItem(name: "_nocount", value: "1"),
      URLQueryItem(name: "_nofacet", value: "1"), URLQueryItem(name: "_nosuggest", value: "1"),
    ])
  var pages = 0
  for try await _ in source.pages(from: checkpoint) {
    pages += 1
    say("page \(pages)")
  }
  switch try checkpoint.progress() {
  case .finished(_, let rows): say("done \(rows)")
  case .notStarted, .walking: fail("the walk stopped before its end")
  }
}

/// Walks DRF's counted page numbers at `pages` (`?page_size=N` in the URL, the total in the
/// body's `count`) into `database` with a checkpoint, loading the pages in parallel as a walk
/// does by default where the pages count the rows after them, or resumes the walk that a kill
/// stopped; prints as ``walk(database:table:)`` does.
func walkCounted(database: String, pages: String) async throws {
  guard let url = URL(string: pages),
    let size = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
      .first(where: { $0.name == "page_size" })?.value.flatMap(Int.init)
  else { fail("not a URL with a page_size: \(pages)") }
  let checkpoint = try WalkCheckpoint<Note, HTTPCursor>(
    database: PagingDatabase(path: database), name: "release_notes")
  let source = HTTPPageSource<Note>(
    url: url,
    strategy: .pageNumber(
      pageSize: size, pageSizeQueryItem: "page_size", itemsPath: ["results"],
      totalCount: ["count"]))
  var count = 0
  for try await _ in source.pages(from: checkpoint) {
    count += 1
    say("page \(count)")
  }
  switch try checkpoint.progress() {
  case .finished(_, let rows): say("done \(rows)")
  case .notStarted, .walking: fail("the walk stopped before its end")
  }
}

/// Prints the ids the walk in `database` stored, in walk order, one a line.
func printWalkIDs(database: String) throws {
  let checkpoint = try WalkCheckpoint<Note, HTTPCursor>(
    database: PagingDatabase(path: database), name: "release_notes")
  for note in try checkpoint.items() { say("\(note.id)") }
}
