import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// The visible set as a row signal (what iOS 18's scroll-target visibility reports): the
/// engine gets from it the signals `onAppear` and `onDisappear` give, so the same rules hold
/// (rulebook R1 to R3).
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct VisibleRowsTests {
  typealias Source = ScriptedPageSource<Row, Int>

  /// A paginator whose first page (rows 0..<20, next 20) has committed.
  func loaded(_ source: Source) async -> Paginator<Row, Int> {
    let paginator = Paginator(
      source: source, configuration: PagingConfiguration(prefetch: .fixed(6)))
    let start = Task { await paginator.start() }
    source.complete(await source.request(at: 0), items: rows(0..<20), next: 20)
    await start.value
    return paginator
  }

  @Test func theVisibleSetTellsWhatAppearedAndWhatLeft() async {
    let source = Source()
    let feed = await loaded(source)

    feed.visibleRowsChanged(Array(0..<8), drawnAround: 0)
    #expect(feed.stateMachine.viewport.visible == Set(0..<8))
    feed.visibleRowsChanged(Array(4..<12), drawnAround: 0)
    #expect(feed.stateMachine.viewport.visible == Set(4..<12))
    #expect(feed.stateMachine.viewport.lowest == 4)
    #expect(feed.stateMachine.viewport.highest == 11)
    feed.visibleRowsChanged(Array(6..<14), drawnAround: 0)
    #expect(feed.loadsInFlight.isEmpty)  // row 13: 6 rows after it, as many as the distance

    feed.visibleRowsChanged(Array(7..<15), drawnAround: 0)  // row 14: within 6 rows of the end
    #expect(feed.loadsInFlight.map(\.cursor) == [20])
    let append = await source.request(at: 1)
    #expect(append.direction == .append)
    // The load in flight: one request per edge.
    feed.visibleRowsChanged(Array(8..<16), drawnAround: 0)
    #expect(feed.loadsInFlight.count == 1)

    feed.visibleRowsChanged([Int](), drawnAround: 0)
    #expect(feed.stateMachine.viewport.visible.isEmpty)
    source.complete(append, items: rows(20..<40), next: 40)
    await feed.waitUntilIdle()
    #expect(feed.items.count == 40)
  }

  /// The same visible sets, told by the set and by each row's appearance and disappearance,
  /// give the same requests and the same engine state.
  @Test func theSetAndTheRowsGiveTheSameSignals() async {
    let sets = [Array(0..<8), Array(3..<11), Array(9..<17), Array(2..<10), [5, 6], Array(12..<20)]
    let bySet = Source()
    let byRows = Source()
    let setFeed = await loaded(bySet)
    let rowFeed = await loaded(byRows)
    var shown: [Int] = []
    for set in sets {
      setFeed.visibleRowsChanged(set, drawnAround: 0)
      for id in shown where !set.contains(id) { rowFeed.rowDisappeared(rowFeed.items[id]) }
      for id in set where !shown.contains(id) { rowFeed.rowAppeared(rowFeed.items[id]) }
      shown = set
      #expect(setFeed.stateMachine.viewport.visible == rowFeed.stateMachine.viewport.visible)
      #expect(setFeed.stateMachine.viewport.lowest == rowFeed.stateMachine.viewport.lowest)
      #expect(setFeed.stateMachine.viewport.highest == rowFeed.stateMachine.viewport.highest)
      #expect(setFeed.loadsInFlight.map(\.cursor) == rowFeed.loadsInFlight.map(\.cursor))
    }
    #expect(setFeed.loadsInFlight.map(\.cursor) == [20])
  }

  /// The rows a lazy container draws beyond the viewport count as shown, as their `onAppear`
  /// would tell them: the next page starts as early as with `onAppear`.
  @Test func theRowsDrawnAroundTheVisibleOnesCountAsShown() async {
    let source = Source()
    let feed = await loaded(source)
    feed.visibleRowsChanged(Array(3..<10))
    #expect(feed.stateMachine.viewport.visible == Set(1..<12))
    feed.visibleRowsChanged([0, 1], drawnAround: 5)
    #expect(feed.stateMachine.viewport.visible == Set(0..<7))
    feed.visibleRowsChanged(Array(5..<13))  // row 14 is drawn: within 6 rows of the end
    #expect(feed.stateMachine.viewport.visible == Set(3..<15))
    #expect(feed.loadsInFlight.map(\.cursor) == [20])
    feed.visibleRowsChanged([18, 19], drawnAround: .max)  // no overflow: every loaded row
    #expect(feed.stateMachine.viewport.visible == Set(0..<20))
    feed.visibleRowsChanged([19], drawnAround: -3)  // below 0 counts as 0
    #expect(feed.stateMachine.viewport.visible == [19])
  }

  /// Under a filter the rows drawn around the visible ones are shown rows: a row the filter
  /// hides is in no list, so the margin skips it (rulebook R25: distances in shown rows).
  @Test func theRowsDrawnAroundAreShownRowsUnderAFilter() async {
    let source = Source()
    let feed = await loaded(source)
    feed.filter = { $0.id.isMultiple(of: 2) }
    feed.visibleRowsChanged([8])
    #expect(feed.stateMachine.viewport.visible == [4, 6, 8, 10, 12])
    feed.visibleRowsChanged([2, 14], drawnAround: 1)
    #expect(feed.stateMachine.viewport.visible == [0, 2, 14, 16])
    feed.visibleRowsChanged([7, 9])  // hidden rows: ignored, as an unknown row's id is
    #expect(feed.stateMachine.viewport.visible.isEmpty)
  }

  /// Ids of rows not loaded are ignored, as an appearance of an unknown row is.
  @Test func unknownIdsAreIgnored() async {
    let source = Source()
    let feed = await loaded(source)
    feed.visibleRowsChanged([500, 501])
    #expect(feed.stateMachine.viewport.visible.isEmpty)
    #expect(feed.loadsInFlight.isEmpty)
  }
}
