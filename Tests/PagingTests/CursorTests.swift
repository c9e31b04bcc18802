import Paging
import PagingTestSupport
import Testing

/// Rulebook R6 and R7 (fault classes 6, 7 and 8): the cursor moves only on commit; with manual
/// retries a failure latches the direction until a retry, which asks for the same cursor.
@Suite(.timeLimit(.minutes(minuteLimit))) struct CursorTests {
  @Test func theCursorDoesNotMoveWhenTheRequestStarts() {
    var machine = Machine.loaded(configuration: .manualRetry)
    _ = machine.appear(15..<20)
    #expect(machine.nextCursor == 20)
    #expect(machine.appendState == .loading)
  }

  @Test func aFailureKeepsTheCursorTheItemsAndLatchesTheDirection() {
    var machine = Machine.loaded(configuration: .manualRetry)
    let append = machine.appear(15..<20).loads[0]
    let effects = machine.handle(.loadFailed(append.id, Boom()))
    #expect(effects.isEmpty)
    #expect(machine.nextCursor == 20)
    #expect(machine.items.count == 20)
    #expect(machine.appendState == .failed(.sourceFailed(Boom())))
    #expect(machine.hasNextPage)
  }

  @Test func appearancesAfterAFailureSendNothing() {
    // Fault class 8: the error re-renders the footer, rows appear again: no request.
    var machine = Machine.loaded(configuration: .manualRetry)
    let append = machine.appear(15..<20).loads[0]
    _ = machine.handle(.loadFailed(append.id, Boom()))
    var effects: [PagingEffect<Int>] = []
    for _ in 0..<10 { effects += machine.appear(15..<20) }
    effects += machine.handle(.loadNextPage)
    #expect(effects.isEmpty)
    #expect(machine.metrics.requestsStarted == 2)
  }

  @Test func retryRequestsTheSameCursor() {
    var machine = Machine.loaded(configuration: .manualRetry)
    let append = machine.appear(15..<20).loads[0]
    _ = machine.handle(.loadFailed(append.id, Boom()))
    let retry = machine.handle(.retry).loads
    #expect(retry.map(\.cursor) == [20])
    #expect(retry.map(\.direction) == [.append])
    #expect(machine.appendState == .loading)
    _ = machine.handle(.loadCompleted(retry[0].id, page(20..<40, next: 40)))
    #expect(machine.ids == Array(0..<40))
    #expect(machine.nextCursor == 40)
  }

  @Test func retryWithNothingFailedDoesNothing() {
    var machine = Machine.loaded(configuration: .manualRetry)
    #expect(machine.handle(.retry).isEmpty)
  }

  @Test func aFailedFirstLoadIsRetriedAsARefresh() {
    var machine = Machine(configuration: .manualRetry)
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(.loadFailed(first.id, Boom()))
    #expect(machine.refreshState == .failed(.sourceFailed(Boom())))
    #expect(machine.hasLoadedFirstPage == false)
    let retry = machine.handle(.retry).loads
    #expect(retry.map(\.direction) == [.refresh])
    #expect(retry.map(\.cursor) == [nil])
  }
}

/// Which failure `retry()` retries when both directions failed (manual retries, so that both
/// stay failed).
@Suite(.timeLimit(.minutes(minuteLimit))) struct RetryChoiceTests {
  @Test func withOldItemsShownRetryRetriesTheFailedAppendBeforeAFailedRefresh() {
    var machine = Machine.loaded(configuration: .manualRetry)
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadFailed(refresh.id, Boom(code: 1)))
    let append = machine.handle(.rowAppeared(.id(19))).loads[0]
    _ = machine.handle(.loadFailed(append.id, Boom(code: 2)))
    let first = machine.handle(.retry).loads
    #expect(first.map(\.direction) == [.append])
    #expect(first.map(\.cursor) == [20])
    _ = machine.handle(.loadFailed(first[0].id, Boom(code: 2)))
    // A refresh is what clears the refresh error; retry keeps to the footer's failure.
    #expect(machine.handle(.retry).loads.map(\.direction) == [.append])
  }

  @Test func aFailedRefreshWithNoOtherFailureIsRetriedAsARefresh() {
    var machine = Machine.loaded(configuration: .manualRetry)
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadFailed(refresh.id, Boom()))
    let retry = machine.handle(.retry).loads
    #expect(retry.map(\.direction) == [.refresh])
    // The same refresh again, in its generation (R23): edits made since it began hold.
    #expect(machine.generation == Generation(rawValue: 2))
  }
}

/// What a manual retry may do after errors the automatic policy would not retry.
@Suite(.timeLimit(.minutes(minuteLimit))) struct ManualRetryTests {
  @Test func aManualRetryRetriesANonRetryableFailure() {
    var machine = Machine.loaded(configuration: .manualRetry)
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(.loadFailed(append.id, Boom(isRetryable: false)))
    #expect(machine.handle(.retry).loads.map(\.cursor) == [20])
  }

  @Test func afterARepeatedCursorRetryFallsThroughToAFailedRefresh() {
    var machine = Machine.loaded(configuration: .manualRetry)
    let append = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(.loadCompleted(append.id, page(20..<40, next: 20)))
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadFailed(refresh.id, Boom()))
    #expect(machine.appendState == .failed(.repeatedCursor(20)))
    #expect(machine.handle(.retry).loads.map(\.direction) == [.refresh])
  }
}

@Suite(.timeLimit(.minutes(minuteLimit))) struct ConfigurationTests {
  @Test func limitsHoldWhenPropertiesAreSetAfterCreation() {
    var configuration = PagingConfiguration<Int>()
    configuration.maxPagesWithoutNewItems = 0
    #expect(configuration.maxPagesWithoutNewItems == 1)
    var backoff = ExponentialBackoff()
    backoff.jitter = 7
    backoff.multiplier = 0.5
    backoff.maxAttempts = -2
    #expect(backoff.jitter == 1)
    #expect(backoff.multiplier == 1)
    #expect(backoff.maxAttempts == 0)
  }
}
