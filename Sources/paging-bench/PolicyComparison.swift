import DemoSupport
import Paging
import PagingBaselines
import PagingTesting

/// Every policy on every profile, on the same sessions and seeds, in virtual time.
@MainActor
enum PolicyComparison {
  typealias Server = SimulatedFeedServer<ReleaseNote>

  /// The figures of one session: its report, and what only the bench knows of it.
  @dynamicMemberLookup
  struct Session: Codable, Sendable {
    /// The seed of the server's latencies and failures and of the list's random choices.
    let seed: UInt64
    /// Pages the user reached on the path without waits (the minimum a cursor API needs).
    let minimumRequests: Int
    /// The longest time the server took to answer one request in this session, in seconds.
    let longestResponseSeconds: Double
    /// What the list and the server saw.
    var report: SessionReport

    /// A figure of the report.
    subscript<Value>(dynamicMember figure: KeyPath<SessionReport, Value>) -> Value {
      report[keyPath: figure]
    }

    /// The report's `stallTime` plus its `stallTimeAtTop`, in seconds: how long the user waited
    /// at the end of the loaded rows while more existed (in a chat, at the top while older rows
    /// existed).
    var stallTime: Double { (report.stallTime + report.stallTimeAtTop).seconds }

    /// Seconds from the screen's task to the first row on screen; `nil`: never.
    var firstRowSeconds: Double? { report.timeToFirstRow?.seconds }

    /// Requests for new pages beyond the pages reached plus one: the loads of pages the user
    /// never reached, past the one page of prefetch every policy pays at the end. Failed
    /// requests and hedges (which ask for a page already asked for) are not counted.
    var speculativeRequests: Int {
      max(
        0,
        report.requestsIssued - report.failedRequests - report.hedgedRequests
          - (minimumRequests + 1))
    }
  }

  /// One policy on one profile: its sessions, and their reports added up.
  @dynamicMemberLookup
  struct Result: Codable, Sendable {
    let profile: String
    let policy: FeedKind
    let pageSize: Int
    let sessions: [Session]
    /// The sessions' reports, summed.
    let total: SessionReport

    init(profile: String, policy: FeedKind, pageSize: Int, sessions: [Session]) {
      self.profile = profile
      self.policy = policy
      self.pageSize = pageSize
      self.sessions = sessions
      total = sessions.map(\.report).reduce(SessionReport(), +)
    }

    /// A figure of the total.
    subscript<Value>(dynamicMember figure: KeyPath<SessionReport, Value>) -> Value {
      total[keyPath: figure]
    }

    /// The pages reached, summed.
    var minimumRequests: Int { sessions.map(\.minimumRequests).reduce(0, +) }

    /// The sessions' waits (``Session/stallTime``), in seconds.
    var stallTime: Double { (total.stallTime + total.stallTimeAtTop).seconds }

    /// Sessions in which no row was ever shown.
    var sessionsWithoutARow: Int { sessions.count { $0.report.timeToFirstRow == nil } }

    /// ``rowsLoadedButNeverShown`` in pages.
    var pagesNeverShown: Double { Double(total.rowsLoadedButNeverShown) / Double(pageSize) }
  }

  /// The seeds every profile runs with.
  nonisolated static func seeds(quick: Bool) -> [UInt64] { quick ? [1] : [1, 2, 3, 4, 5] }

  /// Runs every policy on every profile.
  static func run(quick: Bool, items: [ReleaseNote]) async -> [Result] {
    var results: [Result] = []
    for profile in BenchProfile.all(quick: quick) {
      let data = Array(items.prefix(profile.rows))
      var sessions: [FeedKind: [Session]] = [:]
      for seed in seeds(quick: quick) {
        let path = await ScrollPath.record(profile, seed: seed, items: data)
        let plan = await OraclePlan.make(path: path, profile: profile, seed: seed)
        for policy in FeedKind.allCases where profile.runs(policy) {
          let (report, longest) = await session(
            policy, profile: profile, seed: seed, items: data, plan: plan)
          sessions[policy, default: []].append(
            Session(
              seed: seed, minimumRequests: path.pagesReached, longestResponseSeconds: longest,
              report: report))
        }
      }
      for policy in FeedKind.allCases where profile.runs(policy) {
        results.append(
          Result(
            profile: profile.name, policy: policy, pageSize: profile.pageSize,
            sessions: sessions[policy] ?? []))
      }
    }
    return results
  }

