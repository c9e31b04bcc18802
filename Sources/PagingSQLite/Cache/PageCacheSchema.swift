/// The tables a ``PagingDatabase`` keeps its lists in, and how a file of an earlier schema version
/// becomes one of the current version (``PagingDatabase/schemaVersion``).
///
/// - `paging_list`: one row per list: its generation (one more each time a refresh replaced
///   the cache), when that refresh committed, the saved scroll anchor, and (since version 2, in
///   `id_form`) the ``StoredID/Form`` its rows' and edits' ids are stored in, and (in `query`)
///   the query its pages are for, so that the list restored from them refreshes with it.
/// - `paging_page`: the cached pages, keyed by their place in the list (`ordinal`, the cursor
///   the paginator uses), each with its remote keys (the network cursor that loaded it and its
///   neighbours), its generation and when it was fetched.
/// - `paging_row`: the items in server order, as JSON, keyed by the id's stored form
///   (``StoredID``: its `Codable` form, never its description).
/// - `paging_edit`: the local edits in force, in the order of their `sequence`, which every
///   writer of the file shares: a refresh drops the edits up to the last one recorded when it
///   began (rulebook R23). Each also records the generation of the paginator that made it.
///
/// Version 2 adds `id_form` to `paging_list` and to `paging_walk` (``WalkCheckpoint``'s), where
/// version 1's rows read 0, ``StoredID/Form/bareStrings``, the form they were written in. The
/// version is raised so that a library that knows only version 1 refuses the file
/// (``PagingDatabaseError/newerSchema(found:supported:)``) rather than write ids in a form
/// the file's lists and walks no longer read. A read-only file of version 1 is read as it is:
/// without the column, its lists read in the form they were written in.
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

  /// Brings a file of schema `version` (0: a new file) to the current version, inside the
  /// caller's write transaction.
  static func migrate(_ db: SQLiteConnection, from version: Int) throws(SQLiteError) {
    if version < 1 { try db.execute(version1) }
    if version < 2 {
      try db.addColumnIfMissing(StoredID.formColumn, to: "paging_list")
      try db.addColumnIfMissing(StoredID.formColumn, to: "paging_walk")
    }
    try db.addColumnIfMissing(queryColumn, to: "paging_list")
  }

  /// The column a list's query is kept in (`NULL`: none). A file without it (opened
  /// read-only) reads as a list without a query.
  static let queryColumn = (name: "query", definition: "TEXT")
}
