import Paging
import PagingTestSupport
import Testing

/// The randomized streams of ``RandomizedStateMachineTests`` run against a ``Paginator`` with
/// a ``ScriptedPageSource``: the same invariants, through the tasks the paginator owns.
///
/// Fewer seeds (the paginator runs tasks); `PAGING_FUZZ_SEEDS` scales them (a tenth of it).
/// Under ThreadSanitizer a hundred: the streams run on the main actor, and a thousand held it
/// for minutes there, past the time limits of other suites' main-actor tests.
/// The time limit turns a hang (a wait for a request that never comes) into a failure.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct RandomizedPaginatorTests {
  @Test(
    "random event streams keep every invariant through the paginator", .timeLimit(.minutes(60)))
  func randomStreams() async {
    let seeds =
      underThreadSanitizer ? 100 : max(1, FuzzGenerator.seedCount(default: 10_000) / 10)
    var coverage = FuzzCoverage()
    let failure = await FuzzCampaign.firstFailure(seeds: 0..<seeds) { fuzzCase in
      let harness = PaginatorHarness(fuzzCase)
      let violation = await harness.run()
      coverage = coverage + harness.coverage
      return violation
    }
    if let failure { Issue.record(Comment(rawValue: failure)) }
    // The hedge timers the test clock fires reach every outcome of rulebook R22 (counted over
    // the default 1,000 seeds).
    guard seeds >= 1_000 else { return }
    let hedges: [FuzzSituation] = [
      .hedgeStarted, .hedgeWon, .loadWonAfterHedge, .hedgeContenderEnded, .survivorCommitted,
      .bothFailed, .refreshCancellingAHedge, .cancelCancellingAHedge,
    ]
    for situation in hedges {
      #expect(coverage[situation] >= 10, "\(situation) reached \(coverage[situation]) times")
    }
  }
}
