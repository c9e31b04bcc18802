// swift-format-ignore-file
// The tests of the DocC article "Testing pagination on any platform", verbatim, run as an
// app's tests run them.
import Paging
import PagingTesting
import Testing

struct Row: Identifiable, Sendable, Equatable {
  let id: Int
}

func rows(_ range: Range<Int>) -> [Row] { range.map(Row.init) }

@MainActor
@Test func tenRowsAppearingInOneFrameSendOneRequest() async {
  let source = ScriptedPageSource<Row, Int>()
  let feed = Paginator(source: source)

  let start = Task { await feed.start() }
  let first = await source.request(at: 0)
  source.complete(first, items: rows(0..<20), next: 20)
  await start.value

  for row in feed.items.prefix(10) { feed.rowAppeared(row) }  // the first frame's burst

  let second = await source.request(at: 1)
  #expect(second.cursor == 20)
  #expect(feed.metrics.requestsStarted == 2)
}

struct Timeout: Error {}

@MainActor
@Test func aFailedPageIsRetriedAtTheSameCursorAfterTheBackoff() async throws {
  let clock = TestClock()
  let source = ScriptedPageSource<Row, Int>(clock: clock)
  let backoff = ExponentialBackoff(initialDelay: .seconds(1), jitter: 0)
  let feed = Paginator(
    source: source,
    configuration: PagingConfiguration(retryPolicy: .exponentialBackoff(backoff)),
    clock: clock)

  let start = Task { await feed.start() }
  let first = await source.request(at: 0)
  source.complete(first, items: rows(0..<20), next: 20)
  await start.value

  feed.loadNextPage()
  let append = await source.request(at: 1)
  source.fail(append, with: Timeout())
  await feed.waitUntilIdle()
  #expect(feed.appendState == .failed(.sourceFailed(Timeout())))

  await clock.waitForSleepers(1)  // the retry timer is parked on the test clock
  try #require(clock.advance(by: .milliseconds(999)) == 0)  // not a moment early
  #expect(source.requests.count == 2)
  try #require(clock.advance(by: .milliseconds(1)) == 1)  // on time: the timer wakes
  let retry = await source.request(at: 2)
  #expect(retry.cursor == 20)
  #expect(source.records[2].receivedAt == .seconds(1))
}

