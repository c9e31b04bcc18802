// paging-walk-resume: walks a Datasette table into a SQLite file with a checkpoint, so that a
// walk killed at any point resumes where it stopped. The kill-and-resume test runs it as a
// child process and kills it with SIGKILL again and again.
//
//   paging-walk-resume DATABASE TABLE_URL    walk (or resume) into DATABASE; prints
//                                           "page N" after each page commits and
//                                           "done ROWS" at the end
//   paging-walk-resume --ids DATABASE        print the stored ids in walk order, one a line
import Foundation
import Paging
import PagingHTTP
import PagingSQLite

/// A row of the release-notes table; only the id and the title are kept.
struct Note: Codable, Identifiable, Sendable {
  var id: Int
  var title: String
}

/// Writes a line to stdout at once (unbuffered): the parent reads each as it comes.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("paging-walk-resume: \(message)\n".utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.count {
  case 2 where arguments[0] == "--ids":
    let checkpoint = try WalkCheckpoint<Note, HTTPCursor>(
      database: PagingDatabase(path: arguments[1]), name: "release_notes")
    for note in try checkpoint.items() { say("\(note.id)") }
  case 2:
    guard let url = URL(string: arguments[1]) else { fail("not a URL: \(arguments[1])") }
    let checkpoint = try WalkCheckpoint<Note, HTTPCursor>(
      database: PagingDatabase(path: arguments[0]), name: "release_notes")
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
  default:
    fail("usage: paging-walk-resume DATABASE TABLE_URL | --ids DATABASE")
  }
} catch {
  fail("\(error)")
}
