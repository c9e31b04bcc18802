import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A prepared statement: bind the parameters, step through the rows, read the columns. The
/// connection that made it owns it and finalizes it when the connection closes; it is used
/// only under the lock of the database that holds that connection.
package final class SQLiteStatement {
  private let handle: OpaquePointer
  private unowned let connection: SQLiteConnection

  init(handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  /// Finalizes the statement; the connection calls it before it closes.
  func finalize() { sqlite3_finalize(handle) }

  /// Resets the statement and binds `values` to its parameters, from the first.
  /// - Parameter values: One value per parameter, in order.
  /// - Throws: ``SQLiteError`` (a value SQLite cannot take, a wrong count).
  package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
  }

  /// Binds `value` to the parameter at `index`, leaving the others as they are: a statement
  /// run many times with some parameters fixed binds those once (a binding outlives
  /// ``execute()``'s reset).
  /// - Parameters:
  ///   - value: The value.
  ///   - index: The parameter's index, from 1.
  /// - Throws: ``SQLiteError`` (a value SQLite cannot take, an index out of range).
  package func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
    let code: Int32
    switch value {
    case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
    case .real(let number): code = sqlite3_bind_double(handle, index, number)
    case .text(let text):
      // By its length in bytes, not up to a NUL: two ids that differ after a NUL are two ids.
      var text = text
      code = text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
          // No address for no bytes: a null pointer would bind NULL, so "" is bound as "".
          guard let address = chars.baseAddress else {
            return sqlite3_bind_text64(handle, index, "", 0, transient, UInt8(SQLITE_UTF8))
          }
          return sqlite3_bind_text64(
            handle, index, address, UInt64(chars.count), transient, UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let data): code = data.withUnsafeBytes { blobCode($0, at: index) }
    case .null: code = sqlite3_bind_null(handle, index)
    }
    guard code == SQLITE_OK else { throw connection.error(code) }
  }

  /// Binds `bytes` as a blob to the parameter at `index` (SQLite copies them), leaving the
  /// others as they are.
  /// - Parameters:
  ///   - bytes: The blob's bytes.
  ///   - index: The parameter's index, from 1.
  /// - Throws: ``SQLiteError`` (a blob too large, an index out of range).
  package func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
    let code = blobCode(bytes, at: index)
    guard code == SQLITE_OK else { throw connection.error(code) }
  }

  /// Binds `bytes` as a blob and returns SQLite's code: a blob past SQLite's limit is its
  /// typed error (SQLITE_TOOBIG), never cut short; bytes with no address bind NULL.
  private func blobCode(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
    sqlite3_bind_blob64(handle, index, bytes.baseAddress, UInt64(bytes.count), transient)
  }

  /// Runs the statement with the parameters bound now, to its end, and resets it (keeping
  /// the bindings).
  /// - Throws: ``SQLiteError``.
  package func execute() throws(SQLiteError) {
    while try step() {}
    sqlite3_reset(handle)
  }

  /// Steps to the next row.
  /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
  /// - Throws: ``SQLiteError``; the statement is reset, so its locks are released.
  package func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = connection.error(code)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Binds `values`, runs the statement to its end and resets it.
  /// - Parameter values: The parameters.
  /// - Throws: ``SQLiteError``.
  package func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
    try bind(values)
    while try step() {}
    sqlite3_reset(handle)
  }

  /// Binds `values` and calls `row` for each row, then resets the statement.
  /// - Parameters:
  ///   - values: The parameters.
  ///   - row: Reads one row's columns.
  /// - Throws: ``SQLiteError``, or what `row` throws.
  package func forEachRow(
    _ values: [SQLiteValue] = [], _ row: (SQLiteStatement) throws -> Void
  ) throws {
    try bind(values)
    defer { sqlite3_reset(handle) }
    while try step() { try row(self) }
  }

  /// Binds `values` and reads the first row's first column as an integer (`nil`: no row or
  /// null), then resets the statement.
  /// - Parameter values: The parameters.
  /// - Returns: The integer, if any.
  /// - Throws: ``SQLiteError``.
  package func integer(_ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
    try bind(values)
    defer { sqlite3_reset(handle) }
    guard try step(), !isNull(0) else { return nil }
    return int64(0)
  }

  /// Binds `values` and reads the first row's first column as text (`""`: no row or null), then
  /// resets the statement.
  /// - Parameter values: The parameters.
  /// - Returns: The text.
  /// - Throws: ``SQLiteError``.
  package func text0(_ values: [SQLiteValue] = []) throws(SQLiteError) -> String {
    try bind(values)
    defer { sqlite3_reset(handle) }
    guard try step() else { return "" }
    return text(0)
  }

  /// Whether column `index` of the current row is null.
  package func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

  /// Column `index` of the current row as an integer.
  package func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` of the current row as a double.
  package func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` of the current row as text (`""` for null).
  package func text(_ index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    // By its length, as it was bound: a NUL inside is part of the text.
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Column `index` of the current row as bytes (`nil` for null).
  package func blob(_ index: Int32) -> Data? {
    guard !isNull(index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
    return Data(bytes: bytes, count: count)
  }
}

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
