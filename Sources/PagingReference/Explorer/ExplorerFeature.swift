import Paging

/// The engine's features that the explorer puts together. Defects live where two features meet
/// in one list, so every pair of them must appear together in at least one configuration that
/// the CI search explores: ``ExplorerPairTable`` counts the pairs the suite covers.
package enum ExplorerFeature: String, CaseIterable, Hashable, Sendable, Comparable {
  /// Local edits: remove, update, insert (R23).
  case edits
  /// A display filter set, changed and cleared, among them one that hides every row (R25).
  case filter
  /// Query changes under both transitions (R24).
  case queries
  /// A snapshot restored into a new machine at any step (R28).
  case relaunch
  /// The smallest memory cap the configuration accepts (R26).
  case cap
  /// Hedged requests and their timers (R22).
  case hedges
  /// Automatic retries (R7).
  case retries
  /// Invalidation by the app and "invalid" answers from the source (R30).
  case invalidation
  /// Refreshes from the start (R27).
  case fromStart = "from-start"
  /// Refreshes around the row on screen (R27).
  case aroundAnchor = "around-anchor"
  /// Re-fetches of the loaded pages (R27).
  case allLoaded = "all-loaded"
  /// Answers to cancelled requests that arrive late, and cancellations the source reports
  /// (R9, R8, R13).
  case lateAnswers = "late-answers"
  /// A list opened in the middle, so that both edges load (R3, R5).
  case bothEdges = "both-edges"
  /// The server changes a row between two requests (R10).
  case serverChanges = "server-changes"
  /// Callers of `fetchNextPage()` and `fetchPreviousPage()` waiting for the outcome (R15).
  case callers
  /// Pages that count the rows around them: the list's placeholders, shown and signalled (R31).
  case placeholders
  /// Jumps to the page that holds a far placeholder, and refreshes that keep the place by
  /// position (R31).
  case positionJumps = "position-jumps"

  package static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// A short label for the pair table's columns.
  var abbreviation: String {
    switch self {
    case .edits: "ed"
    case .filter: "fi"
    case .queries: "qu"
    case .relaunch: "re"
    case .cap: "ca"
    case .hedges: "he"
    case .retries: "rt"
    case .invalidation: "in"
    case .fromStart: "fs"
    case .aroundAnchor: "aa"
    case .allLoaded: "al"
    case .lateAnswers: "la"
    case .bothEdges: "be"
    case .serverChanges: "sc"
    case .callers: "cw"
    case .placeholders: "ph"
    case .positionJumps: "pj"
    }
  }
}

extension ExplorerConfiguration {
  /// The features this configuration's searches put together.
  package var features: Set<ExplorerFeature> {
    var features = Set<ExplorerFeature>()
    if events.contains(.edits), !editIDs.isEmpty { features.insert(.edits) }
    if events.contains(.filters), filters.contains(.nothing) { features.insert(.filter) }
    if events.contains(.queries) { features.insert(.queries) }
    if events.contains(.relaunch) { features.insert(.relaunch) }
    if capped { features.insert(.cap) }
    if hedging { features.insert(.hedges) }
    if automaticRetries != nil, events.contains(.failures) { features.insert(.retries) }
    if events.contains(.invalidation) { features.insert(.invalidation) }
    var policies: [RefreshPolicy] = []
    if events.contains(.refresh) { policies.append(refreshPolicy) }
    if events.contains(.refreshPolicies) { policies += self.policies }
    for policy in policies {
      switch policy {
      case .fromStart: features.insert(.fromStart)
      case .aroundAnchor: features.insert(.aroundAnchor)
      case .allLoaded: features.insert(.allLoaded)
      }
    }
    if events.isSuperset(of: [.lateAnswers, .cancellations]) { features.insert(.lateAnswers) }
    if openAt > 0 { features.insert(.bothEdges) }
    if events.contains(.serverChanges), !editIDs.isEmpty { features.insert(.serverChanges) }
    if events.contains(.callers) { features.insert(.callers) }
    if hasPlaceholders { features.insert(.placeholders) }
    if jumpThreshold != nil { features.insert(.positionJumps) }
    return features
  }

