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
/// (``PagingDatabaseError/checkpointChanged``). After a throw
/// the iterator returns `nil`.
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
    /// The pages committed to the checkpoint, as this walk found them and added to them.
    private var committed = 0

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
          let cursor: Source.Cursor?
          switch try walk.checkpoint.progress() {
          case .notStarted: cursor = nil
          case .walking(let next, let pages, _):
            cursor = next
            committed = pages
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
        let stored = try walk.checkpoint.commit(page, afterPages: committed)
        committed += 1
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
