/// What the engine asks a ``PageSource`` for: one page at a cursor, in a direction and a
/// generation.
public struct PageRequest<Cursor: Hashable & Sendable>: Hashable, Sendable {
  /// The request's id; results are matched to requests by it.
  public let id: PageRequestID
  /// The direction the page fills.
  public let direction: LoadDirection
  /// The cursor to load. For a refresh this is where the list was opened:
  /// ``PagingConfiguration``'s `initialCursor` (`nil` meaning "the first page" in the source's own
  /// terms) or the cursor given to ``Paginator/start(at:)``; for an append it is the
  /// `nextCursor` of the last committed page, for a prepend the `previousCursor` of the first.
  /// After the memory cap dropped the page at an edge, that edge reloads it: at the cursor
  /// the new outermost page came with, else at the cursor that loaded the dropped page, which
  /// is `nil` for the source's first page (rulebook R26).
  public let cursor: Cursor?
  /// The generation the request belongs to.
  package let generation: Generation
  /// Whether this is a hedge: a second, identical request for the same cursor and generation,
  /// sent because the first was slower than ``PagingConfiguration``'s `hedging` allows. The first
  /// answer of the two commits and the other is cancelled, so the source must be idempotent
  /// for reads (a `GET`); a log should not count it as a duplicate.
  package let isHedge: Bool
  /// Whether this refresh is a jump (rulebook R31): the user dragged to a far placeholder, and
  /// the page around it replaces the window. A source that keeps a cache of what the network
  /// sent (PagingSQLite's `CachedPageSource`) answers it from the cache, as a scroll there
  /// would, instead of fetching the list again; any other source loads it as any page.
  public let isJump: Bool

  /// The query of the request's generation (see ``Paginator/setQuery(_:transition:)``).
  @usableFromInline let queryValue: QueryValue?

  /// The query the page is for, as the last ``Paginator/setQuery(_:transition:)`` before the
  /// request's generation began gave it; `nil` for a paginator that was never given one.
  /// Every request of a generation carries the same query, so a cursor is never asked for
  /// under another query than the one whose page gave it. Read it as the type the app gave:
  ///
  /// ```swift
  /// let text = request.query as? String ?? ""
  /// ```
  public var query: (any Hashable & Sendable)? { queryValue?.value }

  /// The query as a value of type `Query`, or `nil` when there is none or it has another
  /// type: `request.query(as: String.self)`, as `request.query as? String` reads it.
  /// - Parameter type: The query's type, as the app passed it to `setQuery`.
  /// - Returns: The query, or `nil`.
  package func query<Query: Hashable & Sendable>(as type: Query.Type = Query.self) -> Query? {
    queryValue?.value as? Query
  }

  /// Creates a request. The engine makes them; so do our tests and the SQLite cache.
  /// - Parameters:
  ///   - id: The request's id.
  ///   - direction: The direction the page fills.
  ///   - cursor: The cursor to load; `nil` asks for the first page.
  ///   - generation: The generation the request belongs to.
  ///   - query: The query the page is for (default: none).
  ///   - isHedge: Whether it hedges a slower request (default `false`).
  ///   - isJump: Whether it is a jump's refresh (default `false`).
  package init(
    id: PageRequestID, direction: LoadDirection, cursor: Cursor?, generation: Generation,
    query: (any Hashable & Sendable)? = nil, isHedge: Bool = false, isJump: Bool = false
  ) {
    self.id = id
    self.direction = direction
    self.cursor = cursor
    self.generation = generation
    self.queryValue = query.map(QueryValue.init)
    self.isHedge = isHedge
    self.isJump = isJump
  }
}

/// Identifies one request for a page. Numbers start at 1 and grow by one per request, across
/// generations, so a larger id is always a later request.
public struct PageRequestID: Hashable, Sendable {
  /// The request's number.
  @usableFromInline package let rawValue: Int

  /// Creates a request id from its number.
  /// - Parameter rawValue: The request's number.
  @usableFromInline package init(rawValue: Int) { self.rawValue = rawValue }

  /// Orders ids by number, which is the order in which the requests were made.
  package static func < (lhs: PageRequestID, rhs: PageRequestID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// A number that grows by one every time a refresh begins: the first load, every `refresh()`,
/// and every retry of a failed refresh (so the first load is generation 1, and a first load
/// retried once commits in generation 2).
///
/// Every request carries the generation it was made in. A result whose generation is not the
/// current one is dropped, items and cursor together, so a slow load that started before a
/// refresh can never overwrite the refreshed list. While a refresh runs, or after one failed,
/// the items shown still come from the previous generation.
public struct Generation: Hashable, Sendable {
  /// The generation's number; 0 before the first load.
  @usableFromInline package let rawValue: Int

  /// Creates a generation from its number.
  /// - Parameter rawValue: The generation's number.
  @usableFromInline package init(rawValue: Int) { self.rawValue = rawValue }

  /// The generation after this one.
  package var next: Generation { Generation(rawValue: rawValue + 1) }

  /// Orders generations by number.
  package static func < (lhs: Generation, rhs: Generation) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Orders generations by number, the other way.
  package static func > (lhs: Generation, rhs: Generation) -> Bool { rhs < lhs }
}
