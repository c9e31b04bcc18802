/// The source of a paginator that loads pages with a closure, so that the closure's paginators
/// is restored by the same code as a source's.
struct ClosurePageSource<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>: PageSource
where Item.ID: Sendable {
  let load: @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>

  func loadPage(_ request: PageRequest<Cursor>) async throws -> Page<Item, Cursor> {
    try await load(request)
  }
}
