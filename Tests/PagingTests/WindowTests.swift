import Paging
import PagingTestSupport
import Testing

/// Fault classes 20 and 21, rulebook R26 (the memory cap) and R27 (refresh policies), on a
/// feed of 20-row pages whose cursor is the offset of the page's first row and whose pages give
/// no previous cursor (a feed that only pages forward).
@Suite(.timeLimit(.minutes(minuteLimit))) struct WindowTests {
  /// A feed of `total` rows in pages of 20: the page at cursor `c` (`nil`: 0) holds rows
  /// `c ..< c + 20`.
  static func feedPage(_ request: PageRequest<Int>, total: Int = 200) -> Page<Row, Int> {
    let start = request.cursor ?? 0
    let end = min(total, start + 20)
    return page(start..<end, next: end < total ? end : nil)
  }

  /// Answers every load in `effects` from the feed, and the loads those answers start, until
  /// none is left; returns every request, in order.
  @discardableResult
  static func answer(_ effects: [PagingEffect<Int>], _ machine: inout Machine) -> [PageRequest<
    Int
  >] {
    var pending = effects.loads
    var sent: [PageRequest<Int>] = []
    while !pending.isEmpty {
      let request = pending.removeFirst()
      sent.append(request)
      pending += machine.handle(.loadCompleted(request.id, feedPage(request))).loads
    }
    return sent
  }

  /// Scrolls a screen of 10 rows, one row at a time, so that `rows` is the top row in turn;
  /// answers every load at once; returns the requests.
  static func scroll(_ rows: some Sequence<Int>, _ machine: inout Machine) -> [PageRequest<Int>] {
    var sent: [PageRequest<Int>] = []
    for top in rows {
      for id in top..<(top + 10) {
        sent += answer(machine.handle(.rowAppeared(.id(id))), &machine)
      }
      // Rows outside the screen have left it.
      let screen = top..<(top + 10)
      for id in machine.ids where !screen.contains(id) {
        _ = machine.handle(.rowDisappeared(.id(id)))
      }
    }
    return sent
  }

  static func capped(_ maxSize: Int, policy: RefreshPolicy = .fromStart) -> Machine {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6))
    configuration.maxSize = maxSize
    configuration.refreshPolicy = policy
    return Machine(configuration: configuration)
  }

  /// Fault class 20: a cap below a page plus twice the prefetch distance is refused with a
  /// typed error, up front and when the first page commits; nothing is dropped in a loop.
  @Test func aCapTooSmallForThePrefetchWindowIsRefused() throws {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6))
    configuration.maxSize = 31
    #expect(throws: PagingError.maxSizeTooSmall(maxSize: 31, required: 32)) {
      try configuration.validate(pageSize: 20)
    }
    configuration.maxSize = 32
    try configuration.validate(pageSize: 20)
    // The adaptive strategy can reach its maximum distance (100 rows by default).
    var adaptive = PagingConfiguration<Int>()
    adaptive.maxSize = 200
    #expect(throws: PagingError.maxSizeTooSmall(maxSize: 200, required: 220)) {
      try adaptive.validate(pageSize: 20)
    }

    var machine = Self.capped(31)
    let first = machine.handle(.start).loads[0]
    #expect(machine.handle(.loadCompleted(first.id, Self.feedPage(first))).isEmpty)
    #expect(
      machine.refreshState
        == .failed(.maxSizeTooSmall(maxSize: 31, required: 32)))
    #expect(machine.ids.isEmpty)
    #expect(machine.metrics.pagesDropped == 0)
  }

  /// Fault class 20 and R26: scrolling a 200-row feed with a cap of 60 loads each page once,
  /// never holds more than the cap plus a page (the hysteresis: drops start past 80 rows and
  /// go down to 60), and never drops a row on screen or in the prefetch window; scrolling back
  /// up reloads the dropped pages as prepends, the first one (loaded without a cursor) at the
  /// source's first page.
  @Test func aCappedScrollLoadsEachPageOnceAndReloadsDroppedPagesOnTheWayBack() {
    var machine = Self.capped(60)
    Self.answer(machine.handle(.start), &machine)
    var largest = 0
    var down: [PageRequest<Int>] = []
    for top in 0..<190 {
      down += Self.scroll([top], &machine)
      largest = max(largest, machine.items.count)
      #expect(
        machine.items.contains { $0.id == top } && machine.items.contains { $0.id == top + 9 })
    }
    #expect(down.map(\.cursor) == [20, 40, 60, 80, 100, 120, 140, 160, 180])
    #expect(largest <= 80)
    #expect(machine.ids == Array(120..<200))
    #expect(machine.metrics.pagesDropped == 6)
    #expect(machine.prependState == .idle)
    #expect(machine.hasPreviousPage)

    let up = Self.scroll((0..<190).reversed(), &machine)
    #expect(up.map(\.direction) == Array(repeating: .prepend, count: 6))
    #expect(up.map(\.cursor) == [100, 80, 60, 40, 20, nil])
    #expect(machine.ids == Array(0..<80))
    #expect(machine.prependState == .complete)
    #expect(machine.nextCursor == 80)
    #expect(machine.metrics.pagesDropped == 12)
  }

  /// R26: a page dropped above the rows on screen names the top visible row as the scroll
  /// anchor, so the list does not jump. Row 74 appearing (screen 65..74, row 64 not yet gone)
  /// loads rows 80..99, whose commit takes the window past the cap plus a page (100 rows) and
  /// drops rows 0..39, down to the cap.
  @Test func aDropAboveTheScreenAnchorsTheTopVisibleRow() {
    var machine = Self.capped(60)
    Self.answer(machine.handle(.start), &machine)
    _ = Self.scroll(0..<66, &machine)
    #expect(machine.metrics.pagesDropped == 2)
    #expect(machine.ids.first == 40)
    #expect(machine.scrollAnchor == 64)
  }

  /// R26: a page drops at an edge that waits to retry, and the retry's timer is cancelled:
  /// the page it would retry lies beyond the dropped one, and the edge reloads the dropped page
  /// first when the user scrolls back. Without it the window would grow past the cap while the
  /// user reads on. Pages give previous cursors (opened at row 100).
  @Test func aPageDropsAtAnEdgeWaitingToRetryAndItsTimerIsCancelled() {
    var machine = RandomizedWindowTests.cappedMachineOpenedAtRow100(maxSize: 60)
    func page(_ request: PageRequest<Int>) -> Page<Row, Int> {
      RandomizedWindowTests.feedPage(request, backwards: true)
    }
    let prepend = machine.handle(.rowAppeared(.id(100))).loads
    #expect(prepend.map(\.cursor) == [80])
    let failed = machine.handle(.loadFailed(prepend[0].id, Boom()))
    guard case .scheduleRetry(let retry) = failed.first else {
      Issue.record("no retry scheduled: \(failed)")
      return
    }
    _ = machine.handle(.rowDisappeared(.id(100)))
    var effects: [PagingEffect<Int>] = []
    // Four pages: past the cap plus a page (100 rows), two pages drop.
    for _ in 0..<4 {
      let append = machine.handle(.loadNextPage).loads[0]
      effects = machine.handle(.loadCompleted(append.id, page(append)))
    }
    #expect(effects == [.cancelRetry(retry.id)])
    #expect(machine.ids == Array(140..<200))
    #expect(machine.scheduledRetries.isEmpty)
    #expect(machine.prependState == .idle)
    #expect(machine.previousCursor == 120)
  }

  /// Fault class 21: deep in the list, a refresh around the anchor reloads the page holding
  /// the top visible row from its own cursor; the old rows stay until it commits, a late answer
  /// of the old generation is dropped, a second refresh joins it, the row stays the anchor, and
  /// the list grows both ways again (upwards at the page before it, by its cursor).
  @Test func aRefreshAroundTheAnchorKeepsTheReadersPlace() {
    var machine = Self.capped(1_000, policy: .aroundAnchor)
    Self.answer(machine.handle(.start), &machine)
    _ = Self.scroll(0..<75, &machine)
    // An append in flight when the refresh starts: its answer arrives late.
    let late = machine.handle(.loadNextPage).loads
    #expect(late.map(\.cursor) == [100])
    let refresh = machine.handle(.refresh).loads
    #expect(refresh.map(\.cursor) == [60])
    #expect(machine.handle(.refresh).loads.isEmpty)
    #expect(machine.ids == Array(0..<100))
    _ = machine.handle(.loadCompleted(late[0].id, Self.feedPage(late[0])))
    #expect(machine.metrics.staleResultsDropped == 1)
    let grown = Self.answer(
      machine.handle(.loadCompleted(refresh[0].id, Self.feedPage(refresh[0]))), &machine)
    #expect(machine.scrollAnchor == 74)
    // Rows 74..83 are on screen: the new page (60..79) ends within the prefetch distance.
    #expect(grown.map(\.direction) == [.append])
    #expect(grown.map(\.cursor) == [80])
    #expect(machine.ids == Array(60..<100))
    #expect(machine.generation.rawValue == 2)
    // The feed gives no previous cursor: the page before reloads by the cursor that loaded it.
    #expect(machine.previousCursor == 40)
    let up = Self.scroll((0..<74).reversed(), &machine)
    #expect(up.map(\.cursor) == [40, 20, nil])
    #expect(machine.ids == Array(0..<100))
    #expect(machine.prependState == .complete)
  }

  /// Fault class 21, the default: `.fromStart` reloads the first page, as before.
  @Test func theDefaultRefreshStartsAtTheOrigin() {
    var machine = Self.capped(1_000)
    Self.answer(machine.handle(.start), &machine)
    _ = Self.scroll(0..<75, &machine)
    #expect(machine.handle(.refresh).loads.map(\.cursor) == [nil])
  }

  /// Rulebook R23, R26: a row inserted at the start of the list leaves the window with the
  /// first page when the cap drops it, and comes back, once, when the window reaches the
  /// start again.
  @Test func aRowInsertedAtTheStartComesBackWithTheStartOfTheList() {
    var machine = Self.capped(60)
    Self.answer(machine.handle(.start), &machine)
    _ = machine.handle(.edit(.insert(Row(id: 9_000), at: .start)))
    #expect(machine.ids.prefix(3) == [9_000, 0, 1])
    _ = Self.scroll(0..<190, &machine)
    #expect(!machine.ids.contains(9_000))
    _ = Self.scroll((0..<190).reversed(), &machine)
    #expect(machine.ids.prefix(3) == [9_000, 0, 1])
    #expect(machine.ids.filter { $0 == 9_000 }.count == 1)
  }

  /// The same at the end of the list: a row inserted at the end leaves with the last page and
  /// comes back, once, after the last row, when the window reaches the end again.
  @Test func aRowInsertedAtTheEndComesBackWithTheEndOfTheList() {
    var machine = Self.capped(60)
    Self.answer(machine.handle(.start), &machine)
    _ = Self.scroll(0..<190, &machine)
    #expect(machine.ids.last == 199)
    _ = machine.handle(.edit(.insert(Row(id: 9_001), at: .end)))
    #expect(machine.ids.suffix(2) == [199, 9_001])
    _ = Self.scroll((0..<190).reversed(), &machine)
    #expect(!machine.ids.contains(9_001))
    _ = Self.scroll(0..<190, &machine)
    #expect(machine.ids.suffix(2) == [199, 9_001])
    #expect(machine.ids.filter { $0 == 9_001 }.count == 1)
  }

  /// Rulebook R23, R26: a row moved beside another leaves the window with that row's page
  /// when the cap drops it, though its own page stays, and comes back beside that row, once,
  /// when its page loads again.
  @Test func aMovedRowComesBackBesideTheRowItWasMovedAfter() {
    var machine = Self.capped(60)
    Self.answer(machine.handle(.start), &machine)
    _ = Self.scroll(0..<100, &machine)
    #expect(machine.ids.contains(45) && machine.ids.contains(99))
    _ = machine.handle(.edit(.move(45, to: .after(99))))
    #expect(machine.ids.firstIndex(of: 45) == machine.ids.firstIndex(of: 99).map { $0 + 1 })
    _ = Self.scroll((0..<100).reversed(), &machine)
    #expect(!machine.ids.contains(99))
    #expect(machine.ids.contains(44) && machine.ids.contains(46))
    #expect(!machine.ids.contains(45))
    _ = Self.scroll(0..<100, &machine)
    #expect(machine.ids.firstIndex(of: 45) == machine.ids.firstIndex(of: 99).map { $0 + 1 })
    #expect(machine.ids.filter { $0 == 45 }.count == 1)
  }

  /// Rows put against each other come back together: a row inserted after a row that was then
  /// moved comes back with it in the same step, whichever edit came first.
  @Test func aRowPutAgainstAMovedRowComesBackWithIt() {
    var machine = Self.capped(60)
    Self.answer(machine.handle(.start), &machine)
    _ = Self.scroll(0..<100, &machine)
    _ = machine.handle(.edit(.insert(Row(id: 9_000), at: .after(45))))
    _ = machine.handle(.edit(.move(45, to: .after(99))))
    _ = Self.scroll(100..<190, &machine)
    #expect(!machine.ids.contains(99) && !machine.ids.contains(45))
    #expect(!machine.ids.contains(9_000))
    for top in (90..<190).reversed() {
      _ = Self.scroll([top], &machine)
      if machine.ids.contains(99) {
        #expect(machine.ids.contains(9_000), "row 99 is back without 9000 at top row \(top)")
      }
    }
    let ids = machine.ids
    let at = ids.firstIndex(of: 99)
    #expect(at.map { Array(ids[$0...($0 + 2)]) } == [99, 45, 9_000])
    #expect(ids.filter { $0 == 45 || $0 == 9_000 }.count == 2)
  }

  /// A row put at the start or the end of a window that does not hold that end of the list
  /// stays beside the row it was put next to: the window's end moves as pages load and drop.
  @Test func aRowPutAtAnEndOfTheWindowStaysBesideTheRowThere() {
    var machine = Self.capped(60)
    Self.answer(machine.handle(.start), &machine)
    _ = Self.scroll(0..<100, &machine)
    let (first, last) = (machine.ids[0], machine.ids[machine.ids.count - 1])
    #expect(first > 0 && last < 199)
    _ = machine.handle(.edit(.insert(Row(id: 9_000), at: .start)))
    _ = machine.handle(.edit(.insert(Row(id: 9_001), at: .end)))
    #expect(machine.ids.first == 9_000 && machine.ids.last == 9_001)
    _ = Self.scroll((0..<100).reversed(), &machine)
    #expect(!machine.ids.contains(9_001))
    let top = machine.ids
    #expect(top.firstIndex(of: 9_000) == top.firstIndex(of: first).map { $0 - 1 })
    _ = Self.scroll(0..<190, &machine)
    #expect(!machine.ids.contains(9_000))
    _ = Self.scroll((0..<190).reversed(), &machine)
    _ = Self.scroll(0..<100, &machine)
    let down = machine.ids
    #expect(down.contains(last))
    #expect(down.firstIndex(of: 9_001) == down.firstIndex(of: last).map { $0 + 1 })
    _ = Self.scroll((first..<100).reversed(), &machine)
    let up = machine.ids
    #expect(up.contains(first))
    #expect(up.firstIndex(of: 9_000) == up.firstIndex(of: first).map { $0 - 1 })
    #expect(up.filter { $0 == 9_000 }.count == 1)
  }

  /// A row inserted after a row that is then removed stays where it is, and comes back there
  /// after the cap dropped its page: it is put against the row before it, since the removed
  /// row never loads again (R23).
  @Test func aRowPutAgainstARemovedRowStaysWhereItIs() {
    var machine = Self.capped(60)
    Self.answer(machine.handle(.start), &machine)
    _ = Self.scroll(0..<100, &machine)
    _ = machine.handle(.edit(.insert(Row(id: 9_000), at: .after(45))))
    _ = machine.handle(.edit(.remove(45)))
    _ = Self.scroll(100..<190, &machine)
    #expect(!machine.ids.contains(44) && !machine.ids.contains(9_000))
    _ = Self.scroll((0..<190).reversed(), &machine)
    let ids = machine.ids
    #expect(ids.firstIndex(of: 9_000) == ids.firstIndex(of: 44).map { $0 + 1 })
    #expect(ids.firstIndex(of: 46) == ids.firstIndex(of: 44).map { $0 + 2 })
    #expect(ids.filter { $0 == 9_000 }.count == 1 && !ids.contains(45))
  }
}
