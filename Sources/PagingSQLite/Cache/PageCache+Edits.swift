import Foundation
import Paging

// Local edits written through to the cache, and kept for the pages that commit after them
// (rulebook R23): a page of the same generation gets them again, a refresh keeps only those
// made after it began. "After" is told by the edits' sequence numbers, which every writer of
// the file shares, not by a paginator's generation, which counts one paginator's refreshes
// and means nothing to another writer of the same list.

extension PageCache {
  /// A recorded edit.
  package struct StoredEdit {
    var kind: String
    var id: String
    var item: Item?
    var position: String?
    var positionID: String?
  }

  /// Applies `edit` to the cached rows and records it, made in paginator generation
  /// `generation`.
  /// - Returns: The edit's sequence number, above every earlier edit's of the file.
  @discardableResult
  package func write(
    _ db: SQLiteConnection, _ edit: PagingEdit<Item>, in generation: Int
  ) throws -> Int {
    let stored = try StoredEdit(edit, in: try idForm(db))
    switch edit {
    case .update(let item):
      try db.statement("UPDATE paging_row SET body = ? WHERE list = ? AND id = ?")
        .run([.blob(try encode(item) ?? Data()), .text(list), .text(stored.id)])
    case .remove:
      try db.statement("DELETE FROM paging_row WHERE list = ? AND id = ?")
        .run([.text(list), .text(stored.id)])
    case .insert(let item, _):
      try place(db, body: try encode(item) ?? Data(), stored)
    case .move:
      var body: Data?
      try db.statement("SELECT body FROM paging_row WHERE list = ? AND id = ? LIMIT 1")
        .forEachRow([.text(list), .text(stored.id)]) { body = $0.blob(0) }
      try db.statement("DELETE FROM paging_row WHERE list = ? AND id = ?")
        .run([.text(list), .text(stored.id)])
      if let body { try place(db, body: body, stored) }
    }
    try db.statement(
      """
      INSERT INTO paging_edit (list, generation, kind, id, body, position, position_id)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """
    ).run([
      .text(list), .int(generation), .text(stored.kind), .text(stored.id),
      .optionalBlob(try encode(stored.item)), stored.position.map { .text($0) } ?? .null,
      stored.positionID.map { .text($0) } ?? .null,
    ])
    return try lastEditSequence(db)
  }

  /// Puts a row at the edit's position: the first page's start, the last page's end, or beside
  /// the row it names (nowhere when that row is not cached).
  private func place(_ db: SQLiteConnection, body: Data, _ edit: StoredEdit) throws {
    let target: (ordinal: Int, position: Int)?
    switch edit.position {
    case "start": target = try ordinals(db).map { ($0.lowerBound, try edge(db, $0.lowerBound).0) }
    case "end": target = try ordinals(db).map { ($0.upperBound, try edge(db, $0.upperBound).1) }
    default:
      var found: (Int, Int)?
      try db.statement(
        "SELECT ordinal, position FROM paging_row WHERE list = ? AND id = ? LIMIT 1"
      ).forEachRow([.text(list), .text(edit.positionID ?? "")]) {
        found = (Int($0.int64(0)), Int($0.int64(1)) + (edit.position == "after" ? 1 : 0))
      }
      target = found
    }
    guard let target else { return }
    try db.statement(
      """
      UPDATE paging_row SET position = position + 1
      WHERE list = ? AND ordinal = ? AND position >= ?
      """
    ).run([.text(list), .int(target.ordinal), .int(target.position)])
    try db.statement(
      "INSERT INTO paging_row (list, ordinal, position, id, body) VALUES (?, ?, ?, ?, ?)"
    ).run([.text(list), .int(target.ordinal), .int(target.position), .text(edit.id), .blob(body)])
  }

  /// The first position of the page at `ordinal`, and one past its last.
  private func edge(_ db: SQLiteConnection, _ ordinal: Int) throws -> (Int, Int) {
    var result = (0, 0)
    try db.statement(
      "SELECT min(position), max(position) FROM paging_row WHERE list = ? AND ordinal = ?"
    ).forEachRow([.text(list), .int(ordinal)]) {
      result = $0.isNull(0) ? (0, 0) : (Int($0.int64(0)), Int($0.int64(1)) + 1)
    }
    return result
  }

