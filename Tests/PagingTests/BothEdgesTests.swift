import Observation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// A page of rows `range` with both cursors.
private func page(_ range: Range<Int>, next: Int?, previous: Int?) -> Page<Row, Int> {
  Page(items: rows(range), nextCursor: next, previousCursor: previous)
}

/// Rulebook R1, R3, R5, R18 and R19: a list opened at a cursor grows both ways, one load per
/// edge, with the top visible row kept as the scroll anchor.
@Suite(.timeLimit(.minutes(minuteLimit))) struct BothEdgesTests {
  /// A machine opened at cursor 100 whose page (rows 100..<110) says rows before start at 90
  /// and rows after at 110; prefetch distance 2.
  static func opened() -> Machine {
    var machine = Machine(configuration: .init(prefetch: .fixed(2)))
    let open = machine.handle(.startAt(100)).loads
    _ = machine.handle(.loadCompleted(open[0].id, page(100..<110, next: 110, previous: 90)))
    return machine
  }

  @Test func startAtLoadsOnePageThatGivesBothCursors() {
    var machine = Machine(configuration: .init(prefetch: .fixed(2)))
    let open = machine.handle(.startAt(100)).loads
    #expect(open.map(\.direction) == [.refresh])
    #expect(open.map(\.cursor) == [100])
    #expect(machine.handle(.startAt(100)).isEmpty)  // joins the refresh in flight
    _ = machine.handle(.loadCompleted(open[0].id, page(100..<110, next: 110, previous: 90)))
    #expect(machine.ids == Array(100..<110))
    #expect(machine.prependState == .idle)
    #expect(machine.appendState == .idle)
    #expect(machine.hasPreviousPage && machine.hasNextPage)
    #expect(machine.origin == 100)
  }

  @Test func rowsNearEachEdgeLoadBothEdgesAtOnceOneLoadPerEdge() {
    var machine = Self.opened()
    // Row 101 has 1 row before it (fewer than 2): a prepend; row 108 has 1 after it: an append.
    #expect(machine.handle(.rowAppeared(.id(102))).isEmpty)
    let prepend = machine.handle(.rowAppeared(.id(101))).loads
    #expect(prepend.map(\.direction) == [.prepend])
    #expect(prepend.map(\.cursor) == [90])
    let append = machine.handle(.rowAppeared(.id(108))).loads
    #expect(append.map(\.direction) == [.append])
    #expect(append.map(\.cursor) == [110])
    #expect(machine.loadsInFlight.map(\.direction) == [.prepend, .append])
    // Both edges busy: rows at either edge start nothing more.
    #expect(machine.appear([100, 109]).isEmpty)
    #expect(machine.prependState == .loading)
    #expect(machine.appendState == .loading)
  }

  @Test func aPrependPutsThePageAboveKeepsTheTopVisibleRowAndShiftsPositions() {
    var machine = Self.opened()
    let prepend = machine.handle(.rowAppeared(.id(101))).loads[0]
    _ = machine.handle(.rowAppeared(.id(103)))
    var changes = PagingChanges()
    let effects = machine.handle(
      .loadCompleted(prepend.id, page(90..<100, next: nil, previous: 80)), changes: &changes)
    #expect(machine.ids == Array(90..<110))
    #expect(machine.scrollAnchor == 101)
    #expect(changes == [.items, .prependState, .scrollAnchor])
    // Row 101 is now at position 11: no prepend; the prepend edge waits for a row near the top.
    #expect(effects.isEmpty)
    #expect(machine.handle(.rowAppeared(.index(1))).loads.map(\.cursor) == [80])
  }

  @Test func aPrependWithNoRowVisibleAnchorsTheFormerFirstRow() {
    var machine = Self.opened()
    let prepend = machine.handle(.loadPreviousPage).loads[0]
    _ = machine.handle(.loadCompleted(prepend.id, page(90..<100, next: nil, previous: nil)))
    #expect(machine.scrollAnchor == 100)
    #expect(machine.prependState == .complete)
    #expect(!machine.hasPreviousPage)
    #expect(machine.handle(.loadPreviousPage).isEmpty)
  }

  @Test func aFeedWhosePagesGiveNoPreviousCursorNeverPrepends() {
    var machine = Machine.loaded()
    #expect(machine.prependState == .complete)
    #expect(!machine.hasPreviousPage)
    #expect(machine.appear(0..<3).isEmpty)
    #expect(machine.handle(.loadPreviousPage).isEmpty)
  }

  @Test func startAtAnotherCursorOpensANewGenerationThere() {
    var machine = Self.opened()
    let generation = machine.generation
    #expect(machine.handle(.startAt(100)).isEmpty)  // the same cursor: a re-check only
    let jump = machine.handle(.startAt(500)).loads
    #expect(jump.map(\.direction) == [.refresh])
    #expect(jump.map(\.cursor) == [500])
    #expect(machine.generation == generation.next)
    #expect(machine.handle(.refresh).isEmpty)  // joins it
    _ = machine.handle(.loadCompleted(jump[0].id, page(500..<510, next: nil, previous: nil)))
    let refresh = machine.handle(.refresh).loads
    #expect(refresh.map(\.cursor) == [500])  // a refresh starts where the list was opened
  }

  @Test func aRefreshCancelsBothEdgesAndDropsTheirLateResults() {
    var machine = Self.opened()
    let prepend = machine.handle(.loadPreviousPage).loads[0]
    let append = machine.handle(.loadNextPage).loads[0]
    let refresh = machine.handle(.refresh)
    #expect(refresh.cancellations == [prepend.id, append.id])
    #expect(refresh.loads.map(\.cursor) == [100])
    _ = machine.handle(.loadCompleted(append.id, page(110..<120, next: 120, previous: nil)))
    _ = machine.handle(.loadCompleted(prepend.id, page(90..<100, next: nil, previous: 80)))
    #expect(machine.ids == Array(100..<110))
    #expect(machine.metrics.staleResultsDropped == 2)
  }

  @Test func retryRetriesEveryFailedEdge() {
    var machine = Self.opened()
    let prepend = machine.handle(.loadPreviousPage).loads[0]
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(.loadFailed(prepend.id, Boom()))
    _ = machine.handle(.loadFailed(append.id, Boom()))
    #expect(machine.prependState == .failed(.sourceFailed(Boom())))
    #expect(machine.appendState == .failed(.sourceFailed(Boom())))
    let retry = machine.handle(.retry).loads
    #expect(retry.map(\.direction) == [.prepend, .append])
    #expect(retry.map(\.cursor) == [90, 110])
  }
}

