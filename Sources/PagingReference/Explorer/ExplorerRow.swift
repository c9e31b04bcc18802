import Paging

/// The item of the exhaustive explorer: an id and a version (0 as the server first serves it,
/// 1 for the server's newer copy, 2 for the app's local update), `Codable` so that snapshots
/// round-trip.
package struct ExplorerRow: Identifiable, Hashable, Codable, Sendable, CustomStringConvertible {
  package var id: Int
  package var version: Int

  package init(id: Int, version: Int = 0) {
    self.id = id
    self.version = version
  }

  package var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// The machine the explorer drives.
package typealias ExplorerMachine = PagingStateMachine<ExplorerRow, Int>

/// A display filter with a name, so that a state that holds one can be hashed and printed.
package enum ExplorerFilter: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Shows the rows with an even id.
  case even
  /// Hides the rows the server changed since it first served them (version 1).
  case unchanged
  /// Hides every row: pages that add no shown row latch an edge (R12, R25).
  case nothing

  package var predicate: @Sendable (ExplorerRow) -> Bool {
    switch self {
    case .even: { $0.id.isMultiple(of: 2) }
    case .unchanged: { $0.version != 1 }
    case .nothing: { _ in false }
    }
  }

  package func accepts(_ row: ExplorerRow) -> Bool {
    switch self {
    case .even: row.id.isMultiple(of: 2)
    case .unchanged: row.version != 1
    case .nothing: false
    }
  }

  package var description: String { ".\(rawValue)" }
}

/// The error the explorer's server throws: retryable, like a lost connection.
package struct ExplorerServerError: RetryableError, Hashable {
  package var isRetryable: Bool { true }
  package init() {}
}
