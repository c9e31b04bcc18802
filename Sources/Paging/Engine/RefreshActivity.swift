/// What a refresh does with the pages it loads (rulebook R27). It is part of the refresh's
/// state, so it starts, is retried and ends with that refresh and with nothing else.
@usableFromInline
enum RefreshPlan<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: Sendable
where Item.ID: Sendable {
  /// One page replaces the window.
  case onePage
  /// One page, the one that held the anchored row, replaces the window; the old window's
  /// pages on either side stay reachable.
  case aroundAnchor(AnchorRefresh<Item.ID, Cursor>)
  /// The loaded pages fetched again, one after another, then committed in one step; the old
  /// window's pages above them stay reachable.
  case allLoaded(AnchorRefresh<Item.ID, Cursor>, AllLoadedRefresh<Item, Cursor>)
  /// The page around a far placeholder replaces the window (rulebook R31).
  case jump(JumpRefresh<Cursor>)
}

/// What the refresh is doing, with its plan in the states that have one: a load in flight or a
/// retry waiting for its timer always has one, a failure keeps the one its retry goes on with
/// (none after ``PagingEvent/cancel``: the refresh is over, and a retry starts a new one).
@usableFromInline
enum RefreshActivity<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: Sendable
where Item.ID: Sendable {
  /// Nothing runs and nothing failed.
  case idle
  /// A load of the refresh is in flight.
  case loading(LoadAttempt<Cursor>, RefreshPlan<Item, Cursor>)
  /// The refresh failed with a retryable error and waits for its automatic retry.
  case waitingToRetry(ScheduledRetry, PagingError, RefreshPlan<Item, Cursor>)
  /// The refresh failed; only a retry or another refresh moves on.
  case failed(PagingError, RefreshPlan<Item, Cursor>?)

  /// The refresh's activity as the edges' type shows it.
  var activity: LoadActivity<Cursor> {
    switch self {
    case .idle: .idle
    case .loading(let attempt, _): .loading(attempt)
    case .waitingToRetry(let retry, let error, _): .waitingToRetry(retry, error)
    case .failed(let error, _): .failed(error)
    }
  }

  /// The plan, if the state has one.
  var plan: RefreshPlan<Item, Cursor>? {
    switch self {
    case .idle: nil
    case .loading(_, let plan), .waitingToRetry(_, _, let plan): plan
    case .failed(_, let plan): plan
    }
  }

  /// Whether a load of the refresh is in flight.
  var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// Whether the refresh loads or waits to retry: the edges wait for it (R2).
  @inlinable var isRunning: Bool {
    switch self {
    case .idle, .failed: false
    case .loading, .waitingToRetry: true
    }
  }
}
