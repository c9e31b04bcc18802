import Foundation

/// What a ``PageSource`` throws from ``PageSource/loadPage(_:)`` when the data it pages has
/// changed under the cursor it was given, so that the page would not fit the ones already
/// loaded (Android Paging 3's `LoadResult.Invalid`): a database whose rows another writer
/// changed, a server whose cursor expired after a sync.
///
/// ```swift
/// func loadPage(_ request: PageRequest<Int>) async throws -> Page<Note, Int> {
///   guard try store.version() == versionOfThisGeneration else { throw PageSourceInvalidated() }
///   return try store.notes(after: request.cursor)
/// }
/// ```
///
/// The answer is never shown as a failure. The list drops it and invalidates itself, as
/// ``Paginator/invalidate()`` does: a new generation reloads the page that holds the row on
/// screen (rulebook R30). After three such answers in a row with no page between them, the
/// direction fails with ``PagingError/sourceFailed(_:)`` wrapping this error, which is not
/// retried automatically (a source that keeps answering "invalid" would loop), and
/// ``Paginator/retry()`` tries again. A walk (PagingWalk's `PageWalk`) has no window to
/// reload: it ends with a `PageWalkError` carrying this error and the cursor to resume at.
public struct PageSourceInvalidated: Error, Sendable, Hashable, RetryableError,
  CustomStringConvertible
{
  /// Creates the answer.
  public init() {}

  /// `false`: the same request answers "invalid" again until the list reloads; only a new
  /// generation (an invalidation, a refresh) or a manual retry loads again.
  public var isRetryable: Bool { false }

  /// A sentence for logs.
  public var description: String { "the page source's data changed under the cursor" }
}

extension PageSourceInvalidated: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
