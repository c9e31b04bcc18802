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

/// An id a server gives as a number or as text by turns: `1` and `"1"` are two ids.
private enum MixedID: Hashable, Codable, Sendable {
  case number(Int)
  case text(String)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else {
      self = .text(try container.decode(String.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .text(let text): try container.encode(text)
    }
  }
}

/// A value of another type that encodes as the value it wraps (a tagged id).
private struct Tagged<Value: Hashable & Codable & Sendable>: Hashable, Codable, Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(Value.self)
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

/// An id of text whose `==` compares the bytes: `"é"` precomposed and `"e"` with a combining
/// accent are two ids to it.
private struct BytesID: Codable, Hashable, Sendable {
  let text: String
  init(_ text: String) { self.text = text }
  init(from decoder: any Decoder) throws {
    text = try decoder.singleValueContainer().decode(String.self)
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
  static func == (a: BytesID, b: BytesID) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
  func hash(into hasher: inout Hasher) { hasher.combine(Array(text.utf8)) }
}

/// A row whose id is `ID`.
private struct Keyed<ID: Hashable & Codable & Sendable>: Identifiable, Hashable, Codable, Sendable {
  let id: ID
  var title = ""
}

/// The pages of a walk or a list, by cursor (`nil`: the first), each linking to the next.
private struct FixedPages<ID: Hashable & Codable & Sendable>: PageSource {
  let pages: [[Keyed<ID>]]

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<Keyed<ID>, Int> {
    let index = request.cursor ?? 0
    return Page(items: pages[index], nextCursor: index + 1 < pages.count ? index + 1 : nil)
  }
}

/// Ids of one type whose JSON differs but whose text is the same, and rows of them.
private let mixedIDs: [MixedID] = [
  .number(1), .text("1"), .number(-2), .text("-2"), .text("plain"), .text(#""1""#),
]

/// A file as version 0.1.0 left it: schema version 1, without the columns added since, then
/// `sql` run on it (rows written in the form 0.1.0 stored ids in: every JSON string bare).
private func legacyFile(_ path: String, _ sql: String) throws {
  let db = try SQLiteConnection(path: path, mode: .readWrite, busyTimeout: .seconds(1))
  try db.execute(PageCacheSchema.version1)
  try db.execute(WalkCheckpointSchema.tables)
  try db.setUserVersion(1)
  try db.execute(sql)
}

/// A 0.1.0 file whose list "feed" holds one page of rows with the text ids `ids`, stored bare.
private func legacyList(_ path: String, ids: [String]) throws {
  let rows = ids.enumerated().map { position, id in
    "('feed', 0, \(position), '\(id)', CAST('{\"id\":\"\(id)\",\"title\":\"\"}' AS BLOB))"
  }
  try legacyFile(
    path,
    """
    INSERT INTO paging_list (list, generation, refreshed_at) VALUES ('feed', 1, 0);
    INSERT INTO paging_page (list, ordinal, generation, fetched_at) VALUES ('feed', 0, 1, 0);
    INSERT INTO paging_row (list, ordinal, position, id, body) VALUES \(rows.joined(separator: ", "));
    """)
}

/// The rows a walk of `pages` through a checkpoint in `folder` hands over when the app is
/// killed after the first page and the walk relaunched to its end, and the relaunched
/// walk's checkpoint.
private func walkKilledAfterItsFirstPage<ID: Hashable & Codable & Sendable>(
  _ pages: [[Keyed<ID>]], in folder: TemporaryFolder
) async throws -> (returned: [Keyed<ID>], relaunched: WalkCheckpoint<Keyed<ID>, Int>) {
  let checkpoint = try WalkCheckpoint<Keyed<ID>, Int>(
    database: PagingDatabase(path: folder.file()), name: "walk")
  var returned: [Keyed<ID>] = []
  for try await page in FixedPages(pages: pages).pages(from: checkpoint) {
    returned += page.items
    break
  }
  let relaunched = try WalkCheckpoint<Keyed<ID>, Int>(
    database: PagingDatabase(path: folder.file()), name: "walk")
  for try await page in FixedPages(pages: pages).pages(from: relaunched) {
    returned += page.items
  }
  return (returned, relaunched)
}

/// The id form `table` records for `name`, read as it is in the file.
private func recordedForm(_ database: PagingDatabase, _ table: String, _ name: String) throws
  -> Int64?
{
  let key = table == "paging_walk" ? "walk" : "list"
  return try database.withConnection {
    try $0.statement("SELECT id_form FROM \(table) WHERE \(key) = ?").integer([.text(name)])
  }
}

/// The ids stored for walk `name`, in walk order, as they are in the file.
private func storedWalkIDs(_ database: PagingDatabase, _ name: String) throws -> [String] {
  try database.withConnection { db in
    var ids: [String] = []
    try db.statement("SELECT id FROM paging_walk_row WHERE walk = ? ORDER BY sequence")
      .forEachRow([.text(name)]) { ids.append($0.text(0)) }
    return ids
  }
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
    for form in StoredID.Form.allCases {
      #expect(try StoredID.of("a/b \"c\"", in: form) == "a/b \"c\"")
      #expect(try StoredID.of(-42, in: form) == "-42")
      #expect(try StoredID.of(Int64.max, in: form) == "9223372036854775807")
      #expect(try StoredID.of(uuid, in: form) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
      #expect(
        try StoredID.of(ShardedID(shard: 1, number: 2), in: form) == #"{"number":2,"shard":1}"#)
      #expect(try StoredID.of(UInt8(7), in: form) == "7")
      #expect(try StoredID.of(Tagged("plain"), in: form) == "plain")
      #expect(throws: PagingDatabaseError.unencodable) { try StoredID.of(Double.nan, in: form) }
    }
    // Text that could be read as other JSON is quoted in the distinct form only.
    #expect(try StoredID.of("123", in: .bareStrings) == "123")
    #expect(try StoredID.of("123", in: .distinct) == #""123""#)
    #expect(try StoredID.of(Tagged("null"), in: .distinct) == #""null""#)
    #expect(try StoredID.of(Optional<String>.none, in: .distinct) == "null")
  }

  /// In the distinct form, ids whose JSON differs have different forms, whatever their types:
  /// an enum of number or text, `String?` with `nil` and `"null"`, text that looks like an
  /// object, an array, a literal or a quoted form.
  @Test func theDistinctFormTellsEveryJSONValueApart() throws {
    let values: [any Codable & Hashable] = [
      MixedID.number(1), MixedID.text("1"), #""1""#, MixedID.number(-2), MixedID.text("-2"),
      MixedID.text("1.5"), 1.5, 1e20, "1e+20", true, "true", false, "false",
      Optional<String>.none, "null", Optional("null"), "", "plain", "{}", ["a": 1], "[]",
      [Int](), [1], "[1]", #"{"a":1}"#, Decimal.nan, "NaN", Decimal(1), "Infinity", "\"", "\\",
      "a\nb", "é1", "1é", "\u{7F}1", "1\u{7F}",
    ]
    let forms = try values.map { try StoredID.of($0, in: .distinct) }
    let canonicalForms = try values.map { try StoredID.of($0, in: .canonical) }
    let json = try values.map { value in
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return try encoder.encode(value)
    }
    for i in values.indices {
      for j in values.indices where i < j {
        #expect((forms[i] == forms[j]) == (json[i] == json[j]), "\(forms[i]) and \(forms[j])")
        // No text here is other than composed: the canonical form tells them apart alike.
        #expect((canonicalForms[i] == canonicalForms[j]) == (json[i] == json[j]))
      }
    }
  }

  /// In the canonical form, ids share a form exactly when Swift finds them equal: text with a
  /// precomposed accent and with a combining one, Hangul syllables and their jamo, combining
  /// marks in either order of the same class pair, singletons (the angstrom sign, the kelvin
  /// sign), as bare text, quoted text and inside JSON. Forms are compared byte for byte, as
  /// SQLite compares them (`String`'s `==` would find canonically equal forms equal).
  @Test func theCanonicalFormIsSwiftsEquality() throws {
    func form<ID: Codable & Hashable>(_ id: ID) throws -> [UInt8] {
      Array(try StoredID.of(id, in: .canonical).utf8)
    }
    let texts = [
      "caf\u{E9}", "cafe\u{301}", "cafe", "caf\u{C9}", "\u{AC00}", "\u{1100}\u{1161}",
      "a\u{323}\u{307}", "a\u{307}\u{323}", "\u{1E0B}\u{323}", "1\u{E9}", "1e\u{301}",
      "\u{212B}", "\u{C5}", "\u{301}", "e", "\u{212A}", "K", "\u{4E00}",
    ]
    for a in texts {
      for b in texts {
        let names = "\(a.unicodeScalars.map(\.value)) and \(b.unicodeScalars.map(\.value))"
        #expect((try form(a) == form(b)) == (a == b), "\(names)")
        #expect((try form(Tagged(a)) == form(Tagged(b))) == (a == b), "\(names)")
        #expect((try form(["k": a]) == form(["k": b])) == (a == b), "\(names)")
        #expect((try form([a: 1, "f": 2]) == form([b: 1, "f": 2])) == (a == b), "\(names)")
      }
    }
    // An object's keys are sorted as composed: "e" and an accent sorts before "f" as it
    // comes, "é" after it.
    #expect(try form(["e\u{301}": 1, "f": 2]) == form(["\u{E9}": 1, "f": 2]))
    // A type whose `==` compares the bytes keeps its ids apart.
    #expect(BytesID("caf\u{E9}") != BytesID("cafe\u{301}"))
    #expect(try form(BytesID("caf\u{E9}")) != form(BytesID("cafe\u{301}")))
    // The forms before it keep the text as it came, so that their rows keep matching.
    #expect(Array(try StoredID.of("cafe\u{301}", in: .distinct).utf8) == Array("cafe\u{301}".utf8))
    #expect(try form("cafe\u{301}") == Array("caf\u{E9}".utf8))
  }

  /// A walk whose server gives an id once with a precomposed accent and once with a combining
  /// one hands its row over once, also across a relaunch, where the checkpoint alone removes
  /// duplicates: Swift finds the ids equal, and so does the checkpoint (R29).
  @Test func aWalkHandsCanonicallyEqualIDsOverOnce() async throws {
    let folder = try TemporaryFolder()
    let pages = [
      [Keyed(id: "caf\u{E9}"), Keyed(id: "x")], [Keyed(id: "cafe\u{301}"), Keyed(id: "y")],
    ]
    let (returned, relaunched) = try await walkKilledAfterItsFirstPage(pages, in: folder)
    #expect(returned.map { Array($0.id.utf8) } == ["caf\u{E9}", "x", "y"].map { Array($0.utf8) })
    #expect(try relaunched.progress() == .finished(pages: 2, rows: 3))
  }

  /// An id type whose `==` compares the bytes: its two spellings of `"café"` are two rows, in
  /// a walk across a relaunch and in a cached list's edits, as they are to the engine.
  @Test func idsThatTheirTypeTellsApartStayTwoRows() async throws {
    let folder = try TemporaryFolder()
    let pages = [[Keyed(id: BytesID("caf\u{E9}"))], [Keyed(id: BytesID("cafe\u{301}"))]]
    #expect(
      try await walkKilledAfterItsFirstPage(pages, in: folder).returned == pages[0] + pages[1])

    let rows = [
      Keyed(id: BytesID("caf\u{E9}"), title: "1"), Keyed(id: BytesID("cafe\u{301}"), title: "2"),
    ]
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file("list.sqlite")), list: "bytes",
      remote: FixedPages(pages: [rows]))
    let feed = try source.paginator(
      configuration: PagingConfiguration(retryPolicy: .manual), pollInterval: nil)
    await feed.start()
    try source.edit(.update(Keyed(id: BytesID("caf\u{E9}"), title: "edited")), in: feed)
    #expect(feed.items.map(\.title) == ["edited", "2"])
    #expect(try source.cachedItems().map(\.title) == ["edited", "2"])
    try source.edit(.remove(BytesID("caf\u{E9}")), in: feed)
    #expect(feed.items.map(\.title) == ["2"])
    #expect(try source.cachedItems().map(\.title) == ["2"])
  }

  /// A cached list of ids that are dictionaries removes the row whose id's key has its accent
  /// composed another way, as the engine does.
  @Test func aCachedRemoveOfADictionaryIDWithAKeyComposedAnotherWayRemovesTheRow() async throws {
    let folder = try TemporaryFolder()
    let rows = [Keyed(id: ["e\u{301}": 1, "f": 2]), Keyed(id: ["x": 0])]
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "dictionaries",
      remote: FixedPages(pages: [rows]))
    let feed = try source.paginator(
      configuration: PagingConfiguration(retryPolicy: .manual), pollInterval: nil)
    await feed.start()
    try source.edit(.remove(["\u{E9}": 1, "f": 2]), in: feed)
    #expect(feed.items.map(\.id) == [["x": 0]])
    #expect(try source.cachedItems().map(\.id) == [["x": 0]])
  }

  /// A cached list removes the row whose id the edit names with the accent composed another
  /// way, as the engine does: the relaunch does not bring it back.
  @Test func aCachedRemoveOfACanonicallyEqualIDRemovesTheRow() async throws {
    let folder = try TemporaryFolder()
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "accents",
      remote: FixedPages(pages: [[Keyed(id: "caf\u{E9}"), Keyed(id: "x")]]))
    let feed = try source.paginator(
      configuration: PagingConfiguration(retryPolicy: .manual), pollInterval: nil)
    await feed.start()

    try source.edit(.remove("cafe\u{301}"), in: feed)

    #expect(feed.items.map(\.id) == ["x"])
    #expect(try source.cachedItems().map(\.id) == ["x"])
  }

  /// A `String`, an `Int` or a `UUID` id, stored without an encoder, has the form of another
  /// type's id that encodes as the same JSON: the form depends on the JSON, not the type.
  @Test func theFastFormsAreTheEncodersForms() throws {
    var texts = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
    texts += ["12", "1\"", "1\\", "1/2", "1\n", "1\t", "1é", "1\u{7F}", "-", "true", "null", ""]
    texts += ["{\"a\"}", "[", "\u{0}1", "1\u{2028}"]
    for form in StoredID.Form.allCases {
      for text in texts {
        #expect(try StoredID.of(text, in: form) == StoredID.of(Tagged(text), in: form), "\(text)")
      }
      for number in [0, -1, Int.max, Int.min] {
        #expect(try StoredID.of(number, in: form) == StoredID.of(Tagged(number), in: form))
        #expect(
          try StoredID.of(Int64(number), in: form) == StoredID.of(Tagged(Int64(number)), in: form))
      }
      for uuid in ["0A1B2C3D-0000-4000-8000-000000000000", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"] {
        let uuid = UUID(uuidString: uuid)!
        #expect(try StoredID.of(uuid, in: form) == StoredID.of(Tagged(uuid), in: form))
      }
    }
  }

  /// Ids that encode as a number and as text of the same digits were one row in a checkpoint,
  /// and `nil` and `"null"` were one row: each is a row of its own.
  @Test func aWalkStoresEachIDWhoseJSONDiffersWhateverItsText() async throws {
    let folder = try TemporaryFolder()
    let database = try PagingDatabase(path: folder.file())
    let mixed = mixedIDs.map { Keyed(id: $0) }
    let optional: [Keyed<String?>] = [Keyed(id: nil), Keyed(id: "null"), Keyed(id: "x")]
    let first = try WalkCheckpoint<Keyed<MixedID>, Int>(database: database, name: "mixed")
    let second = try WalkCheckpoint<Keyed<String?>, Int>(database: database, name: "optional")
    var returned: [Keyed<MixedID>] = []
    for try await page in FixedPages(pages: [mixed, mixed.reversed()]).pages(from: first) {
      returned += page.items
    }
    for try await _ in FixedPages(pages: [optional]).pages(from: second) {}

    #expect(returned == mixed)
    #expect(try first.items() == mixed)
    #expect(try first.progress() == .finished(pages: 2, rows: 6))
    #expect(try second.items() == optional)
    #expect(try storedWalkIDs(database, "optional") == ["null", #""null""#, "x"])
  }

  /// Removing the row whose id is the text "1" removed the row whose id is the number 1 too;
  /// an update of one changed the other's row.
  @Test func aCachedEditOfOneIDLeavesTheRowWhoseIDHasItsText() async throws {
    let folder = try TemporaryFolder()
    let rows = mixedIDs.map { Keyed(id: $0) }
    let source = try CachedPageSource(
      database: try PagingDatabase(path: folder.file()), list: "mixed",
      remote: FixedPages(pages: [rows]))
    let feed = try source.paginator(
      configuration: PagingConfiguration(retryPolicy: .manual), pollInterval: nil)
    await feed.start()

    try source.edit(.remove(.text("1")), in: feed)
    try source.edit(.update(Keyed(id: .text("-2"), title: "edited")), in: feed)

    let expected = [
      Keyed(id: MixedID.number(1)), Keyed(id: .number(-2)), Keyed(id: .text("-2"), title: "edited"),
      Keyed(id: .text("plain")), Keyed(id: .text(#""1""#)),
    ]
    #expect(feed.items.map { $0 } == expected)
    #expect(try source.cachedItems() == expected)
  }

  /// A walk a 0.1.0 file holds goes on in the form its rows were stored in, so that no row it
  /// stored is stored again; once reset, the walk stores ids in the distinct form.
  @Test func aWalkWrittenBeforeTheFormWasRecordedKeepsItsForm() async throws {
    let folder = try TemporaryFolder()
    // Page 0 stored the text ids "123" and "abc", bare; page 1 repeats "123".
    try legacyFile(
      folder.file(),
      """
      INSERT INTO paging_walk (walk, next_cursor, finished, pages, rows, updated_at)
        VALUES ('w', CAST('1' AS BLOB), 0, 1, 2, 0);
      INSERT INTO paging_walk_row (walk, id, sequence, body) VALUES
        ('w', '123', 0, CAST('{"id":"123","title":""}' AS BLOB)),
        ('w', 'abc', 1, CAST('{"id":"abc","title":""}' AS BLOB));
      """)
    let database = try PagingDatabase(path: folder.file())
    let checkpoint = try WalkCheckpoint<Keyed<MixedID>, Int>(database: database, name: "w")
    let pages: [[Keyed<MixedID>]] = [
      [Keyed(id: .text("123")), Keyed(id: .text("abc"))],
      [Keyed(id: .text("123")), Keyed(id: .text("def"))],
    ]
    #expect(try checkpoint.progress() == .walking(next: 1, pages: 1, rows: 2))
    #expect(try recordedForm(database, "paging_walk", "w") == 0)
    // Version 2 now: a library that reads only version 1 refuses the file.
    #expect(try database.withConnection { try $0.userVersion() } == 2)

    for try await _ in FixedPages(pages: pages).pages(from: checkpoint) {}
    #expect(try checkpoint.items().map(\.id) == [.text("123"), .text("abc"), .text("def")])
    #expect(try storedWalkIDs(database, "w") == ["123", "abc", "def"])
    #expect(try recordedForm(database, "paging_walk", "w") == 0)

    try checkpoint.reset()
    let mixed = [Keyed(id: MixedID.text("123")), Keyed(id: .number(123))]
    for try await _ in FixedPages(pages: [mixed]).pages(from: checkpoint) {}
    #expect(try checkpoint.items() == mixed)
    #expect(try storedWalkIDs(database, "w") == [#""123""#, "123"])
    #expect(try recordedForm(database, "paging_walk", "w") == 2)
  }

  /// A list a 0.1.0 file holds keeps its form while an edit made in it is in force, so that
  /// the edit finds its row; a refresh that commits with no edit in force writes every row
  /// anew, in the distinct form.
  @Test func aCachedListWrittenBeforeTheFormWasRecordedKeepsItUntilARefreshReplacesIt() throws {
    let folder = try TemporaryFolder()
    try legacyList(folder.file(), ids: ["123", "abc"])
    let database = try PagingDatabase(path: folder.file())
    let cache = PageCache<Keyed<MixedID>, Int>(list: "feed")
    #expect(try recordedForm(database, "paging_list", "feed") == 0)

    _ = try database.write { try cache.write($0, .remove(.text("123")), in: 1) }
    #expect(try database.withConnection { try cache.allItems($0) } == [Keyed(id: .text("abc"))])

    // A refresh while the edit is in force: its rows keep the list's form, and the edit
    // still applies to them. In that form the text "123" and the number 123 are one id, which
    // is why the form changes once no edit depends on it.
    let fresh = [Keyed(id: MixedID.text("123")), Keyed(id: .number(123)), Keyed(id: .text("x"))]
    try database.write { db in
      let page = Page(items: try cache.overlayRefresh(db, fresh), nextCursor: nil as Int?)
      try cache.replace(db, with: page, loadedBy: nil, at: 0, fetchedAt: Date())
    }
    #expect(try recordedForm(database, "paging_list", "feed") == 0)
    #expect(try database.withConnection { try cache.allItems($0) }.map(\.id) == [.text("x")])

    // The edit yields to a later refresh, which takes the distinct form.
    try database.write { db in
      try cache.dropEdits(db, through: try cache.lastEditSequence(db))
      let page = Page(items: try cache.overlayRefresh(db, fresh), nextCursor: nil as Int?)
      try cache.replace(db, with: page, loadedBy: nil, at: 0, fetchedAt: Date())
      try cache.write(db, .remove(.text("123")), in: 2)
    }
    #expect(try recordedForm(database, "paging_list", "feed") == 2)
    #expect(
      try database.withConnection { try cache.allItems($0) }.map(\.id) == [
        .number(123), .text("x"),
      ])
  }

  /// A form this version does not know (a damaged file) is a typed error: a walk's page is
  /// not committed, a list's edit is not written; a list's next refresh with no edit in force
  /// writes it anew in the current form.
  @Test func aFormThisVersionDoesNotKnowIsRefused() throws {
    let folder = try TemporaryFolder()
    let database = try PagingDatabase(path: folder.file())
    let checkpoint = try WalkCheckpoint<Keyed<MixedID>, Int>(database: database, name: "w")
    let first = try checkpoint.commit(Page(items: [Keyed(id: .number(1))], nextCursor: 1), at: nil)
    try database.write { try $0.execute("UPDATE paging_walk SET id_form = 7") }

    let error = #expect(throws: PagingDatabaseError.self) {
      try checkpoint.commit(Page(items: [Keyed(id: .number(2))], nextCursor: nil), at: first.mark)
    }
    #expect(
      error?.description
        == "the paging database is not readable (SQLite error 11: ids are stored in a form this version does not know)"
    )
    #expect(try checkpoint.items() == [Keyed(id: .number(1))])

    // A list: a refresh with no edit in force writes every row anew, in the current form.
    let cache = PageCache<Keyed<MixedID>, Int>(list: "feed")
    let rows = [Keyed(id: MixedID.text("1")), Keyed(id: .number(1))]
    try database.write { db in
      try cache.replace(
        db, with: Page(items: rows, nextCursor: nil), loadedBy: nil, at: 0, fetchedAt: Date())
      try db.execute("UPDATE paging_list SET id_form = 7")
    }
    #expect(throws: PagingDatabaseError.self) {
      try database.write { try cache.write($0, .remove(.number(1)), in: 1) }
    }
    try database.write { db in
      let page = Page(items: try cache.overlayRefresh(db, rows), nextCursor: nil as Int?)
      try cache.replace(db, with: page, loadedBy: nil, at: 0, fetchedAt: Date())
    }
    #expect(try recordedForm(database, "paging_list", "feed") == 2)
    #expect(try database.withConnection { try cache.allItems($0) } == rows)
  }

  /// A 0.1.0 file opened read-only has no column to say its lists' form: they read in the
  /// form they were written in. A writer that then moves the file to version 2 and refreshes
  /// the list is followed by the reader, whose connection predates the column.
  @Test func aReadOnlyFileWrittenBeforeTheFormWasRecordedReadsInItsForm() throws {
    let folder = try TemporaryFolder()
    try legacyList(folder.file(), ids: ["123"])
    let reader = try PagingDatabase(path: folder.file(), options: .init(readOnly: true))
    let cache = PageCache<Keyed<MixedID>, Int>(list: "feed")
    #expect(try reader.withConnection { try cache.idForm($0) } == .bareStrings)
    #expect(try reader.withConnection { try cache.ordinal($0, of: .text("123")) } == 0)

    let writer = try PagingDatabase(path: folder.file())
    try writer.write { db in
      let page = Page(items: [Keyed(id: MixedID.number(123))], nextCursor: nil as Int?)
      try cache.replace(db, with: page, loadedBy: nil, at: 0, fetchedAt: Date())
    }
    #expect(try reader.withConnection { try cache.idForm($0) } == .canonical)
    #expect(try reader.withConnection { try cache.ordinal($0, of: .text("123")) } == nil)
    #expect(try reader.withConnection { try cache.ordinal($0, of: .number(123)) } == 0)
  }
}
