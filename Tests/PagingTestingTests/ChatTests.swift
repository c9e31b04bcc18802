import Paging
import PagingBaselines
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// A chat: the list opens at the newest page, scrolled to its bottom, and the user reads
/// upward through older pages, which are put above the rows on screen.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct ChatTests {
  /// The 10-row list of the other tests (64-point rows, 640 points), opened at its bottom,
  /// with no footer below the newest row.
  static let chatList = ListSimulatorConfiguration(
    rowHeight: 64, viewportHeight: 640, showsFooter: false, opensAtBottom: true)
  let frame = ListSimulatorConfiguration().frameDuration

  func naive(_ server: Server, _ clock: TestClock) -> NaiveChatFeed<Server> {
    NaiveChatFeed(source: server, newestCursor: .newest)
  }

  func guarded(_ server: Server, _ clock: TestClock) -> GuardedChatFeed<Server> {
    GuardedChatFeed(source: server, newestCursor: .newest)
  }

  /// `newest`, then `before(480)`, `before(460)`, … down to `before(last)`.
  func cursors(olderPagesDownTo last: Int) -> [ServerCursor?] {
    [.newest] + stride(from: 480, through: last, by: -20).map { before($0) }
  }

  @Test func readingUpwardThroughFiveHundredRowsSendsEachPageOnceAndNeverMovesTheRow() async {
    let chat = chatSession(chatPaginator)
    await chat.begin()
    await chat.list.readUpward(rows: 500, speed: 640)  // 10 rows a second
    let report = chat.report
    // Each page once, and one hedge (the default policy) for the page whose load ran long.
    #expect(
      chat.server.log.filter { !$0.request.isHedge }.map(\.request.cursor)
        == cursors(olderPagesDownTo: 20))
    #expect(chat.server.log.filter(\.request.isHedge).map(\.request.cursor) == [before(320)])
    #expect(chat.server.log.dropFirst().allSatisfy { $0.request.direction == .prepend })
    #expect(report.requestsIssued == 26)
    #expect(report.hedgedRequests == 1)
    #expect(report.duplicateRequests == 0)
    #expect(report.requestsAfterEnd == 0)
    #expect(report.prepends == 24)
    #expect(report.viewportJumps == 0)
    #expect(report.anchorMovement == 0)
    #expect(report.rowsShown == 500)
    #expect(report.duplicateRowsShown == 0)
    #expect(report.rowsOutOfOrder == 0)
    #expect(report.stallTime == .zero)
    // Cellular latency has a heavy tail: the user waits at the top 0.55 s over 24 pages (the
    // hedge answers the slow page sooner).
    #expect(report.stallTimeAtTop == frame * 33)
    #expect(chat.feed.hasPreviousPage == false)
    #expect(chat.list.contentOffset == 0)
  }

  @Test func theGuardedChatWaitsAtTheTopForEveryPage() async {
    let chat = chatSession(guarded)
    await chat.begin()
    await chat.list.readUpward(rows: 500, speed: 640)
    let report = chat.report
    #expect(chat.server.log.map(\.request.cursor) == cursors(olderPagesDownTo: 20))
    #expect(report.duplicateRequests == 0)
    #expect(report.requestsAfterEnd == 0)
    #expect(report.viewportJumps == 0)
    #expect(report.rowsShown == 500)
    // It asks for each older page only at the top row: 3.2 times the paginator's wait.
    #expect(report.stallTimeAtTop == frame * 424)
  }

  // Fault class 17.
  @Test func aPrependWithoutAnAnchorThrowsTheUserToTheNewRowsInAChain() async {
    // The user reads the 10 rows above the first screen, reaching the top row, then stops.
    let naive = chatSession(naive)
    await naive.begin()
    await naive.list.readUpward(rows: 10, speed: 640)
    await naive.list.idle(for: .seconds(30))
    // Each older page lands above with the offset kept: the user sees its top rows, whose top
    // row loads the next one, down to the start of the history.
    #expect(naive.server.log.map(\.request.cursor) == cursors(olderPagesDownTo: 20))
    #expect(naive.report.prepends == 24)
    #expect(naive.report.viewportJumps == 24)
    #expect(naive.report.anchorMovement == 24 * 20 * 64)
    #expect(naive.report.rowsShown == 260)

    let paginator = chatSession(chatPaginator)
    await paginator.begin()
    await paginator.list.readUpward(rows: 10, speed: 640)
    await paginator.list.idle(for: .seconds(30))
    // Two older pages, prefetched at the first screen (the initial distance of 20 rows holds
    // until three loads were measured); the user stays on the rows read.
    #expect(paginator.server.log.map(\.request.cursor) == cursors(olderPagesDownTo: 460))
    #expect(paginator.report.prepends == 2)
    #expect(paginator.report.viewportJumps == 0)
    #expect(paginator.report.anchorMovement == 0)
    #expect(paginator.report.rowsShown == 20)
    #expect(paginator.list.contentOffset == 40 * 64)
  }

  @Test func theNaiveChatReadingUpwardIsThrownAboutUntilTheUserGivesUp() async {
    let chat = chatSession(naive)
    await chat.begin()
    await chat.list.readUpward(rows: 500, speed: 640)
    let report = chat.report
    #expect(report.prepends == 18)
    #expect(report.viewportJumps == 18)
    #expect(report.anchorMovement == 18 * 20 * 64)
    // Held at the top by each jump, the user waits out the 10 s of patience.
    #expect(report.stallTimeAtTop == frame * 600)
    #expect(report.rowsShown == 200)
  }

  // Fault class 18.
  @Test func aPrependOverlappingTheRefreshedPageAddsNoDuplicate() async {
    // After the refresh, the first older page (request 6) starts 5 rows late: it repeats
    // rows 480 to 484 of the refreshed page.
    let faults = Server.Faults(repeatedItems: [6: 5])
    let chat = chatSession(latency: .fixed(.milliseconds(300)), faults: faults, chatPaginator)
    await chat.begin()
    await chat.list.readUpward(rows: 30, speed: 640)
    await chat.list.pullToRefresh()
    await chat.list.idle(for: .seconds(2))
    // After the refresh, the distance measured while reading up before it reaches two older
    // pages (the first screen's burst of appearances measures nothing, R3).
    #expect(
      chat.server.log.map(\.request.cursor) == [
        .newest, before(480), before(460), before(440), .newest, before(480), before(460),
      ])
    // 25 rows, 460 to 484: a page of 20 and the 5 it repeats of the refreshed page.
    #expect(chat.server.log[5].outcome == .page(rows: 25, endsList: false))
    #expect(chat.feed.items.map(\.id) == Array(440..<500))
    #expect(chat.report.duplicateRowsShown == 0)
    #expect(chat.report.viewportJumps == 0)

    // The naive chat chains to the start before the refresh, so its first older page after
    // the refresh is request 27; given the same overlap, it keeps both copies.
    let naive = chatSession(
      latency: .fixed(.milliseconds(300)), faults: Server.Faults(repeatedItems: [27: 5]), naive)
    await naive.begin()
    await naive.list.readUpward(rows: 30, speed: 640)
    await naive.list.pullToRefresh()
    await naive.list.idle(for: .seconds(2))
    #expect(naive.server.log[25].request.cursor == .newest)
    #expect(naive.server.log[26].request.cursor == before(480))
    let naiveIDs = naive.feed.items.map(\.id)
    #expect(naiveIDs.count - Set(naiveIDs).count == 5)
  }
}

