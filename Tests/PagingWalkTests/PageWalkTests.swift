import Foundation
import Paging
import PagingTestSupport
import PagingTesting
import PagingWalk
import Testing

/// The nonisolated walk keeps the engine's guards (rulebook R7; fault classes 12, 14,
/// 15 and 25), its limits and its retry policy.
@Suite("PageWalk: source.pages(from:)", .timeLimit(.minutes(minuteLimit)))
struct PageWalkTests {
  @Test func theWalkIsLazyAndEndsAtTheLastPage() async throws {
    let source = ReplySource(pages: 3, size: 2)
    var iterator = source.pages().makeAsyncIterator()

    #expect(source.cursors.isEmpty)
    let first = try await iterator.next()
    #expect(first?.items == rows(0..<2))
    #expect(source.cursors == [nil])
    #expect(try await iterator.next()?.items == rows(2..<4))
    #expect(try await iterator.next()?.items == rows(4..<6))
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
    #expect(source.cursors == [nil, 1, 2])
  }

  @Test func itemsFlattenAndStopAtMaxItemsExactly() async throws {
    let source = ReplySource(pages: 10, size: 4)
    var ids: [Int] = []
    for try await row in source.pages(options: PageWalkOptions(maxItems: 6)).items {
      ids.append(row.id)
    }
    #expect(ids == Array(0..<6))
    #expect(source.cursors == [nil, 1])
  }

  @Test func maxPagesEndsTheWalkWithoutAnotherRequest() async throws {
    let source = ReplySource(pages: 10, size: 1)
    var count = 0
    for try await _ in source.pages(from: 4, options: PageWalkOptions(maxPages: 3)) { count += 1 }
    #expect(count == 3)
    #expect(source.cursors == [4, 5, 6])
  }

