import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Rulebook R27, ``RefreshPolicy/allLoaded(limit:)``: the loaded pages re-fetched in order,
/// bounded, and committed in one step; one generation throughout. The feed is `WindowTests`'
/// (pages of 20 rows whose cursor is the offset of their first row, no previous cursor); a
/// re-fetched page's rows carry 1,000 more than the old ones, so old and fresh rows differ.
@Suite(.timeLimit(.minutes(minuteLimit))) struct AllLoadedRefreshTests {
  /// The fresh copy of the feed's page at `request`: ids 1,000 above the old ones, the same
  /// cursors (`next` replaces the next cursor: the server changed).
  static func fresh(_ request: PageRequest<Int>, next: Int?? = .none) -> Page<Row, Int> {
    let start = request.cursor ?? 0
    let end = min(200, start + 20)
    return Page(
      items: rows((1_000 + start)..<(1_000 + end)), nextCursor: next ?? (end < 200 ? end : nil))
  }

  /// A machine with rows 0..<100 loaded (five pages) and rows `screen` on screen.
  static func fivePages(
    screen: Range<Int> = 0..<10, policy: RefreshPolicy = .allLoaded(limit: 3),
    retryPolicy: RetryPolicy = .manual, maxSize: Int? = nil
  ) -> Machine {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6), retryPolicy: retryPolicy)
    configuration.refreshPolicy = policy
    configuration.maxSize = maxSize
    var machine = Machine(configuration: configuration)
    WindowTests.answer(machine.handle(.start), &machine)
    for _ in 0..<4 { WindowTests.answer(machine.handle(.loadNextPage), &machine) }
    _ = machine.appear(screen)
    return machine
  }

  /// Answers the re-fetch's requests one at a time with fresh pages until none is left;
  /// returns the requests and the changes each answer made.
  static func answerFresh(
    _ effects: [PagingEffect<Int>], _ machine: inout Machine
  ) -> (requests: [PageRequest<Int>], changes: [PagingChanges]) {
    var pending = effects.loads
    var requests: [PageRequest<Int>] = []
    var changes: [PagingChanges] = []
    while !pending.isEmpty {
      let request = pending.removeFirst()
      requests.append(request)
      var changed = PagingChanges()
      pending +=
        machine.handle(.loadCompleted(request.id, fresh(request)), changes: &changed)
        .loads
      changes.append(changed)
    }
    return (requests, changes)
  }

  /// Five pages loaded, the reader at the top, `.allLoaded(limit: 3)`: exactly three requests,
  /// one after another, at the first page's cursor and then the fresh pages' next cursors; the
  /// old rows stay until the third answer, which replaces the window in one change of `items`;
  /// pages 4 and 5 are gone and the append edge goes on at the fresh third page's cursor.
  @Test func fivePagesLoadedLimitThreeSendsThreeRequestsAndChangesItemsOnce() {
    var machine = Self.fivePages()
    let started = machine.metrics.requestsStarted
    let effects = machine.handle(.refresh)
    #expect(effects.loads.count == 1)
    let (requests, changes) = Self.answerFresh(effects, &machine)
    #expect(requests.map(\.cursor) == [nil, 20, 40])
    #expect(requests.map(\.direction) == [.refresh, .refresh, .refresh])
    #expect(Set(requests.map(\.generation)) == [Generation(rawValue: 2)])
    #expect(machine.metrics.requestsStarted - started == 3)
    #expect(changes.map { $0.contains(.items) } == [false, false, true])
    #expect(machine.ids == Array(1_000..<1_060))
    #expect(machine.nextCursor == 60)
    #expect(machine.refreshState == .idle)
    #expect(machine.pages.count == 3)
  }

  /// While the re-fetch runs, the old rows stay and the refresh shows loading.
  @Test func theOldRowsStayUntilTheLastPageArrives() {
    var machine = Self.fivePages()
    let first = machine.handle(.refresh).loads[0]
    let second = machine.handle(.loadCompleted(first.id, Self.fresh(first))).loads
    #expect(second.map(\.cursor) == [20])
    #expect(machine.ids == Array(0..<100))
    #expect(machine.refreshState == .loading)
    #expect(machine.appendState == .idle)
    #expect(machine.hasNextPage)
  }

  /// A window within the limit is re-fetched whole: three pages, limit 10, three requests.
  @Test func aWindowWithinTheLimitIsRefetchedWhole() {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6))
    configuration.refreshPolicy = .allLoaded(limit: 10)
    var machine = Machine(configuration: configuration)
    WindowTests.answer(machine.handle(.start), &machine)
    for _ in 0..<2 { WindowTests.answer(machine.handle(.loadNextPage), &machine) }
    let (requests, changes) = Self.answerFresh(machine.handle(.refresh), &machine)
    #expect(requests.map(\.cursor) == [nil, 20, 40])
    #expect(changes.filter { $0.contains(.items) }.count == 1)
    #expect(machine.ids == Array(1_000..<1_060))
  }

  /// More pages than the limit, the reader deep in the window: the `limit` pages from the one
  /// holding the top visible row down (the last three when fewer follow it), so the row on
  /// screen survives; the pages above reload by their own cursors as the user scrolls up.
  @Test(
    "the pages kept start at the anchored page, or end at the last one",
    arguments: [(20, [20, 40, 60]), (60, [40, 60, 80]), (90, [40, 60, 80])])
  func theKeptPagesHoldTheAnchoredRow(top: Int, cursors: [Int]) {
    var machine = Self.fivePages(screen: top..<(top + 10))
    let (requests, _) = Self.answerFresh(machine.handle(.refresh), &machine)
    #expect(requests.map(\.cursor) == cursors)
    let first = cursors[0]
    #expect(machine.ids == Array((1_000 + first)..<(1_060 + first)))
    // The feed gives no previous cursor: the page above reloads by its own cursor (the first
    // page's is `nil`: the source's first page).
    #expect(machine.hasPreviousPage)
    #expect(machine.previousCursor == (first > 20 ? first - 20 : nil))
    #expect(machine.nextCursor == (first + 60 < 200 ? first + 60 : nil))
  }

  /// The server changed: the fresh second page's next cursor is 45, not 40. The re-fetch
  /// follows the fresh chain (as TanStack's refetch does), never the old cursors.
  @Test func aDivergingChainIsFollowedFresh() {
    var machine = Self.fivePages()
    let first = machine.handle(.refresh).loads[0]
    let second = machine.handle(.loadCompleted(first.id, Self.fresh(first))).loads[0]
    let third = machine.handle(.loadCompleted(second.id, Self.fresh(second, next: 45))).loads
    #expect(third.map(\.cursor) == [45])
    _ = machine.handle(.loadCompleted(third[0].id, Self.fresh(third[0])))
    #expect(machine.ids == Array(1_000..<1_040) + Array(1_045..<1_065))
    #expect(machine.nextCursor == 65)
  }

  /// A fresh page that hands back a cursor the re-fetch already loaded stops it: what it has
  /// commits, and the append edge fails with a repeated cursor (R11), nothing loaded twice.
  @Test func aRepeatedCursorStopsTheRefetch() {
    var machine = Self.fivePages()
    let first = machine.handle(.refresh).loads[0]
    let second = machine.handle(.loadCompleted(first.id, Self.fresh(first))).loads[0]
    let after = machine.handle(.loadCompleted(second.id, Self.fresh(second, next: 20)))
    #expect(after.loads.isEmpty)
    #expect(machine.ids == Array(1_000..<1_040))
    #expect(machine.appendState == .failed(.repeatedCursor(20)))
  }

  /// A failure part-way keeps the old window and shows the error in the refresh state; the
  /// retry goes on at the page that failed, in the same generation (it is the same refresh,
  /// R23), with the page already fetched: four requests in all, one change of `items`.
  @Test func aFailurePartWayKeepsTheOldWindowAndTheRetryGoesOn() {
    var machine = Self.fivePages()
    let first = machine.handle(.refresh).loads[0]
    let second = machine.handle(.loadCompleted(first.id, Self.fresh(first))).loads[0]
    var changes = PagingChanges()
    _ = machine.handle(.loadFailed(second.id, Boom()), changes: &changes)
    #expect(machine.ids == Array(0..<100))
    #expect(!changes.contains(.items))
    #expect(machine.refreshState == .failed(.sourceFailed(Boom())))
    let retry = machine.handle(.retry)
    #expect(retry.loads.map(\.cursor) == [20])
    #expect(retry.loads.map(\.generation) == [Generation(rawValue: 2)])
    let (rest, restChanges) = Self.answerFresh(retry, &machine)
    #expect(rest.map(\.cursor) == [20, 40])
    #expect(restChanges.map { $0.contains(.items) } == [false, true])
    #expect(machine.ids == Array(1_000..<1_060))
    #expect(machine.metrics.requestsStarted == 5 + 4)
  }

  /// The automatic retry (the default backoff) goes on at the page that failed too.
  @Test func theAutomaticRetryGoesOnAtThePageThatFailed() {
    var machine = Self.fivePages(retryPolicy: .exponentialBackoff(.standard))
    let first = machine.handle(.refresh).loads[0]
    let second = machine.handle(.loadCompleted(first.id, Self.fresh(first))).loads[0]
    let scheduled = machine.handle(.loadFailed(second.id, Boom()))
    guard case .scheduleRetry(let retry) = scheduled.first else {
      Issue.record("no retry scheduled: \(scheduled)")
      return
    }
    let again = machine.handle(.retryTimerFired(retry.id))
    #expect(again.loads.map(\.cursor) == [20])
    _ = Self.answerFresh(again, &machine)
    #expect(machine.ids == Array(1_000..<1_060))
  }

  /// Calls during the re-fetch join it, whatever their policy: no request of their own.
  @Test func concurrentRefreshesJoinTheRefetch() {
    var machine = Self.fivePages()
    let first = machine.handle(.refresh).loads[0]
    #expect(machine.handle(.refresh).isEmpty)
    let second = machine.handle(.loadCompleted(first.id, Self.fresh(first))).loads[0]
    #expect(machine.handle(.refreshWith(.fromStart)).isEmpty)
    #expect(machine.handle(.refreshWith(.allLoaded(limit: 5))).isEmpty)
    #expect(machine.handle(.start).isEmpty)
    let (rest, _) = Self.answerFresh([.startLoad(second)], &machine)
    #expect(rest.map(\.cursor) == [20, 40])
    #expect(machine.generation == Generation(rawValue: 2))
  }

  /// An append in flight when the re-fetch starts is cancelled, and its late answer dropped,
  /// items and cursor together; so is a late page of a re-fetch that a second one replaced.
  @Test func lateResultsAreDropped() {
    // Rows 90..<100 on screen started the append at 100.
    var machine = Self.fivePages(screen: 90..<100)
    let append = machine.loadsInFlight
    #expect(append.map(\.cursor) == [100])
    let first = machine.handle(.refresh)
    #expect(first.cancellations == append.map(\.id))
    _ = machine.handle(.loadCompleted(append[0].id, WindowTests.feedPage(append[0])))
    #expect(machine.metrics.staleResultsDropped == 1)
    #expect(machine.ids == Array(0..<100))
    let (requests, _) = Self.answerFresh(first, &machine)
    #expect(requests.map(\.cursor) == [40, 60, 80])
    // A page of generation 2 arriving after generation 3 began is dropped.
    let next = machine.handle(.refresh).loads[0]
    let late = requests[1]
    _ = machine.handle(.loadCompleted(late.id, Self.fresh(late)))
    #expect(machine.metrics.staleResultsDropped == 2)
    #expect(machine.refresh.request == next)
  }

  /// `cancel()` during the re-fetch cancels its request; the old window stays, nothing shows
  /// an error, a late answer is dropped, and a retry has nothing to go on with.
  @Test func cancelStopsTheRefetch() {
    var machine = Self.fivePages()
    let first = machine.handle(.refresh).loads[0]
    let second = machine.handle(.loadCompleted(first.id, Self.fresh(first))).loads[0]
    #expect(machine.handle(.cancel).cancellations == [second.id])
    _ = machine.handle(.loadCompleted(second.id, Self.fresh(second)))
    #expect(machine.metrics.staleResultsDropped == 1)
    #expect(machine.ids == Array(0..<100))
    #expect(machine.refreshState == .idle)
    #expect(machine.handle(.retry).isEmpty)
  }

  /// The per-call policy overrides the configuration's, for that call only.
  @Test func theCallsPolicyOverridesTheConfigurations() {
    var machine = Self.fivePages(screen: 60..<70, policy: .fromStart)
    let (requests, _) = Self.answerFresh(
      machine.handle(.refreshWith(.allLoaded(limit: 2))), &machine)
    #expect(requests.map(\.cursor) == [60, 80])
    #expect(machine.handle(.refresh).loads.map(\.cursor) == [nil])
  }

  /// Under a cap, the re-fetched window is held to it like any other (R26). The cap of 60
  /// kept rows 40..<100 of five pages; the fresh pages hold 30 rows each, 90 in all: within
  /// the cap plus the largest page (the hysteresis), so nothing drops after the commit. A
  /// re-fetch stops once it holds the old window's rows, so it stays within that bound.
  @Test func theCapHoldsAfterTheRefetch() {
    var machine = Self.fivePages(screen: 0..<0, policy: .allLoaded(limit: 5), maxSize: 60)
    #expect(machine.ids == Array(40..<100))
    let dropped = machine.metrics.pagesDropped
    var pending = machine.handle(.refresh).loads
    var cursors: [Int?] = []
    while !pending.isEmpty {
      let request = pending.removeFirst()
      cursors.append(request.cursor)
      let start = request.cursor ?? 0
      pending +=
        machine.handle(
          .loadCompleted(
            request.id, Page(items: rows((1_000 + start)..<(1_030 + start)), nextCursor: start + 30)
          )
        ).loads
    }
    #expect(cursors == [40, 70, 100])
    #expect(machine.ids == Array(1_040..<1_130))
    #expect(machine.metrics.pagesDropped == dropped)
    #expect(machine.nextCursor == 130)
  }

  /// With nothing loaded the policy refreshes from the start, as the first load.
  @Test func withNothingLoadedItLoadsTheFirstPage() {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6))
    configuration.refreshPolicy = .allLoaded(limit: 3)
    var machine = Machine(configuration: configuration)
    let loads = machine.handle(.refresh).loads
    #expect(loads.map(\.cursor) == [nil])
    _ = machine.handle(.loadCompleted(loads[0].id, WindowTests.feedPage(loads[0])))
    #expect(machine.ids == Array(0..<20))
  }
}