/// A keyset cursor before row `id`: the page that ends just above it.
func before(_ id: Int) -> ServerCursor { ServerCursor(position: .before(id)) }

/// A 500-row chat history (row 499 the newest) in pages of 20, with cellular latency, shown in
/// a 10-row list that opens at its bottom; `makeFeed` builds the feed over the server.
@MainActor
func chatSession<Feed: ListFeed>(
  items: [Row] = rows(500), latency: LatencyModel = .cellular,
  faults: Server.Faults = Server.Faults(), serverSeed: UInt64 = 0,
  list: ListSimulatorConfiguration = ChatTests.chatList,
  _ makeFeed: (Server, TestClock) -> Feed
) -> Session<Feed> where Feed.Item == Row {
  session(
    items: items, pageSize: 20, pagination: .keyset, latency: latency, faults: faults,
    serverSeed: serverSeed, list: list, makeFeed: makeFeed)
}

/// ``chatSession(items:latency:faults:serverSeed:list:_:)`` over a paginator.
@MainActor
func chatSession(
  items: [Row] = rows(500), latency: LatencyModel = .cellular,
  faults: Server.Faults = Server.Faults(), serverSeed: UInt64 = 0,
  list: ListSimulatorConfiguration = ChatTests.chatList,
  _ makePaginator: (Server, TestClock) -> Paginator<Row, ServerCursor>
) -> Session<PaginatorFeed<Row, ServerCursor>> {
  chatSession(
    items: items, latency: latency, faults: faults, serverSeed: serverSeed, list: list
  ) { server, clock in PaginatorFeed(makePaginator(server, clock)) }
}

/// A paginator that opens at the newest page.
@MainActor
func chatPaginator(_ server: Server, _ clock: TestClock) -> Paginator<Row, ServerCursor> {
  Paginator(
    source: server, configuration: PagingConfiguration(initialCursor: .newest), clock: clock)
}
