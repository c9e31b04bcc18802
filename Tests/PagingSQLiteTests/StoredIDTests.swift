import Foundation
import Paging
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

@testable import PagingSQLite

/// An id whose text leaves out its shard: two ids, one text.
private struct ShardedID: Hashable, Codable, Sendable, CustomStringConvertible {
  let shard: Int
  let number: Int
  var description: String { String(number) }
}

private struct ShardedRow: Identifiable, Hashable, Codable, Sendable {
  let id: ShardedID
}

/// One page of three rows, two of whose ids have the same text.
private struct TwinSource: PageSource {
  static let rows = [
    ShardedRow(id: ShardedID(shard: 0, number: 1)), ShardedRow(id: ShardedID(shard: 1, number: 1)),
    ShardedRow(id: ShardedID(shard: 0, number: 2)),
  ]

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<ShardedRow, Int> {
    Page(items: Self.rows, nextCursor: nil)
  }
}

/// Rows whose ids differ only after a NUL.
private struct NulRow: Identifiable, Hashable, Codable, Sendable {
  let id: String
}

/// Rows are told apart by their ids' values, never by their text: the database keys them by
/// the ids' `Codable` form.
@MainActor
@Suite(.timeLimit(.minutes(minuteLimit))) struct StoredIDTests {
  /// Text is bound and read by its length, not up to a NUL: ids "b\0c" and "b\0d" are two
  /// rows, and two walks whose names differ after a NUL have two checkpoints.
  @Test func idsAndNamesThatDifferAfterANulAreDistinct() throws {
    let folder = try TemporaryFolder()
    let database = try PagingDatabase(path: folder.file())
    let rows = ["a", "b\u{0}c", "b\u{0}d", ""].map(NulRow.init)
    let first = try WalkCheckpoint<NulRow, Int>(database: database, name: "w\u{0}1")
    let second = try WalkCheckpoint<NulRow, Int>(database: database, name: "w\u{0}2")
    let committed = try first.commit(Page(items: rows, nextCursor: nil), at: nil).stored

    #expect(committed.items == rows)
    #expect(try first.items() == rows)
    #expect(try first.progress() == .finished(pages: 1, rows: 4))
    #expect(try second.progress() == .notStarted)
    #expect(try second.items() == [])
  }

  /// A walk's checkpoint stored one row of two whose ids share a text, and lost the other.
  @Test func aWalkStoresBothRowsOfIDsWithOneText() async throws {
    let folder = try TemporaryFolder()
    let checkpoint = try WalkCheckpoint<ShardedRow, Int>(
      database: PagingDatabase(path: folder.file()), name: "rows")
    var returned: [ShardedRow] = []
    for try await page in TwinSource().pages(from: checkpoint) { returned += page.items }

    #expect(returned == TwinSource.rows)
    #expect(try checkpoint.items() == TwinSource.rows)
    #expect(try checkpoint.progress() == .finished(pages: 1, rows: 3))
  }

  /// Removing one of two rows whose ids share a text removed both from the cache.
  @Test func aRemoveOfOneOfTwoIDsWithOneTextRemovesOnlyIt() async throws {
    let folder = try TemporaryFolder()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "twins", remote: TwinSource())
    let feed = try source.paginator(
      configuration: PagingConfiguration(retryPolicy: .manual), pollInterval: nil)
    await feed.start()

    try source.edit(.remove(TwinSource.rows[0].id), in: feed)

    let expected = Array(TwinSource.rows.dropFirst())
    #expect(feed.items.map { $0 } == expected)
    #expect(try source.cachedItems() == expected)
  }

  /// The stored form of ids that encode as strings or integers is the text they always had,
  /// so that files written before still match; another id's is its JSON, keys sorted.
  @Test func theStoredFormIsTheCodableForm() throws {
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    #expect(try StoredID.of("a/b \"c\"") == "a/b \"c\"")
    #expect(try StoredID.of(-42) == "-42")
    #expect(try StoredID.of(Int64.max) == "9223372036854775807")
    #expect(try StoredID.of(uuid) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    #expect(try StoredID.of(ShardedID(shard: 1, number: 2)) == #"{"number":2,"shard":1}"#)
    #expect(try StoredID.of(UInt8(7)) == "7")
    #expect(throws: PagingDatabaseError.unencodable) { try StoredID.of(Double.nan) }
  }
}