/// Fault classes 19, 26 and rulebook R15, R16: cursors across edges, errors a source throws,
/// explicit loads during a refresh, the end while a refresh runs.
@Suite(.timeLimit(.minutes(minuteLimit))) struct EngineV2FaultTests {
  /// Fault class 19: a prepend hands back the cursor of a page the append already loaded.
  @Test func aPrependThatReturnsACursorTheAppendLoadedFailsThatEdgeOnly() {
    var machine = BothEdgesTests.opened()
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(.loadCompleted(append.id, page(110..<120, next: 120, previous: nil)))
    let prepend = machine.handle(.loadPreviousPage).loads[0]
    _ = machine.handle(.loadCompleted(prepend.id, page(90..<100, next: nil, previous: 110)))
    #expect(machine.prependState == .failed(.repeatedCursor(110)))
    #expect(machine.ids == Array(90..<120))
    // Nothing loads twice: retry leaves the prepend; the append edge goes on.
    #expect(machine.handle(.retry).isEmpty)
    #expect(machine.handle(.loadPreviousPage).isEmpty)
    #expect(machine.handle(.loadNextPage).loads.map(\.cursor) == [120])
  }

  /// Fault class 19, a cycle: the page a list opens at names one cursor on both sides.
  @Test func aPageWhosePreviousAndNextCursorsAreOneCursorFailsThePrependEdge() {
    var machine = Machine(configuration: .init(prefetch: .fixed(2)))
    let open = machine.handle(.startAt(100)).loads[0]
    _ = machine.handle(.loadCompleted(open.id, page(100..<110, next: 7, previous: 7)))
    #expect(machine.prependState == .failed(.repeatedCursor(7)))
    #expect(machine.appendState == .idle)
    #expect(machine.handle(.loadNextPage).loads.map(\.cursor) == [7])
  }

  /// Fault class 19, a prepend whose previous cursor is the one the append is loading.
  @Test func aPrependThatPointsAtTheAppendInFlightFails() {
    var machine = BothEdgesTests.opened()
    let append = machine.handle(.loadNextPage).loads[0]
    let prepend = machine.handle(.loadPreviousPage).loads[0]
    _ = machine.handle(.loadCompleted(prepend.id, page(90..<100, next: nil, previous: 110)))
    #expect(machine.prependState == .failed(.repeatedCursor(110)))
    #expect(machine.appendRequest == append)
  }

  /// Fault class 26: a source that throws the engine's own error type does not disable
  /// Retry; only the engine decides that a cursor repeated.
  @Test func aPagingErrorThrownByTheSourceIsASourceFailureThatRetryRetries() {
    var machine = Machine.loaded()
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(.loadFailed(append.id, PagingError.repeatedCursor(20)))
    #expect(machine.appendState == .failed(.sourceFailed(PagingError.repeatedCursor(20))))
    #expect(machine.handle(.retry).loads.map(\.cursor) == [20])
  }

  /// Rulebook R15: `loadNextPage()` during a refresh runs when the refresh commits.
  @Test func loadNextPageDuringARefreshRunsWhenItCommits() {
    var machine = Machine.loaded()
    let refresh = machine.handle(.refresh).loads[0]
    #expect(machine.handle(.loadNextPage).isEmpty)
    let effects = machine.handle(.loadCompleted(refresh.id, page(0..<20, next: 20)))
    #expect(effects.loads.map(\.direction) == [.append])
    #expect(effects.loads.map(\.cursor) == [20])
  }

  /// Rulebook R15: it is dropped when the refresh fails, and not run if no next page exists.
  @Test func aQueuedLoadIsDroppedWhenTheRefreshFailsOrTheNewListHasNoNextPage() {
    var machine = Machine.loaded(configuration: .manualRetry)
    let failing = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadNextPage)
    #expect(machine.handle(.loadFailed(failing.id, Boom())).isEmpty)
    let refresh = machine.handle(.retry).loads[0]
    #expect(refresh.direction == .refresh)
    _ = machine.handle(.loadNextPage)
    #expect(machine.handle(.loadCompleted(refresh.id, page(0..<20, next: nil))).isEmpty)
    #expect(machine.appendState == .complete)
  }

  /// Rulebook R16: while a refresh runs, the edges do not show the end of the list.
  @Test func theEndIsNotShownWhileARefreshRuns() {
    var machine = Machine.loaded(next: nil)
    #expect(machine.appendState == .complete)
    #expect(!machine.hasNextPage)
    let refresh = machine.handle(.refresh).loads[0]
    #expect(machine.appendState == .idle)
    #expect(machine.prependState == .idle)
    #expect(machine.hasNextPage)
    _ = machine.handle(.loadCompleted(refresh.id, page(0..<20, next: nil)))
    #expect(machine.appendState == .complete)
  }

  /// Fault class 18: a refresh brings new head items; a prepend that repeats them adds none.
  @Test func deduplicationHoldsAcrossBothEdgesAfterARefresh() {
    var machine = BothEdgesTests.opened()
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadCompleted(refresh.id, page(95..<110, next: 110, previous: 90)))
    let prepend = machine.handle(.loadPreviousPage).loads[0]
    _ = machine.handle(.loadCompleted(prepend.id, page(90..<100, next: nil, previous: nil)))
    #expect(machine.ids == Array(90..<110))
    #expect(machine.metrics.duplicatesDropped == 5)
  }
}

