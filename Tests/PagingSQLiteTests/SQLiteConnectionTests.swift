import Foundation
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// The thin wrapper: WAL mode, prepared statements, `BEGIN IMMEDIATE` transactions that roll
/// back whole, the schema version in `user_version`, typed errors without bound values.
@Suite(.timeLimit(.minutes(minuteLimit))) struct SQLiteConnectionTests {
  @Test func aDatabaseOpensInWALModeWithItsSchemaVersion() throws {
    let folder = try TemporaryFolder()
    let database = try PagingDatabase(path: folder.file())
    let (mode, version) = try database.withConnection { db in
      (try db.statement("PRAGMA journal_mode").text0(), try db.userVersion())
    }
    #expect(mode == "wal")
    #expect(version == PagingDatabase.schemaVersion)
    #expect(PagingDatabase.schemaVersion == 2)
    #expect(database.isReadOnly == false)
  }

  @Test func aStatementBindsStepsAndReadsEveryColumnType() throws {
    let folder = try TemporaryFolder()
    let db = try SQLiteConnection(path: folder.file(), mode: .readWrite, busyTimeout: .seconds(1))
    try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
    try db.statement("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
      .run([.integer(-7), .real(2.5), .text("été"), .blob(Data([0, 1, 255])), .null])
    var rows: [String] = []
    try db.statement("SELECT i, r, s, b, n FROM t").forEachRow { row in
      rows.append(
        "\(row.int64(0)) \(row.double(1)) \(row.text(2)) \(Array(row.blob(3) ?? Data())) "
          + "\(row.isNull(4)) \(row.blob(4) == nil)")
    }
    #expect(rows == ["-7 2.5 été [0, 1, 255] true true"])
  }

  /// A write transaction that throws part-way keeps nothing of it.
  @Test func aTransactionThatThrowsRollsBackWhole() throws {
    let folder = try TemporaryFolder()
    let db = try SQLiteConnection(path: folder.file(), mode: .readWrite, busyTimeout: .seconds(1))
    try db.execute("CREATE TABLE t (i INTEGER)")
    try db.writeTransaction { try db.statement("INSERT INTO t VALUES (1)").run() }
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try db.writeTransaction {
        try db.statement("INSERT INTO t VALUES (2)").run()
        throw Stop()
      }
    }
    #expect(try db.statement("SELECT group_concat(i) FROM t").text0() == "1")
  }

  /// An error carries SQLite's extended code and message, and never a bound value.
  @Test func anErrorCarriesTheCodeAndMessageButNoBoundValue() throws {
    let folder = try TemporaryFolder()
    let db = try SQLiteConnection(path: folder.file(), mode: .readWrite, busyTimeout: .seconds(1))
    try db.execute("CREATE TABLE t (id TEXT PRIMARY KEY)")
    try db.statement("INSERT INTO t VALUES (?)").run([.text("secret-token-123")])
    let error = #expect(throws: SQLiteError.self) {
      try db.statement("INSERT INTO t VALUES (?)").run([.text("secret-token-123")])
    }
    #expect(error?.code == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    #expect(error?.primaryCode == 19)
    #expect(error?.message == "UNIQUE constraint failed: t.id")
    #expect(error.map { "\($0)".contains("secret") } == false)
  }

  @Test func theSchemaVersionIsKeptInUserVersion() throws {
    let folder = try TemporaryFolder()
    let db = try SQLiteConnection(path: folder.file(), mode: .readWrite, busyTimeout: .seconds(1))
    #expect(try db.userVersion() == 0)
    try db.setUserVersion(7)
    #expect(try db.userVersion() == 7)
  }

  /// The database's errors are `LocalizedError`s whose `localizedDescription` is their own line.
  @Test func databaseErrorsAreDescribedByTheirOwnLine() {
    let sqlite = SQLiteError(code: 5, message: "database is locked")
    for error: any Error & CustomStringConvertible in [
      sqlite, PagingDatabaseError.busy(sqlite),
      PagingDatabaseError.newerSchema(found: 9, supported: 2),
    ] {
      #expect(error.localizedDescription == error.description)
      #expect(!error.localizedDescription.contains("could not be completed"))
    }
  }
}
