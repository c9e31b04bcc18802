import Paging

/// How the explorer's server answers one request.
package enum ExplorerAnswer: Hashable, Sendable, CustomStringConvertible {
  /// The page at the request's cursor, as the server holds it now.
  case page
  /// A transient failure (retryable).
  case failure
  /// The source reports a cancellation nobody asked for.
  case cancelled
  /// The source answers that its data changed under the cursor (`PageSourceInvalidated`).
  case invalid

  package var description: String {
    switch self {
    case .page: ".page"
    case .failure: ".failure"
    case .cancelled: ".cancelled"
    case .invalid: ".invalid"
    }
  }
}

/// One step of an explored trace: what a user, a view, a timer or a server does. Requests are
/// named by their age among the requests not yet answered (0 the oldest), so that a trace
/// replays whatever the machine numbers its requests.
package enum ExplorerEvent: Hashable, Sendable, CustomStringConvertible {
  /// `start()`.
  case start
  /// The viewport moves by this many rows (rows entering appear, rows leaving disappear).
  case scroll(Int)
  /// The viewport jumps to the first rows.
  case jumpToTop
  /// The viewport jumps to the last rows.
  case jumpToBottom
  /// The request at this age gets this answer (a request the machine cancelled answers late).
  case answer(Int, ExplorerAnswer)
  /// The retry timer of this direction fires.
  case retryTimer(LoadDirection)
  /// The hedge timer of the request at this age fires.
  case hedgeTimer(Int)
  /// `loadNextPage()`.
  case loadNextPage
  /// `loadPreviousPage()`.
  case loadPreviousPage
  /// `retry()`.
  case retry
  /// `cancel()`.
  case cancel
  /// `refresh()` by the configuration's policy (`nil`) or `refresh(policy:)`.
  case refresh(RefreshPolicy?)
  /// `remove(id:)`.
  case remove(Int)
  /// `update(id:)`: the row's local version.
  case update(Int)
  /// `insert(_:at: .after(id))` of a new row.
  case insertAfter(Int)
  /// The display filter is set, changed or cleared.
  case filter(ExplorerFilter?)
  /// `setQuery(_:transition:)` to query 0 or 1.
  case query(Int, QueryTransition)
  /// The app is relaunched: a snapshot of the machine is restored into a new one, which
  /// refreshes by the configuration's policy (rulebook R28).
  case relaunch
  /// The server changes the row with this id (its newer copy, version 1).
  case serverChange(Int)
  /// `invalidate()`: the app says the data changed (rulebook R30).
  case invalidate
  /// A caller calls `fetchNextPage()` and waits for its outcome.
  case fetchNextPage
  /// A caller calls `fetchPreviousPage()` and waits for its outcome.
  case fetchPreviousPage

  package var description: String {
    switch self {
    case .start: ".start"
    case .scroll(let rows): ".scroll(\(rows))"
    case .jumpToTop: ".jumpToTop"
    case .jumpToBottom: ".jumpToBottom"
    case .answer(let age, let answer): ".answer(\(age), \(answer))"
    case .retryTimer(let direction): ".retryTimer(.\(direction))"
    case .hedgeTimer(let age): ".hedgeTimer(\(age))"
    case .loadNextPage: ".loadNextPage"
    case .loadPreviousPage: ".loadPreviousPage"
    case .retry: ".retry"
    case .cancel: ".cancel"
    case .refresh(nil): ".refresh(nil)"
    case .refresh(let policy?): ".refresh(\(Self.literal(policy)))"
    case .remove(let id): ".remove(\(id))"
    case .update(let id): ".update(\(id))"
    case .insertAfter(let id): ".insertAfter(\(id))"
    case .filter(let filter): ".filter(\(filter.map { "\($0)" } ?? "nil"))"
    case .query(let query, let transition):
      ".query(\(query), \(transition == .clear ? ".clear" : ".keepPrevious"))"
    case .relaunch: ".relaunch"
    case .serverChange(let id): ".serverChange(\(id))"
    case .invalidate: ".invalidate"
    case .fetchNextPage: ".fetchNextPage"
    case .fetchPreviousPage: ".fetchPreviousPage"
    }
  }

  static func literal(_ policy: RefreshPolicy) -> String {
    switch policy {
    case .fromStart: ".fromStart"
    case .aroundAnchor: ".aroundAnchor"
    case .allLoaded(let limit): ".allLoaded(limit: \(limit))"
    }
  }
}
