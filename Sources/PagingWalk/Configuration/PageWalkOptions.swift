import Paging

/// The limits, guards and retries of a ``PageWalk``: the limits are the walk's; the guards and
/// retries are settings of the engine's state machine it drives, which applies them as it does
/// for a `Paginator`.
///
/// Every setting is given to the initializer, as `PagingConfiguration`'s are, so that a new
/// setting never widens what callers can read.
public struct PageWalkOptions: Sendable, Hashable {
  /// The most pages the walk requests successfully; it ends after that many (`nil`: no
  /// limit). At least 1.
  package var maxPages: Int? {
    didSet { maxPages = maxPages.map { max(1, $0) } }
  }
  /// The walk ends once its pages hold this many items (`nil`: no limit); ``PageWalk/items``
  /// yields exactly this many, ``PageWalk`` the pages that reach it. At least 1.
  package var maxItems: Int? {
    didSet { maxItems = maxItems.map { max(1, $0) } }
  }
  /// Whether items whose id an earlier page of the walk already had are dropped (the engine's
  /// `DuplicatePolicy.keepFirst`; fault class 12 of the rulebook), as far back as
  /// `rememberedPages` reaches. Costs one id per item of those pages; off, the walk keeps no
  /// id, and only a page without items counts towards `maxPagesWithoutNewItems`. Default
  /// `true`.
  package var removesDuplicates: Bool
  /// Pages in a row that may add no new item (empty, or all duplicates) before the walk fails
  /// with `PagingError.noNewItems(pages:)` (fault class 14). At least 1; default 3, as
  /// `PagingConfiguration`'s.
  package var maxPagesWithoutNewItems: Int {
    didSet { maxPagesWithoutNewItems = max(1, maxPagesWithoutNewItems) }
  }
  /// When a failed request is sent again: `RetryPolicy.manual` never (the walk throws);
  /// `RetryPolicy.exponentialBackoff(_:)` retries retryable failures after its delays,
  /// waiting at least a server's `Retry-After` (`RetryableError.retryAfter`) up to its
  /// `maxDelay` (a longer wait fails at once with
  /// `PagingError.retryAfterTooLong(wait:maxDelay:error:)`), exactly as a `Paginator` does
  /// (rulebook R7). Default:
  /// `PagingConfiguration`'s default policy.
  package var retryPolicy: RetryPolicy
  /// The longest the whole walk may take, on the walk's clock, from its first `next()`: past
  /// it, the request in flight or the wait for a retry is cancelled, and the walk throws a
  /// ``PageWalkError`` with ``PageWalkError/Reason/deadlineExceeded(_:)`` whose cursor resumes at the
  /// page that did not load. A retry whose wait would end past the deadline is not waited for.
  /// Beside a source's own per-request timeout (an HTTP source's `timeout`), which bounds one
  /// request; this bounds the requests, retries and waits together. `nil` (the default): no
  /// deadline. Negative values count as zero.
  package var deadline: Duration? {
    didSet { deadline = deadline.map { max(.zero, $0) } }
  }

  /// How many of its last pages the walk remembers, so that its memory stays bounded at any
  /// length (rulebook R29): an item is dropped as a duplicate when one of at least these
  /// pages (at most twice as many) had its id, and a cursor of these pages ends the walk with
  /// `PagingError.repeatedCursor(_:)` at once; a longer cycle is caught later, by a
  /// checkpoint cursor. Costs one id per item of those pages and one cursor per page. At
  /// least 1; default 8, enough for offset drift of up to 8 pages between two requests. For
  /// exact duplicate removal over a whole walk, walk into a database that keys the rows by id.
  package var rememberedPages = 8 {
    didSet { rememberedPages = max(1, rememberedPages) }
  }

  /// How many pages the walk loads ahead of the caller (default 0: nothing runs ahead). With
  /// 1, the request for page *n* + 1 is sent as soon as page *n* is returned, so it loads
  /// while the caller works on page *n* (writes it to a database, sends it on); with *k*, up to
  /// *k* pages wait, loaded or loading, beyond the one the caller holds. The pages still load
  /// one after another, each at the next cursor of the one before, through the same guards and
  /// retries, and come to the caller in order; an error comes after the pages before it.
  /// Costs up to *k* pages of memory, and up to *k* requests whose pages are never used when
  /// the caller stops early. Negative values count as 0, and values above
  /// ``maximumReadAhead`` as that: each page ahead is a task waiting from the start, so "as
  /// many as there are" cannot be taken literally.
  package var readAhead = 0 {
    didSet { readAhead = Self.clampedReadAhead(readAhead) }
  }

