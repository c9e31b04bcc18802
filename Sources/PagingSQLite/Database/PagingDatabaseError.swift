import Foundation

/// Why a ``PagingDatabase`` could not be opened, read or written. What was committed before
/// the error stays committed: every write is one transaction, rolled back whole when it fails.
///
/// Messages carry SQLite's result code and message, never a stored row, id or cursor.
public enum PagingDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file is not a SQLite database, or it is damaged (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
  /// A cache can be recreated: open it with ``PagingDatabase/Options/recreateIfUnreadable``.
  case unreadable(SQLiteError)
  /// The file's schema was written by a newer version of this library.
  /// - `found`: the file's schema version; `supported`: the newest this version reads.
  case newerSchema(found: Int, supported: Int)
  /// A write to a database that is opened read-only or lies on a read-only file
  /// (`SQLITE_READONLY`), or a read-only file that holds no cache.
  case readOnly(SQLiteError)
  /// The disk, or the database's `max_page_count`, is full (`SQLITE_FULL`). The transaction
  /// rolled back; what was committed before it stays.
  case full(SQLiteError)
  /// Another connection held the write lock for longer than the busy timeout (`SQLITE_BUSY`).
  case busy(SQLiteError)
  /// Any other SQLite error.
  case sqlite(SQLiteError)
  /// A stored row or cursor does not decode as the list's item or cursor type (another type
  /// was stored under the same list name).
  case undecodable
  /// An item or cursor does not encode as JSON.
  case unencodable
  /// The cache changed under a load (a refresh replaced it), so the page it needed beside the
  /// requested one is gone.
  case cacheChanged
  /// A walk's ``WalkCheckpoint`` was reset, or moved by another walk of the same name, while
  /// the walk ran: the walk stops, and its page is not committed. Walking again from the
  /// checkpoint goes on from where it stands now.
  case checkpointChanged

  /// The error for what SQLite returned.
  /// - Parameter error: SQLite's error.
  public init(_ error: SQLiteError) {
    switch error.primaryCode {
    case SQLiteError.notADatabase, SQLiteError.corrupt: self = .unreadable(error)
    case SQLiteError.readOnly: self = .readOnly(error)
    case SQLiteError.full: self = .full(error)
    case SQLiteError.busy: self = .busy(error)
    default: self = .sqlite(error)
    }
  }

  /// A sentence for logs.
  public var description: String {
    switch self {
    case .unreadable(let error): "the paging database is not readable (\(error))"
    case .newerSchema(let found, let supported):
      "the paging database has schema version \(found); this version reads up to \(supported)"
    case .readOnly(let error): "the paging database is read-only (\(error))"
    case .full(let error): "the paging database is full (\(error))"
    case .busy(let error): "the paging database is locked by another writer (\(error))"
    case .sqlite(let error): "the paging database failed (\(error))"
    case .undecodable: "a stored row or cursor does not decode as the list's type"
    case .unencodable: "an item or cursor does not encode as JSON"
    case .cacheChanged: "the page cache changed during the load"
    case .checkpointChanged:
      "the walk's checkpoint was reset or moved by another walk while it ran; the page was not committed"
    }
  }
}

extension PagingDatabaseError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
