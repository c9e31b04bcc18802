import Foundation
import Paging
import PagingHTTP
import PagingTesting
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

extension DRF {
  /// The fault scenarios over `CursorPagination`, 50 a page, the next URL in the body: 6
  /// pages of `n` = 1...300.
  static let faults = ServerFaults<DRFNote, Int>(
    source: { base in cursorSource(base: base) }, key: \.n, table: Array(1...300), pages: 6)

  /// Page numbers with DRF's `count`, 50 a page: 6 pages of `n` = 1...300 that count the rows
  /// after them, so that a walk loads them in parallel.
  static let countedFaults = ServerFaults<DRFNote, Int>(
    source: { base in
      HTTPPageSource(
        url: base.appendingPathComponent("pages/"),
        strategy: .pageNumber(
          pageSize: 50, pageSizeQueryItem: "page_size", itemsPath: ["results"],
          totalCount: ["count"]))
    }, key: \.n, table: Array(1...300), pages: 6)

  /// The source of ``faults`` for the server (or proxy) at `base`, its rate-limit waits on
  /// `clock` and bounded by `maximumRateLimitWait`.
  static func cursorSource(
    base: URL, clock: any Clock<Duration> = ContinuousClock(),
    maximumRateLimitWait: Duration = .seconds(60)
  ) -> HTTPPageSource<DRFNote> {
    HTTPPageSource(
      url: base.appendingPathComponent("cursors/"),
      strategy: .nextURL(bodyPath: ["next"], itemsPath: ["results"]),
      queryItems: [URLQueryItem(name: "page_size", value: "50")],
      maximumRateLimitWait: maximumRateLimitWait, clock: clock)
  }

  /// Starts the DRF app of the test's own on its SQLite file in `folder` (it seeds the 300
  /// notes when the file is new); started again on the same folder, it serves the same rows.
  static func ownServer(folder: URL, port: Int) async throws -> LocalServer {
    try await LocalServer.executable(
      try variable("PAGING_DRF_PYTHON"),
      [
        try variable("PAGING_DRF_APP"), folder.appendingPathComponent("notes.db").path,
        String(port),
      ],
      marker: LocalServer.runningOn)
  }
}

/// Django REST framework under the common server faults: `CursorPagination`'s next URL in the
/// body (6 pages) with a 500, a 503 with `Retry-After` and a truncated body on its third
/// request (through the fault proxy, whose `Host` the app builds its next URLs with), and the
/// app killed (SIGKILL) and restarted mid-walk on its SQLite file. The cursor (`?cursor=`,
/// DRF's encoded position after `n` = 100) needs no server state, so it resumes as it was.
/// Behind the proxy's rate limit (two requests a window, fewer than the six pages), the walk
/// pauses on its test clock before the limit is spent and goes on once the test moves the
/// clock and the proxy's window past the reset; a reset past `maximumRateLimitWait` fails at
/// once with the wait, keeping the pages loaded (R7).
// Five minutes, not one: it drives a paginator on the main actor, which under
// ThreadSanitizer waits behind the demo's and the randomized suites for minutes.
@Suite(
  "Django REST framework: faults mid-walk",
  .enabled(if: DRF.isConfiguredOrCI, DRF.disabledReason), .timeLimit(.minutes(minuteLimit)))
struct DRFFaultTests {
  @Test func a500EndsTheWalkAndItsCursorResumesIt() async throws {
    try await DRF.faults.serverError(upstream: try DRF.baseURL())
  }

  @Test func a503WaitsForRetryAfterAndTheWalkGoesOn() async throws {
    try await DRF.faults.unavailable(upstream: try DRF.baseURL())
  }

  @Test func a500InAParallelWalkIsRetriedInTurnAndEveryRowComesOnce() async throws {
    try await DRF.countedFaults.parallelServerError(upstream: try DRF.baseURL())
  }

  @Test func aTruncatedBodyKeepsTheRowsAndRetryResumes() async throws {
    try await DRF.faults.truncated(upstream: try DRF.baseURL())
  }

