import Paging
import PagingTestSupport
import PagingTesting
import PagingWalk
import Testing

/// A walk of a cursor chain whose source tells each page's next cursor before the page is
/// answered (``PageSource/loadPage(_:nextCursorKnown:)``, as an HTTP source reads a `Link`
/// header or skims a body) asks for the next page at once, and uses its answer only when the
/// page names that cursor: every row once and in order, a wrong guess one request more.
@Suite(
  "PageWalk: the next page of a cursor chain, asked for early", .timeLimit(.minutes(minuteLimit)))
struct PageWalkEarlyNextTests {
  /// Pages of 2 rows at cursors `nil` (page 0), 1, 2, …, `count` pages; it tells what `tells`
  /// gives for the page loading, and records which loads were given a way to tell.
  final class TellingSource: PageSource, Sendable {
    let script = ScriptedPageSource<Row, Int>()
    let tells: @Sendable (Int?) -> Int?
    /// For each load, in order: whether the walk gave it `nextCursorKnown`.
    let askedToTell = Locked<[Bool]>([])

    init(tells: @escaping @Sendable (Int?) -> Int?) { self.tells = tells }

    var tellsNextCursorEarly: Bool { true }

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
      askedToTell.withLock { $0.append(false) }
      return try await script.loadPage(request)
    }

    func loadPage(
      _ request: PageRequest<Int>, nextCursorKnown: @escaping @Sendable (Int) -> Void
    ) async throws -> Page<Row, Int> {
      askedToTell.withLock { $0.append(true) }
      if let told = tells(request.cursor) { nextCursorKnown(told) }
      return try await script.loadPage(request)
    }
  }

  /// Page `cursor` (nil: 0) of `count` pages of 2 rows.
  private func page(_ cursor: Int?, of count: Int) -> Page<Row, Int> {
    let number = cursor ?? 0
    return Page(
      items: rows(number * 2..<number * 2 + 2), nextCursor: number + 1 < count ? number + 1 : nil)
  }

  /// Tells the true next cursor of `count` pages.
  private static func truthful(_ count: Int) -> @Sendable (Int?) -> Int? {
    { cursor in (cursor ?? 0) + 1 < count ? (cursor ?? 0) + 1 : nil }
  }

  private func collect(_ walk: PageWalk<TellingSource>) -> Task<[Int], any Error> {
    Task {
      var ids: [Int] = []
      for try await row in walk.items { ids.append(row.id) }
      return ids
    }
  }

  @Test func theNextPageIsAskedForWhileThePageBeforeItIsStillUnanswered() async throws {
    let source = TellingSource(tells: Self.truthful(3))
    let collected = collect(source.pages())

    let first = await source.script.request(at: 0)
    // Page 1 is asked for before page 0 is answered (the walk would hang here otherwise).
    let second = await source.script.request(at: 1)
    #expect(first.cursor == nil)
    #expect(second.cursor == 1)
    #expect(source.script.complete(first, with: page(nil, of: 3)))
    // Page 1, taken over by the machine, told 2 in turn: asked for before page 1's answer.
    let third = await source.script.request(at: 2)
    #expect(third.cursor == 2)
    #expect(source.script.complete(second, with: page(1, of: 3)))
    #expect(source.script.complete(third, with: page(2, of: 3)))

    #expect(try await collected.value == Array(0..<6))
    #expect(source.script.requests.map(\.cursor) == [nil, 1, 2])
    let ids = source.script.requests.map(\.id.rawValue)
    #expect(Set(ids).count == 3)
  }

  @Test func aWrongGuessCostsOneRequestAndNoRow() async throws {
    let source = TellingSource(tells: { cursor in cursor == nil ? 5 : Self.truthful(3)(cursor) })
    let collected = collect(source.pages())

    let first = await source.script.request(at: 0)
    let guessed = await source.script.request(at: 1)
    #expect(guessed.cursor == 5)
    #expect(source.script.complete(first, with: page(nil, of: 3)))
    // Page 0 names 1: the guess is dropped, page 1 asked for as usual.
    let second = await source.script.request(at: 2)
    #expect(second.cursor == 1)
    // Its answer, had it come, is not used.
    source.script.complete(guessed, with: Page(items: rows(100..<102), nextCursor: nil))
    let third = await source.script.request(at: 3)
    #expect(third.cursor == 2)
    #expect(source.script.complete(second, with: page(1, of: 3)))
    #expect(source.script.complete(third, with: page(2, of: 3)))

    #expect(try await collected.value == Array(0..<6))
    #expect(source.script.requests.map(\.cursor) == [nil, 5, 1, 2])
  }

  @Test func nothingIsAskedForAheadOnePageAtATimeOrPastMaxPages() async throws {
    let single = TellingSource(tells: Self.truthful(3))
    let one = collect(single.pages(options: PageWalkOptions(parallelPages: 1)))
    for index in 0..<3 {
      let request = await single.script.request(at: index)
      #expect(single.script.complete(request, with: page(request.cursor, of: 3)))
    }
    #expect(try await one.value == Array(0..<6))
    #expect(single.askedToTell.withLock { $0 } == [false, false, false])

    let capped = TellingSource(tells: Self.truthful(5))
    let two = collect(capped.pages(options: PageWalkOptions(maxPages: 2)))
    let first = await capped.script.request(at: 0)
    let second = await capped.script.request(at: 1)
    #expect(capped.script.complete(first, with: page(nil, of: 5)))
    #expect(capped.script.complete(second, with: page(1, of: 5)))
    #expect(try await two.value == Array(0..<4))
    // Page 1 was asked for ahead and told 2, but as the last page allowed nothing was asked
    // for past it.
    #expect(capped.askedToTell.withLock { $0 } == [true, true])
    #expect(capped.script.requests.map(\.cursor) == [nil, 1])
  }

  /// A page that tells its own cursor, or one the walk loaded, is a repeat the machine fails
  /// (R11): nothing is asked for ahead of it.
  @Test func aRepeatIsNeverAskedForAhead() async throws {
    let source = TellingSource(tells: { cursor in cursor == nil ? 1 : 1 })
    let collected = collect(source.pages())
    let first = await source.script.request(at: 0)
    let second = await source.script.request(at: 1)
    #expect(source.script.complete(first, with: page(nil, of: 5)))
    #expect(source.script.complete(second, with: Page(items: rows(2..<4), nextCursor: 1)))

    let error = await #expect(throws: PageWalkError<Int>.self) { try await collected.value }
    #expect(error?.error == .repeatedCursor(1))
    #expect(source.script.requests.map(\.cursor) == [nil, 1])
  }
}
