import Paging

// The configurations `paging-explore` runs: small worlds, each aimed at the seams between two
// or three features.

extension ExplorerConfiguration {
  /// The configurations, at the depth of a CI run.
  package static let suite: [ExplorerConfiguration] = {
    let meetings = ExplorerConfiguration.meetings
    // The costliest first, so that two cores end together.
    return [editsAndRetries, meetings[7], meetings[0]] + [
      replaceUnderFilter, snapshots, aroundAnchor, filterAndCap, capped, invalidation, queries,
      hedges,
    ] + meetings.enumerated().filter { ![0, 7].contains($0.offset) }.map(\.element)
  }()

  /// Worlds that put together the pairs of features the other worlds leave apart, five
  /// features each (a greedy cover of the pairs `paging-explore` reports missing without
  /// them), so that every pair of ``ExplorerFeature``s meets in some world.
  package static var meetings: [ExplorerConfiguration] {
    let groups: [(Set<ExplorerFeature>, depth: Int)] = [
      ([.allLoaded, .bothEdges, .hedges, .invalidation, .queries], 10),
      ([.allLoaded, .cap, .hedges, .relaunch, .serverChanges], 9),
      ([.aroundAnchor, .bothEdges, .lateAnswers, .queries, .serverChanges], 10),
      ([.bothEdges, .filter, .invalidation, .lateAnswers, .relaunch], 9),
      ([.allLoaded, .aroundAnchor, .cap, .invalidation, .retries], 9),
      ([.cap, .filter, .fromStart, .queries, .relaunch], 9),
      ([.allLoaded, .aroundAnchor, .edits, .hedges, .lateAnswers], 9),
      ([.allLoaded, .bothEdges, .edits, .filter, .hedges], 10),
      ([.allLoaded, .aroundAnchor, .bothEdges, .retries, .serverChanges], 9),
      ([.callers, .edits, .filter, .queries, .relaunch], 9),
      ([.callers, .cap, .hedges, .retries, .invalidation], 10),
      ([.callers, .fromStart, .aroundAnchor, .allLoaded, .lateAnswers], 10),
      ([.callers, .bothEdges, .serverChanges, .queries, .lateAnswers], 9),
      ([.placeholders, .positionJumps, .edits, .filter, .queries], 9),
      ([.placeholders, .positionJumps, .relaunch, .cap, .hedges], 9),
      ([.placeholders, .positionJumps, .retries, .invalidation, .fromStart], 9),
      ([.placeholders, .positionJumps, .aroundAnchor, .allLoaded, .lateAnswers], 9),
      ([.placeholders, .positionJumps, .bothEdges, .serverChanges, .callers], 9),
    ]
    return groups.enumerated().map { index, group in
      meeting("meeting-\(index + 1)", group.0, depth: group.depth)
    }
  }

  /// Invalidations by the app and "invalid" answers from the source, against server changes,
  /// edits, failures and refreshes from the start (R30, R23, R27).
  package static var invalidation: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "invalidation", pages: [[0, 1], [2, 3], [4, 5]], prefetchDistance: 1,
      events: [.invalidation, .serverChanges, .edits, .failures, .refresh], depth: 11)
    configuration.editIDs = [2]
    return configuration
  }

  /// Both edges under the smallest cap, a page that only repeats an id of the page before it,
  /// failures, cancellations, late answers, retries, refreshes, jumps.
  package static var capped: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "capped", pages: [[0, 1], [2, 3], [3], [4, 5], [6, 7]], prefetchDistance: 1,
      events: [.failures, .cancellations, .lateAnswers, .userControls, .refresh, .jumps],
      depth: 15)
    configuration.openAt = 2
    configuration.capped = true
    configuration.automaticRetries = 1
    return configuration
  }

  /// Hedges and their timers beside retries and cancellations.
  package static var hedges: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "hedges", pages: [[0, 1, 2], [3, 4, 5], [5, 6, 7]], prefetchDistance: 2,
      events: [.failures, .cancellations, .lateAnswers, .userControls, .refresh], depth: 16)
    configuration.hedging = true
    configuration.automaticRetries = 1
    return configuration
  }

  /// Edits during refreshes whose first attempts fail and are retried automatically.
  package static var editsAndRetries: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "edits", pages: [[0, 1, 2], [3, 4, 5], [6, 7, 8]], prefetchDistance: 1,
      events: [.failures, .edits, .refresh, .userControls, .lateAnswers], depth: 12)
    configuration.automaticRetries = 2
    configuration.editIDs = [1, 4]
    configuration.viewportHeight = 3
    return configuration
  }

  /// A display filter beside the smallest cap, with edits.
  package static var filterAndCap: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "filter-cap", pages: [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]], prefetchDistance: 1,
      events: [.filters, .edits, .failures, .refresh, .jumps], depth: 13)
    configuration.capped = true
    configuration.filters = [.even, .nothing]
    configuration.editIDs = [2]
    return configuration
  }

  /// Refreshes by every policy around the row on screen, with edits and a filter above it.
  package static var aroundAnchor: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "around-anchor", pages: [[0, 1], [2, 3], [4, 5], [6, 7]], prefetchDistance: 1,
      events: [.refreshPolicies, .edits, .filters, .failures, .jumps], depth: 9)
    configuration.refreshPolicy = .aroundAnchor
    configuration.editIDs = [0, 3]
    configuration.filters = [.even, .nothing]
    return configuration
  }

  /// Snapshots restored at any step, after edits, under a filter, by each refresh policy.
  package static var snapshots: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "snapshots", pages: [[0, 1], [2, 3], [4, 5], [6, 7]], prefetchDistance: 1,
      events: [.relaunch, .edits, .filters, .failures, .refresh, .jumps], depth: 11)
    configuration.refreshPolicy = .aroundAnchor
    configuration.editIDs = [1]
    configuration.filters = [.even, .nothing]
    configuration.automaticRetries = 1
    return configuration
  }

  /// Newer copies replacing older ones under a filter that looks at the version.
  package static var replaceUnderFilter: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "replace-filter", pages: [[0, 1, 2], [2, 3, 4], [4, 5, 6]], prefetchDistance: 1,
      events: [.serverChanges, .filters, .refresh, .failures, .edits], depth: 13)
    configuration.duplicatePolicy = .replace
    configuration.editIDs = [2]
    configuration.filters = [.unchanged, .nothing]
    return configuration
  }

  /// Query changes under both transitions, with edits, failures and late answers.
  package static var queries: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "queries", pages: [[0, 1], [2, 3], [4, 5]], prefetchDistance: 1,
      events: [.queries, .edits, .failures, .lateAnswers, .userControls], depth: 12)
    configuration.editIDs = [1]
    configuration.automaticRetries = 1
    return configuration
  }

  /// `count` swarm configurations (Groce et al., "Swarm Testing", ISSTA 2012): each keeps every
  /// feature with probability ½ (at least three), drawn from `seed`, and puts them together as
  /// ``meeting(_:_:depth:)`` does. Leaving features out at random makes the ones kept meet in
  /// more ways within a depth than a configuration with all of them could.
  /// - Parameters:
  ///   - count: How many configurations.
  ///   - seed: The draw's seed: the same seed gives the same configurations.
  /// - Returns: The configurations, named `swarm-1` and on.
  package static func swarm(_ count: Int, seed: UInt64) -> [ExplorerConfiguration] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { index in
      var features = Set<ExplorerFeature>()
      while features.count < 3 {
        features = Set(ExplorerFeature.allCases.filter { _ in random.next() & 1 == 1 })
      }
      return meeting("swarm-\(index + 1)", features, depth: 8)
    }
  }
}
