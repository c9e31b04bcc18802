import Paging
import PagingTesting
import Testing

/// Search as you type through the list simulator (fault class 23): a server that pages
/// through the items matching the query, pages that take 300 ms, keystrokes 80 ms apart.
@MainActor
@Suite struct SearchSessionTests {
  struct Note: Identifiable, Sendable, Hashable {
    let id: Int
    var title: String { ["apple", "abbey", "abcess", "banana", "crab"][id % 5] + " \(id)" }
  }

  @Test func typingAThenAbThenAbcShowsOnlyRowsOfTheTextTyped() async {
    let clock = TestClock()
    let server = SimulatedFeedServer(
      items: (0..<1_000).map(Note.init(id:)), pageSize: 20, latency: .fixed(.milliseconds(300)),
      search: { note, text in note.title.contains(text) }, clock: clock)
    let results = Paginator(
      source: server, configuration: PagingConfiguration(prefetch: .fixed(20)))
    let list = ListSimulator(feed: results, server: server, clock: clock)
    await list.startScreenTask()
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
}
