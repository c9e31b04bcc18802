import Paging

/// The pages of a `PageSource`, one request per iteration: a lazy `AsyncSequence` for code
/// without a UI (a server, a command-line tool, a sync job), usable from any actor or none.
///
/// ```swift
/// for try await note in source.pages().items { print(note.title) }
/// ```
///
/// By default nothing runs ahead: each `next()` sends one request (or none, at the end), and the
/// automatic retries of that request if it fails, and returns its page. With
/// ``PageWalkOptions``'s `readAhead` set, the next pages load while the caller works on the one it
/// holds, still one request after another and returned in order. The walk drives the
/// engine's state machine, so its guards and retries are the engine's, with the same rules
/// (rulebook R7 and fault classes 12, 14, 15 and 25):
/// - a cursor whose page already loaded in the walk, cycles included, ends it with
///   `PagingError.repeatedCursor(_:)`: at once within the last
///   ``PageWalkOptions``'s `rememberedPages` pages, a longer cycle later (rulebook R29);
/// - ``PageWalkOptions``'s `maxPagesWithoutNewItems` pages in a row without a new item (empty, or
///   every id seen before) end it with `PagingError.noNewItems(pages:)`;
/// - items whose id a remembered page had are dropped unless
///   ``PageWalkOptions``'s `removesDuplicates` is off;
/// - a source that reports a cancellation nobody asked for has its request sent again, three
///   times; the fourth time in a row fails with `PagingError.sourceCancelled(times:)`;
/// - a retryable failure is sent again as ``PageWalkOptions``'s `retryPolicy` says, after at least
///   the server's `Retry-After`; a `Retry-After` past the policy's `maxDelay` ends the walk at
///   once with `PagingError.retryAfterTooLong(wait:maxDelay:error:)`;
/// - pages in parallel whose counts (`itemsBefore`, `itemsAfter`) are negative or add up past
///   `Int.max` end it with `PagingError.invalidItemCount`;
/// - past ``PageWalkOptions``'s `deadline` on the walk's clock, the walk ends with
///   ``PageWalkError/Reason/deadlineExceeded(_:)``.
///
/// Every request carries a new `PageRequest.id`, retries included: the first page is a
/// `LoadDirection.refresh` request, the others `LoadDirection.append` requests, as a
/// `Paginator` sends them. A failure throws a ``PageWalkError`` whose
/// ``PageWalkError/cursor`` resumes the walk where it stopped; after a throw the iterator
/// returns `nil`. Cancelling the iterating task cancels the request in flight and any retry's
/// wait, and `next()` throws `CancellationError`.
///
/// Differences from the `Paginator`: no prefetch (the caller pulls), no refresh, one
/// direction (next cursors only), and the items go to the caller instead of a window: the
/// walk's memory is bounded at any length: the ids of its last pages (none with
/// ``PageWalkOptions``'s `removesDuplicates` off) and a few cursors (rulebook R29).
public struct PageWalk<Source: PageSource>: AsyncSequence, Sendable {
  /// A page: its items (duplicates removed) and its cursors as the source returned them.
  public typealias Element = Page<Source.Item, Source.Cursor>

  let source: Source
  let cursor: Source.Cursor?
  let options: PageWalkOptions
  let clock: any Clock<Duration>
  /// Drops the items whose id the walk's last pages had: made where the caller starts the
  /// walk, in code specialised for its items, so that the one hash per item costs what it
  /// costs in the caller's own code.
  let admission: Admission

  /// Admits a page's items into the ids of the last pages (``RecentIDs``).
  @usableFromInline
  typealias Admission = @Sendable (inout RecentIDs<Source.Item.ID>, [Source.Item]) -> Void

  @usableFromInline
  init(
    source: Source, cursor: Source.Cursor?, options: PageWalkOptions, clock: any Clock<Duration>,
    admission: @escaping Admission
  ) {
    self.source = source
    self.cursor = cursor
    self.options = options
    self.clock = clock
    self.admission = admission
  }

  /// The walk's items, flattened: the same requests, one item at a time.
  public var items: Items { Items(walk: self) }