  @Test func aCycleEndsWithARepeatedCursorAndNoSecondRequest() async throws {
    // 0 → 1 → 2 → 1: the third page points back to the second.
    let source = ReplySource { cursor, _ in
      let number = cursor ?? 0
      return page((number * 2)..<(number * 2 + 2), next: number == 2 ? 1 : number + 1)
    }
    var ids: [Int] = []
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await row in source.pages().items { ids.append(row.id) }
    }
    #expect(error?.error == .repeatedCursor(1))
    #expect(error?.cursor == 1)
    #expect(error?.pagesLoaded == 3)
    #expect(error?.itemsLoaded == 6)
    #expect(error?.isRetryable == false)
    #expect(ids == Array(0..<6))
    #expect(source.cursors == [nil, 1, 2])
  }

  @Test func pagesWithoutNewItemsEndTheWalkAfterTheLimit() async throws {
    // Page 0 has rows; every later page repeats them (duplicates) or is empty.
    let source = ReplySource { cursor, _ in
      let number = cursor ?? 0
      return page(number.isMultiple(of: 2) ? 0..<3 : 0..<0, next: number + 1)
    }
    var pages: [[Row]] = []
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await page in source.pages(options: PageWalkOptions(maxPagesWithoutNewItems: 2)) {
        pages.append(page.items)
      }
    }
    #expect(pages == [rows(0..<3), [], []])
    #expect(error?.error == .noNewItems(pages: 2))
    #expect(error?.cursor == 3)
    #expect(source.cursors == [nil, 1, 2])
  }

  @Test func duplicatesAreDroppedUnlessTheOptionIsOff() async throws {
    let source = ReplySource { cursor, _ in
      cursor == nil ? page(0..<3, next: 1) : page(2..<5, next: nil)
    }
    var kept: [Int] = []
    for try await row in source.pages().items { kept.append(row.id) }
    var all: [Int] = []
    for try await row in source.pages(options: PageWalkOptions(removesDuplicates: false)).items {
      all.append(row.id)
    }
    #expect(kept == [0, 1, 2, 3, 4])
    #expect(all == [0, 1, 2, 2, 3, 4])
  }

  @Test func aFailureCarriesTheCursorToResumeFromAndResumingFinishes() async throws {
    let source = ReplySource { cursor, count in
      let number = cursor ?? 0
      if number == 2 && count == 2 { throw Boom(code: 7, isRetryable: true) }
      return page((number * 2)..<(number * 2 + 2), next: number < 3 ? number + 1 : nil)
    }
    var ids: [Int] = []
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await row in source.pages(options: PageWalkOptions(retryPolicy: .manual)).items {
        ids.append(row.id)
      }
    }
    #expect(error?.error == .sourceFailed(Boom(code: 7, isRetryable: true)))
    #expect(error?.cursor == 2)
    #expect(error?.pagesLoaded == 2)
    #expect(ids == Array(0..<4))

    for try await row in source.pages(from: error?.cursor).items { ids.append(row.id) }
    #expect(ids == Array(0..<8))
    #expect(source.cursors == [nil, 1, 2, 2, 3])
  }

  /// A walk has no window to reload (rulebook R30): the source's first "invalid" answer ends it,
  /// under the default retry policy too, with the cursor of the page that answered.
  @Test func anInvalidAnswerEndsTheWalkAtThePageThatAnswered() async throws {
    let source = ReplySource { cursor, count in
      let number = cursor ?? 0
      if number == 2 && count == 2 { throw PageSourceInvalidated() }
      return page((number * 2)..<(number * 2 + 2), next: number < 3 ? number + 1 : nil)
    }
    var ids: [Int] = []
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await row in source.pages().items { ids.append(row.id) }
    }
    #expect(error?.error == .sourceFailed(PageSourceInvalidated()))
    #expect(error?.cursor == 2)
    #expect(error?.pagesLoaded == 2)
    #expect(error?.isRetryable == false)
    #expect(ids == Array(0..<4))
    #expect(source.cursors == [nil, 1, 2])
  }

  /// A `Retry-After: 120` under a 30 s `maxDelay` is not waited for, nor clamped to 30 s: the walk
  /// ends at once, with the wait.
  @Test func aRetryAfterPastTheMaximumDelayEndsTheWalkAtOnceWithTheWait() async throws {
    let clock = TestClock()
    let source = ReplySource { cursor, _ in
      if cursor == 1 { throw Boom(code: 4, retryAfter: .seconds(120)) }
      return page(0..<2, next: 1)
    }
    var ids: [Int] = []
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await row in source.pages(clock: clock).items { ids.append(row.id) }
    }

    #expect(
      error?.error
        == .retryAfterTooLong(
          wait: .seconds(120), maxDelay: .seconds(30),
          error: Boom(code: 4, retryAfter: .seconds(120))))
    #expect(error?.cursor == 1)
    #expect(ids == [0, 1])
    #expect(source.cursors == [nil, 1])
    #expect(clock.now == TestClock.Instant(offset: .zero))
  }

  @Test func backoffWaitsAtLeastTheServersRetryAfterOnTheClock() async throws {
    let clock = TestClock()
    let source = ReplySource { cursor, count in
      if count < 2 { throw Boom(retryAfter: .seconds(5)) }
      return page(0..<2, next: nil)
    }
    let policy = RetryPolicy.exponentialBackoff(
      ExponentialBackoff(initialDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0))
    let walk = Task {
      var ids: [Int] = []
      for try await row in source.pages(options: PageWalkOptions(retryPolicy: policy), clock: clock)
        .items
      {
        ids.append(row.id)
      }
      return ids
    }

    await clock.waitForSleepers(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(5)))
    #expect(clock.advance(by: .seconds(5)) == 1)
    await clock.waitForSleepers(1)
    // Attempt 2's backoff (2 s) is still shorter than the server's 5 s.
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(10)))
    #expect(clock.advance(by: .seconds(5)) == 1)

    #expect(try await walk.value == [0, 1])
    #expect(source.cursors == [nil, nil, nil])
  }

  @Test func aNonRetryableFailureIsNotRetried() async throws {
    let source = ReplySource { _, _ in throw Boom(isRetryable: false) }
    let policy = RetryPolicy.exponentialBackoff(ExponentialBackoff(initialDelay: .seconds(1)))
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await _ in source.pages(options: PageWalkOptions(retryPolicy: policy)) {}
    }
    #expect(error?.error == .sourceFailed(Boom(isRetryable: false)))
    #expect(source.cursors == [nil])
  }

  @Test func cancellingTheTaskEndsAWaitingRetryWithCancellationError() async throws {
    let clock = TestClock()
    let source = ReplySource { _, _ in throw Boom() }
    let policy = RetryPolicy.exponentialBackoff(ExponentialBackoff(initialDelay: .seconds(1)))
    let walk = Task {
      for try await _ in source.pages(options: PageWalkOptions(retryPolicy: policy), clock: clock) {
      }
    }
    await clock.waitForSleepers(1)
    walk.cancel()
    let result = await walk.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(source.cursors == [nil])
  }

  /// The engine's rule: three reloads, then the fourth cancellation in a row fails.
  @Test func aSourceThatCancelsItselfFailsAtTheFourthCancellationAsTheEngineDoes() async throws {
    let source = ReplySource { _, _ in throw CancellationError() }
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await _ in source.pages() {}
    }
    #expect(error?.error == .sourceCancelled(times: 4))
    #expect(error?.cursor == nil)
    #expect(source.cursors == [nil, nil, nil, nil])

    var machine = PagingStateMachine<Row, Int>()
    var effects = machine.handle(.start)
    while let request = effects.loads.first {
      effects = machine.handle(.loadCancelled(request.id))
    }
    #expect(machine.refreshState == .failed(.sourceCancelled(times: 4)))
  }

  @Test func aSourceThatCancelsItselfThreeTimesIsLoadedAgainAndTheWalkGoesOn() async throws {
    let source = ReplySource { cursor, count in
      if cursor == 1, count < 4 { throw CancellationError() }
      return page((cursor ?? 0) * 2..<(cursor ?? 0) * 2 + 2, next: cursor == nil ? 1 : nil)
    }
    var ids: [Int] = []
    for try await row in source.pages().items { ids.append(row.id) }
    #expect(ids == [0, 1, 2, 3])
    #expect(source.cursors == [nil, 1, 1, 1, 1])
  }

  @Test func requestIdsAreUniqueAcrossRetriesCancellationsAndPages() async throws {
    let clock = TestClock()
    let source = ReplySource { cursor, count in
      switch count {
      case 0, 3: throw Boom()  // the first page's and the second page's first attempts
      case 4: throw CancellationError()  // the second page's retry, cancelled by the source
      default: return page((cursor ?? 0) * 2..<(cursor ?? 0) * 2 + 2, next: (cursor ?? 0) + 1)
      }
    }
    let policy = RetryPolicy.exponentialBackoff(
      ExponentialBackoff(initialDelay: .seconds(1), jitter: 0, immediateFirstRetry: true))
    var ids: [Int] = []
    let options = PageWalkOptions(maxPages: 3, retryPolicy: policy)
    for try await row in source.pages(options: options, clock: clock).items { ids.append(row.id) }

    #expect(ids == Array(0..<6))
    let requests = source.requests
    #expect(requests.map(\.cursor) == [nil, nil, 1, 2, 2, 2])
    #expect(requests.map(\.id.rawValue) == [1, 2, 3, 4, 5, 6])
    #expect(requests.map(\.direction) == [.refresh, .refresh, .append, .append, .append, .append])
    #expect(Set(requests.map(\.id)).count == requests.count)
  }

  @Test func withDuplicatesKeptOnlyEmptyPagesCountAsPagesWithoutNewItems() async throws {
    // Every page repeats the same ids: kept, they are the walk's items, not a stuck source.
    let source = ReplySource { cursor, _ in
      page(0..<2, next: (cursor ?? 0) < 4 ? (cursor ?? 0) + 1 : nil)
    }
    let options = PageWalkOptions(removesDuplicates: false, maxPagesWithoutNewItems: 1)
    var count = 0
    for try await row in source.pages(options: options).items {
      #expect(row.id == count % 2)
      count += 1
    }
    #expect(count == 10)
    #expect(source.cursors == [nil, 1, 2, 3, 4])
  }

  @Test func withDuplicatesKeptACycleStillEndsWithARepeatedCursor() async throws {
    // 0 → 1 → 2 → 1, every page with the same ids: the walk holds no id, but every cursor.
    let source = ReplySource { cursor, _ in
      page(0..<2, next: cursor == 2 ? 1 : (cursor ?? 0) + 1)
    }
    var pages = 0
    let error = await #expect(throws: PageWalkError<Int>.self) {
      // The limit only ends a walk that missed the cycle.
      let options = PageWalkOptions(maxPages: 10, removesDuplicates: false)
      for try await _ in source.pages(options: options) { pages += 1 }
    }
    #expect(error?.error == .repeatedCursor(1))
    #expect(pages == 3)
    #expect(source.cursors == [nil, 1, 2])
  }

  @Test func withDuplicatesKeptEmptyPagesInARowStillEndTheWalk() async throws {
    let source = ReplySource { cursor, _ in
      page((cursor ?? 0) == 0 ? 0..<2 : 0..<0, next: (cursor ?? 0) + 1)
    }
    let options = PageWalkOptions(removesDuplicates: false, maxPagesWithoutNewItems: 2)
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await _ in source.pages(options: options) {}
    }
    #expect(error?.error == .noNewItems(pages: 2))
    #expect(error?.cursor == 3)
    #expect(source.cursors == [nil, 1, 2])
  }

  /// What a walk that keeps duplicates configures its machine to do (its walk memory keeps no
  /// id): the window empties at each commit, and the chain, the cursors committed and the
  /// request numbers stay.
  @Test func aWalkThatKeepsDuplicatesEmptiesTheWindowAndKeepsTheChainAndTheCommittedCursors() {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(0))
    configuration.walkMemory = WalkMemory(pages: 8)
    var machine = PagingStateMachine<Row, Int>(configuration: configuration)
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(.loadCompleted(first.id, page(0..<2, next: 1)))
    #expect(machine.items.isEmpty)
    #expect(machine.nextCursor == 1)

    let second = machine.handle(.loadNextPage).loads
    #expect(second.map(\.cursor) == [1])
    #expect(second.map(\.id.rawValue) == [2])
    // The same ids again are new to the emptied window.
    _ = machine.handle(.loadCompleted(second[0].id, page(0..<2, next: 2)))
    #expect(machine.metrics.itemsCommitted == 4)
    #expect(machine.items.isEmpty)
    #expect(machine.appendState == .idle)
    // Cursor 1 committed before the window was emptied: a page pointing back to it is a cycle.
    let third = machine.handle(.loadNextPage).loads
    _ = machine.handle(.loadCompleted(third[0].id, page(2..<4, next: 1)))
    #expect(machine.appendState == .failed(.repeatedCursor(1)))
  }

  @Test func aCancelledTaskSendsNoRequestThrowsCancellationErrorAndEndsTheWalk() async throws {
    let gate = AsyncStream<Void>.makeStream()
    let started = AsyncStream<Void>.makeStream()
    let source = ReplySource { _, _ in page(0..<2, next: 1) }
    let walk = Task {
      var iterator = source.pages().makeAsyncIterator()
      _ = try await iterator.next()
      started.continuation.yield()
      for await _ in gate.stream {}
      do {
        _ = try await iterator.next()
        return "no throw"
      } catch is CancellationError {
        return try await iterator.next() == nil ? "ended" : "went on"
      }
    }
    for await _ in started.stream { break }
    walk.cancel()
    gate.continuation.finish()
    #expect(try await walk.value == "ended")
    #expect(source.cursors == [nil])
  }

  @Test func aWalkRunsInsideAnActor() async throws {
    actor Importer {
      var ids: [Int] = []
      func run(_ source: ReplySource) async throws {
        for try await row in source.pages().items { ids.append(row.id) }
      }
    }
    let importer = Importer()
    try await importer.run(ReplySource(pages: 2, size: 2))
    #expect(await importer.ids == [0, 1, 2, 3])
  }

  /// A URL cursor of a source of the app's own: no page source was made for its host and
  /// path, so only its scheme prints (fault class 29).
  @Test func theErrorDescriptionRedactsAURLCursor() {
    let error = PageWalkError<URL>(
      reason: .failed(.noNewItems(pages: 3)),
      cursor: URL(string: "https://walk-cursor.example/x?token=s3cr3t"),
      pagesLoaded: 4, itemsLoaded: 40, attempts: 0, elapsed: .milliseconds(1_500))
    #expect(
      error.description
        == "the walk stopped after 4 pages (40 items) and 1.5 s, before asking for the next page: "
        + "3 pages in a row added no new item; resume at cursor https://…/…?…")
  }

  /// The deadline is the walk's own reason to stop, not an engine error: `error` is `nil`, a
  /// new walk from the cursor may succeed, and the text gives the deadline beside the time spent.
  @Test func aDeadlineIsTheWalksReasonNotAnEngineError() {
    let error = PageWalkError<Int>(
      reason: .deadlineExceeded(.seconds(5)), cursor: 3, pagesLoaded: 2, itemsLoaded: 20,
      attempts: 2, elapsed: .seconds(4))
    #expect(error.error == nil)
    #expect(error.isRetryable)
    #expect(
      error.description
        == "the walk stopped after 2 pages (20 items) and 4 s, at a page asked for 2 times: the "
        + "walk reached its deadline of 5 s, or its next request or retry could not have ended "
        + "before it; resume at cursor 3")
    let failed = PageWalkError<Int>(
      reason: .failed(.repeatedCursor(3)), cursor: 3, pagesLoaded: 2, itemsLoaded: 20)
    #expect(failed.error == .repeatedCursor(3))
    #expect(!failed.isRetryable)
  }

  /// A walk's error is a `LocalizedError` whose `localizedDescription` is its own line.
  @Test func aWalkErrorIsDescribedByItsOwnLine() {
    let error = PageWalkError<Int>(
      reason: .failed(.noNewItems(pages: 3)), cursor: 40, pagesLoaded: 2, itemsLoaded: 40)
    #expect(error.localizedDescription == error.description)
    #expect(!error.localizedDescription.contains("could not be completed"))
  }
}
