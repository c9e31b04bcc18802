import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// Bad files and faults of the disk and of other writers: a typed error each time, and the last
/// committed state intact. Each runs on a real SQLite file in a folder of its own.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct DatabaseFaultTests {
  /// A cache in `path` holding rows 0..<20 of list "feed", written through the public path.
  static func writeCache(_ path: String) async throws {
    let network = Network()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: path), list: "feed", remote: network)
    let feed = try source.paginator(configuration: CachedPageSourceTests.configuration)
    let start = Task { await feed.start() }
    network.complete(await network.request(at: 0), items: rows(0..<20), next: "b")
    await start.value
  }

  /// The message of a write to a file deleted or replaced while open.
  static let moved = "the database file or its log was deleted or replaced since it was opened"

  /// The ids cached in `database`'s list "feed".
  static func cachedIDs(_ database: PagingDatabase) throws -> [Int] {
    try CachedPageSource(database: database, list: "feed", remote: DownNetwork())
      .cachedItems().map(\.id)
  }

  @Test func aFileThatIsNotADatabaseIsATypedErrorOrIsRecreated() throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: PagingDatabaseError.self) { try PagingDatabase(path: path) }
    #expect(error == .unreadable(SQLiteError(code: 26, message: "file is not a database")))
    #expect(FileManager.default.contents(atPath: path) == Data(repeating: 0x41, count: 8192))
    let database = try PagingDatabase(path: path, options: .init(recreateIfUnreadable: true))
    #expect(try Self.cachedIDs(database) == [])
    #expect(try database.withConnection { try $0.userVersion() } == PagingDatabase.schemaVersion)
  }

  @Test func aDamagedFileIsATypedErrorOrIsRecreated() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    try await Self.writeCache(path)
    // Page 1 past the header holds the schema: overwrite it.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seek(toOffset: 100)
    try handle.write(contentsOf: Data(repeating: 0xFF, count: 3996))
    try handle.close()
    let error = #expect(throws: PagingDatabaseError.self) { try PagingDatabase(path: path) }
    guard case .unreadable(let damaged)? = error else {
      Issue.record("not unreadable: \(String(describing: error))")
      return
    }
    #expect(damaged.code == 11)
    let database = try PagingDatabase(path: path, options: .init(recreateIfUnreadable: true))
    #expect(try Self.cachedIDs(database) == [])
  }

  /// A schema a newer version wrote: a typed error, and the file is left as it is, even for a
  /// cache that may be recreated.
  @Test func aSchemaFromANewerVersionIsATypedError() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    try await Self.writeCache(path)
    do {
      let db = try SQLiteConnection(path: path, mode: .readWrite, busyTimeout: .zero)
      try db.setUserVersion(3)
    }
    for options in [PagingDatabase.Options(), .init(recreateIfUnreadable: true)] {
      let error = #expect(throws: PagingDatabaseError.self) {
        try PagingDatabase(path: path, options: options)
      }
      #expect(error == .newerSchema(found: 3, supported: 2))
    }
    let db = try SQLiteConnection(path: path, mode: .readWrite, busyTimeout: .zero)
    #expect(try db.userVersion() == 3)
    #expect(try db.statement("SELECT count(*) FROM paging_row").integer() == 20)
  }

  /// A full disk (the database's `max_page_count`): the page's transaction rolls back, the
  /// append edge shows the typed error, the cached pages stay, and a retry once there is room
  /// commits the page.
  @Test func aFullDiskFailsThePageAndKeepsTheCache() async throws {
    let folder = try TemporaryFolder()
    let network = Network()
    let database = try PagingDatabase(path: folder.file())
    let source = try CachedPageSource(database: database, list: "feed", remote: network)
    let feed = try source.paginator(configuration: CachedPageSourceTests.configuration)
    let start = Task { await feed.start() }
    network.complete(await network.request(at: 0), items: rows(0..<20), next: "b")
    await start.value
    try database.withConnection { db in
      let pages = try db.statement("PRAGMA page_count").integer() ?? 0
      try db.execute("PRAGMA max_page_count = \(pages)")
    }
    let big = (20..<220).map { Row(id: $0, title: String(repeating: "x", count: 500)) }
    feed.loadNextPage()
    network.complete(await network.request(at: 1), items: big, next: "c")
    await feed.waitUntilIdle()
    let full = PagingDatabaseError.full(
      SQLiteError(code: 13, message: "database or disk is full"))
    #expect(feed.appendState == .failed(.sourceFailed(full)))
    #expect(feed.items.map(\.id) == Array(0..<20))
    #expect(try source.cachedItems().map(\.id) == Array(0..<20))
    try database.withConnection { try $0.execute("PRAGMA max_page_count = 1073741823") }
    feed.retry()
    network.complete(await network.request(at: 2), items: big, next: "c")
    await feed.waitUntilIdle()
    #expect(feed.items.map(\.id) == Array(0..<220))
    #expect(try source.cachedItems().map(\.id) == Array(0..<220))
  }

  /// Another connection holds the write lock: with no busy timeout the write fails at once with
  /// a typed error and nothing changes; once the lock is free it succeeds.
  @Test func aWriteLockedByAnotherConnectionIsBusyThenSucceeds() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    try await Self.writeCache(path)
    let other = try PagingDatabase(path: path)
    try other.withConnection { try $0.execute("BEGIN IMMEDIATE") }
    let database = try PagingDatabase(path: path, options: .init(busyTimeout: .zero))
    let source = try CachedPageSource(
      database: database, list: "feed", remote: DownNetwork(), initialize: .skipInitialRefresh)
    let feed = try source.paginator(configuration: CachedPageSourceTests.configuration)
    let error = #expect(throws: PagingDatabaseError.self) {
      try source.edit(.remove(3), in: feed)
    }
    #expect(error == .busy(SQLiteError(code: 5, message: "database is locked")))
    try other.withConnection { try $0.execute("COMMIT") }
    #expect(try Self.cachedIDs(database) == Array(0..<20))
    try source.edit(.remove(4), in: feed)
    #expect(try Self.cachedIDs(database) == Array(0..<4) + Array(5..<20))
  }

  /// Two connections write at once, 100 pages each, each page one `BEGIN IMMEDIATE`
  /// transaction: the busy timeout serializes them, every page lands, and the file is sound.
  @Test func twoWritersAtOnceAreSerializedByTheBusyTimeout() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    _ = try PagingDatabase(path: path)
    let writers = try ["a", "b"].map { list in
      (try PagingDatabase(path: path, options: .init(busyTimeout: .seconds(30))), list)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (database, list) in writers {
        group.addTask {
          let cache = PageCache<Row, String>(list: list)
          for ordinal in 0..<100 {
            let page = Page(items: rows(ordinal * 10..<ordinal * 10 + 10), nextCursor: "n")
            try database.write { db in
              try cache.insert(
                db, page, loadedBy: "c", at: ordinal, generation: 1, fetchedAt: Date())
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let counts = try writers[0].0.withConnection { db in
      (
        try db.statement("SELECT count(*) FROM paging_row WHERE list = 'a'").integer(),
        try db.statement("SELECT count(*) FROM paging_row WHERE list = 'b'").integer(),
        try db.statement("PRAGMA integrity_check").text0()
      )
    }
    #expect(counts.0 == 1000)
    #expect(counts.1 == 1000)
    #expect(counts.2 == "ok")
  }

  /// A database opened read-only shows its cached rows; every write is a typed error and the
  /// file is unchanged.
  @Test func aReadOnlyDatabaseShowsTheCacheAndRefusesWrites() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    try await Self.writeCache(path)
    let before = FileManager.default.contents(atPath: path)
    let database = try PagingDatabase(path: path, options: .init(readOnly: true))
    #expect(database.isReadOnly)
    let source = try CachedPageSource(
      database: database, list: "feed", remote: DownNetwork(), initialize: .skipInitialRefresh)
    let feed = try source.paginator(configuration: CachedPageSourceTests.configuration)
    #expect(feed.items.map(\.id) == Array(0..<20))
    let error = #expect(throws: PagingDatabaseError.self) {
      try source.edit(.remove(3), in: feed)
    }
    #expect(
      error
        == .readOnly(
          SQLiteError(code: SQLiteError.readOnly, message: "attempt to write a readonly database")))
    #expect(FileManager.default.contents(atPath: path) == before)
  }

  /// A file deleted while open (a "clear cache" that removes the folder's files), or its
  /// write-ahead log deleted alone (a crash before the connection closes loses what was
  /// written to it), takes no more writes: an edit is a typed error, not a write that the next
  /// launch never sees; the list keeps what it shows.
  @Test(arguments: [["", "-wal", "-shm"], ["-wal"]])
  func aFileOrItsLogDeletedWhileOpenRefusesWrites(deleting suffixes: [String]) async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    try await Self.writeCache(path)
    let database = try PagingDatabase(path: path)
    let source = try CachedPageSource(
      database: database, list: "feed", remote: DownNetwork(), initialize: .skipInitialRefresh)
    let feed = try source.paginator(
      configuration: CachedPageSourceTests.configuration, pollInterval: nil)
    try source.edit(.remove(2), in: feed)
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    for suffix in suffixes { try FileManager.default.removeItem(atPath: path + suffix) }
    let error = #expect(throws: PagingDatabaseError.self) {
      try source.edit(.remove(3), in: feed)
    }
    #expect(
      error == .readOnly(SQLiteError(code: SQLiteError.readOnlyFileMoved, message: Self.moved)))
    #expect(feed.items.map(\.id) == [0, 1] + Array(4..<20))
  }

  /// A file marked read-only is opened read-only, whoever runs the process.
  @Test func aFileMarkedReadOnlyOpensReadOnly() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    try await Self.writeCache(path)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let database = try PagingDatabase(path: path)
    #expect(database.isReadOnly)
    #expect(try Self.cachedIDs(database) == Array(0..<20))
  }

  /// A WAL database whose `-wal` and `-shm` files are absent and cannot be made (a read-only
  /// folder) is read as immutable: no lock, no new file.
  @Test func aWALDatabaseWithoutItsSideFilesIsReadAsImmutable() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file()
    try await Self.writeCache(path)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    let db = try SQLiteConnection(path: path, mode: .immutable, busyTimeout: .zero)
    let header = FileManager.default.contents(atPath: path)?.prefix(20)
    #expect(header.map { [$0[18], $0[19]] } == [2, 2])  // the file's WAL mode
    #expect(try db.statement("SELECT count(*) FROM paging_row").integer() == 20)
    #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }
}