  /// A small world that puts `features` together: four pages of two rows, a prefetch
  /// distance of one row, and each feature's events and settings; failures always (retries,
  /// hedges and latches need them), and scrolls to either end.
  /// - Parameters:
  ///   - name: The configuration's name.
  ///   - features: What it puts together.
  ///   - depth: How deep the search goes.
  package static func meeting(
    _ name: String, _ features: Set<ExplorerFeature>, depth: Int
  ) -> ExplorerConfiguration {
    var events: ExplorerEventKinds = [.failures, .jumps]
    var policies: [RefreshPolicy] = []
    if features.contains(.fromStart) { policies.append(.fromStart) }
    if features.contains(.aroundAnchor) { policies.append(.aroundAnchor) }
    if features.contains(.allLoaded) { policies.append(.allLoaded(limit: 2)) }
    if !policies.isEmpty { events.insert(.refreshPolicies) }
    if features.contains(.edits) { events.insert(.edits) }
    if features.contains(.filter) { events.insert(.filters) }
    if features.contains(.queries) { events.insert(.queries) }
    if features.contains(.relaunch) { events.insert(.relaunch) }
    if features.contains(.invalidation) { events.insert(.invalidation) }
    if features.contains(.lateAnswers) { events.formUnion([.lateAnswers, .cancellations]) }
    if features.contains(.serverChanges) { events.insert(.serverChanges) }
    if features.contains(.callers) { events.insert(.callers) }
    var configuration = ExplorerConfiguration(
      name: name, pages: [[0, 1], [2, 3], [4, 5], [6, 7]], prefetchDistance: 1, events: events,
      depth: depth)
    configuration.policies = policies
    if features.contains(.edits) || features.contains(.serverChanges) {
      configuration.editIDs = [2]
    }
    if features.contains(.filter) { configuration.filters = [.nothing] }
    if features.contains(.bothEdges) { configuration.openAt = 1 }
    configuration.counted = features.contains(.placeholders)
    if features.contains(.positionJumps) { configuration.jumpThreshold = 2 }
    configuration.capped = features.contains(.cap)
    configuration.hedging = features.contains(.hedges)
    if features.contains(.retries) { configuration.automaticRetries = 1 }
    return configuration
  }
}

/// Which pairs of ``ExplorerFeature``s some configuration puts together, printed as a table
/// with, for each pair, how many configurations do.
package struct ExplorerPairTable: Sendable {
  /// How many configurations put each pair together (the smaller feature first).
  package private(set) var counts: [ExplorerFeature: [ExplorerFeature: Int]] = [:]

  /// The table of `configurations`.
  package init(_ configurations: [ExplorerConfiguration]) {
    for configuration in configurations {
      let features = configuration.features.sorted()
      for (index, first) in features.enumerated() {
        for second in features[(index + 1)...] {
          counts[first, default: [:]][second, default: 0] += 1
        }
      }
    }
  }

  /// Every pair of distinct features.
  package static var pairCount: Int {
    let count = ExplorerFeature.allCases.count
    return count * (count - 1) / 2
  }

  /// How many pairs some configuration puts together.
  package var covered: Int { counts.values.reduce(0) { $0 + $1.values.count { $0 > 0 } } }

  /// The pairs no configuration puts together.
  package var missing: [(ExplorerFeature, ExplorerFeature)] {
    let all = ExplorerFeature.allCases
    var missing: [(ExplorerFeature, ExplorerFeature)] = []
    for (index, first) in all.enumerated() {
      for second in all[(index + 1)...] where (counts[first]?[second] ?? 0) == 0 {
        missing.append((first, second))
      }
    }
    return missing
  }

  /// The table: a row per feature, a column per feature after it, each cell the number of
  /// configurations that put the two together (`.` for none), then the legend and the line
  /// `pairs covered: N of M`.
  package var description: String {
    let all = ExplorerFeature.allCases
    var lines = ["pairs of features (configurations that put each together):"]
    lines.append("    " + all.map { $0.abbreviation.padding(3) }.joined())
    for (index, first) in all.enumerated() {
      var line = first.abbreviation.padding(4)
      for (column, second) in all.enumerated() {
        if column <= index {
          line += "   "
        } else {
          let count = counts[first]?[second] ?? 0
          line += (count == 0 ? "." : String(count)).padding(3)
        }
      }
      lines.append(line)
    }
    lines.append(all.map { "\($0.abbreviation) \($0.rawValue)" }.joined(separator: ", "))
    for (first, second) in missing {
      lines.append("missing: \(first.rawValue) with \(second.rawValue)")
    }
    lines.append("pairs covered: \(covered) of \(Self.pairCount)")
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The string, left-aligned in `width` columns.
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
