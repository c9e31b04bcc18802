import DemoSupport
import Foundation

extension PolicyComparison {
  /// The policy goals: for `Paginator (default)` on every profile, and for `Paginator
  /// (hedged)` where hedging is meant to help (the heavy tail of the flinger and the chat).
  nonisolated static func goals(_ results: [Result]) -> [Goal] {
    var goals: [Goal] = []
    for policy in [Policy.paginator, .hedged] {
      for profile in Profile.all(quick: false) {
        guard let paginator = result(results, profile.name, policy),
          let oracle = result(results, profile.name, .oracle)
        else { continue }
        let name = "\(policy == .hedged ? "Paginator (hedged)" : "Paginator"), \(profile.name)"
        let ends = profile.isChat ? "requests past either end" : "requests after the end"
        goals.append(
          Goal(
            name: "\(name): duplicate requests, \(ends)", target: "0, 0",
            measured: "\(paginator.duplicateRequests), \(paginator.requestsAfterEnd)",
            met: paginator.duplicateRequests == 0 && paginator.requestsAfterEnd == 0,
            note: "over \(paginator.sessions.count) sessions"))
        if policy == .hedged {
          let share = Double(paginator.hedgedRequests) / Double(max(1, paginator.requestsIssued))
          goals.append(
            Goal(
              name: "\(name): hedges ≤ 10% of requests", target: "≤ 10%",
              measured: "\(Int((share * 100).rounded()))%", met: share <= 0.1,
              note: "\(paginator.hedgedRequests) hedges in \(paginator.requestsIssued) requests"))
          guard profile.name == "flinger" || profile.isChat else { continue }
        } else {
          let over = paginator.sessions.filter { !$0.withinOnePage }
          goals.append(
            Goal(
              name: "\(name): page requests ≤ pages reached + 1, every session",
              target: "\(paginator.sessions.count) of \(paginator.sessions.count)",
              measured: "\(paginator.sessions.count - over.count) of \(paginator.sessions.count)",
              met: over.isEmpty,
              note: requestsNote(paginator, over: over)))
        }
        if profile.isChat {
          goals += chatGoals(paginator, oracle: oracle, profile: profile, name: name)
          continue
        }
        goals.append(stallGoal(paginator, oracle: oracle, profile: profile, name: name))
      }
    }
    if let paginator = result(results, "flinger", .paginator),
      let guarded = result(results, "flinger", .guarded)
    {
      let share = paginator.stallTime / max(guarded.stallTime, 1e-9)
      goals.append(
        Goal(
          name: "Paginator, flinger: stall ≤ 10% of the three-guard fix's",
          target: "≤ \(Format.seconds(0.1 * guarded.stallTime))",
          measured: "\(Format.seconds(paginator.stallTime)) (\(Int((share * 100).rounded()))%)",
          met: share <= 0.1, note: worstSessionNote(paginator)))
    }
    return goals
  }

  /// The stall within 1.25 × the oracle's, or within 0.25 s when the oracle never waits (a
  /// ratio to zero means nothing; a quarter of a second is what a user barely notices).
  /// - Parameter what: The wait the goal names ("stall", or "stall at the top" in a chat).
  nonisolated static func stallGoal(
    _ paginator: Result, oracle: Result, profile: Profile, name: String, what: String = "stall"
  ) -> Goal {
    let bound = stallBound(oracle)
    let ratio = paginator.stallTime / max(oracle.stallTime, 1e-9)
    return Goal(
      name: oracle.stallTime > 0
        ? "\(name): \(what) ≤ 1.25 × the oracle's"
        : "\(name): \(what) ≤ 0.25 s (the oracle's is 0)",
      target: "≤ \(Format.seconds(bound))",
      measured: "\(Format.seconds(paginator.stallTime))"
        + (oracle.stallTime > 0 ? " (\(Format.ratio(ratio)))" : ""),
      met: paginator.stallTime <= bound + 1e-9,
      note: stallNote(paginator, oracle: oracle, profile: profile))
  }

  /// 1.25 × the oracle's stall, or 0.25 s when the oracle's is 0.
  nonisolated static func stallBound(_ oracle: Result) -> Double {
    oracle.stallTime > 0 ? 1.25 * oracle.stallTime : 0.25
  }

  /// The chat's goals: the wait at the top within 1.25 × the oracle's (0.25 s when the oracle
  /// never waits), and the row the user reads never moved by a prepend.
  nonisolated private static func chatGoals(
    _ paginator: Result, oracle: Result, profile: Profile, name: String
  ) -> [Goal] {
    [
      stallGoal(paginator, oracle: oracle, profile: profile, name: name, what: "stall at the top"),
      Goal(
        name: "\(name): anchor movement (points the row read moved on a prepend)",
        target: "0", measured: String(format: "%.0f", paginator.anchorMovement),
        met: paginator.anchorMovement == 0 && paginator.viewportJumps == 0,
        note: "\(paginator.viewportJumps) viewport jumps over \(paginator.sessions.count) sessions"),
    ]
  }

  nonisolated static func result(_ results: [Result], _ profile: String, _ policy: Policy)
    -> Result?
  {
    results.first { $0.profile == profile && $0.policy == policy }
  }

  nonisolated private static func requestsNote(_ result: Result, over: [Session]) -> String {
    let counted =
      "\(result.requestsIssued - result.failedRequests) page requests for \(result.minimumRequests) pages reached"
    guard let first = over.first else { return counted }
    return counted
      + "; seed \(first.seed): \(first.requestsIssued - first.failedRequests) for"
      + " \(first.minimumRequests), in the session whose longest response took"
      + " \(Format.seconds(first.longestResponseSeconds)) (a user held at the end doubles the"
      + " adaptive distance)"
  }

  nonisolated private static func stallNote(_ result: Result, oracle: Result, profile: Profile)
    -> String
  {
    if result.stallTime <= stallBound(oracle) + 1e-9 {
      return "oracle \(Format.seconds(oracle.stallTime))"
    }
    if profile.failureRate > 0 {
      return "after a failure the default retry waits its backoff (about 1 s, then 2 s, 4 s;"
        + " the user may tap Retry 1 s after the error shows); the oracle retries at once"
    }
    return worstSessionNote(result)
  }

  nonisolated private static func worstSessionNote(_ result: Result) -> String {
    guard let worst = result.sessions.max(by: { $0.stallTime < $1.stallTime }),
      worst.stallTime > 0
    else { return "" }
    guard worst.longestResponseSeconds >= 2 else {
      let stalled = result.sessions.filter { $0.stallTime > 0 }.count
      return "spread over \(stalled) of \(result.sessions.count) sessions, at most"
        + " \(Format.seconds(worst.stallTime)) in one (seed \(worst.seed)), whose slowest response"
        + " took \(Format.seconds(worst.longestResponseSeconds)): no heavy-tail wait is left; the"
        + " fling outruns the adaptive distance while ordinary pages load, and the oracle, which"
        + " knows the path, starts each page early"
    }
    return "\(Format.seconds(worst.stallTime)) of it in one session (seed \(worst.seed)),"
      + " where one response took \(Format.seconds(worst.longestResponseSeconds)) (the latency"
      + " model's heavy tail); the oracle, which knows every latency, starts that page early"
      + (result.policy == .paginator ? "; `Paginator (hedged)` sends a second request instead" : "")
  }
}
