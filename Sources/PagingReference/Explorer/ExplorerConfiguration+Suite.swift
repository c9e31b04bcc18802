import Paging

// The configurations `paging-explore` runs: small worlds, each aimed at the seams between two
// or three features.

extension ExplorerConfiguration {
  /// The configurations, at the depth of a CI run.
  package static let suite: [ExplorerConfiguration] = [
    // The costliest first, so that two cores end together.
    editsAndRetries, aroundAnchor, snapshots, capped, replaceUnderFilter, filterAndCap, hedges,
    queries, invalidation,
  ]

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
    configuration.filters = [.even]
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
    configuration.filters = [.even]
    return configuration
  }

  /// Snapshots restored at any step, after edits, under a filter, by each refresh policy.
  package static var snapshots: ExplorerConfiguration {
    var configuration = ExplorerConfiguration(
      name: "snapshots", pages: [[0, 1], [2, 3], [4, 5], [6, 7]], prefetchDistance: 1,
      events: [.relaunch, .edits, .filters, .failures, .refresh, .jumps], depth: 11)
    configuration.refreshPolicy = .aroundAnchor
    configuration.editIDs = [1]
    configuration.filters = [.even]
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
    configuration.filters = [.unchanged]
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
}
