import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@Suite(.timeLimit(.minutes(minuteLimit))) struct SimulatedFeedServerTests {
  let clock = TestClock()

  func request(_ number: Int, _ cursor: ServerCursor?, generation: Int = 1) -> PageRequest<
    ServerCursor
  > {
    PageRequest(
      id: PageRequestID(rawValue: number), direction: cursor == nil ? .refresh : .append,
      cursor: cursor, generation: Generation(rawValue: generation))
  }

  /// Loads one page, advancing the test clock by the server's latency.
  func load(
    _ server: Server, _ number: Int, _ cursor: ServerCursor?, after latency: Duration = .zero
  ) async throws -> Page<Row, ServerCursor> {
    let sleepers = clock.sleeperCount
    let task = Task { try await server.loadPage(request(number, cursor)) }
    await clock.waitForSleepers(sleepers + 1)
    clock.advance(by: latency)
    return try await task.value
  }

  @Test func keysetPagesWalkTheDatasetAndEnd() async throws {
    let server = Server(items: rows(45), pageSize: 20, latency: .fixed(.zero), clock: clock)
    let first = try await load(server, 1, nil)
    #expect(first.items.map(\.id) == Array(0..<20))
    #expect(first.nextCursor == after(19))
    let second = try await load(server, 2, after(19))
    #expect(second.nextCursor == after(39))
    let last = try await load(server, 3, after(39))
    #expect(last.items.map(\.id) == Array(40..<45))
    #expect(last.nextCursor == nil)
    #expect(
      server.log.map(\.outcome) == [
        .page(rows: 20, endsList: false), .page(rows: 20, endsList: false),
        .page(rows: 5, endsList: true),
      ])
  }

  @Test func headInsertionsLeaveKeysetPagesAloneAndShiftOffsetPages() async throws {
    let keyset = Server(items: rows(60), latency: .fixed(.zero), clock: clock)
    let offset = Server(items: rows(60), pagination: .offset, latency: .fixed(.zero), clock: clock)
    let offsetCursor = ServerCursor(position: .offset(20))
    #expect(try await load(offset, 1, nil).nextCursor == offsetCursor)
    keyset.insertAtHead([Row(id: -1), Row(id: -2)])
    offset.insertAtHead([Row(id: -1), Row(id: -2)])
    #expect(try await load(keyset, 2, after(19)).items.map(\.id) == Array(20..<40))
    #expect(try await load(offset, 2, offsetCursor).items.map(\.id) == Array(18..<38))
    #expect(keyset.serverRank(of: -1) == -2)
    #expect(keyset.serverRank(of: -2) == -1)
    #expect(keyset.serverRank(of: 0) == 0)
    #expect(keyset.items.prefix(3).map(\.id) == [-1, -2, 0])
  }

  @Test func aZeroLatencyAnswerWaitsForTheClock() async throws {
    let server = Server(items: rows(40), latency: .fixed(.zero), clock: clock)
    let task = Task { try await server.loadPage(request(1, nil)) }
    await clock.waitForSleepers(1)
    #expect(server.log.first?.answer == nil)
    clock.advance(by: .zero)
    #expect(try await task.value.items.count == 20)
  }

  @Test func answersDueTogetherComeInRequestOrder() async throws {
    let server = Server(items: rows(40), latency: .fixed(.milliseconds(100)), clock: clock)
    let later = Task { try await server.loadPage(request(5, nil)) }
    await clock.waitForSleepers(1)
    let earlier = Task { try await server.loadPage(request(3, nil)) }
    await clock.waitForSleepers(2)
    clock.advance(by: .milliseconds(100))
    _ = try await (later.value, earlier.value)
    let log = server.log
    #expect(log.map(\.request.id.rawValue) == [3, 5])
    #expect(log[0].arrival > log[1].arrival)
    #expect((log[0].answer ?? 0) < (log[1].answer ?? 0))
    #expect(log.map(\.answeredAt) == [.milliseconds(100), .milliseconds(100)])
  }

  @Test func scriptedFaults() async throws {
    let faults = Server.Faults(
      failingRequests: [1], emptyPageRequests: [2], repeatedItems: [3: 2],
      repeatedCursorRequests: [4])
    let server = Server(items: rows(100), latency: .fixed(.zero), faults: faults, clock: clock)
    await #expect(throws: SimulatedServerError.unavailable(request: 1)) {
      try await load(server, 1, nil)
    }
    let empty = try await load(server, 2, after(19))
    #expect(empty.items.isEmpty)
    #expect(empty.nextCursor == ServerCursor(position: .after(19), emptyPagesBefore: 1))
    #expect(try await load(server, 3, after(19)).items.map(\.id) == Array(18..<38))
    #expect(try await load(server, 4, after(19)).nextCursor == after(19))
    await #expect(throws: SimulatedServerError.unknownCursor("after(1000)")) {
      try await load(server, 5, after(1_000))
    }
    #expect(SimulatedServerError.unavailable(request: 1).isRetryable)
    #expect(!SimulatedServerError.unknownCursor("x").isRetryable)
  }

  @Test func aFailureRateIsDrawnPerRequestNumber() async throws {
    let faults = Server.Faults(failureRate: 0.5)
    let first = Server(
      items: rows(40), latency: .fixed(.zero), faults: faults, seed: 3, clock: clock)
    let second = Server(
      items: rows(40), latency: .fixed(.zero), faults: faults, seed: 3, clock: clock)
    var outcomes: [[Bool]] = [[], []]
    for (index, server) in [first, second].enumerated() {
      for number in 1...40 {
        outcomes[index].append((try? await load(server, number, nil)) == nil)
      }
    }
    #expect(outcomes[0] == outcomes[1])
    #expect(outcomes[0].filter { $0 }.count == 20)
  }

  @Test func aCancelledCallerIsLoggedAsCancelled() async throws {
    let server = Server(items: rows(40), latency: .fixed(.seconds(1)), clock: clock)
    let task = Task { try await server.loadPage(request(1, nil)) }
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(400))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(server.log.map(\.outcome) == [.cancelled])
    #expect(server.log.first?.answeredAt == .milliseconds(400))
  }

  @Test func latencyDrawsDependOnlyOnSeedAndRequestNumber() {
    let model = LatencyModel.cellular
    let draws = (1...200).map { model.latency(forRequest: $0, seed: 1) }
    #expect(draws == (1...200).map { model.latency(forRequest: $0, seed: 1) })
    #expect(draws != (1...200).map { model.latency(forRequest: $0, seed: 2) })
    #expect(
      LatencyModel.fixed(.milliseconds(150)).latency(forRequest: 7, seed: 1) == .milliseconds(150))
    #expect(
      LatencyModel.perRequest { .milliseconds($0) }.latency(forRequest: 7, seed: 1)
        == .milliseconds(7))
    #expect(LatencyModel.fixed(.seconds(-1)).latency(forRequest: 1, seed: 0) == .zero)
  }

  @Test func cellularLatencyMatchesItsDocumentedPercentiles() {
    let draws = (1...20_000).map { LatencyModel.cellular.latency(forRequest: $0, seed: 11) }
      .sorted()
    func percentile(_ p: Int) -> Duration { draws[draws.count * p / 100] }
    // Documented: about 355 / 430 / 725 / 2,350 ms at p50 / p75 / p95 / p99, fitted to
    // 350 / 425 / 725 / 2,300 ms. A sample of 20,000 lands within a few percent.
    #expect((.milliseconds(345) ... .milliseconds(365)).contains(percentile(50)))
    #expect((.milliseconds(415) ... .milliseconds(445)).contains(percentile(75)))
    #expect((.milliseconds(690) ... .milliseconds(760)).contains(percentile(95)))
    #expect((.milliseconds(2_100) ... .milliseconds(2_700)).contains(percentile(99)))
  }

  @Test func aChatOpensAtTheNewestPageAndReadsOlderPagesBackwards() async throws {
    let server = Server(items: rows(45), pageSize: 20, latency: .fixed(.zero), clock: clock)
    let newest = try await load(server, 1, .newest)
    #expect(newest.items.map(\.id) == Array(25..<45))
    #expect(newest.previousCursor == before(25))
    #expect(newest.nextCursor == nil)
    let older = try await load(server, 2, before(25))
    #expect(older.items.map(\.id) == Array(5..<25))
    #expect(older.previousCursor == before(5))
    #expect(older.nextCursor == after(24))
    let oldest = try await load(server, 3, before(5))
    #expect(oldest.items.map(\.id) == Array(0..<5))
    #expect(oldest.previousCursor == nil)
    // Pages read forwards give no previous cursor, so a feed never prepends.
    let first = try await load(server, 4, nil)
    #expect(first.previousCursor == nil)
    #expect(try await load(server, 5, after(19)).previousCursor == nil)
    #expect(server.log.map(\.reachesStart) == [false, false, true, true, true])
  }

  @Test func anOlderPageWithRepeatedItemsRunsOverTheRowsBelowIt() async throws {
    let faults = Server.Faults(repeatedItems: [1: 3])
    let server = Server(items: rows(45), latency: .fixed(.zero), faults: faults, clock: clock)
    let page = try await load(server, 1, before(25))
    #expect(page.items.map(\.id) == Array(5..<28))
    #expect(page.previousCursor == before(5))
  }

  /// The simulated server's errors are `LocalizedError`s whose `localizedDescription` is
  /// their own line.
  @Test func itsErrorsAreDescribedByTheirOwnLine() {
    for error in [SimulatedServerError.unavailable(request: 3), .unknownCursor("x")] {
      #expect(error.localizedDescription == error.description)
    }
  }
}
