import Paging

/// The kinds of events an exploration tries, beyond the answers and the viewport's moves.
package struct ExplorerEventKinds: OptionSet, Hashable, Sendable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// Transient failures of requests.
  package static let failures = Self(rawValue: 1 << 0)
  /// Cancellations the source reports.
  package static let cancellations = Self(rawValue: 1 << 1)
  /// Late answers to requests the machine cancelled.
  package static let lateAnswers = Self(rawValue: 1 << 2)
  /// `retry()` and `cancel()`.
  package static let userControls = Self(rawValue: 1 << 3)
  /// `loadNextPage()` and `loadPreviousPage()`.
  package static let explicitLoads = Self(rawValue: 1 << 4)
  /// Refreshes by the configuration's policy.
  package static let refresh = Self(rawValue: 1 << 5)
  /// Refreshes by each policy (`refresh(policy:)`).
  package static let refreshPolicies = Self(rawValue: 1 << 6)
  /// Remove, update and insert.
  package static let edits = Self(rawValue: 1 << 7)
  /// The display filter set, changed and cleared.
  package static let filters = Self(rawValue: 1 << 8)
  /// Query changes, both transitions.
  package static let queries = Self(rawValue: 1 << 9)
  /// Snapshot and restore into a new machine.
  package static let relaunch = Self(rawValue: 1 << 10)
  /// The server changes a row.
  package static let serverChanges = Self(rawValue: 1 << 11)
  /// Jumps to either end of the list.
  package static let jumps = Self(rawValue: 1 << 12)
  /// The app invalidates the list, and the source answers a load "invalid" (rulebook R30).
  package static let invalidation = Self(rawValue: 1 << 13)
  /// Callers of `fetchNextPage()` and `fetchPreviousPage()`, who wait for the outcome.
  package static let callers = Self(rawValue: 1 << 14)
}

/// One small world to explore exhaustively: a server's pages, the machine's configuration and
/// the events tried.
package struct ExplorerConfiguration: Sendable, CustomStringConvertible {
  package var name: String
  /// The server's pages, by cursor (a page's index): page `c` gives next cursor `c + 1` and
  /// previous cursor `c - 1` while they exist. Query 1 serves the same pages with ids + 100.
  package var pages: [[Int]]
  /// The initial cursor.
  package var openAt: Int = 0
  package var prefetchDistance: Int
  /// Rows on screen.
  package var viewportHeight: Int = 2
  package var hedging = false
  /// Automatic retries (exponential backoff without jitter), or `nil` for manual retries.
  package var automaticRetries: Int? = nil
  package var refreshPolicy: RefreshPolicy = .fromStart
  package var duplicatePolicy: DuplicatePolicy = .keepFirst
  /// Whether `maxSize` is the smallest that `validate(pageSize:)` accepts (else no cap).
  package var capped = false
  package var events: ExplorerEventKinds
  /// The ids edits name.
  package var editIDs: [Int] = []
  /// The filters tried.
  package var filters: [ExplorerFilter] = []
  /// The policies `refresh(policy:)` tries.
  package var policies: [RefreshPolicy] = [.fromStart, .aroundAnchor, .allLoaded(limit: 2)]
  /// How deep the search goes.
  package var depth: Int
  /// Whether the server's pages count the rows before and after them, so that the list has
  /// placeholders (R31).
  package var counted = false
  /// The jump threshold, in rows, with a server that loads the page holding any position
  /// (R31); `nil`: no jumps. Implies `counted`.
  package var jumpThreshold: Int? = nil

  package init(
    name: String, pages: [[Int]], prefetchDistance: Int, events: ExplorerEventKinds, depth: Int
  ) {
    self.name = name
    self.pages = pages
    self.prefetchDistance = prefetchDistance
    self.events = events
    self.depth = depth
  }

  /// The largest page.
  package var pageSize: Int { pages.map(\.count).max() ?? 0 }

  /// The machine's configuration.
  package var paging: PagingConfiguration<Int> {
    var configuration = PagingConfiguration<Int>(
      prefetch: .fixed(prefetchDistance), initialCursor: openAt,
      duplicatePolicy: duplicatePolicy, maxPagesWithoutNewItems: 2,
      retryPolicy: automaticRetries.map {
        .exponentialBackoff(
          ExponentialBackoff(initialDelay: .seconds(1), maxAttempts: $0, jitter: 0))
      } ?? .manual,
      hedging: hedging ? .after(.seconds(2)) : .off)
    configuration.refreshPolicy = refreshPolicy
    if let jumpThreshold {
      configuration.jumpThreshold = .rows(jumpThreshold)
      let sizes = pages.map(\.count)
      configuration.jumpCursor = { position in Self.page(holding: position, sizes: sizes) }
    }
    if capped {
      // The smallest cap the configuration's own check accepts.
      var size = 1
      while true {
        configuration.maxSize = size
        if (try? configuration.validate(pageSize: pageSize)) != nil { break }
        size += 1
      }
    }
    return configuration
  }

  /// Whether the list has placeholders: its pages count the rows around them.
  package var hasPlaceholders: Bool { counted || jumpThreshold != nil }

  /// The index of the page that holds the row at `position` (the last page past the end).
  static func page(holding position: Int, sizes: [Int]) -> Int {
    var start = 0
    for (index, size) in sizes.enumerated() {
      if position < start + size { return index }
      start += size
    }
    return max(0, sizes.count - 1)
  }

  /// How many of the server's rows lie before page `cursor` and after it.
  package func counts(around cursor: Int) -> (before: Int, after: Int) {
    let sizes = pages.map(\.count)
    return (sizes.prefix(cursor).reduce(0, +), sizes.dropFirst(cursor + 1).reduce(0, +))
  }

  /// The server's rows of page `cursor` for `query`, `nil` past either end.
  package func rows(at cursor: Int, query: Int, changed: Set<Int>) -> [ExplorerRow]? {
    guard pages.indices.contains(cursor) else { return nil }
    return pages[cursor].map {
      let id = $0 + 100 * query
      return ExplorerRow(id: id, version: changed.contains(id) ? 1 : 0)
    }
  }

  package var description: String {
    let paging = self.paging
    var parts = [
      "pages \(pages)", "open at \(openAt)", "prefetch \(prefetchDistance)",
      "viewport \(viewportHeight)", "maxSize \(paging.maxSize.map(String.init) ?? "none")",
      "retries \(automaticRetries.map { "auto \($0)" } ?? "manual")",
      "hedging \(hedging ? "on" : "off")", "refresh \(ExplorerEvent.literal(refreshPolicy))",
      "duplicates \(duplicatePolicy == .keepFirst ? "keepFirst" : "replace")",
    ]
    if !filters.isEmpty { parts.append("filters \(filters)") }
    if !editIDs.isEmpty { parts.append("edits of \(editIDs)") }
    if hasPlaceholders { parts.append("counted") }
    if let jumpThreshold { parts.append("jumps at \(jumpThreshold)") }
    parts.append("depth \(depth)")
    return parts.joined(separator: ", ")
  }
}

