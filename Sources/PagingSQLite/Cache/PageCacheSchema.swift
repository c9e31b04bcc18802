/// The tables a ``PagingDatabase`` keeps its lists in (schema version 1).
///
/// - `paging_list`: one row per list: its generation (one more each time a refresh replaced
///   the cache), when that refresh committed, the saved scroll anchor, and (in `id_form`, a
///   column added to files written before it, which reads 0 there) the ``StoredID/Form`` its
///   rows' and edits' ids are stored in.
/// - `paging_page`: the cached pages, keyed by their place in the list (`ordinal`, the cursor
///   the paginator uses), each with its remote keys (the network cursor that loaded it and its
///   neighbours), its generation and when it was fetched.
/// - `paging_row`: the items in server order, as JSON, keyed by the id's stored form
///   (``StoredID``: its `Codable` form, never its description).
/// - `paging_edit`: the local edits in force, oldest first, with the paginator generation each
///   was made in (rulebook R23).
enum PageCacheSchema {
  static let version1 = """
    CREATE TABLE paging_list (
      list TEXT PRIMARY KEY NOT NULL,
      generation INTEGER NOT NULL,
      refreshed_at REAL NOT NULL,
      anchor BLOB
    );
    CREATE TABLE paging_page (
      list TEXT NOT NULL,
      ordinal INTEGER NOT NULL,
      cursor BLOB,
      previous_cursor BLOB,
      next_cursor BLOB,
      generation INTEGER NOT NULL,
      fetched_at REAL NOT NULL,
      PRIMARY KEY (list, ordinal)
    ) WITHOUT ROWID;
    CREATE TABLE paging_row (
      list TEXT NOT NULL,
      ordinal INTEGER NOT NULL,
      position INTEGER NOT NULL,
      id TEXT NOT NULL,
      body BLOB NOT NULL
    );
    CREATE INDEX paging_row_page ON paging_row (list, ordinal, position);
    CREATE INDEX paging_row_id ON paging_row (list, id);
    CREATE TABLE paging_edit (
      sequence INTEGER PRIMARY KEY AUTOINCREMENT,
      list TEXT NOT NULL,
      generation INTEGER NOT NULL,
      kind TEXT NOT NULL,
      id TEXT NOT NULL,
      body BLOB,
      position TEXT,
      position_id TEXT
    );
    """

  /// Whether the file has the columns added to schema version 1 since it first shipped (a
  /// version that does not know them ignores them).
  static func hasAddedColumns(_ db: SQLiteConnection) throws(SQLiteError) -> Bool {
    try db.hasColumn(StoredID.formColumn.name, in: "paging_list")
  }

  /// Adds the columns ``hasAddedColumns(_:)`` looks for where they are missing.
  static func addColumns(_ db: SQLiteConnection) throws(SQLiteError) {
    try db.addColumnIfMissing(StoredID.formColumn, to: "paging_list")
  }
}
