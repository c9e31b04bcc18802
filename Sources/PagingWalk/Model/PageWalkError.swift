import Foundation
import Paging

/// Why a ``PageWalk`` stopped before the end, and where to resume it.
///
/// ```swift
/// do {
///   for try await page in source.pages() { save(page.items) }
/// } catch let error as PageWalkError<HTTPCursor> {  // an HTTPPageSource's cursor
///   log(error)                        // no query values: fault class 29 of the rulebook
///   resumeLater(from: error.cursor)   // source.pages(from: error.cursor) picks up there
/// }
/// ```
public struct PageWalkError<Cursor: Hashable & Sendable>: Error, Sendable, CustomStringConvertible {
  /// What went wrong, as the engine's state machine reported it: `PagingError.sourceFailed(_:)`
  /// wrapping the source's error (after any automatic retries),
  /// `PagingError.retryAfterTooLong(wait:maxDelay:error:)` (the server's wait is longer
  /// than the retry policy allows), `PagingError.deadlineExceeded(_:)`,
  /// `PagingError.repeatedCursor(_:)`, `PagingError.noNewItems(pages:)` or
  /// `PagingError.sourceCancelled(times:)` (the fourth cancellation in a row that the source
  /// reported by itself, rulebook R13).
  public var error: PagingError
  /// The cursor to resume from with ``Paging/PageSource/pages(from:options:clock:)``: the one
  /// whose request failed (`nil`: the first page). For a repeated cursor it is that cursor,
  /// whose page already loaded: resuming there loads it again.
  public var cursor: Cursor?
  /// The pages the walk returned before it stopped.
  public var pagesLoaded: Int
  /// The items those pages held (after de-duplication).
  public var itemsLoaded: Int
  /// The requests sent for the page the walk stopped at, its automatic retries included: 0
  /// when none was (a guard had latched, or the deadline had passed, before it).
  public var attempts: Int
  /// The time on the walk's clock from its first request to the stop.
  public var elapsed: Duration

  /// Creates an error.
  /// - Parameters:
  ///   - error: What went wrong.
  ///   - cursor: Where to resume.
  ///   - pagesLoaded: The pages returned before.
  ///   - itemsLoaded: The items returned before.
  ///   - attempts: The requests sent for the page it stopped at (default 1).
  ///   - elapsed: The time from the walk's first request (default zero).
  package init(
    error: PagingError, cursor: Cursor?, pagesLoaded: Int, itemsLoaded: Int, attempts: Int = 1,
    elapsed: Duration = .zero
  ) {
    self.error = error
    self.cursor = cursor
    self.pagesLoaded = pagesLoaded
    self.itemsLoaded = itemsLoaded
    self.attempts = attempts
    self.elapsed = elapsed
  }

  /// Whether resuming at ``cursor`` may succeed (`PagingError.isRetryable`).
  public var isRetryable: Bool { error.isRetryable }

  /// A sentence for logs: the pages and time it took, how many times it asked for the page
  /// it stopped at, what went wrong, and where to resume; a URL cursor appears with its query
  /// values redacted, a string cursor not at all (only its length).
  /// - Complexity: O(n) in the text's length.
  public var description: String {
    let resume = cursor.map { RedactedURL.describing($0) }
    let asked =
      switch attempts {
      case 0: "before asking for the next page"
      case 1: "at a page asked for once"
      default: "at a page asked for \(attempts) times"
      }
    return "the walk stopped after \(pagesLoaded) pages (\(itemsLoaded) items) and "
      + "\(PagingError.seconds(elapsed)), \(asked): \(error); resume at "
      + (resume.map { "cursor \($0)" } ?? "the first page")
  }
}

extension PageWalkError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
