/// The state of one load direction, as a footer or a refresh indicator shows it.
///
/// Follows Android Paging 3's `LoadState` (`NotLoading`, `Loading`, `Error`), with the end of
/// the list as its own case. It prints as its case does (`idle`, `failed(…)` with the error's
/// description).
public enum LoadState: Sendable, Equatable {
  /// Nothing is loading and nothing failed; a trigger may start a load.
  case idle
  /// A load is in flight.
  case loading
  /// The last load failed. Appearances start nothing until ``Paginator/retry()`` (or the
  /// automatic retry policy) runs, so a failing page cannot loop.
  case failed(PagingError)
  /// The edge's end was reached (for append, the last page's `nextCursor` was `nil`; for
  /// prepend, the first page's `previousCursor`); nothing loads there until a refresh. Only
  /// the prepend and append directions complete, and never while a refresh runs (the new
  /// list may go further).
  case complete

  /// Whether a load is in flight.
  public var isLoading: Bool { self == .loading }

  /// The error of a ``failed(_:)`` state, else `nil`.
  public var error: PagingError? {
    if case .failed(let error) = self { return error }
    return nil
  }
}

/// Which part of the list a load fills: Android Paging 3's `LoadType` (`REFRESH`, `PREPEND`,
/// `APPEND`).
///
/// The engine keeps one ``LoadState`` and at most one load in flight per direction; a refresh
/// cancels the other two.
public enum LoadDirection: Hashable, Sendable, CaseIterable {
  /// Loads the first page of a new generation (at the initial cursor, or the one given to
  /// ``Paginator/start(at:)``) and replaces every item when it commits.
  case refresh
  /// Loads the page before the first loaded one (towards the top: older messages in a chat) and
  /// puts its items before the first item.
  case prepend
  /// Loads the page after the last loaded one and appends its items.
  case append
}
