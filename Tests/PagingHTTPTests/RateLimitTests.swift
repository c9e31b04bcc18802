import Foundation
import Paging
import PagingHTTP
import PagingTesting
import PagingWalk
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
  import var PagingTestSupport.minuteLimit
#endif

/// Rate limits: the source reads GitHub's and the IETF draft's fields, waits for the reset on
/// its clock before the limit is spent, treats a 403 or 429 that carries them as a wait, and
/// fails at once, with the wait, past `maximumRateLimitWait`.
@Suite("HTTPPageSource rate limits", .timeLimit(.minutes(minuteLimit)))
struct RateLimitTests {
  static let base = URL(string: "https://api.example.com/notes")!
  /// The servers' clock: `Sun, 06 Nov 1994 08:49:37 GMT`.
  static let date = "Sun, 06 Nov 1994 08:49:37 GMT"
  static let epoch = 784_111_777

  /// Page `n` (1-based) of three, one note each, the next one in the `Link` header.
  static func page(_ request: URLRequest, headers: [String: String] = [:]) -> StubReply {
    let number = Int(request.url?.query?.split(separator: "=").last ?? "1") ?? 1
    var all = headers
    all["Date"] = date
    if number < 3 { all["Link"] = "<\(base.absoluteString)?page=\(number + 1)>; rel=\"next\"" }
    return StubReply(headers: all, body: #"[{"id": \#(number), "title": "n\#(number)"}]"#)
  }

  /// Walks the source in a task, returning the ids or the walk's error.
  static func walk(
    _ source: HTTPPageSource<Note>, options: PageWalkOptions = PageWalkOptions(retryPolicy: .manual)
  ) -> Task<([Int], PageWalkError<HTTPCursor>?), Never> {
    Task {
      var ids: [Int] = []
      do {
        for try await note in source.pages(options: options).items { ids.append(note.id) }
        return (ids, nil)
      } catch {
        return (ids, error as? PageWalkError<HTTPCursor>)
      }
    }
  }

  @Test func aSpentGitHubLimitPausesTheNextRequestUntilItsReset() async throws {
    let clock = TestClock()
    let transport = StubTransport { request in
      Self.page(
        request,
        headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "\(Self.epoch + 60)"])
    }
    let source = HTTPPageSource<Note>(
      url: Self.base, strategy: .linkHeader(), transport: transport, clock: clock)
    let walk = Self.walk(source)

    await clock.waitForSleepers(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(60)))
    // Paused before the request, not after a refusal.
    #expect(await transport.requests.count == 1)
    #expect(clock.advance(by: .seconds(59)) == 0)
    #expect(clock.advance(by: .seconds(1)) == 1)
    await clock.waitForSleepers(1)
    #expect(clock.advance(by: .seconds(60)) == 1)

