import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// One scenario per fault class of the rulebook (Rulebook.md in Paging.docc), against
/// ``Paginator``: driven by the list simulator where the fault lives in the list, by the scripted
/// source where it lives in the timing of answers.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct FaultScenarioTests {
  struct Failure: Error, Equatable {}

  /// The cursors the server was asked for, in request order.
  func cursors<Feed>(_ session: Session<Feed>) -> [ServerCursor?] {
    session.server.log.map(\.request.cursor)
  }

  /// A paginator over a scripted source whose first page (rows 0 to 19, next cursor 20) has
  /// committed.
  func scriptedPaginator(
    configuration: PagingConfiguration<Int> = PagingConfiguration(), clock: TestClock = TestClock(),
    answersCancelledRequests: Bool = false
  ) async -> (Paginator<Row, Int>, ScriptedPageSource<Row, Int>) {
    let source = ScriptedPageSource<Row, Int>(answersCancelledRequests: answersCancelledRequests)
    let paginator = Paginator(source: source, configuration: configuration, clock: clock)
    let start = Task { await paginator.start() }
    source.complete(await source.request(at: 0), items: rows(20), next: 20)
    await start.value
    return (paginator, source)
  }

  // 1
  @Test func burstOnFirstDisplaySendsOneRequest() async {
    let session = paginatorSession(list: tenRowList(forwardMargin: 0))
    await session.begin()
    #expect(session.report.appearances == 1 + 10)  // the loading footer, then rows 0 to 9
    #expect(cursors(session) == [nil, after(19)])
  }

  // 2
  @Test func twoTriggersInOneFrameShareOneRequest() async {
    // Only rows 15 and later trigger; a jump draws rows 6 to 18 in one frame.
    let session = paginatorSession(paging: PagingConfiguration(prefetch: .fixed(5)))
    await session.begin()
    #expect(cursors(session) == [nil])
    await session.list.jump(to: 7)
    let jumpFrame = session.list.now
    let drawn = session.list.events.filter { $0.time == jumpFrame }.compactMap {
      if case .rowAppeared(let index, _) = $0.kind { return index }
      return nil
    }
    #expect(drawn == Array(12..<19))
    #expect(cursors(session) == [nil, after(19)])
  }

  // 3
  @Test func scrollingBackWhileThePageIsSlowSendsNoNewRequest() async {
    let latency = LatencyModel.perRequest { $0 == 1 ? .milliseconds(100) : .seconds(5) }
    let session = paginatorSession(latency: latency)
    await session.begin(idle: .milliseconds(500))
    await session.list.scroll(to: 10)  // rows 10 to 19 on screen, page 2 on its way
    await session.list.jitterAtBottom(times: 10)
    let frame = ListSimulatorConfiguration().frameDuration
    #expect(session.list.now == frame * 258)  // 4.3 s: page 2 lands at 5.1 s
    #expect(session.report.appearances == 85)
    #expect(cursors(session) == [nil, after(19)])
    await session.list.idle(for: .seconds(3))
    await session.list.scroll(to: 60)
    #expect(cursors(session) == [nil, after(19), after(39), after(59), after(79)])
  }

  // 4
  @Test func answersCommitOneAtATimeInRequestOrder() async {
    let latency = LatencyModel.perRequest { .milliseconds($0 % 2 == 0 ? 900 : 150) }
    let session = paginatorSession(latency: latency)
    await session.begin()
    await session.list.fling(velocity: 8_000)
    await session.list.fling(velocity: 8_000)
    let log = session.server.log
    // Single flight: each request arrives after the previous one was answered.
    for (previous, next) in zip(log, log.dropFirst()) {
      #expect((previous.answer ?? .max) < next.arrival)
    }
    let report = session.report
    #expect(report.duplicateRowsShown == 0)
    #expect(report.rowsOutOfOrder == 0)
    #expect(session.feed.items.map(\.id) == Array(0..<session.feed.items.count))
  }

  // 5
  @Test func theEndStopsRequestsUntilARefresh() async {
    let session = paginatorSession(items: rows(30))
    await session.begin()
    await session.list.scroll(to: 30)
    await session.list.jitterAtBottom(times: 10)
    #expect(session.feed.appendState == .complete)
    #expect(session.feed.footerState == .end)
    #expect(session.report.requestsAfterEnd == 0)
    #expect(cursors(session) == [nil, after(19)])
    await session.list.pullToRefresh()
    await session.list.idle(for: .seconds(1))
    #expect(cursors(session) == [nil, after(19), nil, after(19)])
  }

  // 6, with manual retries (the user taps Retry)
  @Test func aFailedPageIsRequestedAgainNotSkipped() async {
    let session = paginatorSession(
      faults: Server.Faults(failingRequests: [3]),
      paging: PagingConfiguration(prefetch: .fixed(21), retryPolicy: .manual))
    await session.begin()
    await session.list.scroll(to: 30)
    #expect(
      session.feed.appendState
        == .failed(.sourceFailed(SimulatedServerError.unavailable(request: 3))))
    await session.list.tapRetry()
    await session.list.scroll(to: 60)
    #expect(cursors(session) == [nil, after(19), after(39), after(39), after(59), after(79)])
    #expect(session.feed.items.map(\.id) == Array(0..<100))
  }

  // 7
  @Test func aFailureKeepsTheCursorSoRetryResumesWithoutRefresh() async {
    let (paginator, source) = await scriptedPaginator()
    paginator.rowAppeared(at: 19)
    let append = await source.request(at: 1)
    source.fail(append, with: Failure())
    await paginator.waitForLoad(append.id)
    #expect(paginator.stateMachine.nextCursor == 20)
    #expect(paginator.hasNextPage)
    paginator.retry()
    let retry = await source.request(at: 2)
    #expect(retry.cursor == 20)
    #expect(retry.generation == append.generation)
    source.complete(retry, items: Array(rows(40)[20...]), next: 40)
    await paginator.waitForLoad(retry.id)
    #expect(paginator.items.map(\.id) == Array(0..<40))
  }

  // 8, with manual retries: the failure stays until the user taps Retry.
  @Test func aFailedPageDoesNotLoopWhileItsRowsReappear() async {
    let session = paginatorSession(
      faults: Server.Faults(failingRequests: [2]),
      paging: PagingConfiguration(retryPolicy: .manual),
      list: tenRowList(spuriousRepeatProbability: 0.5))
    await session.begin()
    await session.list.scroll(to: 20)
    await session.list.jitterAtBottom(times: 20)
    #expect(session.report.requestsIssued == 2)
    #expect(session.report.appearances == 6_392)
    #expect(session.feed.footerState == .failed)
  }

  // 8 with the default: a blip heals by itself, once, at the backoff's instant; the rows that
  // reappear meanwhile start nothing.
  @Test func theDefaultRetryHealsABlipOnceAtItsInstant() async {
    let session = paginatorSession(
      faults: Server.Faults(failingRequests: [2]),
      list: tenRowList(spuriousRepeatProbability: 0.5))
    await session.begin()
    await session.list.scroll(to: 20)
    await session.list.jitterAtBottom(times: 20)
    let log = session.server.log
    let failed = log[1]
    let retry = log[2]
    #expect(failed.request.cursor == retry.request.cursor)
    guard case .failed = failed.outcome else {
      Issue.record("request 2 did not fail: \(failed.outcome)")
      return
    }
    // The default's first automatic retry goes at once: it reaches the server at the instant
    // the failure was answered.
    #expect(ExponentialBackoff.standard.delay(forAttempt: 1, randomFraction: 0.5) == .zero)
    #expect(retry.receivedAt == failed.answeredAt)
    #expect(session.report.duplicateRequests == 0)
    #expect(session.feed.metrics.retriesScheduled == 1)
  }

  // 8, with automatic retries: bounded.
  @Test func automaticRetriesStopAfterTheirLimit() async {
    let clock = TestClock()
    let backoff = ExponentialBackoff(initialDelay: .seconds(1), maxAttempts: 2, jitter: 0)
    let (paginator, source) = await scriptedPaginator(
      configuration: PagingConfiguration(retryPolicy: .exponentialBackoff(backoff)), clock: clock)
    paginator.rowAppeared(at: 19)
    for attempt in 1...3 {
      let request = await source.request(at: attempt)
      source.fail(request, with: Failure())
      await paginator.waitForLoad(request.id)
      if attempt < 3 {
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(attempt))  // 1 s, then 2 s
      }
    }
    for _ in 0..<50 { paginator.rowAppeared(at: 19) }
    #expect(source.records.count == 4)
    #expect(clock.sleeperCount == 0)
    #expect(paginator.appendState == .failed(.sourceFailed(Failure())))
  }

  // 9
  @Test(arguments: [CancellationError() as any Error, URLError(.cancelled)])
  func aCancelledLoadIsNotAFailure(error: any Error) async {
    let (paginator, source) = await scriptedPaginator()
    paginator.rowAppeared(at: 19)
    let append = await source.request(at: 1)
    source.fail(append, with: error)
    await paginator.waitForLoad(append.id)
    #expect(paginator.appendState != .failed(.sourceFailed(error)))
    #expect(paginator.stateMachine.nextCursor == 20)
    // Row 19 is still on screen: the same page is loaded again at once.
    let again = await source.request(at: 2)
    #expect(again.cursor == 20)
    #expect(paginator.appendState == .loading)
  }

  // 10
  @Test func pullToRefreshCancelledBySwiftUIStillCommits() async {
    let session = paginatorSession()
    await session.begin()
    session.server.insertAtHead([Row(id: -1)])
    await session.list.pullToRefresh(cancelledAfter: .milliseconds(100))
    await session.list.idle(for: .seconds(1))
    #expect(session.feed.refreshState == .idle)
    #expect(session.feed.generation == Generation(rawValue: 2))
    #expect(session.feed.items.first == Row(id: -1))
    #expect(session.report.cancelledRequests == 0)
    #expect(session.report.failedRequests == 0)
  }

  // 11
  @Test func aStaleAppendAnsweredAfterARefreshIsDropped() async {
    let (paginator, source) = await scriptedPaginator(answersCancelledRequests: true)
    paginator.rowAppeared(at: 19)
    let stale = await source.request(at: 1)
    let refresh = Task { await paginator.refresh() }
    let fresh = await source.request(at: 2)
    #expect(fresh.generation == stale.generation.next)
    source.complete(fresh, items: (100..<120).map(Row.init), next: 120)
    await refresh.value
    source.complete(stale, items: Array(rows(40)[20...]), next: 40)
    await paginator.waitUntilIdle()
    #expect(paginator.items.map(\.id) == Array(100..<120))
    #expect(paginator.stateMachine.nextCursor == 120)
    #expect(paginator.metrics.staleResultsDropped == 1)
  }

  // 12
  @Test func offsetPagingShiftedByInsertsDoesNotDuplicateRows() async {
    let faults = Server.Faults(headInsertions: [2: [Row(id: -1), Row(id: -2)]])
    let session = paginatorSession(pagination: .offset, faults: faults)
    await session.begin()
    await session.list.scroll(to: 40)
    // Page 2 at offset 20 starts 2 rows early (rows 18 and 19 again); both are dropped.
    #expect(session.feed.metrics.duplicatesDropped == 2)
    #expect(session.report.duplicateRowsShown == 0)
    #expect(session.feed.items.map(\.id).prefix(58) == ArraySlice(0..<58))

    let naive = naiveSession(
      pagination: .offset, faults: faults, list: tenRowList(forwardMargin: 0))
    await naive.begin()
    await naive.list.scroll(to: 12)  // rows 12 to 21: rows 20 and 21 repeat rows 18 and 19
    #expect(naive.report.duplicateRowsShown == 2)
  }

  // 13
  @Test func contentShorterThanTheScreenKeepsLoadingUntilTheWindowIsFull() async {
    // 4-row pages in a LazyVStack: 11 rows drawn (1 ahead), so 32 rows fill the prefetch
    // window (more than 20 rows after row 10).
    let session = paginatorSession(
      pageSize: 4, paging: PagingConfiguration(prefetch: .fixed(21)),
      list: tenRowList(container: .lazyVStack))
    await session.begin(idle: .seconds(4))
    #expect(session.feed.items.count == 32)
    #expect(session.report.requestsIssued == 8)
    #expect(session.feed.appendState == .idle)
  }

  // 14
  @Test func anEmptyPageWithANextCursorDoesNotStall() async {
    let session = paginatorSession(faults: Server.Faults(emptyPageRequests: [2]))
    await session.begin()
    let emptied = ServerCursor(position: .after(19), emptyPagesBefore: 1)
    #expect(cursors(session) == [nil, after(19), emptied])
    #expect(session.feed.items.count == 40)
  }

  // 14, bounded: a run of empty pages ends in a typed error.
  @Test func aRunOfEmptyPagesEndsInATypedError() async {
    let session = paginatorSession(faults: Server.Faults(emptyPageRequests: [2, 3, 4, 5]))
    await session.begin(idle: .seconds(2))
    await session.list.jitterAtBottom(times: 5)
    #expect(session.feed.appendState == .failed(.noNewItems(pages: 3)))
    #expect(session.report.requestsIssued == 4)
  }

  // 15
  @Test func aRepeatedCursorIsNeverRequestedAgain() async {
    let session = paginatorSession(faults: Server.Faults(repeatedCursorRequests: [2]))
    await session.begin()
    await session.list.scroll(to: 40)
    await session.list.jitterAtBottom(times: 5)
    await session.list.tapRetry()
    await session.list.idle(for: .seconds(1))
    #expect(session.feed.appendState == .failed(.repeatedCursor(after(19))))
    #expect(cursors(session) == [nil, after(19)])
    #expect(session.feed.items.count == 40)
  }

  // 16
  @Test(arguments: [1_000, 100_000])
  func anAppearanceReadsAFewIDsWhateverTheListSize(size: Int) async {
    // The id index keeps the chunk of each row, not its id, so a lookup confirms its candidate
    // by reading the ids of that chunk (at most 64 from a commit). In scroll order the
    // candidate is the last row's neighbour: exactly one read besides the caller's `item.id`.
    // For rows spread over the list, the neighbours are checked (two reads), then the hash
    // probe's chunk is read up to the row (half a chunk on average), and, once in 256 per extra
    // bucket probed, another chunk: a bounded number per signal at any size, where a scan of
    // the list would read thousands.
    let counter = Locked(0)
    let items = (0..<size).map { CountedRow(key: $0, counter: counter) }
    let source = ScriptedPageSource<CountedRow, Int>()
    let paginator = Paginator(source: source)
    let start = Task { await paginator.start() }
    source.complete(await source.request(at: 0), items: items, next: nil)
    await start.value
    counter.withLock { $0 = 0 }
    for index in 0..<500 { paginator.rowAppeared(items[index]) }
    #expect(counter.withLock { $0 } == 1_000)
    counter.withLock { $0 = 0 }
    for index in stride(from: 0, to: size, by: size / 500) { paginator.rowAppeared(items[index]) }
    // Swift seeds its hashing per process, so the exact count varies from run to run: at
    // least the caller's read and the candidate's per signal, at most a chunk and five more on
    // average.
    #expect(counter.withLock { $0 } >= 2 * 500)
    #expect(counter.withLock { $0 } <= (ItemSnapshot<CountedRow>.chunkCapacity + 5) * 500)
    #expect(paginator.metrics.appearanceSignals == 1_000)
  }
}