  /// The edits in force, oldest first.
  package func edits(_ db: SQLiteConnection) throws -> [StoredEdit] {
    var edits: [StoredEdit] = []
    try db.statement(
      """
      SELECT kind, id, body, position, position_id FROM paging_edit
      WHERE list = ? ORDER BY sequence
      """
    ).forEachRow([.text(list)]) {
      edits.append(
        StoredEdit(
          kind: $0.text(0), id: $0.text(1), item: try decode(Item.self, $0.blob(2)),
          position: $0.isNull(3) ? nil : $0.text(3), positionID: $0.isNull(4) ? nil : $0.text(4)))
    }
    return edits
  }

  /// The sequence number of the list's last recorded edit (0: none). An edit recorded later,
  /// by any writer of the file, has a greater one (`AUTOINCREMENT` never reuses a number).
  package func lastEditSequence(_ db: SQLiteConnection) throws -> Int {
    Int(
      try db.statement("SELECT max(sequence) FROM paging_edit WHERE list = ?")
        .integer([.text(list)]) ?? 0)
  }

  /// Drops the edits whose sequence number is `last` or lower (a refresh that began after them
  /// commits: the server's answer wins over them).
  package func dropEdits(_ db: SQLiteConnection, through last: Int) throws {
    try db.statement("DELETE FROM paging_edit WHERE list = ? AND sequence <= ?")
      .run([.text(list), .int(last)])
  }

  /// What the edits in force leave: the ids removed, and the local version of each updated or
  /// inserted id.
  private static func result(of edits: [StoredEdit]) -> (
    removed: Set<String>, local: [String: Item]
  ) {
    var removed: Set<String> = []
    var local: [String: Item] = [:]
    for edit in edits {
      switch edit.kind {
      case "update", "insert":
        removed.remove(edit.id)
        local[edit.id] = edit.item
      case "remove":
        removed.insert(edit.id)
        local[edit.id] = nil
      default: break
      }
    }
    return (removed, local)
  }

  /// A page's items with the edits in force applied: removed ids left out, updated and inserted
  /// items in their local version.
  /// - Complexity: O(*m* + *e*) for *m* items and *e* edits.
  /// - Throws: ``PagingDatabaseError/unencodable`` for an id that does not encode.
  package func overlay(_ db: SQLiteConnection, _ items: [Item]) throws -> [Item] {
    let edits = try edits(db)
    // With no edit in force the list's form is not needed (nor read: a form this version
    // does not know then stops no refresh, which writes every row in the current form).
    guard !edits.isEmpty else { return items }
    return try Self.overlay(items, edits, in: try idForm(db))
  }

  /// A page's items with the edits in force applied as the list applies them to a page it
  /// shows in place of its window (a jump's): ``overlay(_:_:)``, and each item the last insert
  /// of its id put beside a row of the page, or at the list's start or end when the page is
  /// there, put in its place, as the engine puts an inserted row back (R23, R31). A move's row
  /// that is not in the page stays where it is.
  /// - Parameters:
  ///   - items: The page's items.
  ///   - atStart: Whether the page is the list's first (no page before it).
  ///   - atEnd: Whether the page is the list's last.
  /// - Complexity: O(*n* × *p*) for *n* items and *p* inserts placed, and O(*e* log *e*) for
  ///   *e* edits.
  /// - Throws: ``PagingDatabaseError/unencodable`` for an id that does not encode.
  package func overlayPage(
    _ db: SQLiteConnection, _ items: [Item], atStart: Bool, atEnd: Bool
  ) throws -> [Item] {
    let edits = try edits(db)
    guard !edits.isEmpty else { return items }
    let form = try idForm(db)
    var items = try Self.overlay(items, edits, in: form)
    var present = Set(try items.map { try Self.key($0.id, in: form) })
    let (removed, local) = Self.result(of: edits)
    // The last insert or move of each id decides where it goes; only inserts bring their row.
    var last: [String: Int] = [:]
    for (index, edit) in edits.enumerated() where edit.kind == "insert" || edit.kind == "move" {
      last[edit.id] = index
    }
    let placing = last.values.sorted().map { edits[$0] }.filter {
      $0.kind == "insert" && !removed.contains($0.id)
    }
    // A row put back may be the one another was put against: pass again until none is placed.
    for _ in 0...placing.count {
      var placed = false
      for edit in placing {
        guard !present.contains(edit.id), let item = local[edit.id] ?? edit.item else { continue }
        let index: Int?
        switch edit.position {
        case "start": index = atStart ? 0 : nil
        case "end": index = atEnd ? items.count : nil
        default: index = try Self.index(of: edit, in: items, form)
        }
        guard let index else { continue }
        items.insert(item, at: index)
        present.insert(edit.id)
        placed = true
      }
      guard placed else { break }
    }
    return items
  }

