// What the articles of Sources/Paging/Paging.docc show that .ci/snippets, which compiles every
// snippet verbatim from outside the package (and runs TestingPagination.md's tests and checks
// HTTPSources.md's source), does not run: the hedging switches' values, and
// CappedAndRestoredLists.md's counted source against an `api` that answers (the article's is a
// declaration only). The types sit in the suite so that their names cannot clash with other
// tests of the module.
import Paging
import PagingTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct DocumentationExampleTests {
  // MARK: - TailLatency.md

  /// The hedging switches of the DocC article "Tail latency": hedging off, or a fixed delay.
  @Test func theReadmesHedgingSwitchesCompileAndTurnHedgingOff() {
    let configuration = PagingConfiguration<String>(hedging: .off)  // never a second request
    #expect(configuration.hedging == .off)
    #expect(PagingConfiguration<String>().hedging == .standard)
  }

  // MARK: - CappedAndRestoredLists.md

  struct Note: Identifiable, Sendable, Equatable {
    let id: Int
  }

  /// The article's `api`: 10,000 notes, paged by offset, with their total.
  struct NotesAPI: Sendable {
    func notes(offset: Int, limit: Int) async throws -> ([Note], Int) {
      let total = 10_000
      return ((offset..<min(offset + limit, total)).map(Note.init), total)
    }
  }

  struct NotesSource: PageSource {
    let api = NotesAPI()
    let pageSize = 20
    var jumpingSupported: Bool { true }

    // Paging 3's getRefreshKey, centred with the size of the page the cursor loads.
    func cursor(around position: Int) -> Int? { max(0, position - pageSize / 2) }

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<Note, Int> {
      let offset = request.cursor ?? 0
      let (notes, total) = try await api.notes(offset: offset, limit: pageSize)
      let end = offset + notes.count
      return Page(
        items: notes, nextCursor: end < total ? end : nil,
        previousCursor: offset > 0 ? max(0, offset - pageSize) : nil,
        itemsBefore: offset, itemsAfter: total - end)
    }
  }

  @Test func theArticlesCountedSourceJumpsToTheMiddleInOneRequest() async {
    let feed = Paginator(source: NotesSource())
    await feed.start()
    #expect(feed.rows.count == 10_000)
    feed.rowAppeared(feed.rows[6_000])
    await feed.waitForLoadsToEnd()
    #expect(feed.rows[6_000] == .item(Note(id: 6_000)))
    // The first page, the jump, and a page on either side of the row now on screen.
    #expect(feed.metrics.requestsStarted == 4)
    #expect(feed.metrics.jumps == 1)
  }
}