/// The paginator's `refresh(policy:)`: returns once the whole re-fetch committed, with one
/// change of `items`.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct PaginatorAllLoadedRefreshTests {
  @Test func refreshPolicyReturnsWhenTheRefetchCommits() async {
    let source = ScriptedPageSource<Row, Int>()
    let paginator = Paginator(
      source: source, configuration: PagingConfiguration(prefetch: .fixed(0)))
    let start = Task { await paginator.start() }
    source.complete(await source.request(at: 0), items: rows(0..<20), next: 20)
    await start.value
    paginator.loadNextPage()
    let append = await source.request(at: 1)
    source.complete(append, items: rows(20..<40), next: 40)
    await paginator.waitForLoad(append.id)
    let refresh = Task { await paginator.refresh(policy: .allLoaded(limit: 5)) }
    let first = await source.request(at: 2)
    #expect(first.cursor == nil)
    source.complete(first, items: rows(100..<120), next: 20)
    let second = await source.request(at: 3)
    #expect(second.cursor == 20)
    #expect(paginator.items.map(\.id) == Array(0..<40))
    source.complete(second, items: rows(120..<140), next: 40)
    await refresh.value
    #expect(paginator.items.map(\.id) == Array(100..<140))
    #expect(source.requests.count == 4)
  }
}
