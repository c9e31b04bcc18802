import DemoSupport
import Paging
import PagingTesting

/// When the oracle starts each page: as late as possible so that the page lands before the
/// user needs it, and no later than the next page's own start requires, given that a cursor
/// API loads pages one after another (page *k*'s cursor comes with page *k* − 1).
///
/// It knows what no client can: the user's path (``ScrollPath``), every request's latency
/// (the server's seeded model) and which requests fail (probed on a copy of the server). After
/// a failure it retries at once, so a page's chain latency is the sum of its attempts'.
struct OraclePlan: Sendable {
  /// `latestStart[k]` for page `k` (from 2): the latest time its first attempt may start.
  let latestStart: [Int: Duration]
  /// The pages to load: those the user reaches.
  let pages: Int

  /// Plans `path` for `profile`'s server with `seed`.
  @MainActor
  static func make(path: ScrollPath, profile: BenchProfile, seed: UInt64) async -> OraclePlan {
    let pages = path.pagesReached
    let failures = await FailureProbe.failingRequests(
      upTo: pages * 4 + 20, failureRate: profile.failureRate, seed: seed)
    // Request numbers run 1, 2, 3, … in the order the oracle sends them: page 1's attempts,
    // then page 2's, and so on.
    var chainLatency: [Int: Duration] = [:]
    var number = 1
    for page in 1...max(1, pages) {
      var total = Duration.zero
      while true {
        total += profile.latency.latency(forRequest: number, seed: seed)
        let failed = failures.contains(number)
        number += 1
        if !failed { break }
      }
      chainLatency[page] = total
    }
    var latestStart: [Int: Duration] = [:]
    var nextStart = Duration.seconds(1_000_000)
    if pages >= 2 {
      for page in stride(from: pages, through: 2, by: -1) {
        let due = min(path.needTime(ofPage: page), nextStart)
        let start = due - (chainLatency[page] ?? .zero)
        latestStart[page] = start
        nextStart = start
      }
    }
    return OraclePlan(latestStart: latestStart, pages: pages)
  }
}

/// Which request numbers a ``SimulatedFeedServer`` fails, found by asking a copy of it (same
/// seed and failure rate, no latency, one row) on a clock of its own: the server draws each
/// request's failure from its seed and the request's number alone.
enum FailureProbe {
  /// The failing request numbers in `1...count`.
  @MainActor
  static func failingRequests(upTo count: Int, failureRate: Double, seed: UInt64) async -> Set<Int>
  {
    guard failureRate > 0 else { return [] }
    let clock = TestClock()
    let probe = SimulatedFeedServer(
      items: [
        ReleaseNote(
          id: 1, releasedAt: "2000-01-01", version: "0", section: "", issue: nil, title: "",
          body: "")
      ],
      latency: .fixed(.zero), faults: .init(failureRate: failureRate), seed: seed, clock: clock)
    var failing: Set<Int> = []
    for number in 1...max(1, count) {
      let request = PageRequest<SimulatedFeedServer<ReleaseNote>.Cursor>(
        id: PageRequestID(rawValue: number), direction: .append, cursor: nil,
        generation: Generation(rawValue: 1))
      let answer = Task { try await probe.loadPage(request) }
      await clock.waitForSleepers(1)
      clock.advance(by: .zero)
      if (try? await answer.value) == nil { failing.insert(number) }
    }
    return failing
  }
}
