import Foundation

/// An error that SQLite returned: its result code and its message.
///
/// The message is SQLite's own (`sqlite3_errmsg`), which names tables, columns and the
/// statement's keywords but never a bound value: the wrapper binds every value, so no row, id
/// or cursor reaches an error's text.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// SQLite's extended result code (for example 2067, `SQLITE_CONSTRAINT_UNIQUE`).
  public let code: Int32
  /// SQLite's message for the failure.
  public let message: String

  /// Creates an error from a result code and a message.
  /// - Parameters:
  ///   - code: The extended result code.
  ///   - message: SQLite's message.
  public init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// The primary result code: the low 8 bits of ``code`` (for example 19, `SQLITE_CONSTRAINT`).
  public var primaryCode: Int32 { code & 0xFF }

  /// `"SQLite error <code>: <message>"`.
  public var description: String { "SQLite error \(code): \(message)" }

  /// `SQLITE_BUSY`: another connection holds the lock longer than the busy timeout.
  public static var busy: Int32 { 5 }
  /// `SQLITE_READONLY`: a write to a database opened read-only or on a read-only file.
  public static var readOnly: Int32 { 8 }
  /// `SQLITE_READONLY_DBMOVED` (an extended code of ``readOnly``): the file was deleted,
  /// renamed or replaced since it was opened, so a write would be lost with it; open the
  /// database again.
  public static var readOnlyFileMoved: Int32 { 1032 }
  /// `SQLITE_CORRUPT`: the file is damaged.
  public static var corrupt: Int32 { 11 }
  /// `SQLITE_FULL`: the disk, or the `PRAGMA max_page_count` limit, is full.
  public static var full: Int32 { 13 }
  /// `SQLITE_CANTOPEN`: the file (or its `-wal` or `-shm` file) cannot be opened.
  public static var cantOpen: Int32 { 14 }
  /// `SQLITE_NOTADB`: the file is not a SQLite database.
  public static var notADatabase: Int32 { 26 }
}

extension SQLiteError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
