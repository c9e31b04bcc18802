import Paging
import PagingReference
import PagingTestSupport
import PagingTesting
import Testing

/// Every fault the randomized tests found, as the shortest stream that showed it (replayed
/// through the model's invariants) and as a small scenario with exact expectations.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct FuzzRegressionTests {
  private struct Row: Identifiable, Hashable, Sendable { let id: Int }

  private func rows(_ ids: Range<Int>) -> [Row] { ids.map(Row.init) }
  private func id(_ number: Int) -> PageRequestID { PageRequestID(rawValue: number) }
  private func request(_ number: Int, _ direction: LoadDirection, _ cursor: Int?, g: Int)
    -> PageRequest<Int>
  {
    PageRequest(
      id: id(number), direction: direction, cursor: cursor, generation: Generation(rawValue: g))
  }

  private func expectNoViolation(_ fuzzCase: FuzzCase) async {
    let machine = StateMachineHarness.run(fuzzCase)
    #expect(machine == nil, "state machine: \(machine.map { "\($0)" } ?? "")")
    let paginator = await PaginatorHarness.run(fuzzCase)
    #expect(paginator == nil, "paginator: \(paginator.map { "\($0)" } ?? "")")
  }

  // MARK: A first load cancelled by the source (seed 14)

  /// The first load ended as cancelled (the source threw `CancellationError`): the list stayed
  /// empty and idle, with no spinner and no error, and no row could appear to load it again.
  @Test func aFirstLoadCancelledByTheSourceIsLoadedAgain() async {
    await expectNoViolation(
      FuzzCase(
        seed: 14, pageSize: 6, prefetchDistance: 1,
        maxPagesWithoutNewItems: 4, duplicatePolicy: .keepFirst,
        automaticRetries: nil, initialCursor: nil, viewportHeight: 6,
        answersCancelledRequests: true,
        serverIDs: [],
        steps: [.start, .answer(pick: 2, .cancellation(.event))]))

    var machine = PagingStateMachine<Row, Int>()
    #expect(machine.handle(.start) == [.startLoad(request(1, .refresh, nil, g: 1))])
    #expect(machine.handle(.loadCancelled(id(1))) == [.startLoad(request(2, .refresh, nil, g: 1))])
    #expect(machine.handle(.loadCancelled(id(2))) == [.startLoad(request(3, .refresh, nil, g: 1))])
    #expect(machine.handle(.loadCancelled(id(3))) == [.startLoad(request(4, .refresh, nil, g: 1))])
    // The bound on reloads after cancellations holds: a source that always cancels stops,
    // visibly (fault class 25), with a failure that Retry can act on.
    #expect(machine.handle(.loadCancelled(id(4))) == [])
    #expect(machine.refreshState == .failed(.sourceCancelled(times: 4)))
    #expect(machine.metrics.requestsStarted == 4)
    #expect(machine.metrics.requestsCancelled == 4)
  }

  /// `start()` waits for the first page, through the reload after a cancellation.
  @Test func startWaitsForTheReloadOfACancelledFirstLoad() async {
    let source = ScriptedPageSource<Row, Int>()
    let paginator = Paginator(source: source)
    let started = Task { @MainActor in
      await paginator.start()
      return paginator.items.count
    }
    source.cancel(await source.request(at: 0))
    let reload = await source.request(at: 1)
    #expect(reload.direction == .refresh)
    source.complete(reload, items: rows(0..<3), next: nil)

    #expect(await started.value == 3)
  }

  // MARK: A refresh cancelled by the source (seed 29)

  /// Rows near the end appeared while a refresh ran (they start nothing then); the source
  /// cancelled the refresh, and nothing re-checked them: no load, no failure, not the end.
  /// Engine v2 reloads a refresh the source cancelled (the user asked for it), up to the bound;
  /// when it gives up, the failed refresh re-checks the rows, and the old list grows on.
  @Test func aRefreshCancelledByTheSourceRechecksTheVisibleRows() async {
    await expectNoViolation(
      FuzzCase(
        seed: 29, pageSize: 5, prefetchDistance: 4,
        maxPagesWithoutNewItems: 3, duplicatePolicy: .replace,
        automaticRetries: nil, initialCursor: nil, viewportHeight: 7,
        answersCancelledRequests: true,
        serverIDs: [1400, 1500, 1600, 1700, 1800, 1900],
        steps: [
          .start, .answer(pick: 1, .seen), .jump(percent: 15), .refresh,
          .answer(pick: 1, .cancellation(.event)),
        ]))

    var machine = PagingStateMachine<Row, Int>(
      configuration: PagingConfiguration(prefetch: .fixed(1)))
    _ = machine.handle(.start)
    _ = machine.handle(.loadCompleted(id(1), Page(items: rows(0..<3), nextCursor: 3)))
    #expect(machine.handle(.refresh) == [.startLoad(request(2, .refresh, nil, g: 2))])
    #expect(machine.handle(.rowAppeared(.id(2))) == [])
    #expect(machine.handle(.loadCancelled(id(2))) == [.startLoad(request(3, .refresh, nil, g: 2))])
    _ = machine.handle(.loadCancelled(id(3)))
    _ = machine.handle(.loadCancelled(id(4)))
    #expect(machine.handle(.loadCancelled(id(5))) == [.startLoad(request(6, .append, 3, g: 2))])
    #expect(machine.refreshState == .failed(.sourceCancelled(times: 4)))
  }

  // MARK: A row a refresh removed counted as visible (seed 22)

  /// A visible row's item left the list in a refresh, so its `onDisappear` named an id the
  /// machine could no longer resolve and was ignored; when a later page brought the id back,
  /// the machine counted the row as visible and loaded a page nobody scrolled to.
  @Test func aRowRemovedByARefreshNoLongerCountsAsVisible() async {
    await expectNoViolation(
      FuzzCase(
        seed: 22, pageSize: 3, prefetchDistance: 3,
        maxPagesWithoutNewItems: 2, duplicatePolicy: .keepFirst,
        automaticRetries: 0, initialCursor: nil, viewportHeight: 7,
        answersCancelledRequests: false,
        serverIDs: [500, 600, 700, 800],
        steps: [
          .start, .answer(pick: 2, .full), .jump(percent: 1), .refresh,
          .answer(pick: 3, .empty(skip: 1)), .refresh,
        ]))

    var machine = PagingStateMachine<Row, Int>(
      configuration: PagingConfiguration(prefetch: .fixed(1)))
    _ = machine.handle(.start)
    _ = machine.handle(.loadCompleted(id(1), Page(items: rows(0..<3), nextCursor: 2)))
    #expect(machine.handle(.rowAppeared(.id(1))) == [])
    _ = machine.handle(.refresh)
    #expect(machine.handle(.loadCompleted(id(2), Page(items: rows(0..<1), nextCursor: 0))) == [])
    #expect(machine.handle(.rowDisappeared(.id(1))) == [])
    _ = machine.handle(.refresh)
    // Row 1 is back, last in the list, but not on screen: nothing loads until a row appears.
    #expect(machine.handle(.loadCompleted(id(3), Page(items: rows(0..<2), nextCursor: 1))) == [])
    #expect(machine.loadsInFlight.isEmpty)
  }

  // MARK: A load cancelled before its task ran (paginator seed 122)

  /// `loadNextPage()` and `cancel()` in one frame: the load's task ran after it was cancelled,
  /// `ScriptedPageSource` found nothing to cancel yet, then kept the call pending forever.
  @Test func aLoadCancelledInTheFrameItStartedNeverReachesTheSource() async {
    let fuzzCase = FuzzCase(
      seed: 122, pageSize: 5, prefetchDistance: 2,
      maxPagesWithoutNewItems: 4, duplicatePolicy: .keepFirst,
      automaticRetries: nil, initialCursor: nil, viewportHeight: 3,
      answersCancelledRequests: false,
      serverIDs: [],
      steps: [.loadNextPage, .sameFrame, .cancel])
    let violation = await PaginatorHarness.run(fuzzCase)
    #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")

    let source = ScriptedPageSource<Row, Int>()
    let paginator = Paginator(source: source)
    paginator.loadNextPage()
    paginator.cancel()  // in the same frame: the load's task has not run yet
    await paginator.waitUntilIdle()
    // Engine v2 (rulebook R17): a load cancelled before its task began never reaches the
    // source, and the paginator says so at once.
    #expect(paginator.loadsInFlight.isEmpty)
    #expect(source.requests.isEmpty)
    #expect(source.pendingRequests.isEmpty)
    #expect(paginator.metrics.requestsStarted == 1)
    #expect(paginator.requestsSent == 0)
  }

  // MARK: A failed refresh left the old list stopped at its end (seed 99)

  /// Rows near the end appeared while a refresh ran; the refresh failed. That latches the
  /// refresh, not the append direction, and the old list may still grow, yet nothing re-checked
  /// the rows: the footer stayed blank (no load, no error, not the end) until the user scrolled.
  @Test func aFailedRefreshRechecksTheVisibleRowsOfTheOldList() async {
    await expectNoViolation(
      FuzzCase(
        seed: 99, pageSize: 2, prefetchDistance: 4,
        maxPagesWithoutNewItems: 2, duplicatePolicy: .keepFirst,
        automaticRetries: 3, initialCursor: nil, viewportHeight: 2,
        answersCancelledRequests: true,
        serverIDs: [2400, 2500, 2600],
        steps: [
          .start, .answer(pick: 1, .seen), .scroll(2), .refresh,
          .answer(pick: 1, .failure(retryable: false)),
        ]))

    var machine = PagingStateMachine<Row, Int>(
      configuration: PagingConfiguration(prefetch: .fixed(1), retryPolicy: .manual))
    _ = machine.handle(.start)
    _ = machine.handle(.loadCompleted(id(1), Page(items: rows(0..<3), nextCursor: 3)))
    _ = machine.handle(.refresh)
    #expect(machine.handle(.rowAppeared(.id(2))) == [])
    #expect(
      machine.handle(.loadFailed(id(2), SourceDown())) == [
        .startLoad(request(3, .append, 3, g: 2))
      ])
    #expect(machine.refreshState == .failed(.sourceFailed(SourceDown())))
    #expect(machine.items.count == 3)
  }
}

