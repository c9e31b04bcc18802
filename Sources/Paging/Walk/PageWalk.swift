/// The pages of a ``PageSource``, one request per iteration: a lazy `AsyncSequence` for code
/// without a UI (a server, a command-line tool, a sync job), usable from any actor or none.
///
/// ```swift
/// for try await note in source.pages().items { print(note.title) }
/// ```
///
/// Nothing runs ahead: each `next()` sends one request (or none, at the end) and returns its
/// page. The walk keeps the engine's guards (rulebook R7 and fault classes 12, 14, 15 and 25):
/// a cursor already requested, cycles included, ends it with
/// ``PagingError/repeatedCursor(_:)``; ``PageWalkOptions/maxPagesWithoutNewItems`` pages in a
/// row without a new item end it with ``PagingError/noNewItems(pages:)``; items whose id came
/// before are dropped unless ``PageWalkOptions/removesDuplicates`` is off. A failure throws a
/// ``PageWalkError`` whose ``PageWalkError/cursor`` resumes the walk where it stopped; after a
/// throw the iterator returns `nil`. Cancelling the iterating task cancels the request in
/// flight and any retry's wait, and `next()` throws `CancellationError`.
///
/// Differences from the ``Paginator``: no prefetch (the caller pulls), no refresh, one
/// direction (next cursors only).
public struct PageWalk<Source: PageSource>: AsyncSequence, Sendable {
  /// A page: its items (duplicates removed) and its cursors as the source returned them.
  public typealias Element = Page<Source.Item, Source.Cursor>

  let source: Source
  let cursor: Source.Cursor?
  let options: PageWalkOptions
  let clock: any Clock<Duration>

  /// The walk's items, flattened: the same requests, one item at a time.
  public var items: Items { Items(walk: self) }