  /// The most requests a walk has in flight at once where its pages say how many rows follow
  /// them and the source names a page by its first row
  /// (`PageSource.cursor(forPageStartingAt:)`: offsets and page numbers with a total): after
  /// each page, the cursors of the pages that follow are known, and up to this many load at
  /// once, handed over in order, each through the same guards and retries. Default 4: on a
  /// network with a round trip of 50 ms it brings a walk to about a third of its sequential
  /// time (the pages' transfer and decoding take the rest), as four workers did for USGS's
  /// dataretrieval; more asks more of a server than a polite client should (browsers open six
  /// connections to a host). 1 walks one page after another, as a cursor chain always is.
  /// Values below 1 count as 1, above ``maximumParallelPages`` as that. A source that gives
  /// no cursor by position forbids it; an HTTP source also holds its requests in flight to
  /// what its rate limit leaves.
  package var parallelPages = 4 {
    didSet { parallelPages = Self.clampedParallelPages(parallelPages) }
  }

  /// The most requests a walk sends at once: 64.
  package static var maximumParallelPages: Int { 64 }

  private static func clampedParallelPages(_ pages: Int) -> Int {
    min(max(1, pages), maximumParallelPages)
  }

  /// The most pages a walk reads ahead: 1,024, far more than a walk needs to keep its caller
  /// busy, and few enough tasks to start at once.
  package static var maximumReadAhead: Int { 1_024 }

  private static func clampedReadAhead(_ pages: Int) -> Int {
    min(max(0, pages), maximumReadAhead)
  }

  /// Creates options.
  /// - Parameters:
  ///   - maxPages: The most pages (default: no limit).
  ///   - maxItems: The most items (default: no limit).
  ///   - removesDuplicates: Drop items whose id was already seen (default `true`).
  ///   - maxPagesWithoutNewItems: Pages in a row without a new item before failing (default 3).
  ///   - retryPolicy: Automatic retries (default: `PagingConfiguration`'s default).
  ///   - deadline: The longest the whole walk may take (default: none).
  ///   - rememberedPages: The last pages whose ids duplicate removal remembers (default 8; at
  ///     least 1).
  ///   - readAhead: Pages loaded ahead of the caller (default 0: none; at most 1,024).
  ///   - parallelPages: The most requests in flight at once where the pages count the rows
  ///     after them and the source names pages by position (default 4; 1 to 64).
  public init(
    maxPages: Int? = nil, maxItems: Int? = nil, removesDuplicates: Bool = true,
    maxPagesWithoutNewItems: Int = 3,
    retryPolicy: RetryPolicy = .exponentialBackoff(.standard), deadline: Duration? = nil,
    rememberedPages: Int = 8, readAhead: Int = 0, parallelPages: Int = 4
  ) {
    self.parallelPages = Self.clampedParallelPages(parallelPages)
    self.rememberedPages = max(1, rememberedPages)
    self.readAhead = Self.clampedReadAhead(readAhead)
    self.deadline = deadline.map { max(.zero, $0) }
    self.maxPages = maxPages.map { max(1, $0) }
    self.maxItems = maxItems.map { max(1, $0) }
    self.removesDuplicates = removesDuplicates
    self.maxPagesWithoutNewItems = max(1, maxPagesWithoutNewItems)
    self.retryPolicy = retryPolicy
  }
}

extension PageWalkOptions {
  /// The configuration of the machine a walk from `cursor` drives: these guards and retries;
  /// a prefetch distance of 0, so that the machine loads only when the walk asks; no cap and no
  /// hedge (one request at a time); the first item of an id kept.
  /// - Parameter cursor: The walk's first cursor.
  package func configuration<Cursor>(from cursor: Cursor?) -> PagingConfiguration<Cursor> {
    var configuration = PagingConfiguration(
      prefetch: .fixed(0), initialCursor: cursor, duplicatePolicy: .keepFirst,
      maxPagesWithoutNewItems: maxPagesWithoutNewItems, retryPolicy: retryPolicy, hedging: .off)
    // A walk hands each page on and keeps no window to reload: an "invalid" answer ends it,
    // with the cursor to resume at (rulebook R30).
    configuration.reloadsAfterInvalidation = 0
    // It hands each page on: the machine remembers only the last pages' ids and cursors (R29).
    configuration.walkMemory = WalkMemory(pages: rememberedPages)
    return configuration
  }
}
