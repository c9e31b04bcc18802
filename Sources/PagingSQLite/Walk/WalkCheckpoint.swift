import Foundation
import Paging

/// Where a walk into a ``PagingDatabase`` stands, so that it resumes after a crash: the rows it
/// stored, keyed by id, and the cursor of the page after the last one it committed. Each page's
/// rows and that cursor commit in one transaction, so a walk killed at any point (SIGKILL
/// included) and started again with `source.pages(from: checkpoint)` (a
/// ``CheckpointedPageWalk``) goes on at the page after the last committed one, and the stored
/// rows hold every row it walked exactly once (a Singer tap's state bookmark, kept beside the rows).
///
/// ```swift
/// let checkpoint = try WalkCheckpoint<Order, HTTPCursor>(database: database, name: "orders")
/// for try await page in orders.pages(from: checkpoint) { print(page.items.count, "stored") }
/// let rows = try checkpoint.items()   // every row the walk stored, in walk order
/// ```
///
/// The stored rows are the walk's exact duplicate removal: a row whose id is already stored is
/// not stored again, over the whole walk, without holding the ids in memory (rulebook R29).
public struct WalkCheckpoint<Item, Cursor>: Sendable
where
  Item: Identifiable & Sendable & Codable, Item.ID: Sendable & Codable,
  Cursor: Hashable & Sendable & Codable
{
  /// Where a walk stands.
  public enum Progress: Sendable, Hashable {
    /// No page has committed: the walk starts at the source's first page.
    case notStarted
    /// `pages` pages committed, `rows` new rows stored; the walk goes on at `next`.
    case walking(next: Cursor, pages: Int, rows: Int)
    /// The last page committed (it had no next cursor).
    case finished(pages: Int, rows: Int)
  }

  /// The database the rows and the checkpoint are kept in.
  public let database: PagingDatabase
  /// The walk's name in the database; walks with other names are independent.
  public let name: String

  /// Opens the checkpoint named `name`, creating the walk's tables when the database has none.
  /// - Parameters:
  ///   - database: The database (the same file as a cache may be).
  ///   - name: The walk's name.
  /// - Throws: ``PagingDatabaseError`` (for example ``PagingDatabaseError/full(_:)``).
  public init(database: PagingDatabase, name: String) throws(PagingDatabaseError) {
    self.database = database
    self.name = name
    guard !database.isReadOnly else { return }
    try database.write {
      try $0.execute(WalkCheckpointSchema.tables)
      try $0.addColumnIfMissing(StoredID.formColumn, to: "paging_walk")
      try $0.addColumnIfMissing(WalkCheckpointSchema.runColumn, to: "paging_walk")
    }
  }

  /// Where the walk stands.
  /// - Throws: ``PagingDatabaseError``; ``PagingDatabaseError/undecodable`` for a stored cursor
  ///   of another type.
  public func progress() throws(PagingDatabaseError) -> Progress {
    try database.withConnection { try readMarked($0).progress }
  }

  /// The rows the walk stored, in the order it walked them.
  /// - Throws: ``PagingDatabaseError``; ``PagingDatabaseError/undecodable`` for a row of another
  ///   type.
  /// - Complexity: O(*n*) for the *n* rows stored.
  public func items() throws(PagingDatabaseError) -> [Item] {
    try database.withConnection { db in
      var items: [Item] = []
      let decoder = JSONDecoder()
      try db.statement(
        "SELECT body FROM paging_walk_row WHERE walk = ? ORDER BY sequence"
      ).forEachRow([.text(name)]) {
        do { items.append(try decoder.decode(Item.self, from: $0.blob(0) ?? Data())) } catch {
          throw PagingDatabaseError.undecodable
        }
      }
      return items
    }
  }

  /// Forgets the walk: its rows and its checkpoint, in one transaction; the next walk starts
  /// at the source's first page. A walk running meanwhile stops at its next page with
  /// ``PagingDatabaseError/checkpointChanged`` and commits nothing more: the checkpoint never
  /// ends finished with the rows before the reset missing.
  /// - Throws: ``PagingDatabaseError``.
  /// - Complexity: O(*n* log *m*) for the walk's *n* rows among the *m* the file stores.
  public func reset() throws(PagingDatabaseError) {
    try database.write { db in
      try db.statement("DELETE FROM paging_walk_row WHERE walk = ?").run([.text(name)])
      try db.statement("DELETE FROM paging_walk WHERE walk = ?").run([.text(name)])
    }
  }

  /// The checkpoint as one walk found it, to be found the same at its next commit: the pages
  /// committed, the next cursor's stored bytes, and the walk's run, a number drawn when its
  /// first page commits (`nil` for a walk not started). A walk started after a ``reset()``
  /// draws another run, so one running across the reset cannot commit after its pages, even
  /// where both walk the same pages of the same source.
  struct Mark: Sendable, Equatable {
    var pages: Int
    var next: Data?
    /// `nil` in a checkpoint written before runs were drawn, or read from a read-only file.
    var run: Int64?
  }

  /// Where the walk stands, and its ``Mark`` (`nil` when it has not started).
  func readMarked(_ db: SQLiteConnection) throws -> (progress: Progress, mark: Mark?) {
    var progress = Progress.notStarted
    var mark: Mark?
    // A read-only file written before runs were drawn has no such column, and is never
    // committed to.
    let run = database.isReadOnly ? "NULL" : WalkCheckpointSchema.runColumn.name
    try db.statement(
      "SELECT next_cursor, finished, pages, rows, \(run) FROM paging_walk WHERE walk = ?"
    ).forEachRow([.text(name)]) {
      let pages = Int($0.int64(2))
      let rows = Int($0.int64(3))
      let blob = $0.blob(0)
      mark = Mark(pages: pages, next: blob, run: $0.isNull(4) ? nil : $0.int64(4))
      if $0.int64(1) != 0 {
        progress = .finished(pages: pages, rows: rows)
      } else {
        do {
          let next = try JSONDecoder().decode(Cursor.self, from: blob ?? Data())
          progress = .walking(next: next, pages: pages, rows: rows)
        } catch {
          throw PagingDatabaseError.undecodable
        }
      }
    }
    return (progress, mark)
  }

  /// Where the walk stands and its ``Mark``, read in one go for a walk that starts.
  /// - Throws: As ``progress()``.
  func start() throws(PagingDatabaseError) -> (progress: Progress, mark: Mark?) {
    try database.withConnection { try readMarked($0) }
  }

  /// Stores `page`'s rows whose id is not stored yet and moves the checkpoint past it, in one
  /// transaction.
  /// - Parameter mark: The checkpoint as the walk that loaded `page` left it (`nil`: not
  ///   started): a checkpoint that stands elsewhere was reset, or moved by another walk,
  ///   while that walk ran.
  /// - Returns: The page with only the rows it stored, and the checkpoint's mark after it.
  /// - Throws: ``PagingDatabaseError/checkpointChanged`` when the checkpoint stands elsewhere;
  ///   otherwise as ``PagingDatabase/write(_:)``.
  /// - Complexity: O(*m* log *n*) for *m* rows in the page and *n* stored.
  func commit(_ page: Page<Item, Cursor>, at mark: Mark?) throws(PagingDatabaseError)
    -> (stored: Page<Item, Cursor>, mark: Mark)
  {
    try database.write { db in
      let found = try readMarked(db)
      guard found.mark == mark else { throw PagingDatabaseError.checkpointChanged }
      let (pages, rows): (Int, Int) =
        switch found.progress {
        case .notStarted: (0, 0)
        case .walking(_, let pages, let rows): (pages, rows)
        case .finished: throw PagingDatabaseError.checkpointChanged
        }
      // A walk keeps the form its first page stored ids in; a new one takes the current form.
      let recorded = try db.statement("SELECT id_form FROM paging_walk WHERE walk = ?")
        .integer([.text(name)])
      let form = try recorded.map(StoredID.Form.init(stored:)) ?? .current
      let insert = try db.statement(
        "INSERT OR IGNORE INTO paging_walk_row (walk, id, sequence, body) VALUES (?, ?, ?, ?)")
      // The walk's name is the same for every row: bound once (as a cache page's list is).
      try insert.bind([.text(name)])
      let encoder = RowEncoder()
      var stored = page
      stored.items = []
      for item in page.items {
        do { try encoder.write(item) } catch { throw PagingDatabaseError.unencodable }
        try insert.bind(.text(try StoredID.of(item.id, in: form)), at: 2)
        try insert.bind(.int(rows + stored.items.count), at: 3)
        try encoder.withJSON { (body) throws(SQLiteError) in try insert.bindBlob(body, at: 4) }
        try insert.execute()
        if db.changes > 0 { stored.items.append(item) }
      }
      let next: Data?
      do { next = try page.nextCursor.map { try JSONEncoder().encode($0) } } catch {
        throw PagingDatabaseError.unencodable
      }
      // A walk's first page draws its run; the pages after it keep it.
      let run = found.mark.map(\.run) ?? Int64.random(in: .min ... .max)
      try db.statement(
        """
        INSERT INTO paging_walk (walk, next_cursor, finished, pages, rows, updated_at, id_form, run)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (walk) DO UPDATE SET
          next_cursor = excluded.next_cursor, finished = excluded.finished,
          pages = excluded.pages, rows = excluded.rows, updated_at = excluded.updated_at
        """
      ).run([
        .text(name), .optionalBlob(next), .int(next == nil ? 1 : 0), .int(pages + 1),
        .int(rows + stored.items.count), .real(Date().timeIntervalSince1970), .int(form.rawValue),
        run.map { .integer($0) } ?? .null,
      ])
      return (stored, Mark(pages: pages + 1, next: next, run: run))
    }
  }
}

