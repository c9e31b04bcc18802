// The code that Sources/Paging/Paging.docc quotes (TestingPagination.md, HTTPSources.md and
// CappedAndRestoredLists.md),
// compiled and run here so that the articles cannot drift from the API. Keep them in sync. The
// articles show the types at the top level; here they sit in the suite so that their names
// cannot clash with other tests of the module.
import Foundation
import Paging
import PagingTestSupport
import PagingTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@MainActor
@Suite struct DocumentationExampleTests {
  // MARK: - TestingPagination.md

  struct Row: Identifiable, Sendable, Equatable {
    let id: Int
  }

  func rows(_ range: Range<Int>) -> [Row] { range.map(Row.init) }

  struct Timeout: Error {}

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
    #expect(feed.metrics.appearanceSignalsIgnored == 9)
  }

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
    await feed.waitForLoad(append.id)
    #expect(feed.appendState == .failed(.sourceFailed(Timeout())))

    await clock.waitForSleepers(1)  // the retry timer is parked on the test clock
    // `advance` returns how many sleepers it woke: none just before the delay, so no request
    // can come; the timer at the delay, so the retry will come, and we wait for it.
    try #require(clock.advance(by: .milliseconds(999)) == 0)
    #expect(source.requests.count == 2)
    try #require(clock.advance(by: .milliseconds(1)) == 1)
    let retry = await source.request(at: 2)
    #expect(retry.cursor == 20)
    #expect(source.records[2].receivedAt == .seconds(1))
    #expect(source.requests.count == 3)
  }

  @Test func theStateMachineAloneAsksForTheFirstPage() {
    var machine = PagingStateMachine<Row, Int>()
    let effects = machine.handle(.start)
    #expect(effects.count == 1)
    #expect(machine.refreshState == .loading)
  }

  // MARK: - HTTPSources.md

  struct Post: Identifiable, Sendable, Decodable {
    let id: Int
    let title: String
  }

  /// An HTTP error status; 429 and 5xx are worth retrying.
  struct HTTPStatusError: RetryableError {
    let statusCode: Int
    var isRetryable: Bool { statusCode == 429 || (500..<600).contains(statusCode) }
  }

  /// `GET /posts?limit=20&after=<cursor>` answers `{"posts": [...], "next_cursor": "..." or null}`.
  struct PostsSource: PageSource {
    struct Body: Decodable {
      let posts: [Post]
      let nextCursor: String?

      enum CodingKeys: String, CodingKey {
        case posts
        case nextCursor = "next_cursor"
      }
    }

    let endpoint: URL
    let limit = 20

    func url(for request: PageRequest<String>) -> URL {
      var query = [URLQueryItem(name: "limit", value: String(limit))]
      if let cursor = request.cursor { query.append(URLQueryItem(name: "after", value: cursor)) }
      var components = URLComponents()
      components.queryItems = query
      return components.url(relativeTo: endpoint)?.absoluteURL ?? endpoint
    }

    func loadPage(_ request: PageRequest<String>) async throws -> Page<Post, String> {
      let (data, response) = try await URLSession.shared.data(from: url(for: request))
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200 else { throw HTTPStatusError(statusCode: status) }
      let body = try JSONDecoder().decode(Body.self, from: data)
      return Page(items: body.posts, nextCursor: body.nextCursor)
    }
  }

  @Test func postsSourcePutsTheCursorInTheQuery() throws {
    let endpoint = try #require(URL(string: "https://api.example.com/posts"))
    let source = PostsSource(endpoint: endpoint)
    // The requests an app's own test can make, through PagingTesting's public initializer.
    let first = PageRequest<String>(cursor: nil)
    let next = PageRequest<String>(direction: .append, cursor: "c2")
    #expect(source.url(for: first).absoluteString == "https://api.example.com/posts?limit=20")
    #expect(
      source.url(for: next).absoluteString == "https://api.example.com/posts?limit=20&after=c2")
    #expect(HTTPStatusError(statusCode: 503).isRetryable)
    #expect(!HTTPStatusError(statusCode: 404).isRetryable)
  }

  /// The hedging switches of the DocC article "Tail latency": hedging off, or a fixed delay.
  @Test func theReadmesHedgingSwitchesCompileAndTurnHedgingOff() {
    let configuration = PagingConfiguration<String>(hedging: .off)  // never a second request
    #expect(configuration.hedging == .off)
    #expect(PagingConfiguration<String>().hedging == .standard)
  }

  // MARK: - CappedAndRestoredLists.md

  struct Note: Identifiable, Sendable, Equatable {
    let id: Int
  }

  /// The article's `api`: 10,000 notes, paged by offset, with their total.
  struct NotesAPI: Sendable {
    func notes(offset: Int, limit: Int) async throws -> ([Note], Int) {
      let total = 10_000
      return ((offset..<min(offset + limit, total)).map(Note.init), total)
    }
  }

  struct NotesSource: PageSource {
    let api = NotesAPI()
    let pageSize = 20
    var jumpingSupported: Bool { true }

    // Paging 3's getRefreshKey, centred with the size of the page the cursor loads.
    func cursor(around position: Int) -> Int? { max(0, position - pageSize / 2) }

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<Note, Int> {
      let offset = request.cursor ?? 0
      let (notes, total) = try await api.notes(offset: offset, limit: pageSize)
      let end = offset + notes.count
      return Page(
        items: notes, nextCursor: end < total ? end : nil,
        previousCursor: offset > 0 ? max(0, offset - pageSize) : nil,
        itemsBefore: offset, itemsAfter: total - end)
    }
  }

  @Test func theArticlesCountedSourceJumpsToTheMiddleInOneRequest() async {
    let feed = Paginator(source: NotesSource())
    await feed.start()
    #expect(feed.rows.count == 10_000)
    feed.rowAppeared(feed.rows[6_000])
    await feed.waitForLoadsToEnd()
    #expect(feed.rows[6_000] == .item(Note(id: 6_000)))
    // The first page, the jump, and a page on either side of the row now on screen.
    #expect(feed.metrics.requestsStarted == 4)
    #expect(feed.metrics.jumps == 1)
  }
}
