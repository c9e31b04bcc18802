import Paging
import PagingTestSupport
import PagingTesting
import PagingWalk
import Testing

/// A walk whose pages count the rows after them, over a source that names a page by its first
/// row, loads the pages that follow several at a time (``PageWalkOptions``'s `parallelPages`),
/// hands them over in order, and falls back to one page after another when the plan and the
/// pages part.
@Suite("PageWalk: parallel pages", .timeLimit(.minutes(minuteLimit)))
struct PageWalkParallelTests {
  /// Offsets as cursors, pages of 2 that count the rows around them: a scripted API whose
  /// total is known.
  struct OffsetSource: PageSource {
    let script = ScriptedPageSource<Row, Int>()
    var namesPages = true

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
      try await script.loadPage(request)
    }

    func cursor(forPageStartingAt position: Int) -> Int? { namesPages ? position : nil }
  }

  /// The requests that reach the source `indices`-th, ordered by cursor: the pages planned
  /// together load in tasks of their own, which reach the source in any order.
  private func planned(_ source: OffsetSource, at indices: ClosedRange<Int>) async
    -> [PageRequest<Int>]
  {
    var requests: [PageRequest<Int>] = []
    for index in indices { requests.append(await source.script.request(at: index)) }
    return requests.sorted { ($0.cursor ?? 0) < ($1.cursor ?? 0) }
  }

  /// The page at `offset` of a list of `total` rows, pages of 2.
  private func page(at offset: Int, total: Int) -> Page<Row, Int> {
    let end = min(total, offset + 2)
    return Page(
      items: rows(offset..<end), nextCursor: end < total ? end : nil, itemsBefore: offset,
      itemsAfter: total - end)
  }

  @Test func afterTheFirstPageUpToTheLimitLoadAtOnceAndComeInOrder() async throws {
    let source = OffsetSource()
    let walk = source.pages(options: PageWalkOptions(parallelPages: 3))
    let collected = Task {
      var ids: [Int] = []
      for try await row in walk.items { ids.append(row.id) }
      return ids
    }
    let first = await source.script.request(at: 0)
    #expect(first.cursor == nil)
    #expect(source.script.complete(first, with: page(at: 0, total: 12)))
    // Three requests in flight at once: the pages at 2, 4 and 6.
    let ahead = await planned(source, at: 1...3)
    #expect(ahead.map(\.cursor) == [2, 4, 6])
    // Answered last first: still handed over in order.
    for request in ahead.reversed() {
      #expect(source.script.complete(request, with: page(at: request.cursor ?? 0, total: 12)))
    }
    for index in 4..<6 {
      let request = await source.script.request(at: index)
      #expect(source.script.complete(request, with: page(at: request.cursor ?? 0, total: 12)))
    }
    #expect(try await collected.value == Array(0..<12))
    // Every request has its own id, numbered in the order the walk planned the pages.
    let requests = source.script.requests.sorted { $0.id.rawValue < $1.id.rawValue }
    #expect(requests.map(\.cursor) == [nil, 2, 4, 6, 8, 10])
    #expect(Set(requests.map(\.id)).count == 6)
  }

  /// A caller that stops iterating after the first page and drops the walk leaves no request
  /// running: the pages planned ahead are cancelled when the walk is released.
  @Test func droppingAWalkMidWayCancelsThePagesPlannedAhead() async throws {
    let source = OffsetSource()
    let task = Task {
      var iterator = source.pages(options: PageWalkOptions(parallelPages: 3)).makeAsyncIterator()
      return try await iterator.next()?.items.map(\.id)
    }
    let first = await source.script.request(at: 0)
    #expect(source.script.complete(first, with: page(at: 0, total: 100)))
    let ahead = await planned(source, at: 1...3)
    #expect(try await task.value == [0, 1])
    #expect(ahead.map(\.cursor) == [2, 4, 6])
    for request in ahead {
      #expect(source.script.wasCancelledByCaller(request), "\(String(describing: request.cursor))")
    }
  }

  /// `maxItems` bounds the pages planned ahead as `maxPages` does: no page is asked for that
  /// the items wanted cannot reach, counting pages as long as the last one.
  @Test func noPageIsPlannedPastMaxItems() async throws {
    let source = OffsetSource()
    let walk = source.pages(options: PageWalkOptions(maxItems: 5, parallelPages: 3))
    let collected = Task {
      var ids: [Int] = []
      for try await row in walk.items { ids.append(row.id) }
      return ids
    }
    let first = await source.script.request(at: 0)
    #expect(source.script.complete(first, with: page(at: 0, total: 100)))
    for index in 1...2 {
      let request = await source.script.request(at: index)
      #expect(source.script.complete(request, with: page(at: request.cursor ?? 0, total: 100)))
    }
    #expect(try await collected.value == Array(0..<5))
    #expect(source.script.requests.map(\.cursor).sorted { ($0 ?? -1) < ($1 ?? -1) } == [nil, 2, 4])
  }

  @Test func aSourceThatNamesNoPageByPositionIsWalkedOnePageAfterAnother() async throws {
    var source = OffsetSource()
    source.namesPages = false
    let walk = source.pages()
    let collected = Task {
      var ids: [Int] = []
      for try await row in walk.items { ids.append(row.id) }
      return ids
    }
    for index in 0..<3 {
      let request = await source.script.request(at: index)
      // One request at a time: the next one comes only after this answer.
      #expect(source.script.requests.count == index + 1)
      #expect(source.script.complete(request, with: page(at: request.cursor ?? 0, total: 6)))
    }
    #expect(try await collected.value == Array(0..<6))
  }

  @Test func aPageWhoseNextCursorIsNotThePlannedOneCancelsThePlan() async throws {
    let source = OffsetSource()
    let walk = source.pages(options: PageWalkOptions(parallelPages: 2))
    let collected = Task {
      var ids: [Int] = []
      for try await row in walk.items { ids.append(row.id) }
      return ids
    }
    #expect(source.script.complete(await source.script.request(at: 0), with: page(at: 0, total: 8)))
    let planned = await planned(source, at: 1...2)
    #expect(planned.map(\.cursor) == [2, 4])
    // Two rows were inserted before offset 2: the page at 2 ends at 4 but says 5 follows.
    #expect(
      source.script.complete(
        planned[0],
        with: Page(items: rows(2..<4), nextCursor: 5, itemsBefore: 2, itemsAfter: 5)))
    // The planned page at 4 is cancelled, the walk follows the page's own cursor.
    let own = await source.script.request(at: 3)
    #expect(own.cursor == 5)
    #expect(source.script.wasCancelledByCaller(planned[1]))
    #expect(source.script.complete(own, with: Page(items: rows(5..<7), nextCursor: nil)))
    #expect(try await collected.value == [0, 1, 2, 3, 5, 6])
  }

  @Test func aPlannedPageThatFailsIsRetriedThroughTheMachinesPolicy() async throws {
    let source = OffsetSource()
    let options = PageWalkOptions(retryPolicy: .manual, parallelPages: 2)
    var iterator = source.pages(options: options).makeAsyncIterator()
    let answers = Task {
      _ = source.script.complete(await source.script.request(at: 0), with: page(at: 0, total: 6))
      let planned = await planned(source, at: 1...2)
      _ = source.script.fail(planned[0], with: Boom())
      _ = source.script.complete(planned[1], with: page(at: 4, total: 6))
    }
    #expect(try await iterator.next()?.items == rows(0..<2))
    await answers.value
    let error = await #expect(throws: PageWalkError<Int>.self) { try await iterator.next() }
    // The walk resumes at the page that failed; the page after it was never handed over.
    #expect(error?.cursor == 2)
    #expect(error?.pagesLoaded == 1)
    #expect(try await iterator.next() == nil)
  }

  @Test func theOptionIsClampedToOneThroughSixtyFour() {
    #expect(PageWalkOptions(parallelPages: 0).parallelPages == 1)
    #expect(PageWalkOptions(parallelPages: -5).parallelPages == 1)
    #expect(PageWalkOptions(parallelPages: .max).parallelPages == 64)
    #expect(PageWalkOptions().parallelPages == 4)
  }
}

