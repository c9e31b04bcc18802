import Foundation
import Paging

/// One list's tables in a ``PagingDatabase``: the SQL behind ``CachedPageSource``. Every method
/// runs on a connection its caller holds (inside a write transaction when it writes).
package struct PageCache<Item, Cursor>: Sendable
where
  Item: Identifiable & Sendable & Codable, Item.ID: Sendable & Codable,
  Cursor: Hashable & Sendable & Codable
{
  /// One cached page.
  package struct StoredPage {
    /// The network cursor that loaded it (`nil`: the source's first page).
    package var cursor: Cursor?
    /// Its previous and next network cursors, as the source returned them.
    package var previousCursor: Cursor?
    package var nextCursor: Cursor?
    /// When it was fetched, and in which cache generation.
    package var fetchedAt: Date
    package var generation: Int
    /// Its items, in order.
    package var items: [Item]
  }

  /// The list's name: its rows in every table.
  package let list: String

  package init(list: String) { self.list = list }

  /// The string an id is stored and compared under in a list whose ids are in `form`
  /// (``StoredID``).
  /// - Throws: ``PagingDatabaseError/unencodable`` for an id that does not encode.
  package static func key(_ id: Item.ID, in form: StoredID.Form) throws(PagingDatabaseError)
    -> String
  {
    try StoredID.of(id, in: form)
  }

  /// The form the list's ids are stored in: the one its row records, the current form for a
  /// list not written yet (its first refresh records that).
  /// - Throws: ``PagingDatabaseError/unreadable(_:)`` for a form this version does not know.
  package func idForm(_ db: SQLiteConnection) throws -> StoredID.Form {
    // A file of schema version 1 opened read-only has no column: its lists are in the first
    // form. A writable one gained the column when it opened.
    if db.mode != .readWrite, try !db.hasColumn(StoredID.formColumn.name, in: "paging_list") {
      return .bareStrings
    }
    let recorded = try db.statement("SELECT id_form FROM paging_list WHERE list = ?")
      .integer([.text(list)])
    return try recorded.map(StoredID.Form.init(stored:)) ?? .current
  }

  // MARK: Reading

  /// The cache's generation and when its last refresh committed, or `nil` for a list never
  /// written.
  package func header(_ db: SQLiteConnection) throws -> (generation: Int, refreshedAt: Date)? {
    var result: (Int, Date)?
    try db.statement("SELECT generation, refreshed_at FROM paging_list WHERE list = ?")
      .forEachRow([.text(list)]) {
        result = (Int($0.int64(0)), Date(timeIntervalSince1970: $0.double(1)))
      }
    return result
  }

  /// What a list shows of the cache: its generation (a refresh's replace moves it) and its
  /// last local edit. A page appended or prepended changes neither.
  package struct Version: Hashable, Sendable {
    package var generation: Int
    package var lastEdit: Int
  }

  /// The list's version now.
  package func version(_ db: SQLiteConnection) throws -> Version {
    Version(
      generation: try header(db)?.generation ?? 0,
      lastEdit: Int(
        try db.statement("SELECT coalesce(max(sequence), 0) FROM paging_edit WHERE list = ?")
          .integer([.text(list)]) ?? 0))
  }

  /// The first and last ordinals cached, or `nil` when no page is.
  package func ordinals(_ db: SQLiteConnection) throws -> ClosedRange<Int>? {
    var result: ClosedRange<Int>?
    try db.statement(
      "SELECT min(ordinal), max(ordinal) FROM paging_page WHERE list = ? HAVING count(*) > 0"
    ).forEachRow([.text(list)]) { result = Int($0.int64(0))...Int($0.int64(1)) }
    return result
  }

  /// The page at `ordinal`, if cached.
  package func page(_ db: SQLiteConnection, at ordinal: Int) throws -> StoredPage? {
    var page: StoredPage?
    try db.statement(
      """
      SELECT cursor, previous_cursor, next_cursor, fetched_at, generation
      FROM paging_page WHERE list = ? AND ordinal = ?
      """
    ).forEachRow([.text(list), .int(ordinal)]) {
      page = StoredPage(
        cursor: try decode(Cursor.self, $0.blob(0)),
        previousCursor: try decode(Cursor.self, $0.blob(1)),
        nextCursor: try decode(Cursor.self, $0.blob(2)),
        fetchedAt: Date(timeIntervalSince1970: $0.double(3)), generation: Int($0.int64(4)),
        items: [])
    }
    guard var page else { return nil }
    let decoder = JSONDecoder()
    try db.statement(
      "SELECT body FROM paging_row WHERE list = ? AND ordinal = ? ORDER BY position"
    ).forEachRow([.text(list), .int(ordinal)]) {
      page.items.append(try decodeRow($0, decoder))
    }
    return page
  }

  /// How many cached rows lie before and after the page at `ordinal`.
  /// - Complexity: O(*n*) for the *n* rows cached: two counts over the rows' index.
  package func rowCounts(_ db: SQLiteConnection, around ordinal: Int) throws
    -> (before: Int, after: Int)
  {
    let before = try db.statement(
      "SELECT count(*) FROM paging_row WHERE list = ? AND ordinal < ?"
    ).integer([.text(list), .int(ordinal)])
    let after = try db.statement(
      "SELECT count(*) FROM paging_row WHERE list = ? AND ordinal > ?"
    ).integer([.text(list), .int(ordinal)])
    return (Int(before ?? 0), Int(after ?? 0))
  }

  /// The ordinal of the page that holds the cached row at `position` (from 0, in list order),
  /// or `nil` past the last one.
  /// - Complexity: O(`position`) over the rows' index.
  package func ordinal(_ db: SQLiteConnection, ofRowAt position: Int) throws -> Int? {
    try db.statement(
      "SELECT ordinal FROM paging_row WHERE list = ? ORDER BY ordinal, position LIMIT 1 OFFSET ?"
    ).integer([.text(list), .int(max(0, position))]).map(Int.init)
  }

  /// The ordinal of the page that holds the row with `id`, if cached.
  package func ordinal(_ db: SQLiteConnection, of id: Item.ID) throws -> Int? {
    try db.statement("SELECT min(ordinal) FROM paging_row WHERE list = ? AND id = ?")
      .integer([.text(list), .text(try Self.key(id, in: try idForm(db)))]).map(Int.init)
  }

  /// The query the list's pages are for, as `PagingSnapshot.savedQuery(_:)` wrote it, or `nil`
  /// for none (and for a file opened read-only that has no column for it).
  package func savedQuery(_ db: SQLiteConnection) throws -> String? {
    guard try db.hasColumn(PageCacheSchema.queryColumn.name, in: "paging_list") else { return nil }
    var text: String?
    try db.statement("SELECT query FROM paging_list WHERE list = ?")
      .forEachRow([.text(list)]) { text = $0.isNull(0) ? nil : $0.text(0) }
    return text
  }

  /// The saved scroll anchor.
  package func anchor(_ db: SQLiteConnection) throws -> Item.ID? {
    var data: Data?
    try db.statement("SELECT anchor FROM paging_list WHERE list = ?")
      .forEachRow([.text(list)]) { data = $0.blob(0) }
    return try decode(Item.ID.self, data)
  }

  /// Every cached item in list order (for tests and tools).
  /// - Complexity: O(*n*) for *n* cached rows.
  package func allItems(_ db: SQLiteConnection) throws -> [Item] {
    var items: [Item] = []
    let decoder = JSONDecoder()
    try db.statement(
      "SELECT body FROM paging_row WHERE list = ? ORDER BY ordinal, position"
    ).forEachRow([.text(list)]) {
      items.append(try decodeRow($0, decoder))
    }
    return items
  }

  // MARK: Writing

  /// Replaces the whole cache with one page at `ordinal`, in a new generation.
  package func replace(
    _ db: SQLiteConnection, with page: Page<Item, Cursor>, loadedBy cursor: Cursor?,
    at ordinal: Int, fetchedAt: Date, query: String? = nil
  ) throws {
    try db.statement("DELETE FROM paging_row WHERE list = ?").run([.text(list)])
    try db.statement("DELETE FROM paging_page WHERE list = ?").run([.text(list)])
    let (generation, overflow) = (try header(db)?.generation ?? 0).addingReportingOverflow(1)
    guard !overflow else {
      throw SQLiteError(code: SQLiteError.corrupt, message: "the list's generation is out of range")
    }
    // Every row is written anew, so the list takes the current id form, unless an edit in
    // force names ids in the form it has.
    let form = try edits(db).isEmpty ? StoredID.Form.current : idForm(db)
    try db.statement(
      """
      INSERT INTO paging_list (list, generation, refreshed_at, id_form, query)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (list) DO UPDATE SET
        generation = excluded.generation, refreshed_at = excluded.refreshed_at,
        id_form = excluded.id_form, query = excluded.query
      """
    ).run([
      .text(list), .int(generation), .real(fetchedAt.timeIntervalSince1970), .int(form.rawValue),
      query.map { .text($0) } ?? .null,
    ])
    try insert(
      db, page, loadedBy: cursor, at: ordinal, generation: generation, fetchedAt: fetchedAt)
  }

  /// Adds a page at `ordinal` in `generation`.
  package func insert(
    _ db: SQLiteConnection, _ page: Page<Item, Cursor>, loadedBy cursor: Cursor?, at ordinal: Int,
    generation: Int, fetchedAt: Date
  ) throws {
    // One encoder for the page's cursors and rows: `JSONEncoder` made and run three times a
    // page was a twentieth of a commit. The cursors decode alike either way.
    let encoder = RowEncoder()
    func encoded(_ cursor: Cursor?) throws(PagingDatabaseError) -> SQLiteValue {
      guard let cursor else { return .null }
      do { return .blob(try encoder.encode(cursor)) } catch { throw .unencodable }
    }
    try db.statement(
      """
      INSERT INTO paging_page
        (list, ordinal, cursor, previous_cursor, next_cursor, generation, fetched_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """
    ).run([
      .text(list), .int(ordinal), try encoded(cursor), try encoded(page.previousCursor),
      try encoded(page.nextCursor), .int(generation), .real(fetchedAt.timeIntervalSince1970),
    ])
    let form = try idForm(db)
    let row = try db.statement(
      "INSERT INTO paging_row (list, ordinal, position, id, body) VALUES (?, ?, ?, ?, ?)")
    // The list and the page's ordinal are the same for every row: bound once.
    try row.bind([.text(list), .int(ordinal)])
    // By index: `enumerated()` in code not specialized for `Item` looks up its tuple's
    // metadata at run time on every row.
    for position in page.items.indices {
      let item = page.items[position]
      do { try encoder.write(item) } catch { throw PagingDatabaseError.unencodable }
      try row.bind(.int(position), at: 3)
      try row.bind(.text(try Self.key(item.id, in: form)), at: 4)
      try encoder.withJSON { (body) throws(SQLiteError) in try row.bindBlob(body, at: 5) }
      try row.execute()
    }
  }

  /// Saves the scroll anchor.
  package func setAnchor(_ db: SQLiteConnection, _ anchor: Item.ID?) throws {
    try db.statement("UPDATE paging_list SET anchor = ? WHERE list = ?")
      .run([.optionalBlob(try encode(anchor)), .text(list)])
  }

  // MARK: Coding

  /// `value` as JSON, `nil` for `nil`.
  package func encode<Value: Encodable>(_ value: Value?) throws -> Data? {
    guard let value else { return nil }
    do { return try JSONEncoder().encode(value) } catch { throw PagingDatabaseError.unencodable }
  }

  /// The item in the current row's first column.
  private func decodeRow(_ row: SQLiteStatement, _ decoder: JSONDecoder) throws -> Item {
    do { return try decoder.decode(Item.self, from: row.blob(0) ?? Data()) } catch {
      throw PagingDatabaseError.undecodable
    }
  }

  /// The value `data` holds, `nil` for `nil`.
  package func decode<Value: Decodable>(_ type: Value.Type, _ data: Data?) throws -> Value? {
    guard let data else { return nil }
    do { return try JSONDecoder().decode(type, from: data) } catch {
      throw PagingDatabaseError.undecodable
    }
  }
}
