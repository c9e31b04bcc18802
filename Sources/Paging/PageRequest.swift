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
  /// `nextCursor` of the last committed page, for a prepend the `previousCursor` of the first.
  /// After the memory cap dropped the page at an edge, that edge reloads it: at the cursor
  /// the new outermost page came with, else at the cursor that loaded the dropped page, which
  /// is `nil` for the source's first page (rulebook R22).
  public let cursor: Cursor?
  /// The generation the request belongs to.
  public let generation: Generation

  /// Creates a request. The engine makes them; tests and sources may too.
  /// - Parameters:
  ///   - id: The request's id.
  ///   - direction: The direction the page fills.
  ///   - cursor: The cursor to load; `nil` asks for the first page.
  ///   - generation: The generation the request belongs to.
  public init(id: PageRequestID, direction: LoadDirection, cursor: Cursor?, generation: Generation)
  {
    self.id = id
    self.direction = direction
    self.cursor = cursor
    self.generation = generation
  }
}
