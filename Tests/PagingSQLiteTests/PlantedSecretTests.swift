import Foundation
import Paging
import PagingSQLite
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// A row from a response: its title, and the cursors around it, carry a secret. One titled
/// with `failing` in it fails to encode, and its error quotes the title, as a real encoder's
/// does.
private struct SecretRow: Identifiable, Sendable, Hashable, Codable {
  let id: Int
  var title: String

  func encode(to encoder: any Encoder) throws {
    if title.contains("failing") {
      throw EncodingError.invalidValue(
        title, .init(codingPath: [], debugDescription: "cannot encode \(title)"))
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
  }
}

/// The same stored rows read as another type: every stored row fails to decode, and the
/// decoder's error quotes what it read.
private struct OtherRow: Identifiable, Sendable, Hashable, Codable {
  let id: Int
  let count: Int
}

/// A walk whose cursors, rows and titles carry secrets, into a checkpoint whose database
/// fails in every way it can (fault class 29 of the rulebook): no error's text says a secret,
/// and each is one line.
@Suite("Planted secrets never reach a database error's text", .timeLimit(.minutes(minuteLimit)))
struct SQLitePlantedSecretTests {
  static let secret = "S3CR3Tx"

  /// Three pages of two rows; the cursors are `"<secret>-<n>"`; with `repeating`, page 2
  /// names page 1's cursor again; with `failing`, page 1's second title fails to encode; with
  /// `long`, every title is 5,000 characters longer.
  private struct SecretSource: PageSource {
    var repeating = false
    var failing = false
    var long = false

    func loadPage(_ request: PageRequest<String>) async throws -> Page<SecretRow, String> {
      let number = request.cursor.flatMap { Int($0.split(separator: "-").last ?? "") } ?? 0
      var items = (number * 2..<number * 2 + 2).map {
        SecretRow(id: $0, title: "\(secret) title \($0)")
      }
      if failing, number == 1 { items[1].title += " failing" }
      if long {
        for index in items.indices { items[index].title += String(repeating: "x", count: 5_000) }
      }
      let next = repeating && number == 2 ? 1 : number + 1
      return Page(items: items, nextCursor: number < 2 || repeating ? "\(secret)-\(next)" : nil)
    }
  }

  /// Every text an error gives a log.
  private static func texts(_ error: any Error) -> [String] {
    var texts = ["\(error)", error.localizedDescription, String(reflecting: type(of: error))]
    if let walk = error as? PageWalkError<String> {
      texts += [walk.reason.description, walk.localizedDescription]
    }
    return texts
  }

  /// The error of walking `source` into `checkpoint` to the end, if it fails.
  private static func walkError(
    _ source: SecretSource, into checkpoint: WalkCheckpoint<SecretRow, String>
  ) async -> (any Error)? {
    do {
      for try await _ in source.pages(
        from: checkpoint, options: PageWalkOptions(retryPolicy: .manual))
      {}
      return nil
    } catch {
      return error
    }
  }

  @Test func noDatabaseErrorOfAWalkCarriesAPlantedSecret() async throws {
    var errors: [(String, any Error)] = []
    func record(_ name: String, _ error: (any Error)?) {
      if let error { errors.append((name, error)) } else { Issue.record("\(name): no error") }
    }

    let folder = try TemporaryFolder()
    // The server repeats a cursor.
    let repeated = try WalkCheckpoint<SecretRow, String>(
      database: PagingDatabase(path: folder.file("repeat")), name: "rows")
    record("repeated cursor", await Self.walkError(SecretSource(repeating: true), into: repeated))

    // A row does not encode.
    let unencodable = try WalkCheckpoint<SecretRow, String>(
      database: PagingDatabase(path: folder.file("unencodable")), name: "rows")
    record("unencodable", await Self.walkError(SecretSource(failing: true), into: unencodable))

    // The disk is full: no room for a page's rows (each title needs an overflow page).
    let fullDatabase = try PagingDatabase(path: folder.file("full"))
    let full = try WalkCheckpoint<SecretRow, String>(database: fullDatabase, name: "rows")
    try fullDatabase.withConnection { db in
      let pages = try db.statement("PRAGMA page_count").integer() ?? 0
      try db.execute("PRAGMA max_page_count = \(pages)")
    }
    record("full", await Self.walkError(SecretSource(long: true), into: full))

    // Another connection holds the write lock.
    let busyPath = folder.file("busy")
    let busy = try WalkCheckpoint<SecretRow, String>(
      database: PagingDatabase(path: busyPath, options: .init(busyTimeout: .zero)), name: "rows")
    let other = try PagingDatabase(path: busyPath)
    try other.withConnection { try $0.execute("BEGIN IMMEDIATE") }
    record("busy", await Self.walkError(SecretSource(), into: busy))
    try other.withConnection { try $0.execute("COMMIT") }

    // The stored rows read back as another type.
    let storedPath = folder.file("stored")
    let stored = try WalkCheckpoint<SecretRow, String>(
      database: PagingDatabase(path: storedPath), name: "rows")
    #expect(await Self.walkError(SecretSource(), into: stored) == nil)
    let reread = try WalkCheckpoint<OtherRow, String>(
      database: PagingDatabase(path: storedPath), name: "rows")
    do {
      _ = try reread.items()
      Issue.record("undecodable: no error")
    } catch {
      errors.append(("undecodable", error))
    }

    // A read-only database.
    let readOnly = try WalkCheckpoint<SecretRow, String>(
      database: PagingDatabase(path: storedPath, options: .init(readOnly: true)), name: "rows")
    do {
      try readOnly.reset()
      Issue.record("read-only: no error")
    } catch {
      errors.append(("read-only", error))
    }

    #expect(
      errors.map(\.0) == [
        "repeated cursor", "unencodable", "full", "busy", "undecodable", "read-only",
      ])
    for (name, error) in errors {
      for text in Self.texts(error) {
        #expect(!text.contains(Self.secret), "\(name): \(text)")
        #expect(!text.contains("\n"), "\(name): \(text)")
      }
    }
  }
}
