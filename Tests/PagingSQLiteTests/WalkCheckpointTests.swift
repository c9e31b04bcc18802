import Foundation
import Paging
import PagingSQLite
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// A source of `pages` pages of `size` rows, cursors "1", "2", …; page `failing` (its cursor)
/// throws ``Offline`` while `down` is set; every cursor asked for is recorded.
private final class CountingSource: PageSource, Sendable {
  let pages: Int
  let size: Int
  let failing: String?
  let down = Locked(true)
  let asked = Locked<[String?]>([])
  /// Page 3 repeats the first row of page 1 (further back than a walk remembers with
  /// `rememberedPages` 1).
  let repeatsFirstRow: Bool

  init(pages: Int, size: Int, failing: String? = nil, repeatsFirstRow: Bool = false) {
    self.pages = pages
    self.size = size
    self.failing = failing
    self.repeatsFirstRow = repeatsFirstRow
  }

  func loadPage(_ request: PageRequest<String>) async throws -> Page<Row, String> {
    asked.withLock { $0.append(request.cursor) }
    if let failing, request.cursor == failing, down.withLock({ $0 }) {
      throw Offline(isRetryable: false)
    }
    let number = request.cursor.flatMap { Int($0) } ?? 0
    var items = rows(number * size..<(number + 1) * size)
    if repeatsFirstRow, number == 2 { items.insert(Row(id: 0), at: 0) }
    return Page(items: items, nextCursor: number + 1 < pages ? String(number + 1) : nil)
  }
}

@Suite("WalkCheckpoint: a walk into SQLite that resumes", .timeLimit(.minutes(minuteLimit)))
struct WalkCheckpointTests {
  @Test func aFailedWalkStartedAgainResumesAtTheFirstPageNotCommitted() async throws {
    let folder = try TemporaryFolder()
    let database = try PagingDatabase(path: folder.file())
    let checkpoint = try WalkCheckpoint<Row, String>(database: database, name: "rows")
    let source = CountingSource(pages: 5, size: 2, failing: "3")
    #expect(try checkpoint.progress() == .notStarted)

    var stored: [Int] = []
    let error = await #expect(throws: PageWalkError<String>.self) {
      for try await page in source.pages(from: checkpoint) { stored += page.items.map(\.id) }
    }
    #expect(error?.cursor == "3")
    #expect(stored == Array(0..<6))
    #expect(try checkpoint.progress() == .walking(next: "3", pages: 3, rows: 6))

    // A new process: another connection to the same file.
    source.down.withLock { $0 = false }
    let reopened = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    for try await page in source.pages(from: reopened) { stored += page.items.map(\.id) }
    #expect(stored == Array(0..<10))
    #expect(source.asked.withLock { $0 } == [nil, "1", "2", "3", "3", "4"])
    #expect(try reopened.progress() == .finished(pages: 5, rows: 10))
    #expect(try reopened.items().map(\.id) == Array(0..<10))