  /// Starts iterating; no request is sent before the first `next()`.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(walk: self)
  }

  /// Returns the walk's pages in order: one request per ``next()``, or, with
  /// ``PageWalkOptions``'s `readAhead`, up to that many pages loading ahead of the caller.
  public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
    /// Drives the walk when nothing reads ahead (mutated in place, so the machine's storage is
    /// never copied); with ``PageWalkOptions``'s `readAhead`, the walk's first state, which
    /// ``ahead`` took.
    private var steps: Steps
    private let ahead: ReadAhead<Steps>?

    init(walk: PageWalk) {
      steps = Steps(walk: walk)
      ahead =
        walk.options.readAhead > 0
        ? ReadAhead(steps, pagesAhead: walk.options.readAhead) : nil
    }

    /// Loads the next page, or returns it if it was loaded ahead.
    /// - Returns: The page, or `nil` after the last page, a limit or a throw.
    /// - Throws: ``PageWalkError``; `CancellationError` when the task was cancelled.
    /// - Complexity: One request (more with retries); O(*n*) in the page's items.
    public mutating func next() async throws -> Element? {
      if let ahead { return try await ahead.next() }
      return try await steps.next()
    }
  }

  /// Sends the walk's requests, one per ``next()``, as the engine's state machine asks for them.
  struct Steps: PageWalkSteps {
    /// What the machine holds of an item: its id. The machine de-duplicates the walk and
    /// counts its new items by id; the items themselves go to the caller.
    struct Key: Identifiable, Sendable {
      let id: Source.Item.ID
    }

    private let walk: PageWalk
    private var machine: PagingStateMachine<Key, Source.Cursor>
    /// The ids of the last pages, with ``PageWalkOptions``'s `removesDuplicates`.
    private var recent: RecentIDs<Source.Item.ID>
    /// The requests sent ahead, cancelled when the walk is released.
    private let ahead = PagesAhead<Element, Source.Cursor>()
    /// The pages loading ahead at the cursors the last page's counts gave, in order (parallel
    /// pages); the machine's next load takes the first when it asks for its cursor.
    /// A page of a cursor chain asked for early (`early`) waits here too, with what its own
    /// page tells early.
    private var planned: [PagesAhead<Element, Source.Cursor>.Planned] {
      get { ahead.state.withLock { $0.planned } }
      nonmutating set { ahead.state.withLock { $0.planned = newValue } }
    }
    /// The next page of a cursor chain, asked for while the page the machine loads decodes.
    private var early: EarlyPage<Element, Source.Cursor>? {
      get { ahead.state.withLock { $0.early } }
      nonmutating set { ahead.state.withLock { $0.early = newValue } }
    }
    private var started = false
    private var finished = false
    private var pages = 0
    private var itemCount = 0
    /// The time left to the walk's ``PageWalkOptions``'s `deadline`, from the first `next()`.
    private var deadline: WalkDeadline?
    /// The time since the first `next()`, on the walk's clock.
    private var elapsed: (@Sendable () -> Duration)?
    /// The requests sent for the page the current `next()` loads, retries included.
    private var attempts = 0
    /// The failure of the last attempt at the page being loaded, if one failed.
    private var lastFailure: PagingError?

    init(walk: PageWalk) {
      self.walk = walk
      var configuration = walk.options.configuration(from: walk.cursor)
      configuration.firstPageCursor = walk.source.firstPageCursor
      machine = PagingStateMachine(configuration: configuration)
      recent = RecentIDs(pages: walk.options.rememberedPages)
    }

    /// Loads the next page.
    /// - Returns: The page, or `nil` after the last page, a limit or a throw.
    /// - Throws: ``PageWalkError``; `CancellationError` when the task was cancelled.
    /// - Complexity: One request (more with retries); O(*n*) in the page's items.
    mutating func next() async throws -> Element? {
      guard !finished else { return nil }
      if let maxPages = walk.options.maxPages, pages >= maxPages { return finish() }
      if let maxItems = walk.options.maxItems, itemCount >= maxItems { return finish() }
      // The first page is the machine's first load (a refresh); later ones are explicit
      // appends. A guard that tripped at the last commit latches the append edge, so the
      // machine then asks for nothing and its failure is thrown.
      let direction = started ? LoadDirection.append : .refresh
      if !started {
        let timer = stopwatch(walk.clock)
        elapsed = timer
        deadline = walk.options.deadline.map { WalkDeadline($0, elapsed: timer) }
      }
      attempts = 0
      lastFailure = nil
      let page: Element?
      do {
        if let deadline, deadline.remaining <= .zero { throw WalkDeadlinePassed() }
        let effects = machine.handle(started ? .loadNextPage : .start)
        started = true
        page = try await run(effects)
      } catch is WalkDeadlinePassed {
        // What was in flight was cancelled: the machine stops it, the cursor stays.
        _ = machine.handle(.cancel)
        cancelAhead()
        finished = true
        throw PageWalkError(
          reason: .deadlineExceeded(walk.options.deadline ?? .zero),
          cursor: direction == .refresh ? machine.origin : machine.nextCursor,
          pagesLoaded: pages, itemsLoaded: itemCount, attempts: attempts,
          elapsed: elapsed?() ?? .zero, lastFailure: lastFailure)
      }
      guard let page else {
        if let error = machine.loadState(direction).error {
          cancelAhead()
          finished = true
          throw PageWalkError(
            reason: .failed(error),
            cursor: direction == .refresh ? machine.origin : machine.nextCursor,
            pagesLoaded: pages, itemsLoaded: itemCount, attempts: attempts,
            elapsed: elapsed?() ?? .zero)
        }
        return finish()
      }
      pages += 1
      itemCount += page.items.count
      return page
    }

    /// Runs the machine's effects, one at a time, until a page commits (its items as the
    /// walk returns them) or nothing is left to run (`nil`).
    private mutating func run(_ effects: [PagingEffect<Source.Cursor>]) async throws -> Element? {
      var queue = effects[...]
      while let effect = queue.popFirst() {
        let event: PagingEvent<Key, Source.Cursor>
        var loaded: Element?
        switch effect {
        case .startLoad(let request):
          attempts += 1
          cancelEarly()
          do {
            try Task.checkCancellation()
            let page: Element
            if let first = planned.first, first.cursor == request.cursor {
              planned.removeFirst()
              if let next = first.next { _ = armEarly(next, loading: request) }
              page = try await Self.value(of: first.task)
            } else {
              let next = EarlyPage<Element, Source.Cursor>()
              page = try await PageWalk.load(
                request, from: walk.source, deadline: deadline, clock: walk.clock,
                nextCursorKnown: armEarly(next, loading: request) ? next.tell : nil)
            }
            loaded = page
            event = .loadCompleted(request.id, admitted(page))
          } catch  where Task.isCancelled {
            throw cancel()
          } catch let passed as WalkDeadlinePassed {
            throw passed
          } catch {
            // A cancellation the task did not ask for is the source's; the machine counts it.
            event = .loadFailed(request.id, error)
          }
        case .scheduleRetry(let retry):
          do {
            try await PageWalk.waitForRetry(retry.delay, deadline: deadline, clock: walk.clock)
          } catch let passed as WalkDeadlinePassed {
            throw passed
          } catch {
            throw cancel()
          }
          event = .retryTimerFired(retry.id)
        case .cancelLoad, .cancelRetry:
          // Nothing runs beside the one effect awaited: there is nothing to stop.
          continue
        case .scheduleHedge:
          // A walk awaits one request at a time and never hedges it: its hedging is off.
          continue
        }
        queue.append(contentsOf: machine.handle(event))
        // Why the page did not load in time, should the deadline stop a retry or its wait.
        // (A walk loads at one edge at a time: the first page as a refresh, then appends.)
        if case .loadFailed = event {
          lastFailure = machine.loadState(.refresh).error ?? machine.loadState(.append).error
        }
        // A page the machine refused for its counts is not handed over: its load failed. (A
        // page that repeats a cursor or adds nothing committed, and the walk ends after it.)
        if let loaded, machine.loadState(.refresh).error != .invalidItemCount,
          machine.loadState(.append).error != .invalidItemCount
        {
          assert(queue.isEmpty, "a walk's machine asked for a load beside the page it committed")
          planPages(after: loaded)
          adoptEarly(after: loaded)
          return kept(loaded)
        }
      }
      return nil
    }

    /// What the machine is given of a page: the id of its first new item, or nothing. Its
    /// window was emptied after the last page (`PagingStateMachine.forgetWindow()`), so the
    /// only question it asks of a page is whether it adds anything (R14). With
    /// ``PageWalkOptions``'s `removesDuplicates`, the page's items are admitted into the ids of
    /// the last pages first, and the items whose id one of them had are dropped (R10, R29).
    /// - Complexity: O(*m*) expected for *m* items, one hash each; O(1) with duplicates kept.
    private mutating func admitted(_ page: Element) -> Page<Key, Source.Cursor> {
      var first = 0
      if walk.options.removesDuplicates {
        walk.admission(&recent, page.items)
        for position in recent.dropped {
          guard position == first else { break }
          first += 1
        }
      }
      let items = first < page.items.count ? [Key(id: page.items[first].id)] : []
      // The machine judges a page's counts (R31), and sees one key of it: counts no list can
      // hold with the page's rows reach it as a count it refuses, and fail the load with
      // `invalidItemCount`; counts it could hold go no further, since the walk has no window.
      let before = page.itemsBefore ?? 0
      let after = page.itemsAfter ?? 0
      let holdable = before >= 0 && after >= 0 && Int.sumFits([before, page.items.count, after])
      return Page(
        items: items, nextCursor: page.nextCursor, previousCursor: page.previousCursor,
        itemsBefore: holdable ? nil : -1)
    }

    /// The page as the walk returns it: with ``PageWalkOptions``'s `removesDuplicates`, without
    /// the items dropped as duplicates, in the page's order.
    /// - Complexity: O(1) when nothing was dropped; O(*m*) for *m* items in the page otherwise.
    private func kept(_ page: Element) -> Element {
      let dropped = walk.options.removesDuplicates ? recent.dropped : []
      guard !dropped.isEmpty else { return page }
      var kept = page
      kept.items = []
      kept.items.reserveCapacity(page.items.count - dropped.count)
      var next = 0
      for (position, item) in page.items.enumerated() {
        if next < dropped.count, dropped[next] == position {
          next += 1
        } else {
          kept.items.append(item)
        }
      }
      return kept
    }

    /// Ends the walk after the task was cancelled: the machine stops what it ran or waited for.
    private mutating func cancel() -> CancellationError {
      _ = machine.handle(.cancel)
      cancelAhead()
      finished = true
      return CancellationError()
    }

    private mutating func finish() -> Element? {
      cancelAhead()
      finished = true
      return nil
    }

    // MARK: Parallel pages

    /// After `page` committed: when it says how many rows follow it and the source names the
    /// page after it by its first row as the page's own next cursor does, the cursors of the
    /// pages that follow are known, and up to ``PageWalkOptions``'s `parallelPages` of them
    /// load at once (the first of them being the machine's next load). A page that ends the
    /// list, counts nothing, or whose next cursor is not the planned one (the list changed, or
    /// the source pages otherwise) cancels what was planned: the walk goes on from its next
    /// cursor, one page after another, until a page plans again. A page whose rows end off a
    /// page boundary but whose next cursor is the planned one keeps the plan.
    /// - Complexity: O(`parallelPages`).
    private mutating func planPages(after page: Element) {
      guard walk.options.parallelPages > 1, let next = page.nextCursor,
        let before = page.itemsBefore, let after = page.itemsAfter, after > 0,
        !page.items.isEmpty
      else { return cancelPlanned() }
      let start = before.saturatingAdding(page.items.count)
      guard walk.source.cursor(forPageStartingAt: start) == next else {
        // A page shorter than the others (a row removed since the count was read) leaves the
        // rows after it off the page boundaries, but page numbers do not move: the pages
        // planned at the cursors that follow are still the ones to load when the page's next
        // cursor is the first of them. Nothing more is planned from this page.
        if planned.first?.cursor != next { cancelPlanned() }
        return
      }
      if let first = planned.first, first.cursor != next { cancelPlanned() }
      let end = start.saturatingAdding(after)
      var position = start.saturatingAdding(
        planned.count.saturatingMultiplying(by: page.items.count))
      // No page past `maxPages` is asked for: this page is the walk's `pages + 1`th. Nor past
      // `maxItems`, counting pages as long as this one after the items it brings.
      let wanted = walk.options.maxItems.map {
        Swift.max(0, $0 - itemCount.saturatingAdding(page.items.count))
      }
      let most = Swift.min(
        walk.options.parallelPages,
        walk.options.maxPages.map { Swift.max(0, $0 - pages - 1) } ?? .max,
        wanted.map { $0 == 0 ? 0 : ($0 - 1) / page.items.count + 1 } ?? .max)
      while planned.count < most, position < end,
        let cursor = walk.source.cursor(forPageStartingAt: position)
      {
        let request = machine.plannedRequest(at: cursor)
        let source = walk.source
        let deadline = deadline
        let clock = walk.clock
        planned.append(
          (
            cursor,
            Task {
              try await PageWalk.load(request, from: source, deadline: deadline, clock: clock)
            },
            nil
          ))
        position = position.saturatingAdding(page.items.count)
      }
    }

    /// Cancels the pages loading ahead: their answers are never used.
    private mutating func cancelPlanned() {
      for page in planned { page.task.cancel() }
      planned.removeAll()
    }

    /// Cancels every page loading ahead, planned or asked for early: the walk ends.
    private mutating func cancelAhead() {
      cancelPlanned()
      cancelEarly()
    }

    // MARK: The next page of a cursor chain, early

    /// Readies `early`, which the page `request` loads will tell the next cursor through
    /// (``PageSource/loadPage(_:nextCursorKnown:)``), to ask for that page at once, before the
    /// page decodes: the machine's next load takes its answer if the page's next cursor is the
    /// one told (``adoptEarly(after:)``), and the page asked for tells its own next cursor the
    /// same way. `false`, and nothing asked, for a source that tells nothing early
    /// (``PageSource/tellsNextCursorEarly``), and where no page would follow in parallel anyway:
    /// one page at a time (``PageWalkOptions``'s `parallelPages` 1), pages planned already,
    /// `maxPages` reached with the page loading, or a `maxItems` that it may reach. A cursor
    /// the walk loaded (the request's own, or a remembered one) is never asked for ahead: the
    /// machine fails such a page as a repeat (R11).
    private mutating func armEarly(
      _ early: EarlyPage<Element, Source.Cursor>, loading request: PageRequest<Source.Cursor>
    ) -> Bool {
      guard walk.source.tellsNextCursorEarly, walk.options.parallelPages > 1, planned.isEmpty,
        walk.options.maxItems == nil,
        walk.options.maxPages.map({ pages.saturatingAdding(2) <= $0 }) ?? true
      else { return false }
      self.early = early
      let build = machine.reservePlannedRequest()
      let remembered = machine.rememberedCursors
      let loading = request.cursor
      let source = walk.source
      let deadline = deadline
      let clock = walk.clock
      early.arm { cursor in
        guard cursor != loading, !remembered.contains(cursor) else { return nil }
        let next = EarlyPage<Element, Source.Cursor>()
        let task = Task {
          try await PageWalk.load(
            build(cursor), from: source, deadline: deadline, clock: clock,
            nextCursorKnown: next.tell)
        }
        return (task, next)
      }
      return true
    }

    /// After `page` committed: the request sent early for its next cursor becomes the planned
    /// one if that is the cursor the page names and nothing else was planned; otherwise it is
    /// cancelled.
    private mutating func adoptEarly(after page: Element) {
      guard let early else { return }
      self.early = nil
      guard let asked = early.take() else { return }
      if planned.isEmpty, page.nextCursor == asked.cursor {
        planned.append((asked.cursor, asked.task, asked.next))
      } else {
        asked.task.cancel()
      }
    }

    /// Cancels the request sent early, if any: its answer is never used.
    private mutating func cancelEarly() {
      early?.take()?.task.cancel()
      early = nil
    }

    /// The page a planned request loads; cancelling the waiting task cancels the request.
    private static func value(of task: Task<Element, any Error>) async throws -> Element {
      try await withTaskCancellationHandler {
        try await task.value
      } onCancel: {
        task.cancel()
      }
    }
  }

  /// The items of a ``PageWalk``, one at a time; at most ``PageWalkOptions``'s `maxItems`.
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
      /// - Returns: The item, or `nil` at the end of the walk or at ``PageWalkOptions``'s `maxItems`.
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
  @inlinable
  public func pages(
    from cursor: Cursor? = nil, options: PageWalkOptions = PageWalkOptions(),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> PageWalk<Self> {
    PageWalk(source: self, cursor: cursor, options: options, clock: clock) { $0.admit($1) }
  }
}