/// The tables of resumable walks, created when a ``WalkCheckpoint`` first opens a database
/// (they add to the cache's schema; a version that does not know them ignores them).
///
/// - `paging_walk`: one row per walk: the cursor of its next page (none once finished), the
///   pages and rows it committed, (in `id_form`, added when the table is created, or by
///   the move to schema version 2 in ``PageCacheSchema``) the ``StoredID/Form`` its rows' ids
///   are stored in, and (in `run`, added when a checkpoint opens the file for writing) the
///   number its first page drew (``WalkCheckpoint/Mark``).
/// - `paging_walk_row`: the rows, keyed by walk and the id's stored form (``StoredID``: its
///   `Codable` form, so each is stored once), with their place in the walk and their JSON.
enum WalkCheckpointSchema {
  /// The walk's run (``WalkCheckpoint/Mark``); `NULL` in a walk begun before it was kept,
  /// which ``WalkCheckpoint/reset()`` ends.
  static let runColumn = (name: "run", definition: "INTEGER")

  static let tables = """
    CREATE TABLE IF NOT EXISTS paging_walk (
      walk TEXT PRIMARY KEY NOT NULL,
      next_cursor BLOB,
      finished INTEGER NOT NULL,
      pages INTEGER NOT NULL,
      rows INTEGER NOT NULL,
      updated_at REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS paging_walk_row (
      walk TEXT NOT NULL,
      id TEXT NOT NULL,
      sequence INTEGER NOT NULL,
      body BLOB NOT NULL,
      PRIMARY KEY (walk, id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS paging_walk_row_order ON paging_walk_row (walk, sequence);
    """
}
