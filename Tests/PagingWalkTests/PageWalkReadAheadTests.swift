import Paging
import PagingTestSupport
import PagingTesting
import PagingWalk
import Testing

/// A walk with ``PageWalkOptions/readAhead`` loads the next pages while the caller holds one:
/// still one request after another, at each page's next cursor, returned in order, an error
/// after the pages before it, and a cancellation that reaches the request in flight.
@Suite("PageWalk: reading ahead", .timeLimit(.minutes(minuteLimit)))
struct PageWalkReadAheadTests {
  @Test func theNextPageIsRequestedWhileTheCallerHoldsThePageAndOnlyThatOne() async throws {
    let source = ScriptedPageSource<Row, Int>()
    var iterator = source.pages(options: PageWalkOptions(readAhead: 1)).makeAsyncIterator()
    let first = Task {
      _ = source.complete(await source.request(at: 0), items: rows(0..<2), next: 1)
    }
    #expect(try await iterator.next()?.items == rows(0..<2))
    await first.value

    // The caller holds page 0 and has not asked again: page 1 is requested all the same.
    let second = await source.request(at: 1)
    #expect(second.cursor == 1)
    #expect(second.direction == .append)
    source.complete(second, items: rows(2..<4), next: 2)
    // One page ahead, not two: page 2 waits for the caller's next call.
    #expect(source.requests.count == 2)

    let third = Task {
      _ = source.complete(await source.request(at: 2), items: rows(4..<6), next: nil)
    }
    #expect(try await iterator.next()?.items == rows(2..<4))
    await third.value
    #expect(try await iterator.next()?.items == rows(4..<6))
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
    #expect(source.requests.map(\.cursor) == [nil, 1, 2])
  }

  @Test func aFailureAheadIsThrownAfterThePagesBeforeIt() async throws {
    let source = ScriptedPageSource<Row, Int>()
    let options = PageWalkOptions(retryPolicy: .manual, readAhead: 2)
    var iterator = source.pages(options: options).makeAsyncIterator()
    let answers = Task {
      _ = source.complete(await source.request(at: 0), items: rows(0..<2), next: 1)
      source.complete(await source.request(at: 1), items: rows(2..<4), next: 2)
      _ = source.fail(await source.request(at: 2), with: Boom())
    }
    #expect(try await iterator.next()?.items == rows(0..<2))
    await answers.value
    #expect(try await iterator.next()?.items == rows(2..<4))
    let error = await #expect(throws: PageWalkError<Int>.self) { try await iterator.next() }
    #expect(error?.cursor == 2)
    #expect(error?.pagesLoaded == 2)
    #expect(try await iterator.next() == nil)
    #expect(source.requests.count == 3)
  }

  @Test func cancellingTheCallerCancelsThePageLoadingAhead() async throws {
    let source = ScriptedPageSource<Row, Int>()
    let walk = source.pages(options: PageWalkOptions(readAhead: 1))
    let held = AsyncStream<Void>.makeStream()
    let caller = Task {
      var iterator = walk.makeAsyncIterator()
      _ = try await iterator.next()
      held.continuation.yield()
      // Holds page 0 until cancelled, then asks for page 1.
      while !Task.isCancelled { await Task.yield() }
      return try await iterator.next()
    }
    source.complete(await source.request(at: 0), items: rows(0..<2), next: 1)
    for await _ in held.stream { break }
    let ahead = await source.request(at: 1)
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(source.wasCancelledByCaller(ahead))
    #expect(source.requests.count == 2)
  }
}
