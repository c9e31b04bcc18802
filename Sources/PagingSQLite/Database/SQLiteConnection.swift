import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// One connection to a SQLite file: the thin, typed layer under ``PagingDatabase``.
///
/// It opens the file, sets the busy timeout, prepares and caches statements, runs write
/// transactions with `BEGIN IMMEDIATE` (so the busy timeout covers taking the write lock, not
/// only the first write inside it) and reads and writes the schema version in
/// `PRAGMA user_version`. It is not thread-safe: its owner uses it under one lock.
package final class SQLiteConnection {
  /// How the file is opened.
  package enum Mode: Sendable, Equatable {
    /// Read and write; the file is created when missing.
    case readWrite
    /// Read only. A WAL database read this way needs its `-shm` file, or a writable folder
    /// to create it in.
    case readOnly
    /// Read only, and the file promised not to change (SQLite's `immutable=1`): no lock and
    /// no `-wal` or `-shm` file, which is how a WAL database on a read-only file and in a
    /// read-only folder can still be read.
    case immutable
  }

  private let handle: OpaquePointer
  private var statements: [String: SQLiteStatement] = [:]
  /// How the file was opened.
  package let mode: Mode

  /// Opens the file at `path`.
  /// - Parameters:
  ///   - path: A file path.
  ///   - mode: How to open it.
  ///   - busyTimeout: How long a statement waits for another connection's lock before it
  ///     fails with `SQLITE_BUSY`.
  /// - Throws: ``SQLiteError`` (`SQLITE_CANTOPEN` and the like).
  package init(path: String, mode: Mode, busyTimeout: Duration) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags: Int32
    let name: String
    switch mode {
    case .readWrite:
      flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
      name = path
    case .readOnly:
      flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
      name = path
    case .immutable:
      flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
      name = "file:\(Self.uriPath(path))?immutable=1"
    }
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
      sqlite3_close_v2(handle)
      throw SQLiteError(code: extended, message: message)
    }
    self.handle = handle
    self.mode = mode
    sqlite3_extended_result_codes(handle, 1)
    // Whatever the duration, SQLite takes an `Int32` of milliseconds: the seconds are bounded
    // first, so that the product cannot overflow (R26).
    let (seconds, attoseconds) = busyTimeout.components
    let bounded = Swift.min(Swift.max(seconds, -1), Int64(Int32.max / 1000) + 1)
    sqlite3_busy_timeout(
      handle, Int32(clamping: bounded * 1000 + attoseconds / 1_000_000_000_000_000))
  }

  deinit {
    for statement in statements.values { statement.finalize() }
    sqlite3_close_v2(handle)
  }

  /// The error SQLite reports for `code` on this connection.
  func error(_ code: Int32) -> SQLiteError {
    let extended = sqlite3_extended_errcode(handle)
    // The connection's last error can belong to an earlier call when `code` did not set it.
    let useExtended = extended & 0xFF == code & 0xFF
    return SQLiteError(
      code: useExtended ? extended : code,
      message: useExtended
        ? String(cString: sqlite3_errmsg(handle)) : String(cString: sqlite3_errstr(code)))
  }

  /// Runs one or more statements that take no parameters and return no rows the caller needs.
  /// - Parameter sql: The statements.
  /// - Throws: ``SQLiteError``.
  package func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code) }
  }

  /// The prepared statement for `sql`, prepared once and kept for the connection's life.
  /// - Parameter sql: One statement, with `?` for its parameters.
  /// - Returns: The statement, reset.
  /// - Throws: ``SQLiteError``.
  package func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let statement = statements[sql] { return statement }
    var prepared: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
    guard code == SQLITE_OK, let prepared else { throw error(code) }
    let statement = SQLiteStatement(handle: prepared, connection: self)
    statements[sql] = statement
    return statement
  }

  /// Runs `body` in one read transaction (`BEGIN DEFERRED`), so that its reads see one state of
  /// the file, or in the transaction already open.
  /// - Parameter body: The reads.
  /// - Returns: What `body` returns.
  /// - Throws: ``SQLiteError``, or what `body` throws.
  package func readTransaction<Result>(_ body: () throws -> Result) throws -> Result {
    guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
    return try transaction(beginning: "BEGIN DEFERRED", body)
  }

  /// Runs `body` in a write transaction begun with `BEGIN IMMEDIATE`, which takes the write
  /// lock at once (waiting up to the busy timeout), and commits; when `body` throws, or the
  /// commit fails, rolls back and rethrows, so nothing of it is kept.
  /// - Parameter body: The writes.
  /// - Returns: What `body` returns.
  /// - Throws: ``SQLiteError``, or what `body` throws.
  package func writeTransaction<Result>(_ body: () throws -> Result) throws -> Result {
    try transaction(beginning: "BEGIN IMMEDIATE", body)
  }

  /// Runs `body` between `begin` and `COMMIT`; when `body` throws, or the commit fails, rolls
  /// back and rethrows.
  private func transaction<Result>(beginning begin: String, _ body: () throws -> Result) throws
    -> Result
  {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// The schema version kept in the file's header (`PRAGMA user_version`).
  /// - Throws: ``SQLiteError`` (for example `SQLITE_NOTADB` for a file that is not a database).
  package func userVersion() throws(SQLiteError) -> Int {
    Int(try statement("PRAGMA user_version").integer() ?? 0)
  }

  /// `PRAGMA data_version`: it changes when another connection (another process, another
  /// ``PagingDatabase`` of the same file) commits, and only then.
  package func dataVersion() throws(SQLiteError) -> Int {
    Int(try statement("PRAGMA data_version").integer() ?? 0)
  }

  /// Whether the file was deleted, renamed or replaced since the connection opened it
  /// (`SQLITE_FCNTL_HAS_MOVED`), or its write-ahead log was deleted: a write would then go to
  /// a file no one opens again. In write-ahead logging SQLite writes there without a word; it
  /// refuses only in rollback mode.
  /// - Complexity: One `stat` of the file's path, and one of its log's.
  package func fileHasMoved() -> Bool {
    var moved: Int32 = 0
    if sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK,
      moved != 0
    {
      return true
    }
    // SQLite keeps the log open, and on disk, while any connection to the file is open; the
    // log's own file has no inode check, so its path is looked for.
    var log: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log) == SQLITE_OK,
      let log, log.pointee.pMethods != nil,
      let file = sqlite3_db_filename(handle, "main"), let path = sqlite3_filename_wal(file)
    else { return false }
    return access(path, F_OK) != 0
  }

  /// Sets the schema version (`PRAGMA user_version`).
  /// - Parameter version: The version.
  /// - Throws: ``SQLiteError``.
  package func setUserVersion(_ version: Int) throws(SQLiteError) {
    try execute("PRAGMA user_version = \(version)")
  }

  /// Switches the file to write-ahead logging and returns the journal mode in force.
  /// - Returns: `"wal"` on success; a read-only connection reports the file's mode.
  /// - Throws: ``SQLiteError``.
  package func enableWAL() throws(SQLiteError) -> String {
    let statement = try self.statement("PRAGMA journal_mode = WAL")
    try statement.bind([])
    guard try statement.step() else { return "" }
    let mode = statement.text(0)
    _ = try? statement.step()
    return mode.lowercased()
  }

  /// Whether `table` exists and has a column named `column`.
  /// - Throws: ``SQLiteError``.
  package func hasColumn(_ column: String, in table: String) throws(SQLiteError) -> Bool {
    try statement("SELECT count(*) FROM pragma_table_info(?) WHERE name = ?")
      .integer([.text(table), .text(column)]) ?? 0 > 0
  }

  /// Adds a column to `table` when it exists without one of that name: a column a later
  /// version added, which files written before lack.
  /// - Parameters:
  ///   - column: The column's name and its SQL definition (type, constraints, default).
  ///   - table: The table; nothing happens when it does not exist.
  /// - Throws: ``SQLiteError``.
  package func addColumnIfMissing(
    _ column: (name: String, definition: String), to table: String
  ) throws(SQLiteError) {
    let exists =
      try statement("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?")
      .integer([.text(table)]) ?? 0 > 0
    guard exists, try !hasColumn(column.name, in: table) else { return }
    try execute("ALTER TABLE \(table) ADD COLUMN \(column.name) \(column.definition)")
  }

  /// The number of rows the last statement changed.
  package var changes: Int { Int(sqlite3_changes(handle)) }

  /// `path` escaped for a `file:` URI.
  private static func uriPath(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }
}
