import Paging
import PagingWalk

/// A `PageWalk` that commits each page into a ``WalkCheckpoint`` before returning it,
/// and starts where the checkpoint stands: a walk that resumes after a crash.
///
/// Each `next()` loads one page (with the walk's retries), stores its rows whose id is not
/// stored yet and moves the checkpoint to the page's next cursor in one transaction, then
/// returns the page with the rows it stored. A walk whose checkpoint is finished returns no
/// page; ``WalkCheckpoint/reset()`` starts it over. A failure of the source throws the walk's
/// `PageWalkError` (the checkpoint already holds its cursor); a failure of the
/// database throws a ``PagingDatabaseError`` and commits nothing of that page, and so does a
/// checkpoint reset or moved by another walk while this one ran
/// (``PagingDatabaseError/checkpointChanged``). A page that stores no new row counts towards
/// the options' bound on pages without a new item, as an empty page does (rulebook R12 and
/// R29): once that many commit in a row the walk throws `PagingError.noNewItems(pages:)`
/// in a `PageWalkError` that resumes after them, unless the last of them ends the list (R5),
/// which finishes the walk as any last page does. A checkpoint whose next cursor is the source's
/// `firstPageCursor` (a page linked back to the first) throws `PagingError.repeatedCursor(_:)`
/// at once, with no request (rulebook R11). After a throw the iterator returns `nil`.
public struct CheckpointedPageWalk<Source: PageSource>: AsyncSequence, Sendable
where Source.Item: Codable, Source.Item.ID: Codable, Source.Cursor: Codable {
  /// A page as stored: its rows that were new to the checkpoint, and its cursors.
  public typealias Element = Page<Source.Item, Source.Cursor>

  let source: Source
  let checkpoint: WalkCheckpoint<Source.Item, Source.Cursor>
  let options: PageWalkOptions
  let clock: any Clock<Duration>

  /// Starts iterating; nothing is read or requested before the first `next()`.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(walk: self) }

  /// Loads and commits one page per ``next()``.
  public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
    private let walk: CheckpointedPageWalk
    private var pages: PageWalk<Source>.AsyncIterator?
    private var finished = false
    /// The checkpoint as this walk found it and left it after each commit (`nil`: not
    /// started).
    private var mark: WalkCheckpoint<Source.Item, Source.Cursor>.Mark?
    /// Pages in a row that stored no new row, and the pages and rows returned, for R12.
    private var pagesWithoutNewRows = 0
    private var pagesReturned = 0
    private var rowsReturned = 0
    /// The time on the walk's clock since its first `next()`.
    private var elapsed: (@Sendable () -> Duration)?

    init(walk: CheckpointedPageWalk) { self.walk = walk }

    /// Loads the next page and commits it with the checkpoint.
    /// - Returns: The page's newly stored rows, or `nil` at the end, at a limit of the options
    ///   or after a throw.
    /// - Throws: `PageWalkError`, ``PagingDatabaseError``, or `CancellationError`.
    /// - Complexity: One request (more with retries) and one transaction.
    public mutating func next() async throws -> Element? {
      guard !finished else { return nil }
      do {
        if pages == nil {
          elapsed = stopwatch(walk.clock)
          let cursor: Source.Cursor?
          let found = try walk.checkpoint.start()
          mark = found.mark
          switch found.progress {
          case .notStarted: cursor = nil
          case .walking(let next, _, _) where next == walk.source.firstPageCursor:
            // A committed page links back to the first page, which this checkpoint's walk
            // loaded first: a cycle (rulebook R11), which loading the first page again would
            // find only a lap later, after its requests.
            throw PageWalkError(
              reason: .failed(.repeatedCursor(next)), cursor: next, pagesLoaded: 0,
              itemsLoaded: 0, attempts: 0, elapsed: elapsed?() ?? .zero)
          case .walking(let next, _, _): cursor = next
          case .finished:
            finished = true
            return nil
          }
          pages = walk.source.pages(from: cursor, options: walk.options, clock: walk.clock)
            .makeAsyncIterator()
        }
        guard let page = try await pages?.next() else {
          finished = true
          return nil
        }
        let (stored, after) = try walk.checkpoint.commit(page, at: mark)
        mark = after
        // The stored rows are the walk's exact duplicate removal (R29): a page that stored no
        // new row brought nothing, however far back its rows were stored, so it counts
        // towards R12's bound even where the walk's own memory no longer holds their ids.
        // The end of the list wins over the bound (rulebook R5): the last page finished the
        // checkpoint whatever it stored.
        pagesWithoutNewRows = stored.items.isEmpty ? pagesWithoutNewRows + 1 : 0
        if pagesWithoutNewRows >= walk.options.maxPagesWithoutNewItems,
          let next = page.nextCursor
        {
          throw PageWalkError(
            reason: .failed(.noNewItems(pages: pagesWithoutNewRows)), cursor: next,
            pagesLoaded: pagesReturned, itemsLoaded: rowsReturned, attempts: 0,
            elapsed: elapsed?() ?? .zero)
        }
        pagesReturned += 1
        rowsReturned += stored.items.count
        return stored
      } catch {
        finished = true
        throw error
      }
    }
  }
}

extension PageSource where Item: Codable, Item.ID: Codable, Cursor: Codable {
  /// Walks the pages from where `checkpoint` stands, committing each page's new rows and its
  /// next cursor in one transaction before returning it; see ``CheckpointedPageWalk``.
  ///
  /// ```swift
  /// let checkpoint = try WalkCheckpoint<Order, HTTPCursor>(database: database, name: "orders")
  /// for try await _ in orders.pages(from: checkpoint) {}   // resumes after a crash
  /// ```
  /// - Parameters:
  ///   - checkpoint: Where the walk stands and where its rows go.
  ///   - options: Limits, guards and retries, as for `PageWalk`; its in-memory
  ///     duplicate removal may be off, since the stored rows are unique by id.
  ///   - clock: The clock retries wait on (default: the continuous clock).
  /// - Returns: The walk; nothing is read or requested until it is iterated.
  public func pages(
    from checkpoint: WalkCheckpoint<Item, Cursor>, options: PageWalkOptions = PageWalkOptions(),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> CheckpointedPageWalk<Self> {
    CheckpointedPageWalk(source: self, checkpoint: checkpoint, options: options, clock: clock)
  }
}
