/// Loads pages for a ``Paginator``.
///
/// Conform a type that talks to your API, or build a paginator from a closure with
/// ``Paginator/init(configuration:clock:load:)``. The engine guarantees that at most one call
/// of ``loadPage(_:)`` whose result it still wants runs at a time (a refresh and an append
/// never both), that it never asks twice for a cursor whose page already committed in the same
/// generation, and that it cancels the calling task when the result is no longer wanted (a
/// refresh began, or ``Paginator/cancel()`` was called). A cancelled call may still be running
/// until it notices the cancellation; its result is dropped.
public protocol PageSource<Item, Cursor>: Sendable {
  /// The items the source returns; ids must be stable across pages and refreshes.
  associatedtype Item: Identifiable & Sendable where Item.ID: Sendable
  /// The opaque position of a page: a token, a keyset, a URL, a page number or an offset.
  associatedtype Cursor: Hashable & Sendable

  /// Loads one page.
  ///
  /// - Parameter request: The cursor, direction and generation to load.
  /// - Returns: The page's items in server order and the cursor of the next page (`nil` at the
  ///   end).
  /// - Throws: Any error. `CancellationError` and `URLError.cancelled` are treated as a
  ///   cancellation, never as a failure; anything else latches the direction as failed with
  ///   ``PagingError/sourceFailed(_:)`` until a retry. Conform your error to
  ///   ``RetryableError`` to tell an automatic retry policy whether a retry can help.
  func loadPage(_ request: PageRequest<Cursor>) async throws -> Page<Item, Cursor>

  /// Whether loading a page twice does no more than loading it once (HTTP's idempotent
  /// methods, RFC 9110 §9.2.2; gRPC's `idempotency_level`): the default, `true`, since loading
  /// a page is a read. A paginator sends a hedge (``HedgingPolicy``) only to a source whose
  /// loads are idempotent; return `false` when a load has a side effect (it marks messages
  /// read, spends a quota, posts a query that writes), and the source is never hedged,
  /// whatever ``PagingConfiguration``'s `hedging` says. Rulebook R22.
  var loadsAreIdempotent: Bool { get }

  /// The cursor that names the page a request without a cursor loads, when the source has
  /// one: the default, `nil`, names none. An HTTP source's first page has a URL, and a page
  /// whose link goes back to it closes a cycle as a link to any loaded page does; the engine
  /// counts the first page as loaded at this cursor too, so that the cycle ends at the link
  /// (``PagingError/repeatedCursor(_:)``) rather than a page later, after the first page's
  /// rows came a second time. Rulebook R11.
  var firstPageCursor: Cursor? { get }

  /// Whether the source can load a page at any position of its list, so that a counted list
  /// can jump there in one request (Android Paging 3's `jumpingSupported`): the default,
  /// `false`, never jumps. An offset or page-number API whose answers count the rows around
  /// their page can; a cursor-only API cannot, and its list loads page by page towards a far
  /// placeholder. Rulebook R31.
  var jumpingSupported: Bool { get }

  /// The cursor of the page that holds the row at `position` of the source's list (from 0),
  /// near the middle of the page (Android Paging 3's `getRefreshKey`): for an offset API,
  /// `max(0, position - size / 2)`, with the size of the page that cursor loads, so that the
  /// row lands mid-page and the rows on either side of it are there too. Asked only of a
  /// source whose ``jumpingSupported`` is `true`, for a jump and for a refresh or invalidation
  /// of a counted list, which keeps the place (R31). It may be asked before the source has
  /// loaded anything: it depends on the position alone. The default returns `nil`, the first
  /// page.
  /// - Parameter position: The row's position in the source's list, from 0.
  /// - Returns: The cursor to load.
  func cursor(around position: Int) -> Cursor?

  /// The cursor of the page that starts at the row at `position` of the source's list (from
  /// 0), as the source's own next cursor names it after a page that ends just before that row:
  /// for an offset API, the offset `position`; for a page-number API, the page number when
  /// `position` is a multiple of the page size. A walk (PagingWalk's `pages()`) whose pages
  /// count the rows after them asks it for the pages that follow, so that it loads several at
  /// once and hands them over in order; `nil` for any position where it cannot say, or to
  /// forbid a walk to load pages in parallel. The default returns `nil`: cursor chains are
  /// walked one page after another.
  /// - Parameter position: The first row's position in the source's list, from 0.
  /// - Returns: The cursor, or `nil`.
  func cursor(forPageStartingAt position: Int) -> Cursor?

  /// Loads the page for `request` as ``loadPage(_:)`` does, and calls `nextCursorKnown` with
  /// what the page's next cursor will be as soon as the source can tell, before the page's
  /// items decode (from a header, or read from the body's bytes). A walk (PagingWalk's
  /// `pages()`) of a cursor chain then sends the next page's request while this page decodes,
  /// and uses its answer only if the page's own next cursor turns out to be the one told: a
  /// wrong guess costs one request, never a row. The default calls ``loadPage(_:)`` and tells
  /// nothing.
  /// - Parameters:
  ///   - request: The page to load.
  ///   - nextCursorKnown: Called at most once, from any task, with the next page's cursor.
  /// - Returns: The page.
  /// - Throws: What ``loadPage(_:)`` throws.
  func loadPage(
    _ request: PageRequest<Cursor>, nextCursorKnown: @escaping @Sendable (Cursor) -> Void
  ) async throws -> Page<Item, Cursor>

  /// Whether ``loadPage(_:nextCursorKnown:)`` may tell a next cursor early: a walk asks for
  /// the next page ahead only of such a source (each such load takes a request number). The
  /// default is `false`.
  var tellsNextCursorEarly: Bool { get }
}

extension PageSource {
  /// `true`: loading a page is a read (see ``PageSource/loadsAreIdempotent``).
  public var loadsAreIdempotent: Bool { true }

  /// `nil`: no cursor names the first page (see ``PageSource/firstPageCursor``).
  public var firstPageCursor: Cursor? { nil }

  /// `false`: the source loads page by page (see ``PageSource/jumpingSupported``).
  public var jumpingSupported: Bool { false }

  /// `nil`, the first page (see ``PageSource/cursor(around:)``).
  /// - Parameter position: The row's position in the source's list, from 0.
  public func cursor(around position: Int) -> Cursor? { nil }

  /// `nil`: no page is named by its position, and walks load one page after another (see
  /// ``PageSource/cursor(forPageStartingAt:)``).
  /// - Parameter position: The first row's position in the source's list, from 0.
  public func cursor(forPageStartingAt position: Int) -> Cursor? { nil }

  /// `false`: ``PageSource/loadPage(_:nextCursorKnown:)`` tells nothing (see
  /// ``PageSource/tellsNextCursorEarly``).
  public var tellsNextCursorEarly: Bool { false }

  /// Loads the page and tells no next cursor early (see
  /// ``PageSource/loadPage(_:nextCursorKnown:)``).
  /// - Parameters:
  ///   - request: The page to load.
  ///   - nextCursorKnown: Never called.
  /// - Returns: The page.
  /// - Throws: What ``PageSource/loadPage(_:)`` throws.
  public func loadPage(
    _ request: PageRequest<Cursor>, nextCursorKnown: @escaping @Sendable (Cursor) -> Void
  ) async throws -> Page<Item, Cursor> {
    try await loadPage(request)
  }
}
