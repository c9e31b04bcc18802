import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// The test kit's public API at numbers at the ends of their types: no setting traps or hangs
/// (rulebook R26); each is bounded as its documentation says.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit)))
struct TestKitExtremeInputTests {
  private struct Item: Identifiable, Sendable, Hashable { let id: Int }

  private func list(_ configuration: ListSimulatorConfiguration) -> (
    TestClock, ListSimulator<PaginatorFeed<Item, SimulatedFeedServer<Item>.Cursor>>
  ) {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<100).map(Item.init), pageSize: 10, latency: .fixed(.milliseconds(100)),
      clock: clock)
    let feed = Paginator(
      source: server, configuration: PagingConfiguration(prefetch: .fixed(5)), clock: clock)
    return (
      clock, ListSimulator(feed: feed, server: server, configuration: configuration, clock: clock)
    )
  }

  /// A viewport of infinite height is the largest one (10⁹ points).
  @Test func anInfiniteViewportIsTheLargest() async {
    let (_, list) = list(ListSimulatorConfiguration(viewportHeight: .infinity))
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    #expect(list.report().rowsShown >= 0)
  }

  /// A viewport of 10³⁰⁰ points, finite, but more rows than an `Int` counts.
  @Test func aViewportOfMoreRowsThanAnIntCountsIsTheLargest() async {
    let (_, list) = list(ListSimulatorConfiguration(viewportHeight: 1e300))
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    #expect(list.report().rowsShown >= 0)
  }

  /// A forward margin of `Int.max` rows is the largest one (1,000,000 rows).
  @Test func aForwardMarginOfIntMaxIsTheLargest() async {
    let (_, list) = list(ListSimulatorConfiguration(forwardMargin: .max))
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    #expect(list.report().rowsShown >= 0)
  }

  /// A fling at a speed that is not a number flings nothing, and ends.
  @Test func aFlingAtNaNVelocityEnds() async {
    let (_, list) = list(ListSimulatorConfiguration())
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    await list.fling(velocity: .nan)
    #expect(list.report().rowsShown > 0)
  }

  /// A jitter over every row count an `Int` holds moves at most 1,000,000 rows.
  @Test func aJitterOverEveryRowCountIsBounded() async {
    let (_, list) = list(ListSimulatorConfiguration())
    await list.startScreenTask()
    await list.scroll(to: 200, duration: .seconds(5))
    await list.jitterAtBottom(times: 1, rows: 0...Int.max)
    #expect(list.report().rowsShown > 0)
  }

  /// The test clock advanced by 10²⁰ s twice saturates, as the engine's own waits do.
  @Test func aTestClockAdvancedFarTwiceSaturates() {
    let clock = TestClock()
    clock.advance(by: .seconds(1e20))
    clock.advance(by: .seconds(1e20))
    #expect(clock.now > TestClock.Instant(offset: .zero))
  }

  /// A server with pages of `Int.max` rows answers an offset with every row from it.
  @Test func aServerWithPagesOfIntMaxAnswersAnOffset() async throws {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<10).map(Item.init), pageSize: .max, pagination: .countedOffset,
      latency: .fixed(.seconds(1)), clock: clock)
    let task = Task {
      try await server.loadPage(
        PageRequest(direction: .append, cursor: .init(position: .offset(5))))
    }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    let page = try await task.value
    #expect(page.items.map(\.id) == Array(5..<10))
  }

  /// A repeated-items fault of a negative count repeats none.
  @Test func aRepeatedItemsFaultOfANegativeCountRepeatsNone() async throws {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<10).map(Item.init), pageSize: 5, latency: .fixed(.seconds(1)),
      faults: .init(repeatedItems: [1: .min]), clock: clock)
    let task = Task { try await server.loadPage(PageRequest(direction: .refresh, cursor: nil)) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    let page = try await task.value
    #expect(page.items.map(\.id) == Array(0..<5))
  }

  /// A log-normal latency whose median no `Int64` of microseconds holds waits the longest one.
  @Test func aLogNormalMedianPastInt64WaitsTheLongest() async throws {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<10).map(Item.init), pageSize: 5,
      latency: .logNormal(median: .seconds(10_000_000_000_000), sigma: 0), clock: clock)
    let task = Task { try await server.loadPage(PageRequest(direction: .refresh, cursor: nil)) }
    await clock.waitForSleepers(1)
    task.cancel()
  }

  /// A cursor around `Int.min` is the first page's.
  @Test func aCursorAroundIntMinIsTheFirstPage() {
    let server = SimulatedFeedServer(
      items: (0..<10).map(Item.init), pagination: .countedOffset, clock: TestClock())
    #expect(server.cursor(around: .min) == .init(position: .offset(0)))
  }

  /// A frame of `Int64.max` seconds is the longest one (an hour).
  @Test func aFrameOfInt64MaxSecondsIsTheLongest() async {
    let (clock, list) = list(ListSimulatorConfiguration(frameDuration: .seconds(Int64.max)))
    for _ in 0..<25 { await list.jump(to: 0) }
    #expect(clock.now.offset >= .seconds(25 * 3_600))
  }

  /// A jitter's period and a typist's gaps and debounce past `Duration`'s sums are bounded
  /// to an hour, and below zero to none.
  @Test func extremeGestureTimesAreBounded() async {
    let (clock, list) = list(ListSimulatorConfiguration())
    await list.jitterAtBottom(times: 1, rows: 1...1, period: .seconds(-1e20) ... .seconds(1e20))
    let afterJitter = clock.now.offset
    #expect(afterJitter <= .seconds(3_602))
    let typed = await list.type("ab", gaps: [.seconds(1e20)], debounce: .seconds(-1e20))
    #expect(typed.map(\.text) == ["a", "ab"])
    #expect(clock.now.offset - afterJitter <= .seconds(3_602))
  }

  /// A stored report whose time no `Int64` of nanoseconds holds decodes as the longest time.
  @Test func aReportWithATimePastInt64DecodesAsTheLongest() throws {
    let data = try JSONEncoder().encode(SessionReport())
    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["duration"] = 1e300
    let edited = try JSONSerialization.data(withJSONObject: object)
    #expect(
      try JSONDecoder().decode(SessionReport.self, from: edited).duration == .nanoseconds(Int64.max)
    )
  }

  /// A scripted request at a negative index is the first request.
  @Test func aScriptedRequestAtANegativeIndexIsTheFirst() async {
    let script = ScriptedPageSource<Item, Int>()
    let task = Task { try await script.loadPage(PageRequest(direction: .append, cursor: 1)) }
    _ = await script.request(at: 0)
    #expect(await script.request(at: -1).cursor == 1)
    task.cancel()
  }
}

/// The simulated server's error text is one line and quotes no id (fault class 29).
@Suite(.timeLimit(.minutes(minuteLimit)))
struct SimulatedServerErrorTextTests {
  private struct Named: Identifiable, Sendable, Hashable { let id: String }

  /// A keyset cursor after an id the server does not hold, the id being text with a newline
  /// and a planted token.
  @Test func anUnknownCursorErrorIsOneLineAndQuotesNoID() async throws {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: [Named(id: "a")], pageSize: 5, latency: .fixed(.seconds(1)), clock: clock)
    let task = Task {
      try await server.loadPage(
        PageRequest(direction: .append, cursor: .init(position: .after("x\nsk_live_SECRET"))))
    }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    let result = await task.result
    guard case .failure(let failure) = result, let error = failure as? SimulatedServerError else {
      Issue.record("expected SimulatedServerError, got \(result)")
      return
    }
    for text in [
      error.description, error.localizedDescription, error.errorDescription ?? "",
      String(reflecting: error), "\(error)",
    ] {
      #expect(!text.contains("sk_live_SECRET"), "\(text)")
      #expect(!text.contains("\n"), "\(text)")
    }
  }
}