  /// Starts iterating; no request is sent before the first `next()`.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(walk: self)
  }

  /// Sends the walk's requests, one per ``next()``.
  public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
    private let walk: PageWalk
    private var next: Source.Cursor?
    private var finished = false
    private var requested: Set<Source.Cursor> = []
    private var seen: Set<Source.Item.ID> = []
    private var pagesWithoutNewItems = 0
    private var pages = 0
    private var itemCount = 0
    private var random: SeededRandom

    init(walk: PageWalk) {
      self.walk = walk
      self.next = walk.cursor
      if case .exponentialBackoff(let backoff) = walk.options.retryPolicy {
        random = SeededRandom(seed: backoff.seed)
      } else {
        random = SeededRandom(seed: 0)
      }
    }

    /// Loads the next page.
    /// - Returns: The page, or `nil` after the last page, a limit or a throw.
    /// - Throws: ``PageWalkError``; `CancellationError` when the task was cancelled.
    /// - Complexity: One request (more with retries); O(*n*) in the page's items.
    public mutating func next() async throws -> Element? {
      guard !finished else { return nil }
      if let maxPages = walk.options.maxPages, pages >= maxPages { return finish() }
      if let maxItems = walk.options.maxItems, itemCount >= maxItems { return finish() }
      let cursor = next
      if let pendingFailure { throw fail(pendingFailure, at: cursor) }
      if let cursor, !requested.insert(cursor).inserted {
        throw fail(.repeatedCursor(cursor), at: cursor)
      }
      var page = try await load(cursor)
      pages += 1
      if walk.options.removesDuplicates {
        page.items.removeAll { !seen.insert($0.id).inserted }
      }
      itemCount += page.items.count
      pagesWithoutNewItems = page.items.isEmpty ? pagesWithoutNewItems + 1 : 0
      if let nextCursor = page.nextCursor {
        next = nextCursor
        if pagesWithoutNewItems >= walk.options.maxPagesWithoutNewItems {
          // The page is delivered; the next call throws (the items are never lost).
          pendingFailure = .noNewItems(pages: pagesWithoutNewItems)
        }
      } else {
        finished = true
      }
      return page
    }

    private var pendingFailure: PagingError?

    /// One request, retried as the policy says.
    private mutating func load(_ cursor: Source.Cursor?) async throws -> Element {
      var attempt = 0
      var cancellations = 0
      while true {
        try Task.checkCancellation()
        let request = PageRequest(
          id: PageRequestID(rawValue: pages + attempt + cancellations),
          direction: pages == 0 ? .refresh : .append, cursor: cursor,
          generation: Generation(rawValue: 0))
        do {
          return try await walk.source.loadPage(request)
        } catch  where PagingError.isCancellation(error) {
          if Task.isCancelled { throw CancellationError() }
          // The source cancelled itself (fault class 25): load again, a bounded number of
          // times, as the engine does.
          cancellations += 1
          if cancellations >= Self.maxSourceCancellations {
            throw fail(.sourceCancelled(times: cancellations), at: cursor)
          }
        } catch {
          let failure = PagingError.sourceFailed(error)
          attempt += 1
          guard case .exponentialBackoff(let backoff) = walk.options.retryPolicy,
            failure.isRetryable, attempt <= backoff.maxAttempts
          else { throw fail(failure, at: cursor) }
          let delay = backoff.delay(
            forAttempt: attempt, randomFraction: random.nextFraction(),
            retryAfter: failure.retryAfter)
          try await Self.sleep(walk.clock, for: delay)
        }
      }
    }

    /// How many cancellations the source may report in a row, unasked, before the walk stops.
    static var maxSourceCancellations: Int { 3 }

    private static func sleep<C: Clock<Duration>>(_ clock: C, for delay: Duration) async throws {
      try await clock.sleep(for: delay)
    }

    private mutating func finish() -> Element? {
      finished = true
      return nil
    }

    private mutating func fail(_ error: PagingError, at cursor: Source.Cursor?) -> PageWalkError<
      Source.Cursor
    > {
      finished = true
      return PageWalkError(error: error, cursor: cursor, pagesLoaded: pages, itemsLoaded: itemCount)
    }
  }

  /// The items of a ``PageWalk``, one at a time; at most ``PageWalkOptions/maxItems``.
  public struct Items: AsyncSequence, Sendable {
    /// An item of the walk.
    public typealias Element = Source.Item

    let walk: PageWalk

    /// Starts iterating; no request is sent before the first `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(pages: walk.makeAsyncIterator(), limit: walk.options.maxItems)
    }

    /// Yields the items of each page in order, loading a page when the last one is used up.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
      var pages: PageWalk.AsyncIterator
      var limit: Int?
      var buffer: [Source.Item] = []
      var index = 0
      var yielded = 0

      init(pages: PageWalk.AsyncIterator, limit: Int?) {
        self.pages = pages
        self.limit = limit
      }

      /// The next item.
      /// - Returns: The item, or `nil` at the end of the walk or at ``PageWalkOptions/maxItems``.
      /// - Throws: ``PageWalkError``; `CancellationError` when the task was cancelled.
      /// - Complexity: Amortised O(1), plus a request whenever a page is used up.
      public mutating func next() async throws -> Source.Item? {
        if let limit, yielded >= limit { return nil }
        while index == buffer.count {
          guard let page = try await pages.next() else { return nil }
          buffer = page.items
          index = 0
        }
        defer { index += 1 }
        yielded += 1
        return buffer[index]
      }
    }
  }
}

extension PageSource {
  /// Walks the pages from `cursor` on, one request per iteration; see ``PageWalk``.
  ///
  /// ```swift
  /// for try await page in source.pages(options: PageWalkOptions(maxPages: 50)) {
  ///   try await database.insert(page.items)
  /// }
  /// ```
  /// - Parameters:
  ///   - cursor: The first page's cursor (default `nil`: the source's first page); a
  ///     ``PageWalkError/cursor`` resumes a walk that failed.
  ///   - options: Limits, guards and retries (default: no limits, the engine's guards and
  ///     retry policy).
  ///   - clock: The clock retries wait on (default: the continuous clock; tests pass a test
  ///     clock).
  /// - Returns: The walk; nothing is requested until it is iterated.
  public func pages(
    from cursor: Cursor? = nil, options: PageWalkOptions = PageWalkOptions(),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> PageWalk<Self> {
    PageWalk(source: self, cursor: cursor, options: options, clock: clock)
  }
}
