// swift-format-ignore-file
// The first example of the DocC article "Servers, wire formats and failures", verbatim, as
// top-level code a reader pastes into a main.swift (.ci/typecheck-apple-glue.sh).
import Foundation
import Paging
import PagingHTTP

struct ReleaseNote: Decodable, Identifiable, Sendable {
  let id: Int
  let title: String
}

// The server's base URL: `.ci/datasette.sh start` picks a free port and writes it to its env
// file as $PAGING_DATASETTE_URL (for example http://127.0.0.1:8001).
let base = ProcessInfo.processInfo.environment["PAGING_DATASETTE_URL"]!
let table = URL(string: base + "/release_notes/release_notes.json")!

// Datasette with `_shape=array`: the body is the rows, the next page is in the Link header.
let notes = HTTPPageSource<ReleaseNote>(
  url: table, strategy: .linkHeader(),
  queryItems: [URLQueryItem(name: "_shape", value: "array"), URLQueryItem(name: "_size", value: "100")])

// The same table with the cursor in the body: {"rows": [...], "next": "token"} → `?_next=token`.
let sameNotes = HTTPPageSource<ReleaseNote>(
  url: table,
  strategy: .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "_next"),
  queryItems: [URLQueryItem(name: "_shape", value: "objects")],
  authorization: "Bearer my-token")

let feed = Paginator(source: notes)  // Paginator<ReleaseNote, HTTPCursor>
_ = sameNotes
