// What the window's pages hold, read off the chunks they own (rulebook R26): never a count kept
// beside the rows.

extension PagingStateMachine {
  /// How many rows each page holds, in list order (shown or hidden by the filter).
  /// - Complexity: O(pages).
  package var rowCounts: [Int] {
    var handle = store.items.firstChunk
    return pages.chunkCounts.map { chunks in
      defer { handle += chunks }
      return rowCount(ofChunks: handle..<handle + chunks)
    }
  }

  /// How many rows the chunks `handles` hold.
  /// - Complexity: O(1).
  func rowCount(ofChunks handles: Range<Int>) -> Int {
    let items = store.items
    return items.startPosition(ofChunk: handles.upperBound)
      - items.startPosition(ofChunk: handles.lowerBound)
  }

  /// How many rows the first page holds.
  /// - Complexity: O(1).
  var firstPageRows: Int {
    let first = store.items.firstChunk
    return rowCount(ofChunks: first..<first + (pages.first?.chunks ?? 0))
  }

  /// How many rows the last page holds.
  /// - Complexity: O(1).
  var lastPageRows: Int {
    let end = store.items.endChunk
    return rowCount(ofChunks: end - (pages.last?.chunks ?? 0)..<end)
  }

  /// The index of the page that holds the row at `position`, and the position of that page's
  /// first row; `nil` when no page holds it.
  /// - Complexity: O(pages).
  package func pageIndex(holding position: Int) -> (index: Int, start: Int)? {
    guard position >= 0, position < store.count else { return nil }
    let chunk = store.items.location(of: position).chunk
    var handle = store.items.firstChunk
    for (index, chunks) in pages.chunkCounts.enumerated() {
      if chunk < handle + chunks { return (index, store.items.startPosition(ofChunk: handle)) }
      handle += chunks
    }
    return nil
  }

  /// Whether the pages own exactly the window's chunks: `nil` when they do, else what is
  /// wrong. For tests: the engine adds and removes a page's chunks in the step that adds or
  /// removes the page.
  /// - Complexity: O(pages).
  package var pageTableViolation: String? {
    let owned = pages.chunkCounts.reduce(0, +)
    let held = store.items.endChunk - store.items.firstChunk
    if pages.count == 0, held == 0 || store.isEmpty { return nil }
    return owned == held ? nil : "the pages own \(owned) chunks, the window holds \(held)"
  }
}
