import Paging
import PagingTestSupport
import Testing

/// Rulebook R1, R3 and R18 (fault classes 1 and 2): the first display sends exactly one request.
@Suite(.timeLimit(.minutes(minuteLimit))) struct FirstDisplayTests {
  @Test func startSendsOneRefreshForTheInitialCursor() {
    var machine = Machine(configuration: PagingConfiguration(initialCursor: 7))
    let effects = machine.handle(.start)
    #expect(
      effects == [
        .startLoad(
          PageRequest(
            id: PageRequestID(rawValue: 1), direction: .refresh, cursor: 7,
            generation: Generation(rawValue: 1)))
      ])
    #expect(machine.refreshState == .loading)
    #expect(machine.metrics.requestsStarted == 1)
  }

  @Test func tenRowsInOneFrameDuringTheFirstLoadSendNothingMore() {
    var machine = Machine()
    let first = machine.handle(.start)
    // The rows of a placeholder or of a previous screen are unknown ids: ignored.
    let burst = machine.appear(0..<10)
    #expect(first.loads.count == 1)
    #expect(burst.isEmpty)
    #expect(machine.metrics.requestsStarted == 1)
    #expect(machine.metrics.appearanceSignalsIgnored == 10)
  }

  @Test func tenRowsInOneFrameAfterTheFirstPageSendOneAppend() {
    var machine = Machine.loaded(count: 20, next: 20, configuration: .init(prefetch: .fixed(16)))
    let burst = machine.appear(0..<10)
    // Row 4 is the first with at most 15 rows after it; rows 5 to 9 join the load in flight.
    #expect(burst.loads.map(\.cursor) == [20])
    #expect(machine.metrics.requestsStarted == 2)
    #expect(machine.metrics.appearanceSignalsIgnored == 9)
  }

  @Test func startTwiceSendsOneRequest() {
    var machine = Machine()
    let first = machine.handle(.start)
    let second = machine.handle(.start)
    #expect(first.loads.count == 1)
    #expect(second.isEmpty)
    #expect(machine.metrics.requestsStarted == 1)
  }

  @Test func startAfterTheFirstPageSendsNothingWhenNoRowIsNearTheEnd() {
    var machine = Machine.loaded()
    _ = machine.appear(0..<3)
    #expect(machine.handle(.start).isEmpty)
    #expect(machine.metrics.requestsStarted == 1)
  }
}
