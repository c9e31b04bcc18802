import DemoSupport
import Paging
import PagingTesting

/// The reader who scrolls back up through dropped pages: the paginators run with
/// `maxSize` 1,000 in the list simulator, on the same scripted session, seeds and cellular
/// latency as the other profiles; the oracle holds every row it loaded (no cap), so scrolling
/// back costs it nothing and its stall on the way back, 0, is a lower bound for any capped
/// policy.
///
/// The user scrolls down 3,000 rows (1,500 in a quick run), then reads back up 2,500 rows
/// (1,200) through the pages the cap dropped, which load again as prepends. The stall on the
/// way back is the time at the top of the loaded rows while older rows existed
/// (``SessionReport/stallTimeAtTop``); the stall on the way down is reported beside it.
@MainActor
enum CappedScrollBack {
  /// One policy's sessions (``PolicyComparison/Session/minimumRequests``: the pages reached
  /// on the way down).
  typealias Result = PolicyComparison.Result

  nonisolated static let maxSize = 1_000
  nonisolated static let policies: [FeedKind] = [.paginator, .unhedged, .oracle]

  /// The profile: rows scrolled down and read back up (``SessionProfile/cappedScrollBack``),
  /// under the cap.
  nonisolated static func profile(quick: Bool) -> BenchProfile {
    BenchProfile(session: .cappedScrollBack, quick: quick, maxSize: maxSize)
  }

  /// Every policy on every seed.
  static func run(quick: Bool, items: [ReleaseNote]) async -> [Result] {
    let profile = profile(quick: quick)
    let data = Array(items.prefix(profile.rows))
    var sessions: [FeedKind: [PolicyComparison.Session]] = [:]
    for seed in PolicyComparison.seeds(quick: quick) {
      let path = await ScrollPath.record(profile, seed: seed, items: data)
      let plan = await OraclePlan.make(path: path, profile: profile, seed: seed)
      for policy in policies {
        let (report, longest) = await PolicyComparison.session(
          policy, profile: profile, seed: seed, items: data, plan: plan)
        sessions[policy, default: []].append(
          PolicyComparison.Session(
            seed: seed, minimumRequests: path.pagesReached, longestResponseSeconds: longest,
            report: report))
      }
    }
    return policies.map {
      Result(
        profile: profile.name, policy: $0, pageSize: profile.pageSize, sessions: sessions[$0] ?? [])
    }
  }

  /// Which stall of a session: on the way down (``SessionReport/stallTime``) or on the way
  /// back (``SessionReport/stallTimeAtTop``).
  enum Way { case down, back }

  /// One of the stalls alone, for ``PolicyComparison/stallGoal``, which reads a result's
  /// `stallTime` as both.
  nonisolated private static func stall(_ result: Result, _ way: Way) -> Result {
    Result(
      profile: result.profile, policy: result.policy, pageSize: result.pageSize,
      sessions: result.sessions.map { session in
        var session = session
        if way == .back { session.report.stallTime = session.report.stallTimeAtTop }
        session.report.stallTimeAtTop = .zero
        return session
      })
  }

  /// Requests that returned a page.
  nonisolated private static func pageRequests(_ report: SessionReport) -> Int {
    report.requestsIssued - report.failedRequests
  }

  /// The goals of `Paginator (default)` under the cap, by ``PolicyComparison/stallGoal``: the
  /// stall on the way down and on the way back, each within max(1.25 × the oracle's, 0.25 s);
  /// extra requests (hedges, and loads of new pages past the pages reached plus one; a reload of
  /// a dropped page is not extra) at most 10 %; and the anchor: no row the user read moved when
  /// a page landed above it.
  nonisolated static func goals(_ results: [Result], quick: Bool) -> [Goal] {
    guard let oracle = results.first(where: { $0.policy == .oracle }),
      let result = results.first(where: { $0.policy == .paginator })
    else { return [] }
    let profile = profile(quick: quick)
    let name = "Paginator, maxSize \(Format.count(maxSize))"
    let speculative = result.sessions.map { session in
      max(
        0,
        pageRequests(session.report) - session.hedgedRequests - session.reloads
          - session.minimumRequests - 1)
    }.reduce(0, +)
    return [
      PolicyComparison.stallGoal(
        stall(result, .down), oracle: stall(oracle, .down),
        profile: profile, name: "\(name), scrolling down", what: "stall"),
      PolicyComparison.stallGoal(
        stall(result, .back), oracle: stall(oracle, .back),
        profile: profile, name: "\(name), scrolling back through dropped pages",
        what: "stall on the way back"),
      PolicyComparison.extraRequestsGoal(
        name: "\(name), down and back", hedges: result.hedgedRequests,
        speculative: speculative, requests: pageRequests(result.total),
        tailless: profile.latency.hasNoTail),
      Goal(
        name: "\(name), scrolling back: anchor movement (points the row read moved on a prepend)",
        target: "0", measured: String(format: "%.0f", result.anchorMovement),
        met: result.anchorMovement == 0 && result.viewportJumps == 0,
        note: "\(result.reloads) dropped pages loaded again over"
          + " \(result.sessions.count) sessions"),
    ]
  }

  /// The section of `BENCHMARKS.md`.
  nonisolated static func markdown(_ results: [Result], quick: Bool) -> String {
    let oracleBack = results.first { $0.policy == .oracle }?.total.stallTimeAtTop.seconds ?? 0
    let rows = results.map { result -> [String] in
      let back = result.total.stallTimeAtTop.seconds
      let ratio =
        oracleBack > 0 ? Format.ratio(back / oracleBack) : (back > 0 ? "∞" : "1.00×")
      return [
        result.policy == .oracle ? "oracle (no cap)" : "\(result.policy.label), maxSize 1,000",
        "\(pageRequests(result.total)) / \(result.minimumRequests)",
        "\(result.reloads)", Format.seconds(result.total.stallTime.seconds),
        Format.seconds(back), ratio,
        "\(result.viewportJumps) (\(String(format: "%.0f", result.anchorMovement)) pt)",
      ]
    }
    return """
      ### capped scroll back

      \(profile(quick: quick).summary). Latency: \(LatencyModel.cellular.summary). The \
      paginators run with `maxSize` \
      \(Format.count(maxSize)), so the pages above drop on the way down and load again as
      prepends on the way back; the oracle keeps every row (it never waits on the way back, a
      lower bound for any cap). *Page requests / reached*: requests that returned a page, and
      pages reached on the way down; *reloads*: requests for a page loaded in the generation
      and let go (`SessionReport.reloads`: the dropped pages loaded again); *stall down*: time
      at the end of the loaded rows; *stall back*: time at the top of the loaded rows while
      older rows existed; *jumps*: prepends that moved the row read. Summed over the seeds.

      \(Format.table(
        ["policy", "page requests / reached", "reloads", "stall down", "stall back", "back vs oracle", "jumps (anchor moved)"],
        rows))
      """
  }
}
