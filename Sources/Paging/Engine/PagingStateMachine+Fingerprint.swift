// What an exhaustive explorer hashes of the state no view can see, so that two states it
// cannot tell apart from outside still count as two when they would behave differently.

extension PagingStateMachine {
  /// Feeds the machine's internal state (chains, activities with their counters, page table,
  /// cursors committed in this generation, the refresh's plan, the edits' ids) to `hasher`,
  /// leaving out what does not change behaviour: the metrics, the numbering of requests,
  /// retries and generations. `rank` names a request by what the caller knows of it (its
  /// place among the requests in flight, oldest first).
  /// - Complexity: O(pages + committed cursors + edits).
  package func hashInternals(into hasher: inout Hasher, rank: (PageRequestID) -> Int) {
    // The error's kind and counts; a source's own error is left out (the explorer's are alike).
    func hash(_ error: PagingError) {
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
      case .deadlineExceeded(let deadline): hasher.combine(deadline)
      }
    }
    func hash(_ activity: LoadActivity<Cursor>) {
      switch activity {
      case .idle: hasher.combine(0)
      case .loading(let attempt):
        hasher.combine(1)
        hasher.combine(rank(attempt.request.id))
        hasher.combine(attempt.request.cursor)
        hasher.combine(attempt.automaticRetries)
        hasher.combine(attempt.sourceCancellations)
        hasher.combine(attempt.explicit)
        hasher.combine(attempt.invalidAnswers)
        switch attempt.hedgeState {
        case .none: hasher.combine(0)
        case .inFlight(let hedge): hasher.combine(rank(hedge.id))
        case .spent: hasher.combine(-1)
        }
      case .waitingToRetry(let retry, let error):
        hasher.combine(2)
        hasher.combine(retry.attempt)
        hash(error)
      case .failed(let error):
        hasher.combine(3)
        hash(error)
      }
    }
    func hash(_ chain: PageChain<Cursor>) {
      switch chain {
      case .unknown: hasher.combine(0)
      case .end: hasher.combine(1)
      case .firstPage: hasher.combine(2)
      case .more(let cursor):
        hasher.combine(3)
        hasher.combine(cursor)
      }
    }
    hash(refresh)
    for edge in [prepend, append] {
      hash(edge.chain)
      hash(edge.activity)
      hasher.combine(edge.pagesWithoutNewItems)
      hasher.combine(edge.queued)
    }
    for entry in pages.entries {
      hasher.combine(entry.cursor)
      hasher.combine(entry.count)
      hasher.combine(entry.previousCursor)
      hasher.combine(entry.nextCursor)
    }
    hasher.combine(pages.count)
    for chain in pages.beyondFirst { hash(chain) }
    hasher.combine(pages.beyondFirst.count)
    for chain in pages.beyondLast { hash(chain) }
    hasher.combine(pages.droppedBeforeFirst)
    hasher.combine(pages.droppedAfterLast)
    // A set: its order is not part of the state.
    hasher.combine(committedCursors.reduce(0) { $0 ^ $1.hashValue })
    hasher.combine(origin)
    hasher.combine(windowIsFromOrigin)
    hasher.combine(restoredRefreshRow)
    func hash(_ anchor: AnchorRefresh<Item.ID, Cursor>) {
      hasher.combine(anchor.cursor)
      hasher.combine(anchor.row)
      for chain in anchor.beyondFirst { hash(chain) }
      hasher.combine(anchor.beyondFirst.count)
      for chain in anchor.beyondLast { hash(chain) }
    }
    switch refreshing.plan {
    case nil: hasher.combine(0)
    case .onePage?: hasher.combine(1)
    case .aroundAnchor(let anchor)?:
      hasher.combine(2)
      hash(anchor)
    case .allLoaded(let anchor, let fetching)?:
      hasher.combine(3)
      hash(anchor)
      hasher.combine(fetching.count)
      hasher.combine(fetching.fetched.count)
      hasher.combine(fetching.cursor)
    }
    // Which edits a refresh's commit keeps depends on their generation (R23).
    for (made, edit) in local.edits {
      hasher.combine(edit.id)
      hasher.combine(generation.rawValue - made.rawValue)
    }
    hasher.combine(local.showingPreviousQuery)
    hasher.combine(invalidAnswersInARow)
  }
}
