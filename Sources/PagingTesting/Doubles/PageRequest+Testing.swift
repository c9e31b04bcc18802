import Paging

extension PageRequest {
  /// A request as the engine sends it, for a test of an app's own `PageSource`: what its
  /// `loadPage(_:)` reads (the direction, the cursor and the query), as Android Paging 3's
  /// `PagingSource.LoadParams` constructors let a test call `load` directly.
  ///
  /// ```swift
  /// let request = PageRequest<String>(direction: .append, cursor: "c2", query: "swift")
  /// let page = try await PostsSource().loadPage(request)
  /// ```
  ///
  /// The request is the first of the list's first generation, and not a hedge.
  /// - Parameters:
  ///   - direction: The direction the page fills (default `.refresh`).
  ///   - cursor: The cursor to load; `nil` asks for the first page.
  ///   - query: The query the page is for, as `setQuery(_:transition:)` gives it (default:
  ///     none).
  public init(
    direction: LoadDirection = .refresh, cursor: Cursor?, query: (any Hashable & Sendable)? = nil
  ) {
    self.init(
      id: PageRequestID(rawValue: 1), direction: direction, cursor: cursor,
      generation: Generation(rawValue: 1), query: query)
  }
}
