import Paging
import Synchronization

/// A source that answers from a closure of the cursor and records the requests it was sent.
package final class ReplySource: PageSource, Sendable {
  private let reply: @Sendable (Int?, Int) throws -> Page<Row, Int>
  private let log = Mutex<[PageRequest<Int>]>([])

  /// - Parameter reply: The page for a cursor, given how many requests came before.
  package init(_ reply: @escaping @Sendable (Int?, Int) throws -> Page<Row, Int>) {
    self.reply = reply
  }

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