  /// A refresh's items with every edit in force applied in order: a new item goes where it was
  /// put (at the start when what it was put against is not in the result), a moved item moves
  /// when both it and its reference are in the result, and a removed item leaves where it
  /// stands, so that what was put against it stays beside its neighbour. The engine applies
  /// the same to its window, so the cache holds what the list shows.
  /// - Complexity: O(*n* × *e*) for *n* items and *e* edits.
  /// - Throws: ``PagingDatabaseError/unencodable`` for an id that does not encode.
  package func overlayRefresh(_ db: SQLiteConnection, _ items: [Item]) throws -> [Item] {
    let edits = try edits(db)
    guard !edits.isEmpty else { return items }
    let form = try idForm(db)
    // The edits are replayed in order on the server's rows, as the list made them: a removal
    // takes its row out where it stands, so a row put against it stays beside its neighbour;
    // an id removed and inserted again goes where the last insert put it (R23). Updates, and
    // what the last edit of each id says, are applied after.
    let (_, local) = Self.result(of: edits)
    var items = items
    for edit in edits {
      let present = try items.firstIndex { try Self.key($0.id, in: form) == edit.id }
      switch edit.kind {
      case "insert":
        guard present == nil, let item = local[edit.id] ?? edit.item else { continue }
        items.insert(item, at: try Self.index(of: edit, in: items, form) ?? 0)
      case "move":
        guard let from = present else { continue }
        let item = items.remove(at: from)
        items.insert(item, at: try Self.index(of: edit, in: items, form) ?? from)
      case "remove":
        if let present { items.remove(at: present) }
      default: break
      }
    }
    return try Self.overlay(items, edits, in: form)
  }

  /// `items` with `edits` applied as ``overlay(_:_:)`` says, in a list whose ids (and so the
  /// edits') are stored in `form`.
  private static func overlay(_ items: [Item], _ edits: [StoredEdit], in form: StoredID.Form)
    throws -> [Item]
  {
    guard !edits.isEmpty else { return items }
    let (removed, local) = result(of: edits)
    return try items.compactMap {
      let id = try key($0.id, in: form)
      return removed.contains(id) ? nil : (local[id] ?? $0)
    }
  }

  /// Where an insert or move puts its item in `items`, or `nil` when its reference is absent.
  private static func index(
    of edit: StoredEdit, in items: [Item], _ form: StoredID.Form
  ) throws -> Int? {
    switch edit.position {
    case "start": 0
    case "end": items.count
    case "after":
      try items.firstIndex { try key($0.id, in: form) == edit.positionID }.map { $0 + 1 }
    default: try items.firstIndex { try key($0.id, in: form) == edit.positionID }
    }
  }
}

extension PageCache.StoredEdit {
  /// The record of `edit` in a list whose ids are stored in `form`.
  init(_ edit: PagingEdit<Item>, in form: StoredID.Form) throws {
    func key(_ id: Item.ID) throws -> String { try PageCache.key(id, in: form) }
    func place(_ position: EditPosition<Item.ID>) throws -> (String, String?) {
      switch position {
      case .start: ("start", nil)
      case .end: ("end", nil)
      case .after(let id): ("after", try key(id))
      case .before(let id): ("before", try key(id))
      }
    }
    switch edit {
    case .update(let item):
      self.init(kind: "update", id: try key(item.id), item: item)
    case .remove(let id):
      self.init(kind: "remove", id: try key(id))
    case .insert(let item, let position):
      let (position, positionID) = try place(position)
      self.init(
        kind: "insert", id: try key(item.id), item: item, position: position,
        positionID: positionID)
    case .move(let id, let position):
      let (position, positionID) = try place(position)
      self.init(kind: "move", id: try key(id), position: position, positionID: positionID)
    }
  }
}