private struct SourceDown: Error {}

extension FuzzRegressionTests {
  // MARK: Local changes (rulebook R23 to R25)

  /// A removal made while the first load had failed gives way to the refresh that `retry()`
  /// starts after `cancel()`: `cancel()` ends the failed refresh too, so the retry is a new
  /// refresh in a new generation, and older edits yield to it (R23, R27).
  @Test func aRemovalGivesWayToTheNewRefreshARetryStartsAfterCancel() async {
    await expectNoViolation(
      FuzzCase(
        seed: 793, pageSize: 2, prefetchDistance: 0,
        maxPagesWithoutNewItems: 2, duplicatePolicy: .replace,
        automaticRetries: nil, initialCursor: nil, viewportHeight: 4,
        answersCancelledRequests: false,
        serverIDs: [
          100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1500,
        ],
        steps: [
          .refresh, .answer(pick: 3, .failure(retryable: true)), .remove(pick: 30), .cancel, .retry,
        ],
        hedging: .milliseconds(2300)))

    var machine = PagingStateMachine<Row, Int>(
      configuration: PagingConfiguration(retryPolicy: .manual))
    _ = machine.handle(.start)
    _ = machine.handle(.loadFailed(id(1), Boom()))
    _ = machine.handle(.edit(.remove(0)))
    #expect(machine.handle(.cancel) == [])
    #expect(machine.handle(.retry) == [.startLoad(request(2, .refresh, nil, g: 2))])
    _ = machine.handle(.loadCompleted(id(2), Page(items: rows(0..<3), nextCursor: 3)))
    #expect(machine.items.map(\.id) == [0, 1, 2])
  }

