/// A ``PageSource`` made from a closure, for sources that need no type of their own.
///
/// ```swift
/// let source = ClosurePageSource<Post, String> { request in
///   try await api.posts(after: request.cursor)
/// }
/// ```
public struct ClosurePageSource<Item: Identifiable & Sendable, Cursor: Hashable & Sendable>:
  PageSource
where Item.ID: Sendable {
  private let load: @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>

  /// Creates a source that calls `load` for every request.
  /// - Parameter load: Loads one page; see ``PageSource/loadPage(_:)`` for what it may throw.
  public init(_ load: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>)
  {
    self.load = load
  }

  /// Calls the closure.
  /// - Parameter request: The page to load.
  /// - Returns: The closure's page.
  /// - Throws: Whatever the closure throws.
  public func loadPage(_ request: PageRequest<Cursor>) async throws -> Page<Item, Cursor> {
    try await load(request)
  }
}
