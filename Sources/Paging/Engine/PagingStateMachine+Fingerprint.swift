// What an exhaustive explorer hashes of the state no view can see, so that two states it
// cannot tell apart from outside still count as two when they would behave differently.
//
// The machine is rebuilt field by field through ``StateFingerprint``: Swift's definite
// initialisation makes each `init(projecting:into:)` below name every stored field of its type,
// so a field added to the machine, an edge, the page table or the local state does not compile
// until it is either hashed or copied with the reason it need not be. No list of fields is kept
// by hand beside the type.

extension PagingStateMachine {
  /// Feeds the machine's internal state (chains, activities with their counters, page table,
  /// cursors committed in this generation, the refresh's plan, the edits' ids, the loop guards'
  /// counts) to `hasher`, leaving out what does not change behaviour or what the explorer hashes
  /// itself: the metrics, the numbering of requests, retries and generations, the rows and the
  /// visible rows. `rank` names a request by what the caller knows of it (its place among the
  /// requests in flight, oldest first).
  /// - Complexity: O(pages + committed cursors + edits).
  package func hashInternals(into hasher: inout Hasher, rank: (PageRequestID) -> Int) {
    withoutActuallyEscaping(rank) { rank in
      var fingerprint = StateFingerprint<Cursor>(hasher: hasher, rank: rank)
      _ = Self(projecting: self, into: &fingerprint)
      hasher = fingerprint.hasher
    }
  }

  /// A copy of `machine` whose every stored field was hashed into `fingerprint` or is copied
  /// with the reason it is left out.
  private init(projecting machine: Self, into fingerprint: inout StateFingerprint<Cursor>) {
    // The same in every state of one exploration, which explores one configuration.
    configuration = machine.configuration
    capReloadDistance = machine.capReloadDistance
    // The explorer hashes the rows (ids and versions) and how many are shown; the pages own
    // them by chunks, so how many rows each page holds is hashed here.
    store = machine.store
    fingerprint.hasher.combine(machine.rowCounts)
    pages = LoadedPages(projecting: machine.pages, into: &fingerprint)
    refreshing = fingerprint.refreshing(machine.refreshing)
    prepend = Edge(projecting: machine.prepend, into: &fingerprint)
    append = Edge(projecting: machine.append, into: &fingerprint)
    // Numbering: requests carry it, and are matched by id, which `rank` names by age.
    generation = machine.generation
    origin = fingerprint.value(machine.origin)
    // The explorer hashes the anchor, which the app observes.
    scrollAnchor = machine.scrollAnchor
    restoredRefreshRow = fingerprint.value(machine.restoredRefreshRow)
    restoredPosition = fingerprint.value(machine.restoredPosition)
    // The explorer hashes the rows it signalled visible, from which the viewport follows; its
    // last positions are only where a lookup starts.
    viewport = machine.viewport
    currentPrefetchDistance = fingerprint.value(machine.currentPrefetchDistance)
    local = LocalState(
      projecting: machine.local, generation: machine.generation, into: &fingerprint)
    windowIsFromOrigin = fingerprint.value(machine.windowIsFromOrigin)
    committedCursors = fingerprint.value(machine.committedCursors)
    // Both read the loads' timings, which the explorer never records (its distances are fixed
    // and its hedges fire as events): they stay as they began.
    prefetchEstimator = machine.prefetchEstimator
    latencies = machine.latencies
    hedgeCredit = fingerprint.value(machine.hedgeCredit)
    invalidAnswersInARow = fingerprint.value(machine.invalidAnswersInARow)
    // The explorer drives lists, never a walk.
    walkMemory = machine.walkMemory
    // Numbering, as `generation`.
    nextRequestNumber = machine.nextRequestNumber
    nextRetryNumber = machine.nextRetryNumber
    // The jitter's draws change how long a retry waits, and the explorer fires timers as
    // events, whatever their delay.
    random = machine.random
    // Counters: what happened, not what happens next.
    recordedMetrics = machine.recordedMetrics
  }
}