  /// Rows an edit inserted, updated and moved during a refresh that began after the insert:
  /// the refresh's commit drops the insert, so the later update and move name a row that is
  /// no longer loaded and change nothing (R23). The model first still expected the row.
  @Test func editsOfARowWhoseInsertARefreshDroppedChangeNothing() async {
    await expectNoViolation(
      FuzzCase(
        seed: 1242, pageSize: 2, prefetchDistance: 1,
        maxPagesWithoutNewItems: 2, duplicatePolicy: .keepFirst,
        automaticRetries: nil, initialCursor: nil, viewportHeight: 8,
        answersCancelledRequests: true,
        serverIDs: [2600],
        steps: [
          .loadPreviousPage, .insert(pick: 9), .answer(pick: 2, .full), .refresh,
          .update(pick: 0), .move(pick: 0, before: 13),
        ]))

    var machine = PagingStateMachine<Row, Int>()
    _ = machine.handle(.start)
    _ = machine.handle(.edit(.insert(Row(id: 90), at: .start)))
    _ = machine.handle(.loadCompleted(id(1), Page(items: rows(0..<1), nextCursor: nil)))
    #expect(machine.items.map(\.id) == [90, 0])
    _ = machine.handle(.refresh)
    _ = machine.handle(.edit(.update(Row(id: 90))))
    _ = machine.handle(.edit(.move(90, to: .before(0))))
    _ = machine.handle(.loadCompleted(id(2), Page(items: rows(0..<1), nextCursor: nil)))
    #expect(machine.items.map(\.id) == [0])
  }

