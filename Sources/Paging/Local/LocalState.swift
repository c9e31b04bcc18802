/// What the app changed on top of the server's pages: edits, the query, the display filter.
/// Part of a ``PagingStateMachine``; empty (and free) for a paginator that uses none of them.
@usableFromInline
package struct LocalState<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// The edits still in force, in the order they were made, each with its generation.
  package private(set) var edits: [(generation: Generation, edit: PagingEdit<Item>)]
  /// The ids removed by an edit in force: a page never brings them back.
  private(set) var removed: Set<Item.ID>
  /// The local value of each item an edit in force updated or inserted: a page's copy is
  /// replaced by it.
  private(set) var local: [Item.ID: Item]
  /// The rows a move in force put beside another row that left the window without that row
  /// being put back: with the page the cap dropped (R26), or with the window a jump replaced.
  /// Each is kept with its value then, to come back beside the row it was moved against.
  private(set) var movedOut: [Item.ID: Item]
  /// The display filter and the rows it shows: the items it rejects stay in the window but
  /// are not shown. `nil` shows the whole window.
  // swift-format-ignore: UseShorthandTypeNames
  // Spelled out, as every field here, so that it has no default and the exhaustive
  // projection (PagingStateMachine+Fingerprint) cannot miss it.
  @usableFromInline var filter: Optional<FilterLayer<Item>>
  /// The query of the current generation.
  // swift-format-ignore: UseShorthandTypeNames
  var query: Optional<QueryValue>
  /// Whether the rows shown are the previous query's (a ``QueryTransition/keepPrevious``
  /// change whose first page has not committed).
  var showingPreviousQuery: Bool
  /// How many times edits, a filter change or a cleared query changed the items outside a
  /// commit.
  package internal(set) var changesOutsideCommits: Int

  /// No edit, no query, no filter.
  init() {
    edits = []
    removed = []
    local = [:]
    movedOut = [:]
    filter = nil
    query = nil
    showingPreviousQuery = false
    changesOutsideCommits = 0
  }

  /// The ids of the items an edit in force inserted (and no later one removed).
  /// - Complexity: O(edits).
  var insertedIDs: Set<Item.ID> {
    var ids = Set<Item.ID>()
    for (_, edit) in edits {
      if case .insert(let item, _) = edit, !removed.contains(item.id) { ids.insert(item.id) }
    }
    return ids
  }

  /// The indices in ``edits`` of the inserts that say where their rows go: each id's last
  /// insert, unless a removal of it came after. An earlier insert of the same id was
  /// superseded and puts it nowhere: the last edit decides (R23).
  /// - Complexity: O(edits).
  var placingInserts: Set<Int> { Set(lastPlacingEdits(countingMoves: false).values) }

  /// For each id, the index in ``edits`` of the last insert (and move, when `countingMoves`)
  /// that named it, unless a removal of it came after.
  /// - Complexity: O(edits).
  private func lastPlacingEdits(countingMoves: Bool) -> [Item.ID: Int] {
    var last: [Item.ID: Int] = [:]
    for (index, (_, edit)) in edits.enumerated() {
      switch edit {
      case .insert(let item, _): last[item.id] = index
      case .move(let id, _) where countingMoves: last[id] = index
      case .remove(let id): last[id] = nil
      case .update, .move: break
      }
    }
    return last
  }

  /// Whether a page's items go through the overlay unchanged.
  var hasNoEdits: Bool { edits.isEmpty }

  /// Records an edit made in `generation`.
  mutating func record(_ edit: PagingEdit<Item>, in generation: Generation) {
    edits.append((generation, edit))
    note(edit)
  }

  /// Keeps only the edits made in `generation` or later (a refresh of `generation` commits:
  /// older edits were made to a list the server's answer replaces).
  mutating func keepEdits(from generation: Generation) {
    guard edits.contains(where: { $0.generation < generation }) else { return }
    edits.removeAll { $0.generation < generation }
    removed = []
    local = [:]
    for entry in edits { note(entry.edit) }
    let placed = Set(placements.map(\.id))
    movedOut = movedOut.filter { placed.contains($0.key) }
  }

  private mutating func note(_ edit: PagingEdit<Item>) {
    switch edit {
    case .update(let item), .insert(let item, _):
      removed.remove(item.id)
      local[item.id] = item
      movedOut[item.id] = nil
    case .remove(let id):
      removed.insert(id)
      local[id] = nil
      movedOut[id] = nil
    case .move: break
    }
  }

  /// Keeps `item`, a row a move in force placed, which leaves the window (``movedOut``).
  mutating func keepMovedOut(_ item: Item) { movedOut[item.id] = item }

  /// Forgets the row with `id` kept by ``keepMovedOut(_:)``: it is in the window again.
  mutating func forgetMovedOut(_ id: Item.ID) { movedOut[id] = nil }

  /// Where each row that an insert or a move in force placed goes when it comes back to the
  /// window: the place of the last of those edits that named it, for each id that no later
  /// edit removed, in the order the edits were made.
  /// - Complexity: O(*e* log *e*) for *e* edits.
  var placements: [(id: Item.ID, position: EditPosition<Item.ID>)] {
    lastPlacingEdits(countingMoves: true).values.sorted().compactMap { index in
      switch edits[index].edit {
      case .insert(let item, let position): (item.id, position)
      case .move(let id, let position): (id, position)
      case .update, .remove: nil
      }
    }
  }

  /// A page's items with the edits in force applied: removed ids left out, updated and
  /// inserted items in their local version.
  /// - Complexity: O(*m*) for *m* items.
  func overlay(_ items: [Item]) -> [Item] {
    if edits.isEmpty { return items }
    return items.compactMap { removed.contains($0.id) ? nil : (local[$0.id] ?? $0) }
  }

  /// A refresh's items with every edit in force applied in order: a new item goes where it
  /// was put (at the start when what it was put against is not in the result), a moved item
  /// moves when both it and its reference are in the result.
  /// - Complexity: O(*n* × *e*) for *n* items and *e* inserts and moves, O(*n*) without them.
  func overlayRefresh(_ items: [Item]) -> [Item] {
    var items = overlay(items)
    let placing = placingInserts
    for (index, (_, edit)) in edits.enumerated() {
      switch edit {
      case .update, .remove: break
      case .insert(let item, let position):
        // Superseded, removed later, or already there (its local value put in by `overlay`):
        // skip.
        guard placing.contains(index), !items.contains(where: { $0.id == item.id }) else {
          continue
        }
        items.insert(local[item.id] ?? item, at: Self.index(of: position, in: items) ?? 0)
      case .move(let id, let position):
        guard let from = items.firstIndex(where: { $0.id == id }) else { continue }
        let item = items.remove(at: from)
        guard let to = Self.index(of: position, in: items) else {
          items.insert(item, at: from)
          continue
        }
        items.insert(item, at: to)
      }
    }
    return items
  }

  /// The index at which `position` puts an item in `items`, or `nil` when its reference is not
  /// there.
  static func index(of position: EditPosition<Item.ID>, in items: [Item]) -> Int? {
    switch position {
    case .start: 0
    case .end: items.count
    case .after(let id): items.firstIndex { $0.id == id }.map { $0 + 1 }
    case .before(let id): items.firstIndex { $0.id == id }
    }
  }

  /// Drops every edit (a query change: they were made to the old query's list).
  mutating func dropEdits() {
    edits = []
    removed = []
    local = [:]
    movedOut = [:]
  }
}

extension LocalState {
  /// A copy of `local`, whose fields are hashed into `fingerprint` or left out with the reason.
  /// - Parameter generation: The machine's generation: which edits a refresh keeps depends on
  ///   how many generations ago each was made (R23), not on the generations' numbers.
  init<Cursor>(
    projecting local: Self, generation: Generation, into fingerprint: inout StateFingerprint<Cursor>
  ) {
    edits = local.edits
    for (made, edit) in local.edits {
      fingerprint.hasher.combine(edit.id)
      fingerprint.hasher.combine(generation.rawValue - made.rawValue)
    }
    // Both are read off the edits.
    removed = local.removed
    self.local = local.local
    // Which rows left the window as they were moved: what they hold is the pages' rows.
    movedOut = local.movedOut
    fingerprint.hasher.combine(Set(local.movedOut.keys))
    // The explorer hashes which filter it set; the shown rows follow from it and the rows.
    filter = local.filter
    // The explorer hashes the query it set; the machine's is the same, or the snapshot's.
    query = fingerprint.value(local.query)
    showingPreviousQuery = fingerprint.value(local.showingPreviousQuery)
    // A counter, as the metrics.
    changesOutsideCommits = local.changesOutsideCommits
  }
}
