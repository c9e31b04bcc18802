import DemoSupport
import Foundation

extension PolicyComparison {
  /// The policy goals, for `Paginator (default)` on every profile: what a user of the default
  /// configuration gets.
  /// - no duplicate request and none after the end;
  /// - the stall within ``stallBound(_:)`` of the oracle's;
  /// - extra requests (hedges, and speculative loads: requests for new pages past the pages
  ///   reached plus the one page of prefetch every policy pays at the end) at most 10 % of the
  ///   requests, and on the profile whose latency has no tail (`slow network`) at most 2 % or one
  ///   request, whichever is larger;
  /// - rows loaded but never shown no more than `fixed prefetch = page size`'s;
  /// - in the chat, the row read never moved by a prepend.
  nonisolated static func goals(_ results: [Result]) -> [Goal] {
    var goals: [Goal] = []
    for profile in BenchProfile.all(quick: false) {
      guard let paginator = result(results, profile.name, .paginator),
        let oracle = result(results, profile.name, .oracle)
      else { continue }
      let name = "Paginator, \(profile.name)"
      let ends = profile.isChat ? "requests past either end" : "requests after the end"
      goals.append(
        Goal(
          name: "\(name): duplicate requests, \(ends)", target: "0, 0",
          measured: "\(paginator.duplicateRequests), \(paginator.requestsAfterEnd)",
          met: paginator.duplicateRequests == 0 && paginator.requestsAfterEnd == 0,
          note: "over \(paginator.sessions.count) sessions"))
      goals.append(
        stallGoal(
          paginator, oracle: oracle, profile: profile, name: name,
          what: profile.isChat ? "stall at the top" : "stall"))
      goals.append(
        extraRequestsGoal(
          name: name, hedges: paginator.hedgedRequests,
          speculative: paginator.sessions.map(\.speculativeRequests).reduce(0, +),
          requests: paginator.requestsIssued, tailless: profile.latency.hasNoTail))
      if let fixed = result(results, profile.name, .fixedPrefetch) {
        goals.append(
          Goal(
            name: "\(name): rows loaded but never shown ≤ fixed prefetch = page size's",
            target: "≤ \(Format.count(fixed.rowsLoadedButNeverShown))",
            measured: Format.count(paginator.rowsLoadedButNeverShown),
            met: paginator.rowsLoadedButNeverShown <= fixed.rowsLoadedButNeverShown,
            note: "over \(paginator.sessions.count) sessions; the oracle's"
              + " \(Format.count(oracle.rowsLoadedButNeverShown))"))
      }
      if profile.isChat {
        goals.append(
          Goal(
            name: "\(name): anchor movement (points the row read moved on a prepend)",
            target: "0", measured: String(format: "%.0f", paginator.anchorMovement),
            met: paginator.anchorMovement == 0 && paginator.viewportJumps == 0,
            note:
              "\(paginator.viewportJumps) viewport jumps over \(paginator.sessions.count) sessions")
        )
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

  /// Extra requests (hedges and speculative loads) at most 10 % of the requests, or, where the
  /// latency has no tail (`tailless`), at most 2 % of them or one request, whichever is larger.
  /// - Parameters:
  ///   - hedges: Hedges sent.
  ///   - speculative: Requests for new pages beyond the pages reached plus one (reloads of
  ///     pages dropped under `maxSize` are not counted).
  ///   - requests: Every request the server received.
  nonisolated static func extraRequestsGoal(
    name: String, hedges: Int, speculative: Int, requests: Int, tailless: Bool
  ) -> Goal {
    let extra = hedges + speculative
    let bound = tailless ? max(0.02 * Double(requests), 1) : 0.1 * Double(requests)
    let share = Double(extra) / Double(max(1, requests))
    return Goal(
      name: tailless
        ? "\(name): extra requests ≤ max(2% of requests, 1) (no latency tail)"
        : "\(name): extra requests ≤ 10% of requests",
      target: "≤ \(String(format: "%.1f", bound))",
      measured: "\(extra) (\(String(format: "%.1f", share * 100))%)", met: Double(extra) <= bound,
      note: "hedges \(hedges), speculative loads \(speculative), requests \(requests)")
  }

  /// The stall within ``stallBound(_:)``: max(1.25 × the oracle's, 0.25 s). A ratio to a stall
  /// near zero means nothing, and a quarter of a second is what a user barely notices.
  /// - Parameter what: The wait the goal names ("stall", or "stall at the top" in a chat).
  nonisolated static func stallGoal(
    _ paginator: Result, oracle: Result, profile: BenchProfile, name: String, what: String = "stall"
  ) -> Goal {
    let bound = stallBound(oracle.stallTime)
    let ratio = paginator.stallTime / max(oracle.stallTime, 1e-9)
    return Goal(
      name: "\(name): \(what) ≤ max(1.25 × the oracle's, 0.25 s)",
      target: "≤ \(Format.seconds(bound))",
      measured: "\(Format.seconds(paginator.stallTime))"
        + (oracle.stallTime > 0 ? " (\(Format.ratio(ratio)))" : ""),
      met: paginator.stallTime <= bound + 1e-9,
      note: stallNote(paginator, oracle: oracle, profile: profile))
  }

  /// max(1.25 × `oracleStall`, 0.25 s), in seconds.
  nonisolated static func stallBound(_ oracleStall: Double) -> Double {
    max(1.25 * oracleStall, 0.25)
  }

  nonisolated static func result(_ results: [Result], _ profile: String, _ policy: FeedKind)
    -> Result?
  {
    results.first { $0.profile == profile && $0.policy == policy }
  }

  nonisolated private static func stallNote(_ result: Result, oracle: Result, profile: BenchProfile)
    -> String
  {
    if result.stallTime <= stallBound(oracle.stallTime) + 1e-9 {
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

  }
}
