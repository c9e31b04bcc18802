import Paging
import PagingTestSupport
import Testing

/// A list whose pages count the rows around them (rulebook R31): its length, its placeholders'
/// ids, the counts a page may not give, and the place kept through refreshes and
/// invalidations after a jump. The peer's own tests are in ``PeerPaging3JumpTests``.
@Suite(.timeLimit(.minutes(minuteLimit))) struct PlaceholderTests {
  /// A source that counts nothing gives no placeholder: the rows are the items, and a
  /// placeholder signal (there is none to show) is ignored.
  @Test func aSourceThatCountsNothingHasNoPlaceholders() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.machine.rows.map(\.id) == [.item(50), .item(51)])
    #expect(paging.send(.placeholderAppeared(10)) == [])
    #expect(paging.machine.metrics.appearanceSignalsIgnored == 1)
  }

  /// Rows at full length: placeholders by their position in the source's list, items by
  /// their ids; a position is found from either id.
  @Test func rowsHoldPlaceholdersByPositionAndItemsByID() {
    var paging = PeerTests.counted()
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    let rows = paging.machine.rows
    #expect(rows.count == 100)
    #expect(rows[0].id == .placeholder(0))
    #expect(rows[49].id == .placeholder(49))
    #expect(rows[50] == .item(Row(id: 50)))
    #expect(rows[51].item == Row(id: 51))
    #expect(rows[52].id == .placeholder(52))
    #expect(rows[99].id == .placeholder(99))
    #expect(rows.position(of: .placeholder(99)) == 99)
    #expect(rows.position(of: .placeholder(50)) == nil)
    #expect(rows.position(of: .item(51)) == 51)
    #expect(rows.position(of: .placeholder(100)) == nil)
    #expect(rows.position(of: .placeholder(-1)) == nil)
  }

  /// A filter hides loaded rows only: the placeholders count the source's rows, and a
  /// placeholder after the rows keeps the position the hidden rows push it to.
  @Test func aFilterHidesLoadedRowsAndCountsEveryPlaceholder() {
    var paging = PeerTests.counted(pageSize: 4, initialLoadSize: 4)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    _ = paging.send(.setFilter({ $0.id % 2 == 0 }))
    let rows = paging.machine.rows
    #expect(rows.placeholdersBefore == 50)
    #expect(rows.placeholdersAfter == 46)
    #expect(rows.count == 98)
    #expect(rows[50] == .item(Row(id: 50)))
    #expect(rows[51] == .item(Row(id: 52)))
    #expect(rows[52].id == .placeholder(54))
    #expect(rows[97].id == .placeholder(99))
    #expect(rows.position(of: .placeholder(54)) == 52)
    // Any position a caller passes is answered, never trapped on: the hidden rows are
    // subtracted from it without overflow.
    #expect(rows.position(of: .placeholder(Int.min)) == nil)
    #expect(rows.position(of: .placeholder(Int.max)) == nil)
  }

  /// Under a display filter the list does not jump: a list position is no source position to
  /// land on once hidden rows close up, and a landing whose rows the filter hides would move
  /// the placeholders on screen and jump again, for ever (found by the explorer). A far
  /// placeholder loads its edge instead, and the placeholders count every row (R25, R31).
  @Test func underAFilterAFarPlaceholderLoadsItsEdge() {
    var paging = PeerTests.counted(
      pageSize: 20, prefetchDistance: 6, initialLoadSize: 20, total: 1_000)
    _ = paging.send(.setFilter({ $0.id % 2 == 0 }))
    #expect(paging.send(.start) == [.refresh(nil)])
    #expect(paging.complete(.refresh) == [])
    let rows = paging.machine.rows
    #expect(rows.count == 990)
    // List position 600 is after the 10 shown rows: the placeholder for source row 610.
    #expect(rows[600].id == .placeholder(610))
    #expect(paging.send(.placeholderAppeared(610)) == [.append(20)])
    #expect(paging.machine.metrics.jumps == 0)
  }

  /// A jump whose placeholders all left the screen before its page came (the user went back to
  /// the loaded rows) is abandoned: its request is cancelled, the rows on screen stay, and a
  /// load asked for during it runs on the list as it is (found by the explorer: the late page
  /// replaced the rows on screen).
  @Test func aJumpWhoseLandingLeftTheScreenIsAbandoned() throws {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    _ = paging.send(.startAt(50))
    _ = paging.complete(.refresh)
    #expect(paging.send(.placeholderAppeared(0)) == [.refresh(0)])
    let jump = try #require(paging.machine.refreshRequest)
    #expect(paging.send(.loadNextPage) == [])
    #expect(paging.send(.placeholderDisappeared(0)) == [.append(52)])
    #expect(paging.machine.refreshState == .idle)
    #expect(paging.pendingLoads == [.append(52)])
    #expect(paging.send(.loadCompleted(jump.id, page(0..<2, next: 2))) == [])
    #expect(paging.ids == [50, 51])
  }

  /// A loaded row that appears while a jump is in flight (the user scrolled back to the
  /// loaded rows, and the landing's placeholders have fired no `onDisappear`) abandons the jump:
  /// its late page would turn that row back into a placeholder. The far placeholders are
  /// forgotten, so that they do not jump again, and the row on screen loads its edge (found by
  /// the explorer beyond its depth: the jump's page replaced the row the user had come back to).
  @Test func aLoadedRowThatAppearsDuringAJumpAbandonsIt() throws {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    _ = paging.send(.startAt(50))
    _ = paging.complete(.refresh)
    #expect(paging.send(.placeholderAppeared(0)) == [.refresh(0)])
    let jump = try #require(paging.machine.refreshRequest)
    #expect(paging.send(.rowAppeared(.id(50))) == [.prepend(49)])
    #expect(paging.machine.refreshState == .idle)
    #expect(paging.machine.metrics.jumps == 1)
    #expect(paging.send(.loadCompleted(jump.id, page(0..<2, next: 2))) == [])
    #expect(paging.ids == [50, 51])
    #expect(paging.machine.rows[50] == .item(Row(id: 50)))
  }

  /// A re-fetch of the loaded pages (`.allLoaded(limit:)`) in a counted list whose source
  /// jumps, whose screen moved out of the fresh pages while they loaded, is planned again from
  /// the screen as the refresh that keeps the place: the row the user scrolled to stays a row
  /// (found by the explorer beyond its depth: the re-fetch of the last two pages dropped the
  /// row on screen above them into a placeholder).
  @Test func aRefetchWhoseScreenLeftItsPagesKeepsThePlace() {
    var paging = PeerTests.counted(
      pageSize: 20, prefetchDistance: 6, initialLoadSize: 20, total: 1_000)
    _ = paging.send(.start)
    _ = paging.complete(.refresh)
    _ = paging.send(.loadNextPage)
    _ = paging.complete(.append)
    _ = paging.send(.loadNextPage)
    _ = paging.complete(.append)
    for id in 20..<30 { _ = paging.send(.rowAppeared(.id(id))) }
    #expect(paging.send(.refreshWith(.allLoaded(limit: 2))) == [.refresh(20)])
    #expect(paging.complete(.refresh) == [.refresh(40)])
    // The user scrolls up to the first page while the last one loads.
    for id in 20..<30 { _ = paging.send(.rowDisappeared(.id(id))) }
    for id in 5..<15 { _ = paging.send(.rowAppeared(.id(id))) }
    #expect(paging.complete(.refresh) == [.refresh(0)])
    #expect(paging.complete(.refresh) == [.refresh(20)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == Array(0..<40))
    for id in 5..<15 { #expect(paging.machine.rows[id] == .item(Row(id: id))) }
  }

  /// A refresh that failed for good latches jumps, as a failure latches its edge (R7): a far
  /// placeholder loads its edge instead of asking the failing source for another refresh, and
  /// a retry refreshes again (found by the explorer: a source that answered every refresh
  /// "invalid" was asked again by each far placeholder, without end).
  @Test func aRefreshThatFailedForGoodLatchesJumps() {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    _ = paging.send(.startAt(50))
    _ = paging.complete(.refresh)
    #expect(paging.send(.refresh) == [.refresh(50)])
    #expect(paging.fail(.refresh) == [])
    #expect(paging.send(.placeholderAppeared(0)) == [.prepend(49)])
    #expect(paging.machine.metrics.jumps == 0)
  }

  /// A refresh that keeps the place, whose screen moved while it loaded (a drag far away), is
  /// planned again from the screen when its pages are in, in the same generation: the rows on
  /// the new screen load, and none of the old pages commits (found by the explorer).
  @Test func aRefreshKeepingThePlaceFollowsAScreenThatMoved() {
    var paging = PeerTests.counted(
      pageSize: 20, prefetchDistance: 6, initialLoadSize: 20, total: 1_000)
    _ = paging.send(.start)
    _ = paging.complete(.refresh)
    for id in 0..<10 { _ = paging.send(.rowAppeared(.id(id))) }
    #expect(paging.send(.refresh) == [.refresh(0)])
    for id in 0..<10 { _ = paging.send(.rowDisappeared(.id(id))) }
    // A refresh runs: the far placeholder waits for it rather than jumping.
    #expect(paging.send(.placeholderAppeared(900)) == [])
    let generation = paging.machine.generation
    #expect(paging.complete(.refresh) == [.refresh(884)])
    #expect(paging.complete(.refresh) == [.refresh(904)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == Array(884..<924))
    #expect(paging.machine.generation == generation)
    #expect(paging.machine.rows[900] == .item(Row(id: 900)))
  }

  /// A count larger than the source's rows (a database cache counted with the network's total)
  /// leaves no placeholder once the chain ends, and the last row still loads the next page:
  /// the end-of-list trigger reads the rows, not the counts.
  @Test func aCountLargerThanTheRowsLeavesNoPlaceholdersAtTheEnd() {
    var machine = Machine(configuration: PagingConfiguration(prefetch: .fixed(2)))
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(
      .loadCompleted(first.id, Page(items: rows(0..<4), nextCursor: 4, itemsAfter: 996)))
    #expect(machine.rows.count == 1_000)
    let append = machine.handle(.rowAppeared(.id(3))).loads
    #expect(append.map(\.cursor) == [4])
    _ = machine.handle(
      .loadCompleted(append[0].id, Page(items: rows(4..<6), nextCursor: nil, itemsAfter: 994)))
    #expect(machine.placeholdersAfter == 0)
    #expect(machine.rows.count == 6)
    #expect(machine.appendState == .complete)
  }

  /// A negative count, or counts whose sum no `Int` holds, fail the load with a typed error
  /// and commit nothing: the list keeps what it showed.
  @Test(arguments: [(-1, 0), (0, -1), (Int.max, 0), (0, Int.max), (Int.min, Int.min)])
  func invalidCountsFailTheLoadAndKeepTheList(before: Int, after: Int) {
    var machine = Machine.loaded(count: 4, next: 4)
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(
      .loadCompleted(
        append.id,
        Page(items: rows(4..<8), nextCursor: 8, itemsBefore: before, itemsAfter: after)))
    #expect(machine.appendState == .failed(.invalidItemCount))
    #expect(machine.ids == [0, 1, 2, 3])
    #expect(machine.nextCursor == 4)
    #expect(PagingError.invalidItemCount.isRetryable == false)
  }

  /// Two pages each valid alone can disagree (the list grew between their requests): an edge
  /// page whose counts, with the loaded rows and the other end's, make a list no `Int` holds
  /// fails with `invalidItemCount` and commits nothing; the list then shows, snapshots and
  /// refreshes without a trap, and its placeholders keep distinct ids under a filter.
  @Test func anEdgePageThatMakesTheListLongerThanAnIntFailsAndCommitsNothing() {
    var configuration = PagingConfiguration<Int>(
      prefetch: .fixed(1), retryPolicy: .manual, hedging: .off)
    configuration.jumpCursor = { max(0, $0 - 5) }
    var machine = Machine(configuration: configuration)
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(
      .loadCompleted(
        first.id,
        Page(
          items: rows(0..<10), nextCursor: 10, previousCursor: 1_000,
          itemsBefore: Int.max - 20, itemsAfter: 10)))
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(
      .loadCompleted(
        append.id, Page(items: rows(10..<27), nextCursor: nil, itemsBefore: 0, itemsAfter: 0)))
    #expect(machine.appendState == .failed(.invalidItemCount))
    #expect(machine.ids == Array(0..<10))
    #expect(machine.nextCursor == 10)
    #expect(machine.placeholdersBefore == Int.max - 20)
    #expect(machine.placeholdersAfter == 10)

    _ = machine.handle(.rowAppeared(.id(8)))
    #expect(machine.snapshot().pages.count == 1)
    _ = machine.handle(.setFilter({ $0.id % 2 == 0 }))
    let after = machine.rows.suffix(10).map(\.id)
    #expect(after == (Int.max - 10..<Int.max).map { .placeholder($0) })
    #expect(machine.handle(.refresh).loads.count == 1)
  }

  /// Counts at the edge of `Int` never trap: a list of `Int.max - 5` rows indexes its last
  /// items and its first placeholder, and signals at `Int.min` and `Int.max` are ignored.
  @Test func countsAtTheEdgeOfIntNeverTrap() {
    var machine = Machine(configuration: PagingConfiguration(prefetch: .fixed(1)))
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(
      .loadCompleted(
        first.id,
        Page(
          items: rows(0..<5), nextCursor: nil, previousCursor: -1, itemsBefore: .max - 10,
          itemsAfter: 0)))
    let rows = machine.rows
    #expect(rows.count == .max - 5)
    #expect(rows[.max - 6] == .item(Row(id: 4)))
    #expect(rows[0].id == .placeholder(0))
    #expect(rows[-1].id == .placeholder(-1))
    #expect(machine.handle(.placeholderAppeared(.min)).isEmpty)
    #expect(machine.handle(.placeholderAppeared(.max)).isEmpty)
    #expect(machine.metrics.appearanceSignalsIgnored == 2)
  }

  /// The jump thresholds an app may pass never trap: below 1 counts as 1, `Int.max` never
  /// jumps, and the automatic distance saturates with a prefetch distance of `Int.max`.
  @Test func extremeThresholdsNeverTrap() {
    var low = PeerTests.counted(jumpThreshold: .rows(-5))
    _ = low.send(.startAt(50))
    _ = low.complete(.refresh)
    #expect(low.send(.placeholderAppeared(48)) == [.refresh(48)])
    var high = PeerTests.counted(jumpThreshold: .rows(.max))
    _ = high.send(.startAt(50))
    _ = high.complete(.refresh)
    #expect(high.send(.placeholderAppeared(0)) == [.prepend(49)])
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(.max))
    configuration.jumpCursor = { $0 }
    #expect(configuration.jumpDistance == .max)
  }

  /// After a jump, a refresh with the default policy (from the start) keeps the place in a
  /// counted list: the pages from the reload distance above the rows on screen to the reload
  /// distance below them load again and commit at once, and no row on screen goes back to a
  /// placeholder (R31).
  @Test func aRefreshAfterAJumpKeepsTheRowsOnScreen() {
    var paging = PeerTests.counted(
      pageSize: 20, prefetchDistance: 6, initialLoadSize: 20, total: 1_000)
    #expect(paging.send(.start) == [.refresh(nil)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.placeholderAppeared(600)) == [.refresh(600)])
    // Row 600 took the placeholder's place on screen: it is at the prepend edge.
    #expect(paging.complete(.refresh) == [.prepend(599)])
    #expect(paging.ids == Array(600..<620))
    _ = paging.send(.placeholderDisappeared(600))
    for id in 600..<610 { _ = paging.send(.rowAppeared(.id(id))) }
    #expect(paging.send(.refresh) == [.refresh(584)])
    #expect(paging.complete(.refresh) == [.refresh(604)])
    #expect(paging.ids == Array(600..<620))
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == Array(584..<624))
    #expect(paging.machine.placeholdersBefore == 584)
    #expect(paging.machine.placeholdersAfter == 376)
    for id in 600..<610 { #expect(paging.machine.rows[id] == .item(Row(id: id))) }
  }

  /// An invalidation after a jump keeps the place as a refresh does.
  @Test func anInvalidationAfterAJumpKeepsTheRowsOnScreen() {
    var paging = PeerTests.counted(
      pageSize: 20, prefetchDistance: 6, initialLoadSize: 20, total: 1_000)
    _ = paging.send(.start)
    _ = paging.complete(.refresh)
    #expect(paging.send(.placeholderAppeared(600)) == [.refresh(600)])
    _ = paging.complete(.refresh)
    _ = paging.send(.placeholderDisappeared(600))
    for id in 600..<610 { _ = paging.send(.rowAppeared(.id(id))) }
    #expect(paging.send(.invalidate) == [.refresh(584)])
    #expect(paging.complete(.refresh) == [.refresh(604)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == Array(584..<624))
    for id in 600..<610 { #expect(paging.machine.rows[id] == .item(Row(id: id))) }
  }

  /// A jump that fails for good latches, as an edge does (R7): the placeholders still shown
  /// do not jump again until a retry, which jumps to the same page; meanwhile the edge loads
  /// towards them page by page, as for a source that cannot jump.
  @Test func aFailedJumpLatchesUntilRetry() {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    _ = paging.send(.startAt(50))
    _ = paging.complete(.refresh)
    #expect(paging.send(.placeholderAppeared(0)) == [.refresh(0)])
    #expect(paging.fail(.refresh) == [.prepend(49)])
    #expect(paging.send(.placeholderAppeared(1)) == [])
    #expect(paging.machine.metrics.jumps == 1)
    #expect(paging.ids == [50, 51])
    #expect(paging.send(.retry) == [.refresh(0)])
    // The placeholders shown are rows now, and the last of them is near the append edge.
    #expect(paging.complete(.refresh) == [.append(2)])
    #expect(paging.ids == [0, 1])
  }

  /// A snapshot keeps the counts: the restored list has the length it had.
  @Test func aSnapshotKeepsTheCounts() throws {
    var paging = PeerTests.counted()
    _ = paging.send(.startAt(50))
    _ = paging.complete(.refresh)
    var restored = Machine(configuration: PagingConfiguration(prefetch: .fixed(1)))
    try restored.restore(paging.machine.snapshot())
    #expect(restored.rows.count == 100)
    #expect(restored.placeholdersBefore == 50)
  }

  /// Through a paginator: a source that jumps, a placeholder row's appearance, one request,
  /// and the page that starts at it (the landing row is half a page below the placeholder, so
  /// that the page around it fills the screen from its top); a threshold for a source that cannot jump is
  /// refused before any request.
  @MainActor @Test func aPaginatorJumpsWithOneRequest() async {
    let source = ReplySource.offsets(total: 1_000, size: 20)
    let feed = Paginator(source: source)
    await feed.start()
    #expect(feed.rows.count == 1_000)
    feed.rowAppeared(feed.rows[600])
    await feed.waitForLoadsToEnd()
    // The jump, then the pages on either side that the prefetch distance reaches from the
    // rows now on screen.
    #expect(source.cursors == [nil, 600, 580, 620])
    #expect(feed.rows[600] == .item(Row(id: 600)))
    #expect(feed.metrics.jumps == 1)
    let refused = Paginator(
      source: ReplySource(pages: 2, size: 4),
      configuration: PagingConfiguration(jumpThreshold: .rows(50)))
    await refused.start()
    #expect(refused.refreshState == .failed(.jumpsNotSupported))
    #expect(refused.metrics.requestsStarted == 0)
  }

  /// Rulebook R23, R31: a jump shows another part of the same list, so the edits in force
  /// hold through it and when the list jumps back, as they do when it scrolls there page by
  /// page: a removed row stays removed, and a row inserted beside a row comes back with it. A
  /// refresh then drops them (the server's answer wins).
  @Test func aJumpKeepsTheEditsInForce() {
    var paging = PeerTests.counted(
      pageSize: 20, prefetchDistance: 5, initialLoadSize: 20, total: 1_000)
    #expect(paging.send(.start) == [.refresh(nil)])
    #expect(paging.complete(.refresh) == [])
    _ = paging.send(.edit(.remove(5)))
    _ = paging.send(.edit(.insert(Row(id: 5_000), at: .after(10))))
    let expected = Array(0..<5) + Array(6...10) + [5_000] + Array(11..<20)
    #expect(paging.ids == expected)
    #expect(paging.send(.placeholderAppeared(800)).map(\.direction) == [.refresh])
    _ = paging.complete(.refresh)
    #expect(paging.ids.first == 800)
    _ = paging.send(.placeholderDisappeared(800))
    #expect(paging.send(.placeholderAppeared(0)).map(\.direction) == [.refresh])
    _ = paging.complete(.refresh)
    #expect(paging.ids == expected)
    #expect(paging.machine.editsInForce.count == 2)
    #expect(paging.machine.metrics.jumps == 2)

    #expect(paging.send(.refresh).map(\.direction) == [.refresh])
    _ = paging.complete(.refresh)
    #expect(Array(paging.ids.prefix(20)) == Array(0..<20))
    #expect(paging.machine.editsInForce.isEmpty)
  }
}

/// Harnesses for the tests of counted lists.
enum PeerTests {
  /// The peer's harness with a counted source of `total` rows that jumps.
  static func counted(
    pageSize: Int = 1, prefetchDistance: Int = 1, initialLoadSize: Int = 2, total: Int = 100,
    jumpThreshold: JumpThreshold = .automatic
  ) -> PeerHarness {
    PeerHarness(
      pageSize: pageSize, prefetchDistance: prefetchDistance, initialLoadSize: initialLoadSize,
      counted: true, jumps: true, jumpThreshold: jumpThreshold, total: total)
  }
}