    // Finished: nothing more is asked for, until a reset.
    for try await _ in source.pages(from: reopened) { Issue.record("a finished walk walked") }
    #expect(source.asked.withLock { $0 }.count == 6)
    try reopened.reset()
    #expect(try reopened.progress() == .notStarted)
    #expect(try reopened.items().isEmpty)
  }

  @Test func theStoredRowsAreUniqueByIdOverTheWholeWalk() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    let source = CountingSource(pages: 4, size: 2, repeatsFirstRow: true)
    var options = PageWalkOptions(removesDuplicates: false)
    options.rememberedPages = 1
    var returned: [[Int]] = []
    for try await page in source.pages(from: checkpoint, options: options) {
      returned.append(page.items.map(\.id))
    }
    // The walk kept row 0 on page 3; the table already had it.
    #expect(returned == [[0, 1], [2, 3], [4, 5], [6, 7]])
    #expect(try checkpoint.items().map(\.id) == Array(0..<8))
    #expect(try checkpoint.progress() == .finished(pages: 4, rows: 8))
  }

  @Test func aPageThatFailsToCommitCommitsNothingAndTheWalkResumesAtIt() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    let bad = Locked(true)
    let source = ScriptedFunctionSource { cursor in
      let number = cursor.flatMap { Int($0) } ?? 0
      var items = rows(number * 2..<number * 2 + 2)
      if number == 1, bad.withLock({ $0 }) { items[1].title = "unencodable" }
      return Page(items: items, nextCursor: number < 2 ? String(number + 1) : nil)
    }
    await #expect(throws: PagingDatabaseError.unencodable) {
      for try await _ in source.pages(from: checkpoint) {}
    }
    #expect(try checkpoint.items().map(\.id) == [0, 1])
    #expect(try checkpoint.progress() == .walking(next: "1", pages: 1, rows: 2))
    bad.withLock { $0 = false }
    for try await _ in source.pages(from: checkpoint) {}
    #expect(try checkpoint.items().map(\.id) == Array(0..<6))
  }

  /// A reset while a walk iterates stops that walk at its next page, which it does not
  /// commit: the checkpoint never ends finished with the rows before the reset missing (it
  /// went on, and a later walk asked for nothing).
  @Test func aResetDuringAWalkStopsItAndTheNextWalkStoresEveryRow() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    let source = CountingSource(pages: 5, size: 2)
    var walk = source.pages(from: checkpoint).makeAsyncIterator()
    for _ in 0..<3 { _ = try await walk.next() }
    try checkpoint.reset()

    await #expect(throws: PagingDatabaseError.checkpointChanged) { _ = try await walk.next() }
    #expect(try await walk.next() == nil)
    #expect(try checkpoint.progress() == .notStarted)
    #expect(try checkpoint.items().isEmpty)

    for try await _ in source.pages(from: checkpoint) {}
    #expect(try checkpoint.items().map(\.id) == Array(0..<10))
    #expect(try checkpoint.progress() == .finished(pages: 5, rows: 10))
  }

  /// A walk running across a reset stops even when another walk, of another list, has
  /// meanwhile committed as many pages as it had: the checkpoint is told apart by its next
  /// cursor as well as its page count, so no page lands after the other walk's.
  @Test func aResetStopsARunningWalkEvenAfterAnotherWalkCommittedAsManyPages() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    var old = CountingSource(pages: 5, size: 2).pages(from: checkpoint).makeAsyncIterator()
    #expect(try await old.next()?.items.map(\.id) == [0, 1])
    try checkpoint.reset()
    let other = ScriptedFunctionSource { cursor in
      Page(
        items: rows(cursor == nil ? 100..<102 : 102..<104), nextCursor: cursor == nil ? "b" : nil)
    }
    var new = other.pages(from: checkpoint).makeAsyncIterator()
    #expect(try await new.next()?.items.map(\.id) == [100, 101])

    await #expect(throws: PagingDatabaseError.checkpointChanged) { _ = try await old.next() }
    #expect(try checkpoint.items().map(\.id) == [100, 101])
    #expect(try checkpoint.progress() == .walking(next: "b", pages: 1, rows: 2))
    #expect(try await new.next()?.items.map(\.id) == [102, 103])
    #expect(try checkpoint.progress() == .finished(pages: 2, rows: 4))
  }

  /// A walk running across a reset stops even when the walk started after the reset walks
  /// the same pages of the same source, and so stands where it stood: each walk's first page
  /// draws its run, which the checkpoint keeps.
  @Test func aResetStopsARunningWalkEvenWhenTheNextWalkWalksTheSamePages() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    let source = CountingSource(pages: 3, size: 2)
    var old = source.pages(from: checkpoint).makeAsyncIterator()
    #expect(try await old.next()?.items.map(\.id) == [0, 1])
    try checkpoint.reset()
    var new = source.pages(from: checkpoint).makeAsyncIterator()
    #expect(try await new.next()?.items.map(\.id) == [0, 1])

    await #expect(throws: PagingDatabaseError.checkpointChanged) { _ = try await old.next() }
    #expect(try await new.next()?.items.map(\.id) == [2, 3])
    #expect(try await new.next()?.items.map(\.id) == [4, 5])
    #expect(try await new.next() == nil)
    #expect(try checkpoint.progress() == .finished(pages: 3, rows: 6))
    #expect(try checkpoint.items().map(\.id) == Array(0..<6))
  }

  /// The last page ends the walk (R5) even when it is the third in a row that stores nothing:
  /// the checkpoint is finished, so the walk ends as any walk at its last page does, rather
  /// than throw an error that would resume at the first page.
  @Test func aLastPageThatStoresNothingEndsTheWalkWithoutAnError() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    let repeating = ScriptedFunctionSource { cursor in
      let number = cursor.flatMap { Int($0) } ?? 0
      let first = (number % 2) * 2
      return Page(
        items: rows(first..<first + 2), nextCursor: number < 4 ? String(number + 1) : nil)
    }
    var pages: [[Int]] = []
    for try await page in repeating.pages(
      from: checkpoint, options: PageWalkOptions(rememberedPages: 1))
    {
      pages.append(page.items.map(\.id))
    }
    #expect(pages == [[0, 1], [2, 3], [], [], []])
    #expect(try checkpoint.progress() == .finished(pages: 5, rows: 4))
  }

  /// A server that serves old rows under fresh cursors for ever: each page that stores no new
  /// row counts towards R12's bound, however far back its rows were stored (R29), so the walk
  /// ends at the third such page in a row with an error that resumes after it.
  @Test func oldRowsUnderFreshCursorsEndTheWalkAfterThreePagesThatStoreNothing() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    let rotating = ScriptedFunctionSource { cursor in
      let first = ((cursor.flatMap { Int($0) } ?? 0) % 5) * 2
      return Page(
        items: rows(first..<first + 2), nextCursor: String((cursor.flatMap { Int($0) } ?? 0) + 1))
    }
    let options = PageWalkOptions(maxPages: 200, retryPolicy: .manual, rememberedPages: 1)
    var pages: [[Int]] = []
    do {
      for try await page in rotating.pages(from: checkpoint, options: options) {
        pages.append(page.items.map(\.id))
      }
      Issue.record("the walk ended without an error")
    } catch let error as PageWalkError<String> {
      #expect(error.reason == .failed(.noNewItems(pages: 3)))
      #expect(error.cursor == "8")
      #expect(error.pagesLoaded == 7)
      #expect(error.attempts == 0)
      #expect(error.itemsLoaded == 10)
    }
    // The two pages before the third return what they stored: nothing.
    #expect(pages == (0..<5).map { [2 * $0, 2 * $0 + 1] } + [[], []])
    #expect(try checkpoint.progress() == .walking(next: "8", pages: 8, rows: 10))
  }

  /// Two walks of one checkpoint: the one whose page was committed by the other meanwhile
  /// finds the checkpoint moved and stops without committing it, so no page counts twice.
  @Test func aWalkWhoseCheckpointAnotherWalkMovedStops() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    let source = CountingSource(pages: 3, size: 2)
    var first = source.pages(from: checkpoint).makeAsyncIterator()
    var second = source.pages(from: checkpoint).makeAsyncIterator()
    #expect(try await first.next()?.items.map(\.id) == [0, 1])
    #expect(try await second.next()?.items.map(\.id) == [2, 3])

    await #expect(throws: PagingDatabaseError.checkpointChanged) { _ = try await first.next() }
    #expect(try await second.next()?.items.map(\.id) == [4, 5])
    #expect(try checkpoint.progress() == .finished(pages: 3, rows: 6))
    #expect(try checkpoint.items().map(\.id) == Array(0..<6))
  }

  /// A last page that links back to the first page's URL: the walk stops at the link, and a
  /// walk resumed from the checkpoint stops there again without a request, rather than load
  /// the first two pages once more each time.
  @Test func aLinkBackToTheFirstPageStopsEveryResumeWithoutARequest() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<Row, String>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    let source = FirstURLSource()
    var stored: [Int] = []
    let error = await #expect(throws: PageWalkError<String>.self) {
      for try await page in source.pages(from: checkpoint) { stored += page.items.map(\.id) }
    }
    #expect(error?.reason == .failed(.repeatedCursor("/rows")))
    #expect(stored == [0, 1, 2, 3])
    #expect(source.asked.withLock { $0 } == [nil, "/rows?page=2"])
    #expect(try checkpoint.progress() == .walking(next: "/rows", pages: 2, rows: 4))

    for _ in 0..<2 {
      let again = await #expect(throws: PageWalkError<String>.self) {
        for try await _ in source.pages(from: checkpoint) {}
      }
      #expect(again?.reason == .failed(.repeatedCursor("/rows")))
      #expect(again?.cursor == "/rows")
      #expect(again?.attempts == 0)
      #expect(again?.description.contains("before asking for the next page") == true)
    }
    #expect(source.asked.withLock { $0 } == [nil, "/rows?page=2"])
    #expect(try checkpoint.items().map(\.id) == [0, 1, 2, 3])
  }
}

/// A source whose page is a function of its cursor.
private struct ScriptedFunctionSource: PageSource {
  let page: @Sendable (String?) -> Page<Row, String>
  init(_ page: @escaping @Sendable (String?) -> Page<Row, String>) { self.page = page }
  func loadPage(_ request: PageRequest<String>) async throws -> Page<Row, String> {
    page(request.cursor)
  }
}

/// Two pages, the first at the URL "/rows" (asked for without a cursor), the second linking
/// back to it; every cursor asked for is recorded.
private final class FirstURLSource: PageSource, Sendable {
  let asked = Locked<[String?]>([])
  var firstPageCursor: String? { "/rows" }

  func loadPage(_ request: PageRequest<String>) async throws -> Page<Row, String> {
    asked.withLock { $0.append(request.cursor) }
    return request.cursor == "/rows?page=2"
      ? Page(items: rows(2..<4), nextCursor: "/rows")
      : Page(items: rows(0..<2), nextCursor: "/rows?page=2")
  }
}
