import Paging

/// The item of the randomized tests: its id (the server's keyset key) and where it came from,
/// so that the checker can tell which request and generation delivered each visible row.
package struct FuzzRow: Identifiable, Hashable, Sendable, CustomStringConvertible {
  package let id: Int
  /// The generation of the request that delivered it.
  package let generation: Int
  /// The id of the request that delivered it.
  package let request: Int

  package init(id: Int, generation: Int, request: Int) {
    self.id = id
    self.generation = generation
    self.request = request
  }

  package var description: String { "\(id)@g\(generation)#\(request)" }

  /// The row as the window model holds it: its id, and which copy it is (the request that
  /// delivered it; negative for the app's own copies).
  package var modelRow: ExplorerRow { ExplorerRow(id: id, version: request) }
}

/// A display filter of the randomized tests, by name (R25): each decides by the row's id, so
/// that every copy of a row is shown or hidden alike.
package enum FuzzFilter: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Shows every row: a filter that hides nothing still counts shown rows.
  case everything
  /// Shows the rows whose id has an odd number of hundreds (about half of them).
  case oddHundreds
  /// Hides every row.
  case nothing

  package func accepts(_ id: Int) -> Bool {
    switch self {
    case .everything: true
    case .oddHundreds: !(id / 100).isMultiple(of: 2)
    case .nothing: false
    }
  }

  package var predicate: @Sendable (FuzzRow) -> Bool {
    switch self {
    case .everything: { _ in true }
    case .oddHundreds: { !($0.id / 100).isMultiple(of: 2) }
    case .nothing: { _ in false }
    }
  }

  package var description: String { ".\(rawValue)" }
}

/// A row named in an appearance signal. Resolved when the step runs, so that a shrunk stream
/// still names a row of the list as it is then.
package enum FuzzRowRef: Hashable, Sendable {
  /// By position: `rowAppeared(at:)` (out of range on purpose at times).
  case index(Int)
  /// By the id of the item at this position, or an id no row has when out of range.
  case idAt(Int)
}

/// How the server answers one request.
package enum FuzzOutcome: Hashable, Sendable {
  /// A full page of the next items; `next` is the last item's id, or `nil` at the end.
  case full
  /// Fewer items than a page (at least 1) while more may follow.
  case short(Int)
  /// No item, with a next cursor that skips `skip` items (filtered on the server), or `nil`
  /// past the end.
  case empty(skip: Int)
  /// Items the client already has at that edge (an offset API after an insertion), with the
  /// cursor a full page would have had. Only for prepends and appends; a refresh gets a full
  /// page.
  case seen
  /// The honest items, but a cursor the engine must refuse (chosen by `pick`): for an edge, one
  /// whose page committed in this generation, the request's own, or one the other edge points
  /// to or loads (fault class 19); for a refresh, its own cursor as the next one, or a previous
  /// cursor equal to the next one.
  case repeatedCursor(pick: Int)
  /// The source throws; a retryable error or not (`RetryableError`).
  case failure(retryable: Bool)
  /// The request ends as cancelled.
  case cancellation(FuzzCancellation)
}

/// The shapes a cancellation takes.
package enum FuzzCancellation: Hashable, Sendable {
  /// `CancellationError`.
  case cancellationError
  /// `URLError(.cancelled)`.
  case urlError
  /// `PagingError.sourceFailed(CancellationError())`.
  case wrapped
  /// The driver reports `loadCancelled` (the state machine test only; the paginator's source
  /// throws `CancellationError` instead).
  case event
}

