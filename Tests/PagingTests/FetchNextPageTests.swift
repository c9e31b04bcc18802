import Paging
import PagingTesting
import Testing

/// Issue 12: `fetchNextPage()` returns or throws the outcome, so a loop over it always ends.
@Suite("Paginator.fetchNextPage()", .timeLimit(.minutes(1)))
@MainActor
struct FetchNextPageTests {
  @Test func aLoopOverFetchNextPageLoadsEveryPageAndEnds() async throws {
    let source = ReplySource(pages: 4, size: 5)
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    var added: [Int] = []

    await feed.start()
    while feed.hasNextPage { added.append(try await feed.fetchNextPage()) }

    #expect(added == [5, 5, 5])
    #expect(feed.items.map(\.id) == Array(0..<20))
    #expect(try await feed.fetchNextPage() == 0)
    #expect(source.cursors == [nil, 1, 2, 3])
  }

  @Test func withoutStartTheFirstCallLoadsTheFirstPage() async throws {
    let source = ReplySource(pages: 2, size: 3)
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))

    #expect(try await feed.fetchNextPage() == 3)
    #expect(feed.items.map(\.id) == [0, 1, 2])
  }

  @Test func aFailedFirstPageThrowsAndTheLoopEnds() async throws {
    let source = ReplySource { _, _ in throw Boom(code: 3) }
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    var calls = 0

    await feed.start()
    let error = await #expect(throws: PagingError.self) {
      while feed.hasNextPage {
        calls += 1
        try await feed.fetchNextPage()
      }
    }

    #expect(error == .sourceFailed(Boom(code: 3)))
    #expect(calls == 1)
    #expect(source.cursors == [nil])
  }

  @Test func aFailedAppendThrowsAgainWithoutARequestUntilRetry() async throws {
    let source = ReplySource { cursor, count in
      if cursor == 1 && count == 1 { throw Boom(code: 9) }
      return page((cursor ?? 0) * 2..<(cursor ?? 0) * 2 + 2, next: cursor == 1 ? nil : 1)
    }
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    await feed.start()

    await #expect(throws: PagingError.sourceFailed(Boom(code: 9))) {
      try await feed.fetchNextPage()
    }
    await #expect(throws: PagingError.sourceFailed(Boom(code: 9))) {
      try await feed.fetchNextPage()
    }
    #expect(source.cursors == [nil, 1])
    #expect(feed.items.map(\.id) == [0, 1])

    feed.retry()
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == [0, 1, 2, 3])
    #expect(!feed.hasNextPage)
  }

  @Test func pagesWithoutNewItemsEndTheLoopWithATypedError() async throws {
    let source = ReplySource { cursor, _ in page(0..<2, next: (cursor ?? 0) + 1) }
    let feed = Paginator(source: source, configuration: PagingConfiguration(retryPolicy: .manual))
    var calls = 0

    await feed.start()
    let error = await #expect(throws: PagingError.self) {
      while feed.hasNextPage {
        calls += 1
        try await feed.fetchNextPage()
      }
    }

    #expect(error == .noNewItems(pages: 3))
    #expect(calls == 3)
  }
}
