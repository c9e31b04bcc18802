import Paging
import PagingTestSupport
import Testing

/// Rulebook R26's hysteresis and reload distance, with exact values: a cap of 60 over 20-row
/// pages and a prefetch distance of 6, so the reload distance is 15 (a quarter of the cap).
@Suite(.timeLimit(.minutes(minuteLimit))) struct CapReloadTests {
  /// Drops start only past the cap plus the largest page (80 rows), then go down to the cap:
  /// the window holds 80 rows without a drop, and the commit that makes it 100 drops two
  /// pages at once. With no row visible, the edge just loaded is where the user is, so the
  /// pages drop at the top. Pages give previous cursors (opened at row 100).
  @Test func dropsWaitForAPageOverTheCapThenGoDownToTheCap() {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6))
    configuration.maxSize = 60
    var machine = Machine(configuration: configuration)
    let first = machine.handle(.startAt(100)).loads[0]
    _ = machine.handle(
      .loadCompleted(first.id, RandomizedWindowTests.feedPage(first, backwards: true)))
    var held: [Int] = []
    var dropped: [Int] = []
    for _ in 0..<6 {
      let append = machine.handle(.loadNextPage).loads[0]
      _ = machine.handle(
        .loadCompleted(append.id, RandomizedWindowTests.feedPage(append, backwards: true)))
      held.append(machine.ids.count)
      dropped.append(machine.metrics.pagesDropped)
    }
    #expect(held == [40, 60, 80, 60, 80, 60])
    #expect(dropped == [0, 0, 0, 2, 2, 4])
    #expect(machine.ids == Array(180..<240))
    #expect(machine.previousCursor == 160)
  }

  /// After the cap dropped pages above the screen, scrolling back up loads the dropped page
  /// beyond the top when the top visible row comes within the reload distance (15 rows) of the
  /// first loaded row, not the prefetch distance (6): row 134 of a window that starts at 120.
  @Test func aDroppedPageReloadsAheadAtTheReloadDistance() {
    var machine = WindowTests.capped(60)
    WindowTests.answer(machine.handle(.start), &machine)
    _ = WindowTests.scroll(0..<190, &machine)
    #expect(machine.ids == Array(120..<200))
    var firstPrepend: (top: Int, cursor: Int?)?
    for top in (0..<190).reversed() where firstPrepend == nil {
      let sent = WindowTests.scroll([top], &machine)
      if let prepend = sent.first(where: { $0.direction == .prepend }) {
        firstPrepend = (top, prepend.cursor)
      }
    }
    #expect(firstPrepend?.top == 134)
    #expect(firstPrepend?.cursor == 100)
    #expect(machine.ids.first == 100)
  }

  /// A page the user reads towards is not dropped while the drop would leave fewer rows than
  /// the reload distance above the visible rows: here the prepend of rows 80..99 takes the
  /// window to 100 rows while the bottom edge loads, the top page is the only one that could
  /// drop, and dropping it would leave 8 rows above row 108 (at least the prefetch distance,
  /// less than the reload distance). It stays; the drops come at the bottom once its load
  /// commits, down to the cap.
  @Test func aPageWithinTheReloadDistanceOfTheScreenIsNotDropped() {
    var machine = RandomizedWindowTests.cappedMachineOpenedAtRow100(maxSize: 60)
    func page(_ request: PageRequest<Int>) -> Page<Row, Int> {
      RandomizedWindowTests.feedPage(request, backwards: true)
    }
    for _ in 0..<3 {
      let append = machine.handle(.loadNextPage).loads[0]
      _ = machine.handle(.loadCompleted(append.id, page(append)))
    }
    #expect(machine.ids == Array(100..<180))
    for id in 108..<118 { #expect(machine.handle(.rowAppeared(.id(id))).isEmpty) }
    let append = machine.handle(.loadNextPage).loads[0]
    let prepend = machine.handle(.loadPreviousPage).loads[0]
    #expect(prepend.cursor == 80)
    #expect(machine.handle(.loadCompleted(prepend.id, page(prepend))).isEmpty)
    #expect(machine.ids == Array(80..<180))
    #expect(machine.metrics.pagesDropped == 0)
    _ = machine.handle(.loadCompleted(append.id, page(append)))
    #expect(machine.ids == Array(80..<140))
    #expect(machine.metrics.pagesDropped == 3)
    #expect(machine.nextCursor == 140)
  }
}
