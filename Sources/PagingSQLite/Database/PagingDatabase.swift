import Foundation

/// A SQLite file that keeps lists' pages: opened in write-ahead-log mode, with a busy timeout,
/// its schema version in `PRAGMA user_version`. Several lists share one file, each under its
/// own name (see ``CachedPageSource``).
///
/// ```swift
/// let url = URL.cachesDirectory.appending(path: "feed.sqlite")
/// let database = try PagingDatabase(
///   path: url.path, options: .init(recreateIfUnreadable: true))  // a cache: derived data
/// ```
///
/// Every write is one `BEGIN IMMEDIATE` transaction, so another process that writes the same
/// file waits up to ``Options/busyTimeout`` for the lock instead of failing at once, and a
/// crash or a full disk part-way leaves the last committed state whole. Calls block the calling
/// thread while SQLite works (a page is a few milliseconds); the paginator's loads run off the
/// main actor.
public final class PagingDatabase: @unchecked Sendable {
  // @unchecked Sendable is safe: the connection is only used inside `withConnection`, which
  // holds `lock` for the whole use; everything else is immutable.

  /// How to open the file.
  public struct Options: Sendable, Hashable {
    /// How long a write waits for another connection's lock before it fails with
    /// ``PagingDatabaseError/busy(_:)`` (default 5 s).
    public var busyTimeout: Duration
    /// Delete and recreate a file that is not a database or is damaged, instead of throwing
    /// ``PagingDatabaseError/unreadable(_:)`` (default `false`). Right for a cache, which only
    /// holds what the network can give again.
    public var recreateIfUnreadable: Bool
    /// Open read-only (default `false`). A file the process cannot write is opened read-only
    /// whatever this says.
    public var readOnly: Bool

    /// Creates options.
    /// - Parameters:
    ///   - busyTimeout: How long a write waits for another connection's lock (default 5 s).
    ///   - recreateIfUnreadable: Recreate a damaged file or one that is not a database.
    ///   - readOnly: Open read-only.
    public init(
      busyTimeout: Duration = .seconds(5), recreateIfUnreadable: Bool = false,
      readOnly: Bool = false
    ) {
      self.busyTimeout = busyTimeout
      self.recreateIfUnreadable = recreateIfUnreadable
      self.readOnly = readOnly
    }
  }

  /// The schema version this library writes and reads (kept in `PRAGMA user_version`).
  public static var schemaVersion: Int { 2 }

  /// The file's path.
  public let path: String
  /// Whether the database is read-only: every write throws ``PagingDatabaseError/readOnly(_:)``.
  public let isReadOnly: Bool

  private let lock = NSLock()
  private let connection: SQLiteConnection

  /// Opens (and, when missing, creates) the database at `path`.
  /// - Parameters:
  ///   - path: A file path; its folder must exist.
  ///   - options: How to open it.
  /// - Throws: ``PagingDatabaseError``: ``PagingDatabaseError/unreadable(_:)`` for a file that
  ///   is not a database or is damaged (unless ``Options/recreateIfUnreadable``),
  ///   ``PagingDatabaseError/newerSchema(found:supported:)`` for a file a newer version wrote,
  ///   ``PagingDatabaseError/readOnly(_:)`` for a read-only file that holds no cache,
  ///   ``PagingDatabaseError/busy(_:)`` when another connection held the write lock past the
  ///   busy timeout while this one moved the file to WAL mode or to the current schema,
  ///   ``PagingDatabaseError/full(_:)`` when the disk filled then, and
  ///   ``PagingDatabaseError/sqlite(_:)`` when SQLite cannot open the path (its folder is
  ///   missing, or it is a folder).
  public init(path: String, options: Options = Options()) throws(PagingDatabaseError) {
    self.path = path
    let readOnly = options.readOnly || Self.isReadOnlyFile(path)
    do {
      connection = try Self.open(path, readOnly: readOnly, busyTimeout: options.busyTimeout)
    } catch .unreadable where options.recreateIfUnreadable && !readOnly {
      Self.removeFiles(at: path)
      connection = try Self.open(path, readOnly: false, busyTimeout: options.busyTimeout)
    }
    isReadOnly = connection.mode != .readWrite
  }

