import Paging

/// A source that answers from a closure of the cursor and records the requests it was sent.
package final class ReplySource: PageSource, Sendable {
  private let reply: @Sendable (Int?, Int) throws -> Page<Row, Int>
  private let log = Locked<[PageRequest<Int>]>([])
  /// The cursor of the page around a position, for a source that jumps.
  private let around: (@Sendable (Int) -> Int?)?

  /// - Parameters:
  ///   - around: The cursor of the page around a position (``PageSource/cursor(around:)``);
  ///     `nil` (the default) for a source that cannot jump.
  ///   - reply: The page for a cursor, given how many requests came before.
  package init(
    around: (@Sendable (Int) -> Int?)? = nil,
    _ reply: @escaping @Sendable (Int?, Int) throws -> Page<Row, Int>
  ) {
    self.around = around
    self.reply = reply
  }

  /// Counted pages of `size` rows of a list of `total`, whose cursor is the offset of the
  /// page's first row, and which jumps with the key `max(0, position - size / 2)`.
  package static func offsets(total: Int, size: Int) -> ReplySource {
    let reply: @Sendable (Int?, Int) -> Page<Row, Int> = { cursor, _ in
      let start = min(cursor ?? 0, total)
      let end = min(start + size, total)
      return Page(
        items: rows(start..<end), nextCursor: end < total ? end : nil,
        previousCursor: start > 0 ? max(0, start - size) : nil, itemsBefore: start,
        itemsAfter: total - end)
    }
    return ReplySource(around: { max(0, $0 - size / 2) }, reply)
  }

  package var jumpingSupported: Bool { around != nil }

  package func cursor(around position: Int) -> Int? { around?(position) }

  /// Pages of `size` rows with cursors 1, 2, ... up to `pages` pages.
  package convenience init(pages: Int, size: Int) {
    self.init { cursor, _ in
      let number = cursor ?? 0
      return page(
        (number * size)..<((number + 1) * size), next: number + 1 < pages ? number + 1 : nil)
    }
  }

  package var cursors: [Int?] { requests.map(\.cursor) }
  package var requests: [PageRequest<Int>] { log.withLock { $0 } }

  package func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
    let count = log.withLock { log in
      log.append(request)
      return log.count - 1
    }
    return try reply(request.cursor, count)
  }
}
