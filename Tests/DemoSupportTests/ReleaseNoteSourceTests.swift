import DemoSupport
import Paging
import Testing

import var PagingTestSupport.minuteLimit

@Suite(
  "ReleaseNoteSource: keyset pages, newest first, ties by id", .timeLimit(.minutes(minuteLimit)))
struct ReleaseNoteSourceTests {
  private func note(_ id: Int, _ date: String) -> ReleaseNote {
    ReleaseNote(
      id: id, releasedAt: date, version: "3.11.2", section: "Library", issue: nil,
      title: "note \(id)", body: "")
  }

  private func request(_ cursor: ReleaseNoteCursor?) -> PageRequest<ReleaseNoteCursor> {
    PageRequest(
      id: PageRequestID(rawValue: 1), direction: cursor == nil ? .refresh : .append,
      cursor: cursor, generation: Generation(rawValue: 0))
  }

  /// Follows next cursors from the first page to the end; stops after `limit` pages so that a
  /// looping source fails the test instead of hanging it.
  private func walk(_ source: ReleaseNoteSource, limit: Int = 20_000) async throws -> [[Int]] {
    var pages: [[Int]] = []
    var cursor: ReleaseNoteCursor?
    repeat {
      let page = try await source.loadPage(request(cursor))
      pages.append(page.items.map(\.id))
      cursor = page.nextCursor
    } while cursor != nil && pages.count < limit
    return pages
  }

  @Test("walking all 501 pages of 20 yields every bundled note once, newest first")
  func walkBundledNotes() async throws {
    let notes = try ReleaseNotes.bundled()
    let source = try ReleaseNoteSource(notes: notes)
    let pages = try await walk(source)
    #expect(pages.count == 501)
    #expect(pages.dropLast().allSatisfy { $0.count == 20 })
    #expect(pages.last?.count == 17)
    let ids = pages.flatMap { $0 }
    let expected = notes.sorted { a, b in
      a.releasedAt != b.releasedAt ? a.releasedAt > b.releasedAt : a.id < b.id
    }.map(\.id)
    #expect(ids == expected)
    #expect(Set(ids).count == 10_017)
    #expect(ids.prefix(3) == [1, 2, 3])
    #expect(ids.last == 10_017)
  }

  @Test("pages of 1,000: 11 pages, the last of 17 rows")
  func walkLargePages() async throws {
    let source = try ReleaseNoteSource(notes: try ReleaseNotes.bundled(), pageSize: 1000)
    let pages = try await walk(source)
    #expect(pages.map(\.count) == Array(repeating: 1000, count: 10) + [17])
  }

  @Test("feed order differs from file order where an older line released later")
  func feedOrderMergesReleaseLines() throws {
    let source = try ReleaseNoteSource(notes: try ReleaseNotes.bundled())
    let ids = source.notes.map(\.id)
    // NEWS runs from 3.11.2 down to 3.7.0rc1 (2018-06-12, ids 1 to 5548), and lists 3.6.6rc1
    // (2018-06-11, ids from 6808) only after 3.7.0a1; the feed puts it next, by date.
    #expect(ids.firstIndex(of: 6808) == 5548)
    #expect(Array(ids.prefix(5548)) == Array(1...5548))
  }

  @Test("a tie on one date across two releases is broken by ascending id")
  func tieBreakByID() throws {
    let source = try ReleaseNoteSource(
      notes: [
        note(7, "2017-12-05"), note(3, "2017-12-05"), note(9, "2018-01-08"),
        note(5, "2017-12-05"), note(1, "2017-09-19"),
      ],
      pageSize: 2)
    #expect(source.notes.map(\.id) == [9, 3, 5, 7, 1])
    let first = source.page(after: nil)
    #expect(first.items.map(\.id) == [9, 3])
    #expect(first.nextCursor == ReleaseNoteCursor(releasedAt: "2017-12-05", id: 3))
    let second = source.page(after: first.nextCursor)
    #expect(second.items.map(\.id) == [5, 7])
    #expect(second.nextCursor == ReleaseNoteCursor(releasedAt: "2017-12-05", id: 7))
    let third = source.page(after: second.nextCursor)
    #expect(third.items.map(\.id) == [1])
    #expect(third.nextCursor == nil)
  }

