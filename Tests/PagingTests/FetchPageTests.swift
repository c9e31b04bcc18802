import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// `fetchNextPage()` returns or throws the outcome, so a loop over it always ends.
/// Waits until the failed load's task has ended and every task it resumed (the caller of
/// `fetchNextPage()`) has run up to its next wait: without it, a clock stepped right after the
/// retry's timer was set would start the retry before `fetchNextPage()` looked, and hide a
/// call that does not wait.
@MainActor
private func settled(_ feed: Paginator<Row, Int>) async {
  await feed.waitUntilIdle()
  for _ in 0..<10 { await Task.yield() }
}

/// Starts `fetchNextPage()` in a task whose value is the failure it threw, or `nil`.
@MainActor
private func failureOfFetchNextPage(_ feed: Paginator<Row, Int>) -> Task<PagingError?, Never> {
  Task { @MainActor in
    do {
      try await feed.fetchNextPage()
      return nil
    } catch {
      return error as? PagingError
    }
  }
}

/// Calls `fetchNextPage()` while there is a next page, as an app's loop does, until a call
/// throws: the error it threw (`nil` when the loop ended without one) and the number of calls.
@MainActor
private func fetchUntilFailure(_ feed: Paginator<Row, Int>) async -> (PagingError?, Int) {
  var calls = 0
  let error = await #expect(throws: PagingError.self) {
    while feed.hasNextPage {
      calls += 1
      try await feed.fetchNextPage()
    }
  }
  return (error, calls)
}

@Suite("Paginator.fetchNextPage() and fetchPreviousPage()", .timeLimit(.minutes(minuteLimit)))
@MainActor
struct FetchPageTests {
  @Test func aLoopOverFetchNextPageLoadsEveryPageAndEnds() async throws {
    let source = ReplySource(pages: 4, size: 5)
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    var added: [Int] = []

    await feed.start()
    while feed.hasNextPage { added.append(try await feed.fetchNextPage()) }

    #expect(added == [5, 5, 5])
    #expect(feed.items.map(\.id) == Array(0..<20))
    #expect(try await feed.fetchNextPage() == 0)
    #expect(source.cursors == [nil, 1, 2, 3])
  }

  /// Under a memory cap each commit drops a page as it adds one: the count is still what the
  /// page added, so a loop `while try await feed.fetchNextPage() > 0` reads to the end.
  @Test func underACapEachCallCountsThePagesRowsNotTheDrops() async throws {
    let source = ReplySource(pages: 8, size: 5)
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(
        prefetch: .fixed(2), retryPolicy: .manual, maxSize: 10, hedging: .off))
    var added: [Int] = []

    await feed.start()
    while feed.hasNextPage { added.append(try await feed.fetchNextPage()) }

