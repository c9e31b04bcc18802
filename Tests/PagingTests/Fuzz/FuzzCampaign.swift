import PagingReference

/// Runs seeds through a harness; on the first failure, shrinks it and describes it.
enum FuzzCampaign {
  /// Runs the cases of `seeds` with `run`; returns `nil` when every one keeps the invariants,
  /// else the first failure's seed, violation and shortest failing case as Swift source.
  static func firstFailure(
    seeds: some Sequence<Int>, isolation: isolated (any Actor)? = #isolation,
    run: (FuzzCase) async -> FuzzViolation?
  ) async -> String? {
    for seed in seeds {
      let fuzzCase = FuzzGenerator.makeCase(seed: UInt64(seed))
      guard let violation = await run(fuzzCase) else { continue }
      let shortest = await FuzzShrinker.shrink(fuzzCase) { await run($0)?.kind == violation.kind }
      let shortestViolation = await run(shortest).map { "\($0)" } ?? ""
      return """
        seed \(seed) breaks an invariant: \(violation)
        shortest stream (\(shortest.steps.count) of \(fuzzCase.steps.count) steps): \
        \(shortestViolation)
        \(shortest)
        """
    }
    return nil
  }
}