/// One step of a randomized run.
package enum FuzzStep: Hashable, Sendable {
  case start
  /// `start(at:)` at the id of the server's item at `pick` (modulo its size; 50 when empty):
  /// the list opens after that item, in the middle, and grows both ways.
  case startAt(pick: Int)
  case refresh
  case retry
  case cancel
  case loadNextPage
  case loadPreviousPage
  case appear(FuzzRowRef)
  case disappear(FuzzRowRef)
  /// Moves the viewport by this many rows: rows entering appear, rows leaving disappear.
  case scroll(Int)
  /// Moves the viewport to this percentage of the list.
  case jump(percent: Int)
  /// `count` rows from `from` appear in one frame (first display), by index.
  case burst(from: Int, count: Int)
  /// Answers the pending request at `pick` (modulo their number, oldest first; when negative,
  /// counted from the newest: -1 is the newest).
  case answer(pick: Int, FuzzOutcome)
  /// The pending retry's timer fires (or, when `stale`, a timer that is no longer pending).
  case fireRetryTimer(stale: Bool)
  /// A hedge timer fires (rulebook R22), when the case hedges: in the state machine test, the
  /// one of the load in flight at `pick` (modulo their number, hedges and hedged loads
  /// included), or, when `stale`, of a request no longer in flight; in the paginator test, the
  /// test clock moves on to the first hedge timer due (`pick` and stale timers aside: the
  /// paginator cancels those).
  case fireHedgeTimer(pick: Int, stale: Bool)
  /// `count` new items appear on the server at `position` (modulo its size).
  case serverInsert(position: Int, count: Int)
  /// The server deletes the item at `position` (modulo its size).
  case serverDelete(position: Int)
  /// `remove(id:)` of the loaded row at `pick` (modulo their number), or, past them, of a
  /// server row not loaded (a removal that keeps later pages from bringing it).
  case remove(pick: Int)
  /// `update(id:_:)` of the loaded row at `pick`: the app's own copy of it.
  case update(pick: Int)
  /// `insert(_:at:)` of a new row after the loaded row at `pick`, or at the start when `pick`
  /// is negative.
  case insert(pick: Int)
  /// `move(id:to: .before(_:))` of the loaded row at `pick` before the one at `before`.
  case move(pick: Int, before: Int)
  /// The display filter is set, changed or cleared (`nil`).
  case filter(FuzzFilter?)
  /// `setQuery(_:transition:)`: the server's rows of `query` are other rows.
  case query(Int, keepPrevious: Bool)
  /// The next step happens in the same frame as the previous one: the paginator test does not
  /// let the load tasks started so far run first. No effect on the state machine test.
  case sameFrame
}

/// A whole randomized run: the configuration, the server's first content and the steps.
package struct FuzzCase: Sendable {
  package var seed: UInt64
  package var pageSize: Int
  package var prefetchDistance: Int
  package var maxPagesWithoutNewItems: Int
  package var duplicatePolicy: DuplicatePolicy
  /// `nil`: manual retries; else exponential backoff with this many automatic attempts.
  package var automaticRetries: Int?
  package var initialCursor: Int?
  package var viewportHeight: Int
  /// Whether a request the engine cancelled stays pending, so a late answer can arrive.
  package var answersCancelledRequests: Bool
  package var serverIDs: [Int]
  package var steps: [FuzzStep]
  /// `nil`: no hedges; else ``HedgingPolicy/after(_:)`` this long.
  package var hedging: Duration? = nil

  package init(
    seed: UInt64, pageSize: Int, prefetchDistance: Int, maxPagesWithoutNewItems: Int,
    duplicatePolicy: DuplicatePolicy, automaticRetries: Int?, initialCursor: Int?,
    viewportHeight: Int, answersCancelledRequests: Bool, serverIDs: [Int], steps: [FuzzStep],
    hedging: Duration? = nil
  ) {
    self.seed = seed
    self.pageSize = pageSize
    self.prefetchDistance = prefetchDistance
    self.maxPagesWithoutNewItems = maxPagesWithoutNewItems
    self.duplicatePolicy = duplicatePolicy
    self.automaticRetries = automaticRetries
    self.initialCursor = initialCursor
    self.viewportHeight = viewportHeight
    self.answersCancelledRequests = answersCancelledRequests
    self.serverIDs = serverIDs
    self.steps = steps
    self.hedging = hedging
  }

  package var configuration: PagingConfiguration<Int> {
    PagingConfiguration(
      prefetch: .fixed(prefetchDistance), initialCursor: initialCursor,
      duplicatePolicy: duplicatePolicy, maxPagesWithoutNewItems: maxPagesWithoutNewItems,
      retryPolicy: automaticRetries.map {
        .exponentialBackoff(ExponentialBackoff(maxAttempts: $0, seed: seed))
      } ?? .manual, hedging: hedging.map { .after($0) } ?? .off)
  }
}

/// The error a fuzzed source throws.
package struct FuzzSourceError: RetryableError, Hashable {
  package var isRetryable: Bool
  package var request: Int

  package init(isRetryable: Bool, request: Int) {
    self.isRetryable = isRetryable
    self.request = request
  }
}