    #expect(added == [5, 5, 5, 5, 5, 5, 5])
    #expect(feed.metrics.pagesDropped == 6)
    #expect(feed.items.last?.id == 39)
  }

  /// The first page is the append call's, or `start()`'s: a prepend call on a list that has not
  /// loaded counts none of its rows, so a first page is never counted twice.
  @Test func aPrependCallWhileTheFirstPageLoadsCountsNone() async throws {
    let source = ReplySource(pages: 2, size: 5)
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))

    async let next = feed.fetchNextPage()
    async let previous = feed.fetchPreviousPage()

    #expect(try await next == 5)
    #expect(try await previous == 0)
    #expect(feed.items.count == 5)
  }

  @Test func withoutStartTheFirstCallLoadsTheFirstPage() async throws {
    let source = ReplySource(pages: 2, size: 3)
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))

    #expect(try await feed.fetchNextPage() == 3)
    #expect(feed.items.map(\.id) == [0, 1, 2])
  }

  @Test func aFailedFirstPageThrowsAndTheLoopEnds() async throws {
    let source = ReplySource { _, _ in throw Boom(code: 3) }
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    await feed.start()
    let (error, calls) = await fetchUntilFailure(feed)

    #expect(error == .sourceFailed(Boom(code: 3)))
    #expect(calls == 1)
    #expect(source.cursors == [nil])
  }

  @Test func aFailedAppendThrowsAgainWithoutARequestUntilRetry() async throws {
    let source = ReplySource { cursor, count in
      if cursor == 1 && count == 1 { throw Boom(code: 9) }
      return page((cursor ?? 0) * 2..<(cursor ?? 0) * 2 + 2, next: cursor == 1 ? nil : 1)
    }
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    await feed.start()

    await #expect(throws: PagingError.sourceFailed(Boom(code: 9))) {
      try await feed.fetchNextPage()
    }
    await #expect(throws: PagingError.sourceFailed(Boom(code: 9))) {
      try await feed.fetchNextPage()
    }
    #expect(source.cursors == [nil, 1])
    #expect(feed.items.map(\.id) == [0, 1])

    feed.retry()
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == [0, 1, 2, 3])
    #expect(!feed.hasNextPage)
  }

  @Test func pagesWithoutNewItemsEndTheLoopWithATypedError() async throws {
    let source = ReplySource { cursor, _ in page(0..<2, next: (cursor ?? 0) + 1) }
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    await feed.start()
    let (error, calls) = await fetchUntilFailure(feed)

    #expect(error == .noNewItems(pages: 3))
    #expect(calls == 3)
  }

  /// A transient failure that the default policy retries at once is waited out, as TanStack
  /// Query's `fetchNextPage()` waits out its retries: the loop loads every page.
  @Test func aLoopOverFetchNextPageWaitsOutTheDefaultAutomaticRetry() async throws {
    let clock = TestClock()
    let source = ReplySource { cursor, count in
      if cursor == 2 && count == 2 { throw Boom(code: 500) }
      let number = cursor ?? 0
      return page(number * 2..<number * 2 + 2, next: number < 3 ? number + 1 : nil)
    }
    let feed = Paginator(source: source, clock: clock)
    await feed.start()
    let loop = Task { @MainActor in
      var added: [Int] = []
      while feed.hasNextPage { added.append(try await feed.fetchNextPage()) }
      return added
    }

    // The first automatic retry goes at once: its timer is due now.
    await clock.waitForSleepers(1)
    await settled(feed)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .zero))
    #expect(clock.advance(by: .zero) == 1)

    #expect(try await loop.value == [2, 2, 2])
    #expect(feed.items.map(\.id) == Array(0..<8))
    #expect(source.cursors == [nil, 1, 2, 2, 3])
  }

  @Test func eachRetryIsWaitedForOnThePaginatorsClock() async throws {
    let clock = TestClock()
    let source = ReplySource { cursor, count in
      if cursor == 1 && count < 3 { throw Boom(code: count) }
      return page((cursor ?? 0) * 2..<(cursor ?? 0) * 2 + 2, next: cursor == 1 ? nil : 1)
    }
    let backoff = ExponentialBackoff(initialDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0)
    let feed = Paginator(
      source: source, configuration: PagingConfiguration(retryPolicy: .exponentialBackoff(backoff)),
      clock: clock)
    await feed.start()
    let fetch = Task { @MainActor in try await feed.fetchNextPage() }

    await clock.waitForSleepers(1)
    await settled(feed)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
    #expect(clock.advance(by: .seconds(1)) == 1)
    await clock.waitForSleepers(1)
    await settled(feed)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(3)))
    #expect(clock.advance(by: .milliseconds(1_999)) == 0)
    #expect(clock.advance(by: .milliseconds(1)) == 1)

    #expect(try await fetch.value == 2)
    #expect(source.cursors == [nil, 1, 1, 1])
    #expect(!feed.hasNextPage)
  }

  @Test func whenThePolicyGivesUpTheLastFailureIsThrown() async throws {
    let clock = TestClock()
    let source = ReplySource { cursor, count in
      if cursor == 1 { throw Boom(code: count) }
      return page(0..<2, next: 1)
    }
    let backoff = ExponentialBackoff(
      initialDelay: .seconds(1), maxDelay: .seconds(30), maxAttempts: 2, jitter: 0)
    let feed = Paginator(
      source: source, configuration: PagingConfiguration(retryPolicy: .exponentialBackoff(backoff)),
      clock: clock)
    await feed.start()
    let fetch = failureOfFetchNextPage(feed)

    for step in [1, 2] {
      await clock.waitForSleepers(1)
      await settled(feed)
      #expect(clock.advance(by: .seconds(step)) == 1)
    }
    #expect(await fetch.value == .sourceFailed(Boom(code: 3)))
    #expect(source.cursors == [nil, 1, 1, 1])
  }

  @Test func cancelEndsTheWaitWithTheFailureThatScheduledTheRetry() async throws {
    let clock = TestClock()
    let source = ReplySource { cursor, _ in
      if cursor == 1 { throw Boom(code: 7) }
      return page(0..<2, next: 1)
    }
    let backoff = ExponentialBackoff(initialDelay: .seconds(5), maxDelay: .seconds(30), jitter: 0)
    let feed = Paginator(
      source: source, configuration: PagingConfiguration(retryPolicy: .exponentialBackoff(backoff)),
      clock: clock)
    await feed.start()
    let fetch = failureOfFetchNextPage(feed)

    await clock.waitForSleepers(1)
    await settled(feed)
    feed.cancel()

    #expect(await fetch.value == .sourceFailed(Boom(code: 7)))
    #expect(source.cursors == [nil, 1])
    #expect(clock.sleeperCount == 0)
  }

  /// Rulebook R15: called while a refresh waits to retry, the call waits for the refresh and
  /// then for the page, which loads once the refresh commits; it returned 0 at once, so that a
  /// loop over it spun on the main actor, and the retry's timer never ran.
  @Test func duringARefreshWaitingToRetryTheCallWaitsForTheRefreshAndThePage() async throws {
    let clock = TestClock()
    let source = ReplySource { cursor, count in
      if count == 1 { throw Boom(code: 503) }  // the refresh's first attempt
      let number = cursor ?? 0
      return page(number * 2..<number * 2 + 2, next: number < 2 ? number + 1 : nil)
    }
    let backoff = ExponentialBackoff(initialDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0)
    let feed = Paginator(
      source: source, configuration: PagingConfiguration(retryPolicy: .exponentialBackoff(backoff)),
      clock: clock)
    await feed.start()
    let refresh = Task { @MainActor in await feed.refresh() }
    await clock.waitForSleepers(1)
    await settled(feed)
    let fetch = Task { @MainActor in try await feed.fetchNextPage() }
    await settled(feed)

    #expect(clock.advance(by: .seconds(1)) == 1)
    #expect(try await fetch.value == 2)
    await refresh.value
    #expect(feed.items.map(\.id) == [0, 1, 2, 3])
    #expect(source.cursors == [nil, nil, nil, 1])
  }

  /// Rulebook R15: a call made while the refresh's first attempt is in flight keeps its load
  /// through the refresh's automatic retry; the failure dropped it as if the refresh had
  /// failed for good, and the call returned 0 once the retry committed.
  @Test func aLoadAskedForDuringARefreshOutlivesTheRefreshsRetry() async throws {
    let clock = TestClock()
    let source = ScriptedPageSource<Row, Int>(clock: clock)
    let backoff = ExponentialBackoff(initialDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0)
    let feed = Paginator(
      source: source, configuration: PagingConfiguration(retryPolicy: .exponentialBackoff(backoff)),
      clock: clock)
    let start = Task { await feed.start() }
    source.complete(await source.request(at: 0), items: rows(0..<2), next: 1)
    await start.value
    let refresh = Task { await feed.refresh() }
    let first = await source.request(at: 1)
    let fetch = Task { @MainActor in try await feed.fetchNextPage() }
    // The call runs up to its wait (the refresh is in flight: waiting for idle would hang).
    for _ in 0..<10 { await Task.yield() }

    source.fail(first, with: Boom(code: 503))
    await clock.waitForSleepers(1)
    await settled(feed)
    #expect(clock.advance(by: .seconds(1)) == 1)
    let retried = await source.request(at: 2)
    source.complete(retried, items: rows(0..<2), next: 1)
    await feed.waitForRequest(retried.id)
    await refresh.value
    // The load asked for during the refresh runs once it commits (else the call got 0).
    try #require(feed.appendState == .loading)
    source.complete(await source.request(at: 3), items: rows(2..<4), next: nil)

    #expect(try await fetch.value == 2)
    #expect(feed.items.map(\.id) == [0, 1, 2, 3])
    #expect(source.requests.map(\.cursor) == [nil, nil, nil, 1])
  }

  /// Rulebook R24, R15, fault class 8: a failed query change leaves the previous query's rows
  /// on screen, from which no edge loads, so the call throws the new query's failure and the
  /// loop ends; it returned 0 while `hasNextPage` stayed `true`, for ever.
  @Test func aFailedQueryChangeThrowsSoThatTheLoopEnds() async throws {
    let source = ReplySource { _, count in
      if count == 1 { throw Boom(code: 2) }  // the new query's first page
      return page(0..<2, next: 1)
    }
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    await feed.start()
    await feed.setQuery("swift", transition: .keepPrevious)
    #expect(feed.isShowingPreviousQuery)
    var calls = 0

    let error = await #expect(throws: PagingError.self) {
      // Bounded, so that a call that returns 0 fails the test instead of spinning.
      for _ in 0..<10 where feed.hasNextPage {
        calls += 1
        try await feed.fetchNextPage()
      }
    }

    #expect(error == .sourceFailed(Boom(code: 2)))
    #expect(calls == 1)
    #expect(source.cursors == [nil, nil])
    #expect(feed.items.map(\.id) == [0, 1])
  }

  /// A chat opened at its newest page (cursor 3 of pages 0...3, 5 rows each) and read upward.
  private func chatSource(failingAt failing: Int? = nil) -> ReplySource {
    ReplySource { cursor, count in
      let number = cursor ?? 3
      if number == failing && count == 1 { throw Boom(code: 4) }
      return Page(
        items: rows(number * 5..<number * 5 + 5), nextCursor: nil,
        previousCursor: number > 0 ? number - 1 : nil)
    }
  }

  @Test func aLoopOverFetchPreviousPageLoadsEveryOlderPageAndEnds() async throws {
    let source = chatSource()
    let chat = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    var added: [Int] = []

    await chat.start(at: 3)
    // Bounded, so that a fetch that loads nothing fails the test instead of spinning.
    for _ in 0..<10 where chat.hasPreviousPage { added.append(try await chat.fetchPreviousPage()) }

    #expect(added == [5, 5, 5])
    #expect(chat.items.map(\.id) == Array(0..<20))
    #expect(try await chat.fetchPreviousPage() == 0)
    #expect(source.cursors == [3, 2, 1, 0])
  }

  @Test func aFailedPrependThrowsAgainWithoutARequestUntilRetry() async throws {
    let source = chatSource(failingAt: 2)
    let chat = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    await chat.start(at: 3)

    await #expect(throws: PagingError.sourceFailed(Boom(code: 4))) {
      try await chat.fetchPreviousPage()
    }
    await #expect(throws: PagingError.sourceFailed(Boom(code: 4))) {
      try await chat.fetchPreviousPage()
    }
    #expect(source.cursors == [3, 2])
    #expect(chat.items.map(\.id) == Array(15..<20))

    chat.retry()
    #expect(try await chat.fetchPreviousPage() == 5)
    #expect(chat.items.map(\.id) == Array(10..<20))
  }
}