extension FaultScenarioTests {
  // 22, bounded: an edit touches the chunk of its row and the index, never every row.
  @Test(arguments: [1_000, 100_000])
  func anEditReadsAFewIDsWhateverTheListSize(size: Int) async throws {
    // A remove, an insert, an update and a move in the middle of the list, with a copy of the
    // items held as a view holds it: each looks its rows up by id a few times (the check, the
    // edit, its position), each lookup reading the ids of one chunk (at most 64 from a
    // commit) up to the row, where rebuilding the window would read every id. Swift seeds its
    // hashing per process, and a bucket of another id with the same 8-bit fingerprint costs a
    // chunk's ids too, so the bound leaves room for several: 16 chunks, a hundredth of the
    // 100,000 reads of a rebuild.
    // Loaded page by page, as a list is, so that the index grew as it does (by a quarter at
    // a time) and has room for the insert.
    let counter = Locked(0)
    let items = (0..<size).map { CountedRow(key: $0, counter: counter) }
    let source = ScriptedPageSource<CountedRow, Int>()
    let paginator = Paginator(source: source)
    let pageSize = 500
    let start = Task { await paginator.start() }
    source.complete(await source.request(at: 0), items: Array(items[..<pageSize]), next: pageSize)
    await start.value
    for page in 1..<(size / pageSize) {
      paginator.loadNextPage()
      let end = (page + 1) * pageSize
      source.complete(
        await source.request(at: page), items: Array(items[(page * pageSize)..<end]),
        next: end < size ? end : nil)
      await paginator.waitForLoadsToEnd()
    }
    #expect(paginator.items.count == size)
    let middle = size / 2
    let held = paginator.items
    let edits: [PagingEdit<CountedRow>] = [
      .remove(middle), .insert(CountedRow(key: -1, counter: counter), at: .after(middle + 1)),
      .update(CountedRow(key: middle + 2, counter: counter)), .move(middle + 3, to: .before(10)),
    ]
    for edit in edits {
      counter.withLock { $0 = 0 }
      try paginator.edit(edit)
      #expect(counter.withLock { $0 } <= 16 * ItemSnapshot<CountedRow>.chunkCapacity)
    }
    #expect(held.count == size)
    #expect(paginator.items.count == size)
  }
}

/// A row whose `id` counts its reads, to show that an appearance costs O(1).
struct CountedRow: Identifiable, Sendable {
  let key: Int
  let counter: Locked<Int>

  var id: Int {
    counter.withLock { $0 += 1 }
    return key
  }
}
