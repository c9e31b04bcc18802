import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// The one script type for a simulated user: scaling, and each step played on a list.
@MainActor
@Suite("UserStep: a simulated user's script", .timeLimit(.minutes(minuteLimit)))
struct UserStepTests {
  struct Row: Identifiable, Sendable, Hashable {
    let id: Int
    var title: String { ["apple", "abbey", "abcess", "banana", "crab"][id % 5] + " \(id)" }
  }

  @Test("scaled(by:) divides durations and multiplies speeds; below 1 counts as 1")
  func scaled() {
    let steps: [UserStep] = [
      .openScreen(thenWait: .seconds(2)), .idle(.seconds(1)),
      .scrollToRow(30, over: .seconds(4)), .scroll(rows: 3, over: .milliseconds(600)),
      .fling(velocity: 8_000), .jitterAtBottom(times: 5), .jitter(times: 5),
      .readUpward(rows: 10, speed: 80),
      .readOnUntilLoading(rowsAtMost: 30, rowDuration: .milliseconds(250)),
      .readToEnd(rowsPerSecond: 3, limit: .seconds(40)), .pullToRefresh,
      .type("ab", gaps: [.milliseconds(200)]), .networkDrops(answers: 2),
      .repeating(2, [.idle(.seconds(2))]),
    ]
    #expect(
      steps.map { $0.scaled(by: 2) } == [
        .openScreen(thenWait: .seconds(1)), .idle(.milliseconds(500)),
        .scrollToRow(30, over: .seconds(2)), .scroll(rows: 3, over: .milliseconds(300)),
        .fling(velocity: 16_000), .jitterAtBottom(times: 5), .jitter(times: 5, speed: 2),
        .readUpward(rows: 10, speed: 160),
        .readOnUntilLoading(rowsAtMost: 30, rowDuration: .milliseconds(125)),
        .readToEnd(rowsPerSecond: 6, limit: .seconds(20)), .pullToRefresh,
        .type("ab", gaps: [.milliseconds(100)]), .networkDrops(answers: 2),
        .repeating(2, [.idle(.seconds(1))]),
      ])
    #expect(steps.map { $0.scaled(by: 0.5) } == steps)
  }

  @Test("a script plays in order; readToEnd reports whether the end came")
  func perform() async {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<100).map(Row.init(id:)), pageSize: 20, latency: .fixed(.milliseconds(100)),
      clock: clock)
    let list = ListSimulator(
      feed: Paginator(source: server, clock: clock), server: server, clock: clock)
    await [UserStep.openScreen(thenWait: .seconds(1)), .scrollToRow(10, over: .seconds(1))]
      .perform(on: list)
    #expect(list.contentOffset == 800)
    #expect(list.now > .seconds(2))
    // 3 rows a second cannot reach row 100 in 2 s: the user gives up.
    #expect(!(await UserStep.readToEnd(rowsPerSecond: 3, limit: .seconds(2)).perform(on: list)))
    #expect(await UserStep.readToEnd(rowsPerSecond: 20, limit: .seconds(30)).perform(on: list))
    #expect(list.feed.rowCount == 100)
  }

  @Test("network hooks: readOnUntilLoading stops once a request is in flight; drops reach the hook")
  func network() async {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<1_000).map(Row.init(id:)), pageSize: 20, latency: .fixed(.milliseconds(100)),
      clock: clock)
    let list = ListSimulator(
      feed: Paginator(source: server, clock: clock), server: server, clock: clock)
    var dropped = 0
    var checks = 0
    let network = UserStep.Network(
      isLoading: {
        checks += 1
        return checks > 3
      }, dropAnswers: { dropped += $0 })
    await [
      UserStep.openScreen(thenWait: .seconds(1)),
      .readOnUntilLoading(rowsAtMost: 30, rowDuration: .milliseconds(250)),
      .networkDrops(answers: 2),
    ].perform(on: list, network: network)
    // Three rows read before the hook said a request was in flight.
    #expect(list.contentOffset == 240)
    #expect(dropped == 2)
  }

  @Test("type: one query per keystroke, through the feed's queryChanged")
  func typing() async {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<1_000).map(Row.init(id:)), pageSize: 20, latency: .fixed(.milliseconds(300)),
      search: { row, text in row.title.contains(text) }, clock: clock)
    let list = ListSimulator(
      feed: Paginator(source: server, clock: clock), server: server, clock: clock)
    await [UserStep.openScreen(thenWait: .seconds(1)), .type("abc", gaps: [.milliseconds(80)])]
      .perform(on: list)
    let firstPages = server.log.filter { $0.request.direction == .refresh }
    #expect(firstPages.map { $0.request.query(as: String.self) } == [nil, "a", "ab", "abc"])
  }
}
