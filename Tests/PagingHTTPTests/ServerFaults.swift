import Foundation
import Paging
import PagingHTTP
import PagingTesting
import PagingWalk
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The common server faults against one real server: a 500, a 503 with `Retry-After` and a
/// truncated body injected by a ``FaultProxy`` in front of the shared CI server, and the
/// server killed and restarted mid-walk (a server process of the test's own). Each one checks
/// that the rows loaded are kept, that the walk resumes at the cursor that failed, and that the
/// final walk equals the seeded table row by row, with exact page and request counts.
///
/// The fault always hits request 3 (the third page), so two pages are loaded when it comes. A
/// proxy or server left running by a failed expectation is stopped when its ``LocalServer``
/// goes away.
struct ServerFaults<Item: Identifiable & Sendable, Key: Equatable & Sendable>: Sendable
where Item.ID: Sendable {
  /// Makes the walk's source for a server (or proxy) at a base URL.
  var source: @Sendable (URL) throws -> HTTPPageSource<Item>
  /// What a row is compared by (the seeded `n`, a repository name).
  var key: @Sendable (Item) -> Key
  /// The seeded table's keys, in the walk's order.
  var table: [Key]
  /// The pages a whole walk takes.
  var pages: Int

  /// The request that fails.
  static var faultyRequest: Int { 3 }

  /// A walk with manual retries: a failure ends it and the test resumes it. One page after
  /// another, so that the fault hits the third page (parallel pages have their own test).
  private static var manual: PageWalkOptions {
    PageWalkOptions(retryPolicy: .manual, parallelPages: 1)
  }

  /// A 500 ends a manual walk after two pages with a retryable error carrying the third
  /// page's cursor; `pages(from:)` that cursor loads the rest; the rows equal the table.
  func serverError(upstream: URL) async throws {
    let proxy = try await FaultProxy.start(
      upstream: upstream, faults: [Self.faultyRequest: .status(500)])
    let source = try source(proxy.url)

    let (loaded, error) = await walkUntilFailure(source.pages(options: Self.manual))
    let failure = try #require(error)
    #expect(failure.error?.httpStatusCode == 500)
    #expect(failure.isRetryable)
    #expect(failure.pagesLoaded == 2)
    #expect(failure.itemsLoaded == loaded.flatMap(\.items).count)
    #expect(failure.cursor != nil)
    #expect(failure.cursor == loaded.last?.nextCursor)
    #expect(loaded.flatMap(\.items).map(key) == Array(table.prefix(failure.itemsLoaded)))

    let rest = try await allPages(source.pages(from: failure.cursor, options: Self.manual))
    #expect((loaded + rest).flatMap(\.items).map(key) == table)
    #expect(loaded.count + rest.count == pages)
    let requests = try await proxy.requests()
    await proxy.stop()
    #expect(requests.count == pages + 1)
    #expect(requests.count > 3 && requests[2] == requests[3])
  }

  /// A 500 on the third request of a walk that loads pages in parallel (whichever page that
  /// request was for), under automatic backoff on a test clock: the machine retries that page
  /// when its turn comes, and the walk hands over every row once, in order, with one request
  /// more than it has pages.
  func parallelServerError(upstream: URL) async throws {
    let proxy = try await FaultProxy.start(
      upstream: upstream, faults: [Self.faultyRequest: .status(500)])
    let source = try source(proxy.url)
    let clock = TestClock()
    let backoff = ExponentialBackoff(
      initialDelay: .milliseconds(100), maxDelay: .seconds(10), maxAttempts: 2, jitter: 0)
    let walk = source.pages(
      options: PageWalkOptions(retryPolicy: .exponentialBackoff(backoff), parallelPages: 4),
      clock: clock)
    let task = Task { try await allPages(walk) }

    await clock.waitForSleepers(1)
    #expect(clock.advance(by: .milliseconds(100)) == 1)
    let walked = try await task.value

    #expect(walked.flatMap(\.items).map(key) == table)
    #expect(walked.count == pages)
    let requests = try await proxy.requests()
    await proxy.stop()
    #expect(requests.count == pages + 1)
    #expect(Set(requests).count == pages)
  }

  /// A 503 with `Retry-After: 2` under automatic backoff (initial delay 100 ms): the walk waits
  /// the server's 2 s on its clock, not its own 100 ms, asks for the same page again and goes
  /// on to the end in one walk.
  func unavailable(upstream: URL) async throws {
    let proxy = try await FaultProxy.start(
      upstream: upstream, faults: [Self.faultyRequest: .status(503, retryAfter: "2")])
    let source = try source(proxy.url)
    let clock = TestClock()
    let backoff = ExponentialBackoff(
      initialDelay: .milliseconds(100), maxDelay: .seconds(10), maxAttempts: 2, jitter: 0)
    let walk = source.pages(
      options: PageWalkOptions(retryPolicy: .exponentialBackoff(backoff), parallelPages: 1),
      clock: clock)
    let task = Task { try await allPages(walk) }

    await clock.waitForSleepers(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(2)))
    #expect(clock.advance(by: .seconds(2)) == 1)
    let walked = try await task.value

    #expect(walked.flatMap(\.items).map(key) == table)
    #expect(walked.count == pages)
    let requests = try await proxy.requests()
    await proxy.stop()
    #expect(requests.count == pages + 1)
    #expect(requests.count > 3 && requests[2] == requests[3])
  }

  /// A body cut short of its `Content-Length` fails a paginator's append with a retryable
  /// transport error (`networkConnectionLost`); the two pages stay; `retry()` asks for the same
  /// page again and the walk goes on to the end.
  @MainActor
  func truncated(upstream: URL) async throws {
    let proxy = try await FaultProxy.start(
      upstream: upstream, faults: [Self.faultyRequest: .truncate])
    let paginator = Paginator(
      source: try source(proxy.url), configuration: PagingConfiguration(retryPolicy: .manual))

    await paginator.start()
    paginator.loadNextPage()
    await paginator.waitUntilIdle()
    paginator.loadNextPage()
    await paginator.waitUntilIdle()

    guard let urlError = appendTransportError(of: paginator) else { return }
    #expect(urlError.code == .networkConnectionLost)
    #expect(paginator.appendState.error?.isRetryable == true)
    let kept = paginator.items.map(key)
    #expect(kept.count > 0 && kept == Array(table.prefix(kept.count)))
    #expect(paginator.metrics.requestsCompleted == 2)

    paginator.retry()
    await paginator.waitUntilIdle()
    while paginator.appendState == .idle {
      paginator.loadNextPage()
      await paginator.waitUntilIdle()
    }

    #expect(paginator.appendState == .complete)
    #expect(paginator.items.map(key) == table)
    #expect(paginator.metrics.requestsFailed == 1)
    #expect(paginator.metrics.requestsCompleted == pages)
    let requests = try await proxy.requests()
    await proxy.stop()
    #expect(requests.count == pages + 1)
    #expect(requests.count > 3 && requests[2] == requests[3])
  }

  /// The server killed (SIGKILL) after two pages: the third page fails with a retryable
  /// `cannotConnectToHost` carrying its cursor; the server restarted on the same port (same
  /// data) serves `pages(from:)` that cursor to the end; the rows equal the table.
  /// - Parameter start: Starts the server on a port (0: any), with the same data each time.
  func killedAndRestarted(start: (_ port: Int) async throws -> LocalServer) async throws {
    var server = try await start(0)
    let source = try source(server.url)
    var iterator = source.pages(options: Self.manual).makeAsyncIterator()
    var loaded: [Page<Item, HTTPCursor>] = []
    for _ in 1..<Self.faultyRequest {
      loaded.append(try #require(try await iterator.next()))
    }

    await server.kill()
    let error = await #expect(throws: PageWalkError<HTTPCursor>.self) {
      _ = try await iterator.next()
    }
    let failure = try #require(error)
    guard case .transport(let urlError)? = failure.error?.httpError else {
      Issue.record("expected a transport error, got \(failure.error)")
      await server.stop()
      return
    }
    #expect(urlError.code == .cannotConnectToHost)
    #expect(failure.isRetryable)
    #expect(failure.pagesLoaded == 2)
    #expect(failure.cursor != nil)
    #expect(failure.cursor == loaded.last?.nextCursor)
    #expect(loaded.flatMap(\.items).map(key) == Array(table.prefix(failure.itemsLoaded)))

    server = try await start(server.port)
    let rest = try await allPages(source.pages(from: failure.cursor, options: Self.manual))
    await server.stop()
    #expect((loaded + rest).flatMap(\.items).map(key) == table)
    #expect(loaded.count + rest.count == pages)
  }
}

