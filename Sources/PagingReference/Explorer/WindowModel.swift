import Paging

/// The explorer's reference of what a correct engine holds: the pages loaded, each with the
/// server's rows it brought (duplicates dropped or replaced as the policy says), the local edits
/// in force, and the refresh in flight. What is shown follows from them: the pages' rows in
/// order with the edits applied (rulebook R23), then the display filter (R25).
///
/// It decides nothing the rulebook leaves to the engine: which page a cap drops is read from
/// the machine and checked against R26, and where a refresh starts is checked against R27.
package struct WindowModel: Hashable, Sendable {
  /// One loaded page: the cursor that loaded it and the rows it holds.
  package struct ModelPage: Hashable, Sendable {
    package var cursor: Int
    package var rows: [ExplorerRow]
  }

  /// A local edit in force, numbered in the order it was made.
  package struct ModelEdit: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
      case remove
      case update
      /// The row inserted after the row with this id (``WindowModel/start``: first).
      case insert(after: Int)
      /// The row moved before the row with this id (`nil`: to the end).
      case move(before: Int?)
    }
    package var kind: Kind
    package var row: ExplorerRow
    package var number: Int
  }

  /// The id an insert at the start is put after.
  package static let start = Int.min

  package private(set) var pages: [ModelPage] = []
  /// Whether a first page (of the current query) has committed.
  package private(set) var loaded = false
  package private(set) var edits: [ModelEdit] = []
  private var nextNumber = 0
  /// The number the next edit would get when the refresh in flight began: the edits from it on
  /// survive that refresh's commit, whatever its retries (R23).
  package private(set) var refreshMark: Int?
  /// The pages a re-fetch of the loaded pages (R27) fetched so far, held apart.
  package private(set) var fetched: [ModelPage] = []
  /// Whether the rows shown are the previous query's (R24).
  package private(set) var showingPrevious = false

  package init() {}

  // MARK: Reading

  /// The rows removed and the local values of the edits in force.
  private var overlay: (removed: Set<Int>, local: [Int: ExplorerRow]) {
    var removed = Set<Int>()
    var local: [Int: ExplorerRow] = [:]
    for edit in edits {
      switch edit.kind {
      case .remove:
        removed.insert(edit.row.id)
        local[edit.row.id] = nil
      case .update, .insert:
        removed.remove(edit.row.id)
        local[edit.row.id] = edit.row
      case .move: break
      }
    }
    return (removed, local)
  }

  /// The ids inserted locally and still in force: the model does not say where they are
  /// after a later commit, only that they stay.
  package var insertedIDs: Set<Int> {
    var ids = Set<Int>()
    for edit in edits {
      switch edit.kind {
      case .insert: ids.insert(edit.row.id)
      case .remove: ids.remove(edit.row.id)
      case .update, .move: break
      }
    }
    return ids
  }

  /// The ids whose place among the rows the engine decides: the rows inserted or moved by the
  /// edits in force (R23 says they stay, not where a later page puts them).
  package var locallyPlacedIDs: Set<Int> {
    var ids = insertedIDs
    for edit in edits {
      if case .move = edit.kind { ids.insert(edit.row.id) }
    }
    let (removed, _) = overlay
    return ids.subtracting(removed)
  }

  /// The row as the edits in force make it (an update's or an insert's value), if they name it.
  package func localValue(of id: Int) -> ExplorerRow? { overlay.local[id] }

  /// Why `loaded` (every row the engine holds) and `shown` (the rows its filter accepts), in
  /// the engine's order, are not what a correct engine holds and shows, or `nil` when they are.
  /// The rows the edits place (``locallyPlacedIDs``) are checked for being there, with their
  /// local value, and not for where they are.
  /// - Parameter accepts: The display filter (R25).
  /// - Complexity: O(*n*) for *n* rows.
  package func mismatch(
    loaded: [ExplorerRow], shown: [ExplorerRow], accepts: (ExplorerRow) -> Bool
  ) -> String? {
    let placed = locallyPlacedIDs
    let expected = loadedRows.filter { !placed.contains($0.id) }
    let expectedShown = expected.filter(accepts)
    let loadedInOrder = loaded.filter { !placed.contains($0.id) }
    let shownInOrder = shown.filter { !placed.contains($0.id) }
    if loadedInOrder != expected {
      return "loaded \(loadedInOrder), expected \(expected)"
    }
    if shownInOrder != expectedShown {
      return "shown \(shownInOrder), expected \(expectedShown)"
    }
    let byID = Dictionary(loaded.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let shownIDs = Set(shown.map(\.id))
    for id in placed.sorted() {
      // An inserted row has its local value; a moved one is its page's row, edits applied.
      let value =
        insertedIDs.contains(id) ? localValue(of: id) : loadedRows.first { $0.id == id }
      guard let value else { continue }
      // An inserted row stays while the row it was put after is loaded (or it went first).
      let inserted = edits.last { edit in
        if case .insert = edit.kind { edit.row.id == id } else { false }
      }
      if case .insert(let after) = inserted?.kind, after != Self.start, byID[after] == nil,
        byID[id] == nil
      {
        continue
      }
      guard byID[id] == value else {
        return
          "row \(id) placed by an edit is \(byID[id].map(String.init(describing:)) ?? "gone"), expected \(value)"
      }
      if shownIDs.contains(id) != accepts(value) {
        return "row \(id) placed by an edit is \(shownIDs.contains(id) ? "shown" : "hidden")"
      }
    }
    return nil
  }

  /// The loaded rows of `pages` with the edits in force applied (inserted rows left out).
  package func loadedRows(of pages: some Collection<ModelPage>) -> [ExplorerRow] {
    let (removed, local) = overlay
    return pages.flatMap(\.rows).compactMap {
      removed.contains($0.id) ? nil : (local[$0.id] ?? $0)
    }
  }

  /// Every loaded row (inserted rows left out).
  package var loadedRows: [ExplorerRow] { loadedRows(of: pages) }

  /// The edit in force that last named `id`, if any.
  package func edit(of id: Int) -> ModelEdit? { edits.last { $0.row.id == id } }

  /// The cursor beyond the prepend edge (`nil` at the start or before the first page).
  package func prependCursor(pageCount: Int) -> Int? {
    guard loaded, let first = pages.first, first.cursor > 0 else { return nil }
    return first.cursor - 1
  }

  /// The cursor beyond the append edge (`nil` at the end or before the first page).
  package func appendCursor(pageCount: Int) -> Int? {
    guard loaded, let last = pages.last, last.cursor + 1 < pageCount else { return nil }
    return last.cursor + 1
  }

  /// The index of the page holding the row `id`.
  package func page(holding id: Int) -> Int? {
    pages.firstIndex { $0.rows.contains { $0.id == id } }
  }

  // MARK: Changes

  /// Records an edit the machine accepted.
  package mutating func record(_ kind: ModelEdit.Kind, _ row: ExplorerRow) {
    edits.append(ModelEdit(kind: kind, row: row, number: nextNumber))
    nextNumber += 1
  }

  /// A refresh begins (a user's refresh, a start, a query change, a relaunch; not a retry of
  /// one, which is the same refresh).
  package mutating func beginRefresh() {
    refreshMark = nextNumber
    fetched = []
  }

  /// The refresh in flight was cancelled by the user: its fetched pages are dropped.
  /// The refresh in flight starts its pages again (a refresh that keeps the place, planned
  /// again from where the screen moved, R31): the pages fetched so far are dropped.
  package mutating func restartFetch() {
    fetched = []
  }

  package mutating func cancelRefresh() {
    refreshMark = nil
    fetched = []
  }

  /// A query change: the edits go (they were made to the old list), and under
  /// ``QueryTransition/clear`` the rows too.
  /// `loadedOrder` is the order of the loaded rows, which places the inserted ones.
  package mutating func changeQuery(_ transition: QueryTransition, loadedOrder: [Int]) {
    if transition == .keepPrevious { bakeEdits(loadedOrder: loadedOrder) }
    edits = []
    if transition == .clear {
      pages = []
      loaded = false
      showingPrevious = false
    } else if loaded {
      showingPrevious = true
    }
  }

  /// Puts the edits in force into the pages' rows (the rows as shown), the inserted rows
  /// where `loadedOrder` has them, each in the page of the row after it (the last page at the
  /// end), as the engine's pages own them (R26).
  private mutating func bakeEdits(loadedOrder: [Int]) {
    // The old rows stay as they were shown: their edits are now part of them.
    let (removed, local) = overlay
    for index in pages.indices {
      pages[index].rows = pages[index].rows.compactMap {
        removed.contains($0.id) ? nil : (local[$0.id] ?? $0)
      }
    }
    let placed = locallyPlacedIDs
    for (index, id) in loadedOrder.enumerated().reversed() where placed.contains(id) {
      // A moved row leaves its page for the place the engine gave it.
      var moved: ExplorerRow?
      for p in pages.indices {
        guard let r = pages[p].rows.firstIndex(where: { $0.id == id }) else { continue }
        moved = pages[p].rows.remove(at: r)
      }
      let row = local[id] ?? moved ?? ExplorerRow(id: id, version: 2)
      var next: (Int, Int)?
      for id in loadedOrder[(index + 1)...] where next == nil {
        for p in pages.indices where next == nil {
          if let r = pages[p].rows.firstIndex(where: { $0.id == id }) { next = (p, r) }
        }
      }
      if let (p, r) = next {
        pages[p].rows.insert(row, at: r)
      } else if !pages.isEmpty {
        pages[pages.count - 1].rows.append(row)
      } else {
        // In a page of its own when none is loaded.
        pages = [ModelPage(cursor: Self.start, rows: [row])]
      }
    }
  }

  /// A page of a re-fetch that is not its last.
  package mutating func fetch(cursor: Int, rows: [ExplorerRow]) {
    fetched.append(ModelPage(cursor: cursor, rows: rows))
  }

  /// The refresh's last page commits: its pages replace the window, and only the edits made
  /// since it began stay; a jump's page (another part of the same list) keeps them all (R23).
  package mutating func commitRefresh(
    cursor: Int, rows: [ExplorerRow], policy duplicates: DuplicatePolicy, isJump: Bool = false
  ) {
    var window: [ModelPage] = []
    for page in fetched + [ModelPage(cursor: cursor, rows: rows)] {
      Self.add(page, to: &window, atEnd: true, duplicates)
    }
    pages = window
    let mark = refreshMark ?? nextNumber
    if !isJump { edits.removeAll { $0.number < mark } }
    refreshMark = nil
    fetched = []
    loaded = true
    showingPrevious = false
  }

  /// An edge's page commits.
  package mutating func commitEdge(
    _ direction: LoadDirection, cursor: Int, rows: [ExplorerRow], policy: DuplicatePolicy
  ) {
    Self.add(
      ModelPage(cursor: cursor, rows: rows), to: &pages, atEnd: direction == .append, policy)
  }

  /// Pages dropped by the cap: `top` at the start, `bottom` at the end.
  package mutating func drop(top: Int, bottom: Int) {
    pages.removeFirst(top)
    pages.removeLast(bottom)
  }

  /// The window a relaunch restores: the same pages, with the edits already in their rows.
  package mutating func relaunch(loadedOrder: [Int]) {
    bakeEdits(loadedOrder: loadedOrder)
    edits = []
    refreshMark = nil
    fetched = []
    // The snapshot says whether the rows are a previous query's; the restored list keeps it.
  }

  /// Adds `page` at one end of `window`, its rows whose id is loaded dropped or put in place
  /// of the loaded one (R10).
  private static func add(
    _ page: ModelPage, to window: inout [ModelPage], atEnd: Bool, _ policy: DuplicatePolicy
  ) {
    var fresh: [ExplorerRow] = []
    for row in page.rows {
      if let index = fresh.firstIndex(where: { $0.id == row.id }) {
        if policy == .replace { fresh[index] = row }
        continue
      }
      if let p = window.firstIndex(where: { $0.rows.contains { $0.id == row.id } }) {
        if policy == .replace, let r = window[p].rows.firstIndex(where: { $0.id == row.id }) {
          window[p].rows[r] = row
        }
        continue
      }
      fresh.append(row)
    }
    let added = ModelPage(cursor: page.cursor, rows: fresh)
    if atEnd { window.append(added) } else { window.insert(added, at: 0) }
  }
}