/// A hasher that the machine's fields go through, one by one, for the explorer's fingerprint
/// (``PagingStateMachine/hashInternals(into:rank:)``). Each method hashes its value and returns
/// it, so that a projection reads as a copy of the state.
struct StateFingerprint<Cursor: Hashable & Sendable> {
  var hasher: Hasher
  /// Names a request by what the explorer knows of it.
  let rank: (PageRequestID) -> Int

  mutating func value<Value: Hashable>(_ value: Value) -> Value {
    hasher.combine(value)
    return value
  }

  /// The error's kind and counts; a source's own error is left out (the explorer's are alike).
  mutating func error(_ error: PagingError) {
    switch error {
    case .sourceFailed: hasher.combine(0)
    case .repeatedCursor(let cursor): hasher.combine(AnyHashable(cursor))
    case .noNewItems(let pages): hasher.combine(pages)
    case .sourceCancelled(let times): hasher.combine(-times)
    case .maxSizeTooSmall(let maxSize, let required):
      hasher.combine(maxSize)
      hasher.combine(required)
    case .internalInconsistency(let rule): hasher.combine(rule)
    case .retryAfterTooLong(let wait, _, _): hasher.combine(wait)
    case .invalidItemCount: hasher.combine(-1)
    case .jumpsNotSupported: hasher.combine(-2)
    }
  }

  mutating func activity(_ activity: LoadActivity<Cursor>) -> LoadActivity<Cursor> {
    switch activity {
    case .idle: hasher.combine(0)
    case .loading(let attempt):
      hasher.combine(1)
      hasher.combine(rank(attempt.request.id))
      hasher.combine(attempt.request.cursor)
      hasher.combine(attempt.automaticRetries)
      hasher.combine(attempt.sourceCancellations)
      hasher.combine(attempt.invalidAnswers)
      hasher.combine(attempt.explicit)
      switch attempt.hedgeState {
      case .none: hasher.combine(0)
      case .inFlight(let hedge): hasher.combine(rank(hedge.id))
      case .spent: hasher.combine(-1)
      }
    case .waitingToRetry(let retry, let error):
      hasher.combine(2)
      hasher.combine(retry.attempt)
      self.error(error)
    case .failed(let error):
      hasher.combine(3)
      self.error(error)
    }
    return activity
  }

  mutating func chain(_ chain: PageChain<Cursor>) -> PageChain<Cursor> {
    switch chain {
    case .unknown: hasher.combine(0)
    case .end: hasher.combine(1)
    case .firstPage: hasher.combine(2)
    case .more(let cursor):
      hasher.combine(3)
      hasher.combine(cursor)
    }
    return chain
  }

  mutating func refreshing<Item>(_ refreshing: RefreshActivity<Item, Cursor>)
    -> RefreshActivity<Item, Cursor>
  {
    _ = activity(refreshing.activity)
    switch refreshing.plan {
    case nil: hasher.combine(0)
    case .onePage?: hasher.combine(1)
    case .aroundAnchor(let anchor)?:
      hasher.combine(2)
      self.anchor(anchor)
    case .allLoaded(let anchor, let fetching)?:
      hasher.combine(3)
      self.anchor(anchor)
      hasher.combine(fetching.count)
      hasher.combine(fetching.fetched.count)
      hasher.combine(fetching.cursor)
      hasher.combine(fetching.coverThrough)
      hasher.combine(fetching.coverFrom)
    case .jump(let jump)?:
      hasher.combine(4)
      hasher.combine(jump)
    }
    return refreshing
  }

  private mutating func anchor<ID: Hashable>(_ anchor: AnchorRefresh<ID, Cursor>) {
    hasher.combine(anchor.cursor)
    hasher.combine(anchor.row)
    for chain in anchor.beyondFirst { _ = self.chain(chain) }
    hasher.combine(anchor.beyondFirst.count)
    for chain in anchor.beyondLast { _ = self.chain(chain) }
  }
}