  // MARK: Hedges (rulebook R22)

  /// One stream through every outcome of a hedge, pinned apart from the generator: a first
  /// page won by its hedge, a hedge that fails while its load commits, a load and its hedge
  /// that both fail, a refresh that cancels a load and its hedge, a refresh won by its own
  /// request, `cancel()` of a load and its hedge, and a stale timer.
  @Test func everyHedgeOutcomeKeepsTheInvariants() async {
    let hedged = FuzzCase(
      seed: 0, pageSize: 3, prefetchDistance: 0,
      maxPagesWithoutNewItems: 3, duplicatePolicy: .keepFirst,
      automaticRetries: nil, initialCursor: nil, viewportHeight: 3,
      answersCancelledRequests: true,
      serverIDs: Array(1...12).map { $0 * 100 },
      steps: [
        .start, .fireHedgeTimer(pick: 0, stale: false), .answer(pick: -1, .full),
        .loadNextPage, .fireHedgeTimer(pick: 0, stale: false),
        .answer(pick: -1, .failure(retryable: false)), .answer(pick: -1, .full),
        .loadNextPage, .fireHedgeTimer(pick: 0, stale: false),
        .answer(pick: -1, .failure(retryable: false)),
        .answer(pick: -1, .failure(retryable: false)),
        .retry, .fireHedgeTimer(pick: 0, stale: false), .refresh,
        .fireHedgeTimer(pick: 0, stale: false), .answer(pick: -2, .full),
        .loadNextPage, .fireHedgeTimer(pick: 0, stale: false), .cancel,
        .fireHedgeTimer(pick: 0, stale: true),
      ],
      hedging: .milliseconds(500))
    await expectNoViolation(hedged)
    let coverage = StateMachineHarness.coverage(of: hedged)
    let reached: [FuzzSituation: Int] = [
      .hedgeStarted: 6, .hedgeWon: 1, .loadWonAfterHedge: 1, .hedgeContenderEnded: 2,
      .survivorCommitted: 1, .bothFailed: 1, .refreshCancellingAHedge: 1,
      .cancelCancellingAHedge: 1, .hedgeTimerIgnored: 1,
    ]
    // Through the paginator the test clock fires the same timers (a stale one it cancelled).
    let paginator = PaginatorHarness(hedged)
    _ = await paginator.run()
    for (situation, count) in reached {
      #expect(coverage[situation] == count, "\(situation)")
      let viaClock = situation == .hedgeTimerIgnored ? 0 : count
      #expect(paginator.coverage[situation] == viaClock, "\(situation) through the paginator")
    }
  }
}