  /// One session of `policy` on `profile` with `seed`: its report, and the longest time the
  /// server took to answer one of its requests, in seconds.
  static func session(
    _ policy: FeedKind, profile: BenchProfile, seed: UInt64, items: [ReleaseNote], plan: OraclePlan
  ) async -> (SessionReport, Double) {
    let clock = TestClock()
    let server = Server(
      items: items, pageSize: profile.pageSize, latency: profile.latency,
      faults: .init(failureRate: profile.failureRate), seed: seed, clock: clock)
    let report = await session(
      policy, server: server, clock: clock, profile: profile, seed: seed, plan: plan)
    let longest =
      server.log.compactMap { entry in entry.answeredAt.map { ($0 - entry.receivedAt).seconds } }
      .max() ?? 0
    return (report, longest)
  }

  /// One session of `policy`: in a chat every feed opens at the newest page and loads older
  /// pages, and the naive and three-guard policies are their chat forms (``FeedComparison``
  /// makes them and the paginators, as it does for the demo; the scanning helper and the
  /// oracle are the benchmark's own).
  private static func session(
    _ policy: FeedKind, server: Server, clock: TestClock, profile: BenchProfile, seed: UInt64,
    plan: OraclePlan
  ) async -> SessionReport {
    let chat = profile.isChat
    let player = Replay(server: server, clock: clock, profile: profile, seed: seed)
    switch policy {
    case .scanningHelper:
      precondition(!chat, "the scanning helper has no chat form (BenchProfile.runs)")
      return await player.play(ScanningHelperFeed(source: server))
    case .oracle:
      let feed = OracleFeed(server: server, plan: plan, clock: clock, chat: chat)
      let list = ListSimulator(
        feed: feed, server: server, configuration: profile.listConfiguration(seed: seed),
        clock: clock)
      feed.list = list
      return await replay(list, script: profile.script)
    default:
      var configuration = PagingConfiguration<Server.Cursor>(initialCursor: chat ? .newest : nil)
      configuration.maxSize = profile.maxSize
      return await FeedComparison.play(
        policy, scenario: chat ? .chat : .feed, source: server, newestCursor: .newest,
        configuration: policy.configured(configuration, pageSize: profile.pageSize),
        clock: clock, timers: clock, with: player)
    }
  }

  /// Plays a profile's script on a feed over the server, in the list the profile describes.
  private struct Replay: FeedPlayer {
    typealias Item = ReleaseNote
    let server: Server
    let clock: TestClock
    let profile: BenchProfile
    let seed: UInt64

    func play<Feed: ListFeed>(_ feed: Feed) async -> SessionReport where Feed.Item == ReleaseNote {
      await PolicyComparison.replay(feed, server, clock, profile, seed)
    }
  }

  private static func replay<Feed: ListFeed>(
    _ feed: Feed, _ server: Server, _ clock: TestClock, _ profile: BenchProfile, _ seed: UInt64
  ) async -> SessionReport where Feed.Item == ReleaseNote {
    let list = ListSimulator(
      feed: feed, server: server, configuration: profile.listConfiguration(seed: seed),
      clock: clock)
    return await replay(list, script: profile.script)
  }

  /// Opens the screen of `list`, plays `script` on it and returns the session's report: the
  /// one way every profile of the bench runs a session.
  static func replay<Feed: ListFeed>(_ list: ListSimulator<Feed>, script: [UserStep])
    async -> SessionReport
  {
    await list.startScreenTask()
    await script.perform(on: list)
    return list.report()
  }
}
