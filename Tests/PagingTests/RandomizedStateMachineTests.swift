import Paging
import PagingReference
import Testing

import var PagingTestSupport.minuteLimit

/// Seeded, model-based random streams over ``PagingStateMachine``, at both edges of a list
/// that opens at the start or in the middle (`start(at:)`): bursts of appearances and
/// disappearances, scrolls and jumps both ways, triggers, explicit loads at both edges,
/// retries, cancellations, hedge timers (rulebook R22), server insertions and deletions, local
/// edits (removals, also of rows not loaded, updates, inserts, moves: R23), display filters set,
/// changed and cleared (R25), query changes under both transitions (R24), and answers in any
/// order with any outcome (a hedge's like any other), checked after every event by
/// ``PagingModel``, whose shown rows are the explorer's ``WindowModel``.
///
/// `PAGING_FUZZ_SEEDS=100000 swift test --filter RandomizedStateMachineTests` runs more seeds.
/// A failure prints its seed and the shortest stream that still fails, as a ``FuzzCase`` to
/// paste into `FuzzRegressionTests`.
@Suite(.timeLimit(.minutes(minuteLimit))) struct RandomizedStateMachineTests {
  static let shards = 8

  @Test("random event streams keep every invariant", arguments: 0..<shards)
  func randomStreams(shard: Int) async {
    let seeds = FuzzGenerator.seedCount(default: 10_000)
    let failure = await FuzzCampaign.firstFailure(
      seeds: stride(from: shard, to: seeds, by: Self.shards)
    ) { StateMachineHarness.run($0) }
    if let failure { Issue.record(Comment(rawValue: failure)) }
  }
}

extension RandomizedStateMachineTests {
  /// The generator still reaches the faults the invariants are about, at both edges: commits
  /// of every direction (also of a list opened with `start(at:)`), both ends, failures,
  /// repeated cursors (also across edges, fault class 19), pages without new items,
  /// cancellations and the reloads after them, stale results, automatic retries, loads from
  /// appearances at the top and at the bottom, refreshes that cancel an edge, explicit loads
  /// queued during a refresh, both edges loading at once, prepends that keep the scroll
  /// anchor, and hedges (rulebook R22): sent, won, lost to their load, outliving a failed or
  /// cancelled load and committing, failing with it, cancelled with it by a refresh or
  /// `cancel()`; edits, also one made during a refresh that holds through its commit, filters
  /// that change the rows, and queries that clear the rows or keep them until their first
  /// page. Counts over the first 1,000 seeds, each at least 20.
  @Test func theGeneratorReachesEveryFault() {
    let total = (0..<1_000).reduce(FuzzCoverage()) { sum, seed in
      sum + StateMachineHarness.coverage(of: FuzzGenerator.makeCase(seed: UInt64(seed)))
    }
    for situation in FuzzSituation.allCases {
      #expect(total[situation] >= 20, "\(situation) reached \(total[situation]) times")
    }
  }
}
