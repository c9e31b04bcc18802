// paging-crash-child: the child process that the crash tests kill with SIGKILL at any point
// and start again, to show that what PagingSQLite commits survives the kill whole.
//
//   paging-crash-child walk DATABASE TABLE_URL   walk a Datasette table into DATABASE with a
//                                                checkpoint (or resume it); prints "page N"
//                                                after each page commits, "done ROWS" at the end
//   paging-crash-child walk-counted DATABASE URL  the same over DRF's counted page numbers
//                                                (URL with ?page_size=N), pages in parallel
//   paging-crash-child ids DATABASE              print the walk's stored ids, one a line
//   paging-crash-child refresh DATABASE          refresh a cached list again and again (see
//                                                CacheRounds.swift); prints each step as it
//                                                commits
import Foundation

/// Writes a line to stdout at once (unbuffered): the parent reads each as it comes.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("paging-crash-child: \(message)\n".utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch (arguments.first, arguments.count) {
  case ("walk", 3): try await walk(database: arguments[1], table: arguments[2])
  case ("walk-counted", 3): try await walkCounted(database: arguments[1], pages: arguments[2])
  case ("ids", 2): try printWalkIDs(database: arguments[1])
  case ("refresh", 2): try await refreshRounds(database: arguments[1])
  default:
    fail(
      "usage: paging-crash-child walk DATABASE TABLE_URL | walk-counted DATABASE PAGES_URL"
        + " | ids DATABASE | refresh DATABASE")
  }
} catch {
  fail("\(error)")
}