/// The paginator's side of both edges: observation and the source.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct PaginatorBothEdgesTests {
  @Test func aChatOpensAtTheNewestPageAndLoadsOlderPagesAbove() async {
    let source = ScriptedPageSource<Row, Int>()
    let paginator = Paginator(source: source, configuration: .init(prefetch: .fixed(3)))
    let open = Task { await paginator.start(at: 1_000) }
    let newest = await source.request(at: 0)
    #expect(newest.direction == .refresh)
    #expect(newest.cursor == 1_000)
    source.complete(newest, items: rows(980..<1_000), next: nil, previous: 980)
    await open.value
    #expect(paginator.appendState == .complete)
    #expect(paginator.hasPreviousPage)
    let anchorChanged = Locked(false)
    withObservationTracking {
      _ = paginator.scrollAnchor
    } onChange: {
      anchorChanged.withLock { $0 = true }
    }
    paginator.rowAppeared(id: 999)
    paginator.rowAppeared(id: 981)  // one row above it: fewer than 3
    let older = await source.request(at: 1)
    #expect(older.direction == .prepend)
    #expect(older.cursor == 980)
    source.complete(older, items: rows(960..<980), next: nil, previous: nil)
    await paginator.waitUntilIdle()
    #expect(paginator.items.map(\.id) == Array(960..<1_000))
    #expect(paginator.scrollAnchor == 981)
    #expect(anchorChanged.withLock { $0 })
    #expect(paginator.prependState == .complete)
    #expect(paginator.position(of: 981) == 21)
    #expect(source.requests.count == 2)
  }
}
