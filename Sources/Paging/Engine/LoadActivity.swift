/// What one direction of a ``PagingStateMachine`` is doing. Each case carries what belongs to
/// it, so that a direction cannot hold two loads, a retry timer beside a running load, or a
/// failure without its error.
@usableFromInline
package enum LoadActivity<Cursor: Hashable & Sendable>: Sendable, Equatable {
  /// Nothing runs and nothing failed.
  case idle
  /// A load is in flight.
  case loading(LoadAttempt<Cursor>)
  /// The last load failed with a retryable error and the retry policy scheduled a retry.
  case waitingToRetry(ScheduledRetry, PagingError)
  /// The last load failed; only a retry (or, for an edge, a refresh) moves on.
  case failed(PagingError)

  /// The load in flight, if any.
  @inlinable package var request: PageRequest<Cursor>? {
    if case .loading(let attempt) = self { return attempt.request }
    return nil
  }

  /// The error shown, while failed or waiting to retry.
  package var error: PagingError? {
    switch self {
    case .idle, .loading: nil
    case .waitingToRetry(_, let error), .failed(let error): error
    }
  }

  /// The retry waiting for its timer, if any.
  package var scheduledRetry: ScheduledRetry? {
    if case .waitingToRetry(let retry, _) = self { return retry }
    return nil
  }

  /// Whether nothing runs and nothing failed.
  @inlinable package var isIdle: Bool {
    if case .idle = self { return true }
    return false
  }
}

/// A load in flight and what led to it: whether someone asked for it (not a row near an edge),
/// and how many automatic retries and cancellations reported by the source came right before it
/// (both bounded).
@usableFromInline
package struct LoadAttempt<Cursor: Hashable & Sendable>: Sendable, Equatable {
  /// The request.
  @usableFromInline package var request: PageRequest<Cursor>
  /// Automatic retries in a row that led here (0 for a load a trigger or a person started).
  package var automaticRetries: Int
  /// Cancellations the source reported in a row that led here.
  package var sourceCancellations: Int
  /// "Invalid" answers of the source in a row that led here (rulebook R30).
  package var invalidAnswers = 0
  /// Whether the load was asked for (an explicit load, a retry, a refresh) rather than
  /// triggered by a row near an edge: a cancellation the source reports is then reloaded
  /// whether or not a row still needs the page.
  package var explicit: Bool
  /// The load's hedge (rulebook R22): none yet, one in flight, or one that has ended.
  package var hedgeState = HedgeState<Cursor>.none

  /// The hedge in flight beside ``request``, if any: the same page asked for again.
  package var hedge: PageRequest<Cursor>? {
    if case .inFlight(let hedge) = hedgeState { return hedge }
    return nil
  }

  /// Whether a hedge was ever sent for this load (one at most).
  package var hedged: Bool { hedgeState != .none }
}

/// The hedge of one load: a load gets one at most, so once sent it is in flight until one of
/// the two requests ends, and then spent.
package enum HedgeState<Cursor: Hashable & Sendable>: Sendable, Equatable {
  /// No hedge was sent.
  case none
  /// The hedge is in flight beside the load's request.
  case inFlight(PageRequest<Cursor>)
  /// A hedge was sent and one of the two requests ended: the other goes on alone.
  case spent
}

/// How far one edge's chain of pages goes.
@usableFromInline
package enum PageChain<Cursor: Hashable & Sendable>: Sendable, Equatable {
  /// Nothing has loaded in this window yet.
  case unknown
  /// More pages exist beyond the edge, starting at this cursor.
  case more(Cursor)
  /// More pages exist beyond the edge, starting at the source's first page (a request without
  /// a cursor): the page at this edge, which loaded without a cursor, was dropped by the memory
  /// cap (rulebook R26).
  case firstPage
  /// The edge's last page has loaded.
  case end

  /// The cursor beyond the edge, if any.
  @inlinable package var cursor: Cursor? {
    if case .more(let cursor) = self { return cursor }
    return nil
  }

  /// Whether a page beyond the edge can be loaded: ``more(_:)`` or ``firstPage``.
  @inlinable package var hasMore: Bool {
    switch self {
    case .more, .firstPage: true
    case .unknown, .end: false
    }
  }

  /// The chain that reloads a dropped page: ``more(_:)`` at the cursor that loaded it, or
  /// ``firstPage`` when it loaded without one.
  @inlinable package static func reloading(_ cursor: Cursor?) -> PageChain {
    cursor.map(PageChain.more) ?? .firstPage
  }
}

/// One edge of the window (prepend or append): its chain and its activity.
@usableFromInline
package struct Edge<Cursor: Hashable & Sendable>: Sendable {
  /// How far the chain goes.
  @usableFromInline package var chain: PageChain<Cursor>
  /// What the edge is doing.
  @usableFromInline package var activity: LoadActivity<Cursor>
  /// Pages in a row at this edge that added no new item.
  package var pagesWithoutNewItems: Int
  /// Whether an explicit load (``PagingEvent/loadNextPage`` or
  /// ``PagingEvent/loadPreviousPage``) came during a refresh, to run when it commits.
  package var queued: Bool

  /// An edge with nothing loaded.
  package init() {
    chain = .unknown
    activity = .idle
    pagesWithoutNewItems = 0
    queued = false
  }

  /// The display filter changed: the pages counted towards R12 added no row *shown under the
  /// old filter*, which says nothing under the new one, so the count starts again and a
  /// ``PagingError/noNewItems(pages:)`` latch it set goes with the filter that caused it (R25).
  mutating func filterChanged() {
    pagesWithoutNewItems = 0
    if case .failed(.noNewItems) = activity { activity = .idle }
  }
}

extension Edge {
  /// A copy of `edge`, every field hashed into `fingerprint`.
  init(projecting edge: Self, into fingerprint: inout StateFingerprint<Cursor>) {
    chain = fingerprint.chain(edge.chain)
    activity = fingerprint.activity(edge.activity)
    pagesWithoutNewItems = fingerprint.value(edge.pagesWithoutNewItems)
    queued = fingerprint.value(edge.queued)
  }
}