  @Test("a cursor whose row is gone still continues after its key")
  func cursorOfMissingRow() throws {
    let source = try ReleaseNoteSource(
      notes: [
        note(1, "2023-02-07"), note(2, "2023-02-07"), note(4, "2023-02-07"),
        note(5, "2022-12-06"),
      ],
      pageSize: 10)
    let page = source.page(after: ReleaseNoteCursor(releasedAt: "2023-02-07", id: 3))
    #expect(page.items.map(\.id) == [4, 5])
    #expect(page.nextCursor == nil)
  }

  @Test("a cursor after the last row gives an empty last page")
  func cursorPastTheEnd() throws {
    let source = try ReleaseNoteSource(notes: [note(1, "2023-02-07")], pageSize: 10)
    let page = source.page(after: ReleaseNoteCursor(releasedAt: "2000-01-01", id: 1))
    #expect(page == Page(items: [], nextCursor: nil))
  }

  @Test("a page that ends exactly at the last row has no next cursor")
  func exactLastPage() throws {
    let source = try ReleaseNoteSource(
      notes: [note(1, "2023-02-07"), note(2, "2023-02-07")], pageSize: 2)
    #expect(source.page(after: nil).nextCursor == nil)
  }

  @Test("no notes: one empty last page")
  func emptySource() throws {
    let source = try ReleaseNoteSource(notes: [], pageSize: 5)
    #expect(source.page(after: nil) == Page(items: [], nextCursor: nil))
  }

  @Test("page sizes outside 1...1000 are rejected", arguments: [0, -1, 1001, Int.min])
  func invalidPageSize(size: Int) {
    #expect(throws: ReleaseNoteSourceError.invalidPageSize(size)) {
      try ReleaseNoteSource(notes: [], pageSize: size)
    }
  }

  @Test("the error message names the range")
  func invalidPageSizeMessage() {
    #expect(
      ReleaseNoteSourceError.invalidPageSize(0).description == "page size 0 is outside 1...1000")
  }

  @Test("cursor order and description")
  func cursorOrder() {
    let newer = ReleaseNoteCursor(releasedAt: "2023-02-07", id: 65)
    let sameDayLater = ReleaseNoteCursor(releasedAt: "2023-02-07", id: 66)
    let older = ReleaseNoteCursor(releasedAt: "2022-12-06", id: 1)
    #expect(newer < sameDayLater)
    #expect(sameDayLater < older)
    #expect(!(older < newer))
    #expect(newer.description == "2023-02-07,65")
  }

  @Test("a cancelled task gets CancellationError, not a page")
  func cancellation() async throws {
    let source = try ReleaseNoteSource(notes: [note(1, "2023-02-07")])
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await source.loadPage(request(nil))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("Paginator pages the whole feed with one request per page and no duplicate")
  @MainActor
  func paginatorWalk() async throws {
    let source = try ReleaseNoteSource(notes: try ReleaseNotes.bundled(), pageSize: 100)
    let paginator = Paginator(source: source)
    await paginator.start()
    var rounds = 0
    while paginator.hasNextPage && rounds < 1000 {
      paginator.loadNextPage()
      await paginator.waitForLoadsToEnd()
      rounds += 1
    }
    #expect(paginator.items.count == 10_017)
    #expect(paginator.items.map(\.id) == source.notes.map(\.id))
    #expect(paginator.metrics.requestsStarted == 101)
    #expect(paginator.metrics.duplicatesDropped == 0)
    #expect(paginator.appendState == .complete)
  }
}
