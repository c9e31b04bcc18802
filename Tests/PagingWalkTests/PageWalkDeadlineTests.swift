import Paging
import PagingTestSupport
import PagingTesting
import PagingWalk
import Testing

/// A source whose every answer takes `latency(cursor)` on a test clock: a slow server, or one
/// that never answers (an hour), for the walk's deadline.
final class SlowSource: PageSource, Sendable {
  let clock: TestClock
  private let latency: @Sendable (Int?) -> Duration
  private let reply: @Sendable (Int?, Int) throws -> Page<Row, Int>
  private let log = Locked<[Int?]>([])

  init(
    clock: TestClock, latency: @escaping @Sendable (Int?) -> Duration,
    reply: @escaping @Sendable (Int?, Int) throws -> Page<Row, Int>
  ) {
    self.clock = clock
    self.latency = latency
    self.reply = reply
  }

  var cursors: [Int?] { log.withLock { $0 } }

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
    let count = log.withLock { log in
      log.append(request.cursor)
      return log.count - 1
    }
    try await clock.sleep(for: latency(request.cursor))
    return try reply(request.cursor, count)
  }
}

/// `PageWalkOptions.deadline`: a total bound on a walk, on its clock, beside a source's
/// per-request timeout.
@Suite("PageWalk deadline", .timeLimit(.minutes(minuteLimit)))
struct PageWalkDeadlineTests {
  /// Walks `source`'s items in a task whose value is the ids the walk gave and the error that
  /// ended it, if any.
  static func walk(_ source: SlowSource, options: PageWalkOptions, clock: TestClock)
    -> Task<([Int], PageWalkError<Int>?), any Error>
  {
    Task {
      var ids: [Int] = []
      do {
        for try await row in source.pages(options: options, clock: clock).items {
          ids.append(row.id)
        }
        return (ids, nil)
      } catch let error as PageWalkError<Int> {
        return (ids, error)
      }
    }
  }

  static func pages(_ cursor: Int?, _: Int) -> Page<Row, Int> {
    let number = cursor ?? 0
    return page(number * 2..<number * 2 + 2, next: number < 3 ? number + 1 : nil)
  }