/// The invariants the explorer checks after every step (the rulebook's section "Invariants the
/// explorer checks").
package enum ExplorerInvariant: String, CaseIterable, Hashable, Sendable {
  /// The shown rows (and the loaded ones, hidden included) are the model's.
  case rows
  /// No id is shown twice.
  case uniqueIDs = "unique-ids"
  /// The memory cap holds as R26 states it.
  case cap
  /// Nothing is requested past either end, and no cursor is requested while a request for it
  /// is in flight or its page is held, except a hedge or an automatic retry.
  case requests
  /// A refresh by a policy starts where R27 says.
  case refreshPlace = "refresh-place"
  /// Local edits hold as R23 states them, through a refresh's retries too.
  case edits
  /// The scroll anchor is a shown row or nil.
  case anchor
  /// A snapshot restores the same rows at the same place.
  case snapshot
  /// From any state, a bounded number of answers and row signals reaches more rows, the end
  /// or a failure that offers Retry.
  case stuck
  /// The machine reached no state its rules rule out (in a release build, where it does not
  /// trap, it counts one in its metrics).
  case consistency
  /// A caller of `fetchNextPage()` or `fetchPreviousPage()`, once nothing it waits for is left,
  /// gets rows, an error, the end, or had a load of its edge run for it (R15).
  case callers
  /// The placeholders are the server's rows around the model's pages, and, where the list
  /// jumps, no row on screen goes back to a placeholder through a refresh, an invalidation or
  /// a jump (R31).
  case placeholders
}

/// A broken invariant, with what was seen.
package struct ExplorerViolation: Error, CustomStringConvertible {
  package var invariant: ExplorerInvariant
  package var detail: String

  package init(_ invariant: ExplorerInvariant, _ detail: String) {
    self.invariant = invariant
    self.detail = detail
  }

  package var description: String { "[\(invariant.rawValue)] \(detail)" }
}