  /// Whether the file at `path` exists and may not be written: the process lacks the right,
  /// or the file is marked read-only for everyone (which a process run as root could
  /// otherwise ignore).
  private static func isReadOnlyFile(_ path: String) -> Bool {
    let files = FileManager.default
    guard files.fileExists(atPath: path) else { return false }
    let permissions = (try? files.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    return !files.isWritableFile(atPath: path) || permissions.map { $0 & 0o222 == 0 } == true
  }

  /// Deletes the database file at `path` and its `-wal`, `-shm` and `-journal` files, if any.
  /// Only while no connection has it open.
  /// - Parameter path: The database's path.
  public static func removeFiles(at path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// Runs `body` with the connection, under the database's lock.
  /// - Parameter body: Uses the connection.
  /// - Returns: What `body` returns.
  /// - Throws: ``PagingDatabaseError``: SQLite's errors mapped by
  ///   ``PagingDatabaseError/init(_:)``; other errors as ``PagingDatabaseError/sqlite(_:)``.
  package func withConnection<Result>(
    _ body: (SQLiteConnection) throws -> Result
  ) throws(PagingDatabaseError) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try Self.mapped { try body(connection) }
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` write transaction, under the database's lock.
  /// - Parameter body: The writes.
  /// - Returns: What `body` returns.
  /// - Throws: ``PagingDatabaseError``; nothing of `body` is kept then. A file deleted or
  ///   replaced since it was opened, or whose write-ahead log was deleted, is
  ///   ``PagingDatabaseError/readOnly(_:)`` with SQLite's `SQLITE_READONLY_DBMOVED`: what was
  ///   written would be lost with the old file.
  package func write<Result>(
    _ body: (SQLiteConnection) throws -> Result
  ) throws(PagingDatabaseError) -> Result {
    guard !isReadOnly else {
      throw .readOnly(
        SQLiteError(code: SQLiteError.readOnly, message: "attempt to write a readonly database"))
    }
    return try withConnection { connection in
      guard !connection.fileHasMoved() else {
        throw PagingDatabaseError.readOnly(
          SQLiteError(
            code: SQLiteError.readOnlyFileMoved,
            message: "the database file or its log was deleted or replaced since it was opened"))
      }
      return try connection.writeTransaction { try body(connection) }
    }
  }

  private static func mapped<Result>(_ body: () throws -> Result) throws(PagingDatabaseError)
    -> Result
  {
    do {
      return try body()
    } catch let error as PagingDatabaseError {
      throw error
    } catch let error as SQLiteError {
      throw PagingDatabaseError(error)
    } catch {
      throw .sqlite(SQLiteError(code: 1, message: "\(type(of: error))"))
    }
  }

  /// Opens the file, switches it to WAL, checks the schema version and creates the schema.
  private static func open(
    _ path: String, readOnly: Bool, busyTimeout: Duration
  ) throws(PagingDatabaseError) -> SQLiteConnection {
    if readOnly {
      do {
        let connection = try mapped {
          try SQLiteConnection(path: path, mode: .readOnly, busyTimeout: busyTimeout)
        }
        try check(connection)
        return connection
      } catch .sqlite(let error) where error.primaryCode == SQLiteError.cantOpen {
        // A WAL database on a read-only file, in a folder where its -shm file cannot be made:
        // read it as immutable, without locks or -wal and -shm files.
      } catch .readOnly(let error) where error.code != SQLiteError.readOnly {
        // SQLITE_READONLY_CANTINIT and the like: the same case as above.
      }
      let connection = try mapped {
        try SQLiteConnection(path: path, mode: .immutable, busyTimeout: busyTimeout)
      }
      try check(connection)
      return connection
    }
    let connection = try mapped {
      try SQLiteConnection(path: path, mode: .readWrite, busyTimeout: busyTimeout)
    }
    // Reads first: a file already in WAL mode with the current schema needs no write lock, so
    // it opens while another connection writes.
    let (mode, version) = try mapped {
      (try connection.statement("PRAGMA journal_mode").text0(), try connection.userVersion())
    }
    guard version <= schemaVersion else {
      throw .newerSchema(found: version, supported: schemaVersion)
    }
    if mode.lowercased() != "wal" { _ = try mapped { try connection.enableWAL() } }
    if version < schemaVersion {
      try mapped {
        try connection.writeTransaction {
          let version = try connection.userVersion()
          guard version <= schemaVersion else {
            throw PagingDatabaseError.newerSchema(found: version, supported: schemaVersion)
          }
          try PageCacheSchema.migrate(connection, from: version)
          try connection.setUserVersion(schemaVersion)
        }
      }
    }
    try check(connection)
    return connection
  }

  /// Reads the schema version and the schema, which finds a file that is not a database or
  /// whose first pages are damaged.
  private static func check(_ connection: SQLiteConnection) throws(PagingDatabaseError) {
    let (version, tables) = try mapped {
      (
        try connection.userVersion(),
        try connection.statement(
          "SELECT count(*) FROM sqlite_master WHERE name LIKE 'paging_%'"
        ).integer() ?? 0
      )
    }
    guard version <= schemaVersion else {
      throw .newerSchema(found: version, supported: schemaVersion)
    }
    // A read-only file of an earlier version is read as it is (``PageCacheSchema`` says how).
    guard version >= 1, tables > 0 else {
      throw .readOnly(
        SQLiteError(code: SQLiteError.readOnly, message: "the read-only file holds no cache"))
    }
  }
}