  @Test func aRequestThatNeverAnswersEndsAtTheDeadlineWithItsCursor() async throws {
    let clock = TestClock()
    let source = SlowSource(
      clock: clock, latency: { $0 == 2 ? .seconds(3_600) : .seconds(1) }, reply: Self.pages)
    let options = PageWalkOptions(deadline: .seconds(10))
    let walk = Self.walk(source, options: options, clock: clock)

    // Pages 0 and 1 take a second each (each load races the deadline's timer); page 2 never
    // answers.
    for _ in 0..<2 {
      await clock.waitForSleepers(2)
      #expect(clock.advance(by: .seconds(1)) == 1)
    }
    // The hanging request and the deadline's timer.
    await clock.waitForSleepers(2)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(10)))
    #expect(clock.advance(by: .milliseconds(7_999)) == 0)
    let woken = clock.advance(by: .milliseconds(1))
    #expect(woken >= 1)
    // A walk that missed its deadline would wait an hour: fail rather than hang.
    if woken == 0 { walk.cancel() }

    let (ids, error) = try await walk.value
    #expect(ids == [0, 1, 2, 3])
    #expect(error?.reason == .deadlineExceeded(.seconds(10)))
    #expect(error?.cursor == 2)
    #expect(error?.pagesLoaded == 2)
    #expect(error?.attempts == 1)
    #expect(error?.elapsed == .seconds(10))
    #expect(error?.isRetryable == true)
    #expect(source.cursors == [nil, 1, 2])
    // The cancelled request left nothing asleep.
    await clock.waitForSleepers(0)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aRetryWhoseWaitEndsPastTheDeadlineIsNotWaitedFor() async throws {
    let clock = TestClock()
    let source = SlowSource(
      clock: clock, latency: { _ in .seconds(1) },
      reply: { cursor, _ in
        if cursor == 1 { throw Boom(code: 2) }
        return Self.pages(cursor, 0)
      })
    let backoff = ExponentialBackoff(initialDelay: .seconds(4), maxDelay: .seconds(30), jitter: 0)
    let options = PageWalkOptions(retryPolicy: .exponentialBackoff(backoff), deadline: .seconds(6))
    let walk = Self.walk(source, options: options, clock: clock)

    // Page 0 (1 s), page 1 fails (1 s), its retry waits 4 s (until 6 s): past the deadline.
    for _ in 0..<2 {
      await clock.waitForSleepers(2)
      #expect(clock.advance(by: .seconds(1)) == 1)
    }
    let (ids, error) = try await walk.value

    #expect(ids == [0, 1])
    #expect(error?.reason == .deadlineExceeded(.seconds(6)))
    #expect(error?.cursor == 1)
    #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
    #expect(source.cursors == [nil, 1])
    // The text says when it stopped (2 s, not 6), after how many requests for the page, and
    // the failure whose retry the deadline cut off.
    #expect(error?.attempts == 1)
    #expect(error?.elapsed == .seconds(2))
    #expect(error?.error == nil)
    #expect(error?.lastFailure == .sourceFailed(Boom(code: 2)))
    #expect(
      error?.description
        == "the walk stopped after 1 page (2 items) and 2 s, at a page asked for once: the "
        + "walk reached its deadline of 6 s, or its next request or retry could not have ended "
        + "before it (its last attempt failed: the page source failed: an error of type Boom "
        + "(its fields are not quoted)); resume at cursor 1")
  }

  /// Page 1 fails at once, and its retry's request never answers.
  final class StallingRetrySource: PageSource, Sendable {
    let clock: TestClock
    let log = Locked<[Int?]>([])

    init(clock: TestClock) { self.clock = clock }

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
      let count = log.withLock { log in
        log.append(request.cursor)
        return log.count
      }
      if request.cursor == 1 {
        if count == 2 { throw Boom(code: 2) }
        try await clock.sleep(for: .seconds(3_600))
      }
      return PageWalkDeadlineTests.pages(request.cursor, 0)
    }
  }

  /// The deadline stops the retry's own request: the failure of the attempt before it is why
  /// the page did not load, and the error says so.
  @Test func aDeadlineDuringTheRetrysRequestTellsTheFailureBeforeIt() async throws {
    let clock = TestClock()
    let source = StallingRetrySource(clock: clock)
    let backoff = ExponentialBackoff(jitter: 0, immediateFirstRetry: true)
    let options = PageWalkOptions(retryPolicy: .exponentialBackoff(backoff), deadline: .seconds(6))
    var pages = source.pages(options: options, clock: clock).makeAsyncIterator()
    #expect(try await pages.next()?.items.map(\.id) == [0, 1])
    let next = Task { try await pages.next() }

    // The retry's request and the deadline's timer sleep; the deadline comes first.
    await clock.waitForSleepers(2)
    clock.advance(by: .seconds(6))
    let error = await #expect(throws: PageWalkError<Int>.self) { try await next.value }

    #expect(error?.reason == .deadlineExceeded(.seconds(6)))
    #expect(error?.attempts == 2)
    #expect(error?.lastFailure == .sourceFailed(Boom(code: 2)))
    #expect(source.log.withLock { $0 } == [nil, 1, 1])
  }

  @Test func aWalkPastItsDeadlineBetweenPagesSendsNoMoreRequests() async throws {
    let clock = TestClock()
    let source = SlowSource(clock: clock, latency: { _ in .zero }, reply: Self.pages)
    var pages = source.pages(options: PageWalkOptions(deadline: .seconds(5)), clock: clock)
      .makeAsyncIterator()

    #expect(try await pages.next()?.items.map(\.id) == [0, 1])
    clock.advance(by: .seconds(5))
    let error = await #expect(throws: PageWalkError<Int>.self) { try await pages.next() }

    #expect(error?.reason == .deadlineExceeded(.seconds(5)))
    #expect(error?.cursor == 1)
    #expect(error?.attempts == 0)
    #expect(error?.elapsed == .seconds(5))
    #expect(error?.lastFailure == nil)
    #expect(source.cursors == [nil])
    #expect(try await pages.next() == nil)
  }

  @Test func withoutADeadlineASlowWalkEndsNormally() async throws {
    let clock = TestClock()
    let source = SlowSource(clock: clock, latency: { _ in .seconds(100) }, reply: Self.pages)
    let walk = Task {
      var ids: [Int] = []
      for try await row in source.pages(clock: clock).items { ids.append(row.id) }
      return ids
    }
    for _ in 0..<4 {
      await clock.waitForSleepers(1)
      #expect(clock.advance(by: .seconds(100)) == 1)
    }
    #expect(try await walk.value == Array(0..<8))
    #expect(PageWalkOptions(deadline: .seconds(-3)).deadline == .zero)
  }
}
