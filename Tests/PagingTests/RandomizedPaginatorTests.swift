import Paging
import Testing

/// The randomized streams of ``RandomizedStateMachineTests`` run against a ``Paginator`` with
/// a ``ScriptedPageSource``: the same invariants, through the tasks the paginator owns.
///
/// Fewer seeds (the paginator runs tasks); `PAGING_FUZZ_SEEDS` scales them (a tenth of it).
/// The time limit turns a hang (a wait for a request that never comes) into a failure.
@MainActor
@Suite struct RandomizedPaginatorTests {
  @Test(
    "random event streams keep every invariant through the paginator", .timeLimit(.minutes(60)))
  func randomStreams() async {
    let seeds = max(1, FuzzGenerator.seedCount(default: 10_000) / 10)
    let failure = await FuzzCampaign.firstFailure(seeds: 0..<seeds) {
      await PaginatorHarness.run($0)
    }
    if let failure { Issue.record(Comment(rawValue: failure)) }
  }
}
