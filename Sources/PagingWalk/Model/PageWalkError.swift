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
  /// Why a walk stopped: the engine's failure, or the walk's own deadline.
  public enum Reason: Sendable, Equatable, CustomStringConvertible {
    /// The engine's state machine stopped the walk: `PagingError.sourceFailed(_:)` wrapping
    /// the source's error (after any automatic retries),
    /// `PagingError.retryAfterTooLong(wait:maxDelay:error:)` (the server's wait is longer
    /// than the retry policy allows), `PagingError.repeatedCursor(_:)`,
    /// `PagingError.noNewItems(pages:)`, `PagingError.sourceCancelled(times:)` (the fourth
    /// cancellation in a row that the source reported by itself, rulebook R13) or
    /// `PagingError.invalidItemCount` (pages in parallel whose counts are negative or do not
    /// add up); a source that answers `PageSourceInvalidated` fails as `sourceFailed(_:)`,
    /// since a walk has no list to reload (rulebook R30).
    case failed(PagingError)
    /// The walk ran past ``PageWalkOptions``'s `deadline`, measured on the walk's clock from its
    /// first request: the request in flight, or the wait for a retry, was cancelled (a retry
    /// whose wait would end past the deadline is not waited for). Retryable: a new walk from
    /// ``PageWalkError/cursor`` picks up at the page that did not load. The associated value
    /// is the deadline; ``PageWalkError/elapsed`` is the time the walk actually ran.
    case deadlineExceeded(Duration)

    /// Whether a new walk from the error's cursor may succeed: `PagingError.isRetryable` for
    /// a failure, `true` for the deadline.
    public var isRetryable: Bool {
      switch self {
      case .failed(let error): error.isRetryable
      case .deadlineExceeded: true
      }
    }

    /// A sentence for logs: the engine's error, or the deadline.
    /// - Complexity: O(n) in the text's length.
    public var description: String {
      switch self {
      case .failed(let error): error.description
      case .deadlineExceeded(let deadline):
        "the walk reached its deadline of \(PagingError.seconds(deadline)), or its next request "
          + "or retry could not have ended before it"
      }
    }
  }

  /// Why the walk stopped.
  public var reason: Reason
  /// The engine's error when the engine stopped the walk (``Reason/failed(_:)``); `nil` when
  /// the walk stopped at its deadline. `PagingHTTP` reads the server's answer from it
  /// (`error?.httpError`, `error?.httpStatusCode`).
  public var error: PagingError? {
    guard case .failed(let error) = reason else { return nil }
    return error
  }
  /// The cursor to resume from with ``Paging/PageSource/pages(from:options:clock:)``: the one
  /// whose request failed (`nil`: the first page). For a repeated cursor it is that cursor,
  /// whose page already loaded: resuming there loads it again.
  public var cursor: Cursor?
  /// The pages the walk returned before it stopped.
  public var pagesLoaded: Int
  /// The items those pages held (after de-duplication).
  public var itemsLoaded: Int
  /// The times the walk asked its source for the page it stopped at, its automatic retries
  /// included: 0 when it did not (a guard had latched, or the deadline had passed, before
  /// it). A source may send more than one request for one ask: an `HTTPPageSource` sends it
  /// once more after a refusal that says the rate limit is spent, once the limit resets.
  public var attempts: Int
  /// The time on the walk's clock from its first request to the stop.
  public var elapsed: Duration
  /// At the deadline, the failure of the page's last attempt, whose automatic retry the
  /// deadline cut off (a server answering 503 until the walk ran out of time); `nil` when the
  /// page had not failed, and when the engine stopped the walk (``error`` says why then).
  public var lastFailure: PagingError?

  /// Creates an error.
  /// - Parameters:
  ///   - reason: Why the walk stopped.
  ///   - cursor: Where to resume.
  ///   - pagesLoaded: The pages returned before.
  ///   - itemsLoaded: The items returned before.
  ///   - attempts: The times the walk asked its source for the page it stopped at (default 1).
  ///   - elapsed: The time from the walk's first request (default zero).
  ///   - lastFailure: At the deadline, the last attempt's failure (default none).
  package init(
    reason: Reason, cursor: Cursor?, pagesLoaded: Int, itemsLoaded: Int, attempts: Int = 1,
    elapsed: Duration = .zero, lastFailure: PagingError? = nil
  ) {
    self.lastFailure = lastFailure
    self.reason = reason
    self.cursor = cursor
    self.pagesLoaded = pagesLoaded
    self.itemsLoaded = itemsLoaded
    self.attempts = attempts
    self.elapsed = elapsed
  }

  /// Whether resuming at ``cursor`` may succeed (``Reason/isRetryable``).
  public var isRetryable: Bool { reason.isRetryable }

  /// A sentence for logs: the pages and time it took, how many times it asked for the page
  /// it stopped at, what went wrong (at the deadline, with the last attempt's failure), and
  /// where to resume; a URL cursor appears with its query values redacted, a string cursor not
  /// at all (only its length).
  /// - Complexity: O(n) in the text's length.
  public var description: String {
    let resume = cursor.map { RedactedURL.describing($0) }
    let asked =
      switch attempts {
      case 0: "before asking for the next page"
      case 1: "at a page asked for once"
      default: "at a page asked for \(attempts) times"
      }
    return "the walk stopped after \(PagingError.count(pagesLoaded, "page")) "
      + "(\(PagingError.count(itemsLoaded, "item"))) and "
      + "\(PagingError.seconds(elapsed)), \(asked): \(reason)"
      + (lastFailure.map { " (its last attempt failed: \($0))" } ?? "") + "; resume at "
      + (resume.map { "cursor \($0)" } ?? "the first page")
  }
}

extension PageWalkError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
