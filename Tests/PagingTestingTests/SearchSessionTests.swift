import Paging
import PagingBaselines
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// Search as you type through the list simulator (fault class 23): a server that pages
/// through the items matching the query, pages that take 300 ms, keystrokes 80 ms apart.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct SearchSessionTests {
  struct Note: Identifiable, Sendable, Hashable {
    let id: Int
    var title: String { ["apple", "abbey", "abcess", "banana", "crab"][id % 5] + " \(id)" }
  }

  /// A search screen over 1,000 notes in pages of 20 whose answers take `latency`, open.
  private func searchScreen(latency: Duration) async -> (
    server: SimulatedFeedServer<Note>, results: Paginator<Note, SimulatedFeedServer<Note>.Cursor>,
    list: ListSimulator<PaginatorFeed<Note, SimulatedFeedServer<Note>.Cursor>>
  ) {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<1_000).map(Note.init(id:)), pageSize: 20, latency: .fixed(latency),
      search: { note, text in note.title.contains(text) }, clock: clock)
    let results = Paginator(
      source: server, configuration: PagingConfiguration(prefetch: .fixed(20)))
    let list = ListSimulator(feed: results, server: server, clock: clock)
    await list.startScreenTask()
    return (server, results, list)
  }

  @Test func typingAThenAbThenAbcShowsOnlyRowsOfTheTextTyped() async {
    let (server, results, list) = await searchScreen(latency: .milliseconds(300))
    let keystrokes = await list.type("abc", every: .milliseconds(80))
    await list.idle(for: .seconds(2))

    let queries = server.log.map { $0.request.query(as: String.self) }
    #expect(queries.prefix(4) == [nil, "a", "ab", "abc"])
    #expect(server.log.dropFirst().prefix(2).allSatisfy { $0.outcome == .cancelled })
    // Each row that appeared after the first keystroke matches the text typed by then.
    #expect(keystrokes.map(\.text) == ["a", "ab", "abc"])
    var stale = 0
    var shown = 0
    for (index, event) in list.events.enumerated() where index >= keystrokes[0].event {
      guard case .rowAppeared(_, let id) = event.kind else { continue }
      let text = keystrokes.last { $0.event <= index }?.text ?? ""
      shown += 1
      if !Note(id: id).title.contains(text) { stale += 1 }
    }
    #expect(stale == 0)
    #expect(shown > 0)
    #expect(results.items.allSatisfy { $0.title.contains("abc") })
    #expect(list.report().duplicateRequests == 0)
  }

  /// With a 300 ms debounce, a text reaches the server only when the user pauses on it: "ab"
  /// (paused on for 400 ms) and "abc" (the last text) do, "a" (80 ms before "ab") never does.
  @Test func aDebouncedScreenQueriesOnlyTheTextsTheUserPausedOn() async {
    let (server, results, list) = await searchScreen(latency: .milliseconds(100))
    await list.idle(for: .seconds(1))
    let start = server.log.count
    let keystrokes = await list.type(
      "abc", gaps: [.milliseconds(80), .milliseconds(400)], debounce: .milliseconds(300))
    await list.idle(for: .seconds(1))

    #expect(keystrokes.map(\.text) == ["a", "ab", "abc"])
    let requests = server.log.dropFirst(start).map(\.request)
    #expect(requests.map { $0.query(as: String.self) } == ["ab", "ab", "abc", "abc"])
    #expect(requests.map { $0.cursor == nil } == [true, false, true, false])  // first pages
    #expect(results.query as? String == "abc")
    #expect(results.items.count == 40)
    #expect(results.items.allSatisfy { $0.title.contains("abc") })
  }
}

/// The search baselines beside `Paginator`: the naive code shows an older text's late answer,
/// the guarded code none, but it keeps the older rows until the new answer lands.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct SearchBaselineTests {
  typealias Note = SearchSessionTests.Note

  /// Opens the screen of a feed made by `make` over a server whose request 2 (the first page
  /// for "a") takes 500 ms and every other 100 ms, types "ab" 80 ms apart and waits 1 s.
  private func typeAB<Feed: ListFeed>(
    _ make: (SimulatedFeedServer<Note>) -> Feed
  ) async -> (feed: Feed, report: SessionReport) where Feed.Item == Note {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<1_000).map(Note.init(id:)), pageSize: 20,
      latency: .perRequest { $0 == 2 ? .milliseconds(500) : .milliseconds(100) },
      search: { note, text in note.title.contains(text) }, clock: clock)
    let feed = make(server)
    let list = ListSimulator(feed: feed, server: server, clock: clock)
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    await list.type("ab", every: .milliseconds(80))
    await list.idle(for: .seconds(1))
    return (feed, list.report())
  }

  @Test func naiveSearchShowsTheOlderTextsLateAnswer() async {
    // "a" answers after "ab": the naive code shows "a"'s rows last.
    let (feed, _) = await typeAB { NaiveSearchFeed(source: $0) }
    #expect(feed.text == "ab")
    #expect(!feed.items.allSatisfy { $0.title.contains("ab") })
  }

  @Test func guardedSearchShowsOnlyTheLastTextsAnswer() async {
    let (feed, report) = await typeAB { GuardedSearchFeed(source: $0) }
    #expect(feed.items.count == 20)
    #expect(feed.items.allSatisfy { $0.title.contains("ab") })
    #expect(report.cancelledRequests == 1)
  }
}