extension PageWalkParallelTests {
  @Test func noPagePastMaxPagesIsAskedFor() async throws {
    let source = OffsetSource()
    let walk = source.pages(options: PageWalkOptions(maxPages: 3, parallelPages: 4))
    let collected = Task {
      var ids: [Int] = []
      for try await row in walk.items { ids.append(row.id) }
      return ids
    }
    #expect(
      source.script.complete(await source.script.request(at: 0), with: page(at: 0, total: 20)))
    // Pages 2 and 3 only: the limit leaves two.
    let planned = await planned(source, at: 1...2)
    #expect(planned.map(\.cursor) == [2, 4])
    for request in planned {
      #expect(source.script.complete(request, with: page(at: request.cursor ?? 0, total: 20)))
    }
    #expect(try await collected.value == Array(0..<6))
    #expect(source.script.requests.count == 3)
  }

  /// Page numbers as cursors (`nil` is page 1), pages of 2 out of 14 rows that count the rows
  /// around them, answered at once; page 2 holds one row (its other was removed since).
  struct PageNumberSource: PageSource {
    let log = Locked<[Int?]>([])

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
      log.withLock { $0.append(request.cursor) }
      let number = request.cursor ?? 1
      let start = (number - 1) * 2
      let end = number == 2 ? start + 1 : min(14, start + 2)
      return Page(
        items: rows(start..<end), nextCursor: number < 7 ? number + 1 : nil, itemsBefore: start,
        itemsAfter: 14 - min(14, start + 2))
    }

    func cursor(forPageStartingAt position: Int) -> Int? {
      position.isMultiple(of: 2) ? position / 2 + 1 : nil
    }
  }

  /// A short page puts the rows after it off the page boundaries, but page numbers do not
  /// move: the pages planned at the numbers that follow are still the ones to load, and each
  /// page is asked for once.
  @Test func aShortPageKeepsThePagesPlannedAtTheNumbersThatFollow() async throws {
    let source = PageNumberSource()
    var ids: [Int] = []
    for try await row in source.pages(options: PageWalkOptions(parallelPages: 4)).items {
      ids.append(row.id)
    }
    #expect(ids == [0, 1, 2] + Array(4..<14))
    let cursors = source.log.withLock { $0 }
    #expect(cursors.count == 7)
    #expect(Set(cursors) == [nil, 2, 3, 4, 5, 6, 7])
  }
}
