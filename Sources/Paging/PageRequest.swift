/// What the engine asks a ``PageSource`` for: one page at a cursor, in a direction and a
/// generation.
public struct PageRequest<Cursor: Hashable & Sendable>: Hashable, Sendable {
  /// The request's id; results are matched to requests by it.
  public let id: PageRequestID
  /// The direction the page fills.
  public let direction: LoadDirection
  /// The cursor to load. For a refresh this is where the list was opened:
  /// ``PagingConfiguration/initialCursor`` (`nil` meaning "the first page" in the source's own
  /// terms) or the cursor given to ``Paginator/start(at:)``; for an append it is the
  /// `nextCursor` of the last committed page, for a prepend the `previousCursor` of the first,
  /// and never `nil`.
  public let cursor: Cursor?
  /// The generation the request belongs to.
  public let generation: Generation
  /// Whether this is a hedge: a second, identical request for the same cursor and generation,
  /// sent because the first was slower than ``PagingConfiguration/hedging`` allows. The first
  /// answer of the two commits and the other is cancelled, so the source must be idempotent
  /// for reads (a `GET`); a log should not count it as a duplicate.
  public let isHedge: Bool

  /// Creates a request. The engine makes them; tests and sources may too.
  /// - Parameters:
  ///   - id: The request's id.
  ///   - direction: The direction the page fills.
  ///   - cursor: The cursor to load; `nil` asks for the first page.
  ///   - generation: The generation the request belongs to.
  ///   - isHedge: Whether it hedges a slower request (default `false`).
  public init(
    id: PageRequestID, direction: LoadDirection, cursor: Cursor?, generation: Generation,
    isHedge: Bool = false
  ) {
    self.id = id
    self.direction = direction
    self.cursor = cursor
    self.generation = generation
    self.isHedge = isHedge
  }
}
