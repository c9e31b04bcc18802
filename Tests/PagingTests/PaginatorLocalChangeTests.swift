import Observation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

/// Fault classes 22 to 24 against ``Paginator``, with real tasks, a test clock and the exact
/// cases of the rulebook; and what observers see of edits and query changes.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct PaginatorLocalChangeTests {
  typealias Source = ScriptedPageSource<Row, Int>

  /// A paginator whose first page (rows 0..<20, next 20) has committed.
  func loaded(
    _ source: Source,
    configuration: PagingConfiguration<Int> = PagingConfiguration(prefetch: .fixed(6))
  ) async -> Paginator<Row, Int> {
    let paginator = Paginator(source: source, configuration: configuration)
    let start = Task { await paginator.start() }
    source.complete(await source.request(at: 0), items: rows(0..<20), next: 20)
    await start.value
    return paginator
  }

  // Fault class 23: "a", "ab", "abc" typed 80 ms apart while each page takes 300 ms.
  @Test func typingThreeLettersShowsOnlyTheLastQuerysRows() async {
    let clock = TestClock()
    let results = ["a": 100..<120, "ab": 200..<220, "abc": 300..<320]
    let paginator = Paginator<Row, Int>(configuration: PagingConfiguration(prefetch: .fixed(5))) {
      request in
      // The server answers after 300 ms whether or not the caller still waits for it.
      await Task.detached { try? await clock.sleep(for: .milliseconds(300)) }.value
      let query = request.query(as: String.self) ?? ""
      return Page(items: rows(results[query] ?? 0..<0), nextCursor: nil)
    }
    var shown: [[Int]] = []
    var typing: [Task<Void, Never>] = []
    for (keystroke, text) in ["a", "ab", "abc"].enumerated() {
      if keystroke > 0 { _ = clock.advance(by: .milliseconds(80)) }
      typing.append(Task { await paginator.setQuery(text) })
      await clock.waitForSleepers(keystroke + 1)
      shown.append(paginator.items.map(\.id))
    }
    // The pages land at 300, 380 and 460 ms, in typing order.
    for request in 1...3 {
      _ = clock.advance(by: .milliseconds(request == 1 ? 140 : 80))
      await paginator.waitForRequest(PageRequestID(rawValue: request))
      shown.append(paginator.items.map(\.id))
    }
    for task in typing { await task.value }
    #expect(shown == [[], [], [], [], [], Array(300..<320)])
    #expect(paginator.metrics.staleResultsDropped == 2)
    #expect(paginator.metrics.requestsStarted == 3)
    #expect(paginator.query as? String == "abc")
  }

  // The debounce of the documentation (LocalChanges.md): a task per text, cancelled by the
  // next keystroke, that waits 300 ms on a clock before setQuery.
  @Test func aClockBasedDebounceLoadsOnlyTheTextTheUserStoppedAt() async {
    let clock = TestClock()
    let source = Source()
    let results = Paginator(source: source)
    var screenTask: Task<Void, Never>?
    for (keystroke, text) in ["a", "ab", "abc"].enumerated() {
      if keystroke > 0 { #expect(clock.advance(by: .milliseconds(80)) == 0) }
      screenTask?.cancel()  // what task(id: text) does when the text changes
      screenTask = Task {
        do { try await clock.sleep(for: .milliseconds(300)) } catch { return }  // typing goes on
        await results.setQuery(text, transition: .keepPrevious)
      }
      await clock.waitForSleepers(1)
    }
    #expect(clock.advance(by: .milliseconds(300)) == 1)
    let request = await source.request(at: 0)
    #expect(request.query(as: String.self) == "abc")
    source.complete(request, items: rows(0..<5), next: nil)
    await screenTask?.value
    #expect(results.items.count == 5)
    #expect(results.metrics.requestsStarted == 1)
  }

  // A search field cleared: the list goes back to no query, under the same rules.
  @Test func clearingTheQueryLoadsTheListWithoutOne() async {
    let source = Source()
    let paginator = await loaded(source)
    let search = Task { await paginator.setQuery("abc") }
    let searched = await source.request(at: 1)
    #expect(searched.query(as: String.self) == "abc")
    source.complete(searched, items: rows(300..<305), next: nil)
    await search.value
    #expect(paginator.items.map(\.id) == Array(300..<305))

    let clear = Task { await paginator.clearQuery(transition: .keepPrevious) }
    let cleared = await source.request(at: 2)
    #expect(cleared.query == nil)
    #expect(cleared.cursor == nil)
    #expect(paginator.items.map(\.id) == Array(300..<305))  // kept until the page lands
    #expect(paginator.isShowingPreviousQuery)
    source.complete(cleared, items: rows(0..<20), next: 20)
    await clear.value
    #expect(paginator.query == nil)
    #expect(paginator.items.map(\.id) == Array(0..<20))
    #expect(!paginator.isShowingPreviousQuery)

    // Without a query already, clearing it is a start: nothing is asked for again.
    await paginator.clearQuery()
    #expect(source.requests.count == 3)
    #expect(paginator.items.map(\.id) == Array(0..<20))
  }

  // Fault class 22: the exact case, with a page that was already loading.
  @Test func aDeletedRowDoesNotComeBackWithALatePage() async {
    let source = Source()
    let paginator = await loaded(source)
    paginator.rowAppeared(id: 19)
    let append = await source.request(at: 1)
    paginator.remove(id: 18)
    source.complete(append, items: rows(15..<40), next: 40)
    await paginator.waitForRequest(append.id)
    #expect(paginator.items.map(\.id) == Array(0..<18) + Array(19..<40))
    #expect(paginator.position(of: 18) == nil)
  }

  // Fault class 24: 20 hidden items in a page do not stall.
  @Test func aPageOfTwentyHiddenItemsDoesNotStall() async {
    let source = Source()
    let paginator = await loaded(source)
    paginator.filter = { !(20..<40).contains($0.id) }
    paginator.rowAppeared(id: 19)
    let second = await source.request(at: 1)
    source.complete(second, items: rows(20..<40), next: 40)
    let third = await source.request(at: 2)
    #expect(third.cursor == 40)
    source.complete(third, items: rows(40..<60), next: 60)
    await paginator.waitForRequest(third.id)
    #expect(paginator.items.map(\.id) == Array(0..<20) + Array(40..<60))
  }

  @Test func anEditIsOneChangeOfItems() async throws {
    let source = Source()
    let paginator = await loaded(source)
    let tracker = ItemsTracker(paginator)
    tracker.track()
    try paginator.update(id: 3) { _ in }
    #expect(tracker.changes.withLock { $0 } == 1)
    try paginator.insert(Row(id: 100), after: 3)
    #expect(tracker.changes.withLock { $0 } == 2)
    #expect(paginator.items.map(\.id).prefix(6) == [0, 1, 2, 3, 100, 4])
    #expect(throws: PagingEditError.duplicateID) { try paginator.insert(Row(id: 4), at: .end) }
    #expect(throws: PagingEditError.itemNotLoaded) { try paginator.move(id: 99, after: 1) }
    #expect(tracker.changes.withLock { $0 } == 2)
    #expect(paginator.metrics.requestsStarted == 1)
  }

  @Test func aKeepPreviousQueryChangeIsOneChangeWhenTheNewPageCommits() async {
    let source = Source()
    let paginator = await loaded(source)
    let tracker = ItemsTracker(paginator)
    tracker.track()
    let flag = Locked(0)
    withObservationTracking {
      _ = paginator.isShowingPreviousQuery
    } onChange: {
      flag.withLock { $0 += 1 }
    }
    let change = Task { await paginator.setQuery("new", transition: .keepPrevious) }
    let request = await source.request(at: 1)
    #expect(request.query(as: String.self) == "new")
    #expect(paginator.isShowingPreviousQuery)
    #expect(flag.withLock { $0 } == 1)
    #expect(tracker.changes.withLock { $0 } == 0)
    #expect(paginator.items.count == 20)
    source.complete(request, items: rows(500..<505), next: nil)
    await change.value
    #expect(tracker.changes.withLock { $0 } == 1)
    #expect(paginator.items.map(\.id) == Array(500..<505))
    #expect(!paginator.isShowingPreviousQuery)
  }

  /// R25 lifts R12's latch for a changed predicate only: setting no filter where there was
  /// none changes nothing, so a view that sets `filter = nil` on every update sends nothing.
  @Test func settingNoFilterWhereThereWasNoneKeepsTheNoNewItemsLatch() async {
    let source = ReplySource { cursor, _ in
      let number = cursor ?? 0
      return number == 0 ? page(0..<5, next: 1) : page(0..<0, next: number + 1)
    }
    let feed = Paginator(
      source: source,
      configuration: PagingConfiguration(prefetch: .fixed(2), retryPolicy: .manual, hedging: .off))
    await feed.start()
    feed.rowAppeared(at: 4)
    await feed.waitUntilIdle()
    #expect(feed.appendState == .failed(.noNewItems(pages: 3)))
    #expect(source.cursors == [nil, 1, 2, 3])
    for _ in 0..<3 {
      feed.filter = nil
      feed.rowAppeared(at: 4)
      await feed.waitUntilIdle()
    }
    #expect(feed.appendState == .failed(.noNewItems(pages: 3)))
    #expect(source.cursors == [nil, 1, 2, 3])
  }

  /// R24: a query of another type is another query, though `AnyHashable` finds `1` and `1.0`
  /// equal: the source that reads a `Double` gets its request.
  @Test func aQueryOfAnotherTypeIsAnotherQuery() async {
    let source = ReplySource { _, _ in page(0..<3, next: nil) }
    let feed = Paginator(source: source, configuration: PagingConfiguration(hedging: .off))
    await feed.setQuery(1 as Int)
    await feed.setQuery(1.0 as Double)
    await feed.setQuery(1.0 as Double)
    // An optional holding the same value is the same query: a cast unwraps it.
    await feed.setQuery(Optional(1.0) as Double?)
    #expect(source.requests.map { $0.query.map { "\(type(of: $0))" } } == ["Int", "Double"])
  }
}
