import Foundation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Every entry point that takes a clock, given a `TestClock`, sets the paginator's timers on
/// the clock: the advance that reaches a retry's deadline runs it, so the retry has started
/// when the advance returns.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct PaginatorTestClockTests {
  typealias Source = ScriptedPageSource<Row, Int>

  enum EntryPoint: CaseIterable, Sendable {
    case source, closure, restoringSnapshot, restoringData, restoringWithClosure
    /// The clock passed as `any Clock<Duration>`, as generic code and other modules pass it.
    case sourceGivenAnyClock

    var restores: Bool {
      self == .restoringSnapshot || self == .restoringData || self == .restoringWithClosure
    }
  }

  func paginator(_ entry: EntryPoint, _ source: Source, _ clock: TestClock) throws
    -> Paginator<Row, Int>
  {
    switch entry {
    case .source:
      return Paginator(source: source, clock: clock)
    case .closure:
      return Paginator(clock: clock) { try await source.loadPage($0) }
    case .restoringSnapshot:
      let snapshot = try PagingSnapshot<Row, Int>(decoding: RestoreTests.savedWindow())
      return try Paginator(
        restoring: snapshot, source: source, configuration: RestoreTests.configuration,
        clock: clock)
    case .restoringData:
      return Paginator.restoring(
        try RestoreTests.savedWindow(), source: source, configuration: RestoreTests.configuration,
        clock: clock
      ).paginator
    case .restoringWithClosure:
      let (paginator, error) = Paginator<Row, Int>.restoring(
        try RestoreTests.savedWindow(), configuration: RestoreTests.configuration, clock: clock
      ) { try await source.loadPage($0) }
      #expect(error == nil)
      #expect(paginator.items.count == 60)
      return paginator
    case .sourceGivenAnyClock:
      let anyClock: any Clock<Duration> = clock
      return Paginator(source: source, clock: anyClock)
    }
  }

  @Test(arguments: EntryPoint.allCases)
  func theRetryTimerFiresInsideTheAdvance(_ entry: EntryPoint) async throws {
    let clock = TestClock()
    let source = Source(clock: clock)
    let feed = try paginator(entry, source, clock)
    let start = entry.restores ? nil : Task { await feed.start() }
    source.fail(await source.request(at: 0), with: URLError(.networkConnectionLost))
    await feed.waitUntilIdle()
    #expect(feed.requestsSent == 1)
    // The first automatic retry is due at once: the next advance, even by nothing, runs it.
    try #require(clock.advance(by: .zero) == 1)
    #expect(feed.requestsSent == 2)
    let retry = await source.request(at: 1)
    #expect(retry.direction == .refresh)
    #expect(retry.cursor == (entry.restores ? 40 : nil))
    let first = entry.restores ? 40 : 0
    source.complete(retry, items: rows(first..<first + 20), next: first + 20)
    await feed.waitUntilIdle()
    await start?.value
    #expect(feed.refreshState == .idle)
    #expect(feed.items.map(\.id) == Array(first..<first + 20))
  }
}