    let (ids, error) = await walk.value
    #expect(ids == [1, 2, 3])
    #expect(error == nil)
    #expect(await transport.requests.count == 3)
  }

  @Test func aRemainingRequestDoesNotWait() async throws {
    let transport = StubTransport { request in
      Self.page(request, headers: ["RateLimit": #""default";r=1;t=600"#])
    }
    let source = HTTPPageSource<Note>(
      url: Self.base, strategy: .linkHeader(), transport: transport, clock: TestClock())
    let (ids, error) = await Self.walk(source).value
    #expect(ids == [1, 2, 3])
    #expect(error == nil)
  }

  @Test func a429WithTheIETFFieldsIsAWaitNotAFailure() async throws {
    let clock = TestClock()
    let count = Mutex(0)
    let transport = StubTransport { request in
      let number = count.withLock {
        $0 += 1
        return $0
      }
      guard number == 2 else { return Self.page(request) }
      // Of two policies, the spent one decides.
      return StubReply(
        status: 429,
        headers: ["RateLimit": #""hour";r=100;t=3000, "minute";r=0;t=10"#, "Date": Self.date],
        body: #"{"error": "slow down"}"#)
    }
    let source = HTTPPageSource<Note>(
      url: Self.base, strategy: .linkHeader(), transport: transport, clock: clock)
    let walk = Self.walk(source)

    await clock.waitForSleepers(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(10)))
    #expect(clock.advance(by: .seconds(10)) == 1)

    let (ids, error) = await walk.value
    #expect(ids == [1, 2, 3])
    #expect(error == nil)
    // The refused page was asked for again after the reset, once.
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/notes", "https://api.example.com/notes?page=2",
        "https://api.example.com/notes?page=2", "https://api.example.com/notes?page=3",
      ])
  }

  @Test func anHourlyResetPastTheBoundFailsAtOnceWithTheWait() async throws {
    let clock = TestClock()
    let transport = StubTransport(
      StubReply(
        status: 403,
        headers: [
          "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "\(Self.epoch + 3_600)",
          "Date": Self.date,
        ], body: #"{"message": "API rate limit exceeded"}"#))
    let source = HTTPPageSource<Note>(
      url: Self.base, strategy: .linkHeader(), transport: transport, clock: clock)

    // The default retry policy (maxDelay 30 s) does not retry an hour's wait either.
    let (ids, error) = await Self.walk(source, options: PageWalkOptions()).value

    #expect(ids == [])
    let rateLimited = HTTPPagingError.rateLimited(url: Self.base, wait: .seconds(3_600))
    #expect(
      error?.error
        == .retryAfterTooLong(wait: .seconds(3_600), maxDelay: .seconds(30), error: rateLimited))
    #expect(error?.error?.httpError?.retryAfter == .seconds(3_600))
    #expect(await transport.requests.count == 1)
    #expect(clock.now == TestClock.Instant(offset: .zero))
  }

  @Test func aWalkWhoseUserAllowsItWaitsOutAnHourlyReset() async throws {
    let clock = TestClock()
    let count = Mutex(0)
    let transport = StubTransport { request in
      let number = count.withLock {
        $0 += 1
        return $0
      }
      let reset = ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "\(Self.epoch + 3_600)"]
      return Self.page(request, headers: number == 1 ? reset : ["X-RateLimit-Remaining": "4999"])
    }
    let source = HTTPPageSource<Note>(
      url: Self.base, strategy: .linkHeader(), transport: transport,
      maximumRateLimitWait: .seconds(3_600), clock: clock)
    let walk = Self.walk(source)

    await clock.waitForSleepers(1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(3_600)))
    #expect(clock.advance(by: .seconds(3_600)) == 1)

    let (ids, error) = await walk.value
    #expect(ids == [1, 2, 3])
    #expect(error == nil)
  }
}

/// A walk that loads pages several at a time keeps no more requests in flight than the rate
/// limit leaves.
@Suite("HTTPPageSource rate limits with parallel pages", .timeLimit(.minutes(minuteLimit)))
struct ParallelRateLimitTests {
  @Test func aParallelWalkSendsNoMoreRequestsAtOnceThanTheLimitLeaves() async throws {
    // Ten notes, offsets of 2 with a total: after the first page, four pages could load at
    // once, but each answer leaves room for two requests.
    let transport = StubTransport(holding: true) { request in
      let offset =
        Int(
          URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?
            .queryItems?.first { $0.name == "offset" }?.value ?? "0") ?? 0
      let ids = (offset + 1)...(offset + 2)
      return StubReply(
        headers: ["RateLimit": #""default";r=2;t=60"#],
        body: #"{"count": 10, "results": \#(notesJSON(ids))}"#)
    }
    let source = HTTPPageSource<Note>(
      url: RateLimitTests.base,
      strategy: .offset(
        queryItem: "offset", limit: 2, limitQueryItem: "limit", itemsPath: ["results"],
        totalCount: .body(["count"])),
      transport: transport, clock: TestClock())
    let walk = RateLimitTests.walk(source, options: PageWalkOptions(parallelPages: 4))
    for sent in 1...5 {
      await transport.waitUntilSent(min(5, sent + (sent == 1 ? 0 : 1)))
      await transport.releaseNext()
    }
    let (ids, error) = await walk.value
    #expect(error == nil)
    #expect(ids == Array(1...10))
    #expect(await transport.mostInFlight == 2)
    #expect(await transport.requests.count == 5)
  }
}