  @Test func aKilledServerRestartedOnItsDataResumesAtTheSameCursor() async throws {
    let folder = try DRF.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await DRF.faults.killedAndRestarted { try await DRF.ownServer(folder: folder, port: $0) }
  }

  @Test func aRateLimitPausesTheWalkBeforeItIsSpentUntilTheReset() async throws {
    let table = DRF.faults.table
    let proxy = try await FaultProxy.start(
      upstream: try DRF.baseURL(), rateLimit: ProxyRateLimit(limit: 2, reset: 30, flavour: .github))
    let clock = TestClock()
    let walk = DRF.cursorSource(base: proxy.url, clock: clock)
      .pages(options: PageWalkOptions(retryPolicy: .manual))
    let task = Task { try await allPages(walk) }

    // Two windows spent, two pauses: each before the request the proxy would refuse.
    for window in 1...2 {
      guard await pauseOrEnd(of: task, on: clock) else {
        Issue.record("the walk ended without pausing: \(await task.result)")
        await proxy.stop()
        return
      }
      #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(30 * window)))
      #expect(try await proxy.requests().count == 2 * window)
      try await proxy.resetWindow()
      #expect(clock.advance(by: .seconds(29)) == 0)
      #expect(clock.advance(by: .seconds(1)) == 1)
    }
    let walked = try await task.value

    #expect(walked.flatMap(\.items).map(\.n) == table)
    #expect(walked.count == DRF.faults.pages)
    // Not one request refused and asked for again.
    let requests = try await proxy.requests()
    await proxy.stop()
    #expect(requests.count == DRF.faults.pages)
    #expect(Set(requests).count == DRF.faults.pages)
  }

  @Test func aResetPastTheBoundFailsAtOnceWithTheWaitAndKeepsThePages() async throws {
    let table = DRF.faults.table
    let proxy = try await FaultProxy.start(
      upstream: try DRF.baseURL(), rateLimit: ProxyRateLimit(limit: 2, reset: 120, flavour: .ietf))
    let clock = TestClock()
    let manual = PageWalkOptions(retryPolicy: .manual)
    let (loaded, error) = await walkUntilFailure(
      DRF.cursorSource(base: proxy.url, clock: clock).pages(options: manual))

    let failure = try #require(error)
    let cursor = try #require(failure.cursor)
    guard case .rateLimited(let url, let wait)? = failure.error?.httpError else {
      Issue.record("expected rateLimited, got \(failure.error)")
      await proxy.stop()
      return
    }
    #expect(url == cursor.url)
    #expect(wait == .seconds(120))
    #expect(failure.error?.httpError?.retryAfter == .seconds(120))
    #expect(failure.isRetryable)
    #expect(failure.pagesLoaded == 2)
    #expect(cursor == loaded.last?.nextCursor)
    #expect(loaded.flatMap(\.items).map(\.n) == Array(table.prefix(100)))
    // At once: no wait on the clock, and the third request never sent.
    #expect(clock.now == TestClock.Instant(offset: .zero))
    #expect(try await proxy.requests().count == 2)

    // A source that allows the wait resumes at the cursor, pausing once, before request 5.
    try await proxy.resetWindow()
    let patient = TestClock()
    let resumption = DRF.cursorSource(
      base: proxy.url, clock: patient, maximumRateLimitWait: .seconds(120)
    ).pages(from: cursor, options: manual)
    let rest = Task { try await allPages(resumption) }
    guard await pauseOrEnd(of: rest, on: patient) else {
      Issue.record("the resumed walk ended without pausing: \(await rest.result)")
      await proxy.stop()
      return
    }
    #expect(patient.nextDeadline == TestClock.Instant(offset: .seconds(120)))
    try await proxy.resetWindow()
    #expect(patient.advance(by: .seconds(120)) == 1)
    let resumed = try await rest.value

    #expect((loaded + resumed).flatMap(\.items).map(\.n) == table)
    #expect(loaded.count + resumed.count == DRF.faults.pages)
    let requests = try await proxy.requests()
    await proxy.stop()
    #expect(requests.count == DRF.faults.pages)
  }
}