/// The `URLError` of a paginator's append that failed with a transport error; records an
/// issue and returns `nil` when the append is in any other state.
@MainActor
func appendTransportError<Item, Cursor>(
  of paginator: Paginator<Item, Cursor>, sourceLocation: SourceLocation = #_sourceLocation
) -> URLError? {
  guard
    case .failed(.sourceFailed(HTTPPagingError.transport(let urlError))) = paginator.appendState
  else {
    Issue.record(
      "expected a transport error, got \(paginator.appendState)", sourceLocation: sourceLocation)
    return nil
  }
  return urlError
}

/// Every page of `walk`.
func allPages<Source: PageSource>(_ walk: PageWalk<Source>) async throws -> [Page<
  Source.Item, Source.Cursor
>] {
  var pages: [Page<Source.Item, Source.Cursor>] = []
  for try await page in walk { pages.append(page) }
  return pages
}

/// The pages of `walk` up to its failure, and the failure (`nil` when it reached the end).
func walkUntilFailure<Source: PageSource>(_ walk: PageWalk<Source>) async -> (
  [Page<Source.Item, Source.Cursor>], PageWalkError<Source.Cursor>?
) {
  var pages: [Page<Source.Item, Source.Cursor>] = []
  do {
    for try await page in walk { pages.append(page) }
    return (pages, nil)
  } catch let error as PageWalkError<Source.Cursor> {
    return (pages, error)
  } catch {
    Issue.record("expected a PageWalkError, got \(error)")
    return (pages, nil)
  }
}

/// Waits until something sleeps on `clock` (the walk pauses) or `walk` ends, whichever comes
/// first: `true` when it paused. A walk that fails instead of pausing ends the wait, where
/// `waitForSleepers(_:)` alone would wait past the test's time limit.
func pauseOrEnd<Value: Sendable>(of walk: Task<Value, any Error>, on clock: TestClock) async
  -> Bool
{
  let (first, continuation) = AsyncStream.makeStream(of: Bool.self)
  Task {
    await clock.waitForSleepers(1)
    continuation.yield(true)
  }
  Task {
    _ = await walk.result
    continuation.yield(false)
  }
  for await paused in first { return paused }
  return false
}
