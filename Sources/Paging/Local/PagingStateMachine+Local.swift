// What the app changes on top of the server's pages: local edits (fault class 22), the query
// (fault class 23) and the display filter (fault class 24). The commits in
// PagingStateMachine+Commits go through `commitItems` and `replaceWindow`, which apply them.

extension PagingStateMachine {
  // MARK: Reading

  /// The query of the current generation, as ``PagingEvent/setQuery(_:transition:)`` gave it;
  /// `nil` when none was given.
  package var query: (any Hashable & Sendable)? { local.query?.value }

  /// Whether the rows shown belong to the previous query: a
  /// ``QueryTransition/keepPrevious`` change whose first page has not committed.
  package var isShowingPreviousQuery: Bool { local.showingPreviousQuery }

  /// The display filter: ``items`` holds the loaded items it accepts; `nil` shows them all.
  package var filter: (@Sendable (Item) -> Bool)? { local.filter?.predicate }

  /// Every loaded item, shown or hidden by the filter.
  package var loadedItems: ItemSnapshot<Item> { store.items }

  /// The edits in force, oldest first, with the generation each was made in. For tests.
  package var editsInForce: [(generation: Generation, edit: PagingEdit<Item>)] { local.edits }

  /// Checks that `edit` can be applied now: the item it names (and the item it is positioned
  /// against) is loaded, shown or hidden; an insert's id is not. A removal of an id that is
  /// not loaded is allowed: it keeps later pages from bringing that id.
  /// - Parameter edit: The edit.
  /// - Throws: ``PagingEditError`` when the edit cannot be applied; the edit event would then
  ///   be ignored.
  /// - Complexity: O(1) on average.
  package func validate(_ edit: PagingEdit<Item>) throws(PagingEditError) {
    let loaded = store
    switch edit {
    case .update(let item):
      guard loaded.contains(id: item.id) else { throw .itemNotLoaded }
    case .insert(let item, let position):
      guard !loaded.contains(id: item.id) else { throw .duplicateID }
      if let anchor = position.anchor, !loaded.contains(id: anchor) { throw .itemNotLoaded }
    case .remove:
      break
    case .move(let id, let position):
      guard loaded.contains(id: id) else { throw .itemNotLoaded }
      if let anchor = position.anchor {
        guard anchor != id else { throw .movedRelativeToItself }
        guard loaded.contains(id: anchor) else { throw .itemNotLoaded }
      }
    }
  }

  // MARK: Events

  /// Applies an edit to the window at once and records it for the commits that follow in this
  /// generation, in the chunk of the page that holds the row (an inserted row joins the page of
  /// the row after it, the last page at the end: the page a refresh around it reloads, R27),
  /// and in the filter's shown rows. The top visible row stays the scroll anchor when rows
  /// above it moved.
  /// - Complexity: O(chunk) on average, with a snapshot of the items held or not.
  mutating func applyEdit(_ edit: PagingEdit<Item>) -> Transition<Cursor> {
    // Refused: the paginator's `edit(_:)` reports why (PagingEditError) and changes nothing.
    guard (try? validate(edit)) != nil else { return .none }
    let edit = anchoredAtWindowEnd(edit)
    local.record(edit, in: generation)
    let top = viewport.lowest.map { (id: shown[$0].id, position: $0) }
    switch edit {
    case .update(let item):
      let wasShown = shown.contains(id: item.id)
      update(item)
      // An item hidden before and after changes nothing shown.
      guard wasShown || shown.contains(id: item.id) else { return .none }
    case .remove(let id):
      putRowsAgainstNeighbours(ofRemoved: id)
      // Not loaded: recorded above, so that no later page brings it back (R23).
      guard store.remove(id: id) != nil else { return .none }
      removeShown(id)
    case .insert(let item, let position):
      insertRow(item, at: index(of: position) ?? 0)
    case .move(let id, let position):
      guard let item = store[id: id], store.remove(id: id) != nil else {
        // `validate` found it loaded: a window without the row breaks R23.
        internalInconsistency("a move's row, found loaded, is not in the window (R23)")
        return .none
      }
      removeShown(id)
      insertRow(item, at: index(of: position) ?? store.count)
    }
    return windowChanged(keeping: top)
  }

  /// `edit`, whose place is the `start` or the `end` of a window that does not hold that end of
  /// the list, put against the row at that end of the window instead: the window's end moves
  /// as pages load and drop, and the row put there stays beside the row it was put next to
  /// (R23). At an end of the list, or in a window with no other row, `edit` as it is.
  /// - Complexity: O(1) on average.
  private func anchoredAtWindowEnd(_ edit: PagingEdit<Item>) -> PagingEdit<Item> {
    let items = store.items
    switch edit {
    case .insert(let item, .start) where prepend.chain != .end:
      guard let first = items.first else { return edit }
      return .insert(item, at: .before(first.id))
    case .insert(let item, .end) where append.chain != .end:
      guard let last = items.last else { return edit }
      return .insert(item, at: .after(last.id))
    case .move(let id, .start) where prepend.chain != .end:
      guard let first = items.first(where: { $0.id != id }) else { return edit }
      return .move(id, to: .before(first.id))
    case .move(let id, .end) where append.chain != .end:
      guard let last = items.last(where: { $0.id != id }) else { return edit }
      return .move(id, to: .after(last.id))
    default:
      return edit
    }
  }

  /// Puts back each row an edit in force inserted or moved that is not loaded while the place
  /// its last such edit put it is: the row it was put against (`after:` or `before:`), or, for
  /// one put at the `start` or the `end`, that end of the list, once the window reaches it. A
  /// drop took the row's page but not its neighbour, or a page brought the neighbour (or the end
  /// of the list) back. So such a row leaves the window only with the row it was put against,
  /// and comes back with it (R23, R26). It goes where the edit put it and joins the page of the
  /// row after it, as an edit does. A moved row comes back with its value when it left
  /// (``keepMovedRows(at:)``); one whose page brought it back stays where the page put it.
  /// - Returns: Whether a row came back.
  /// - Complexity: O(*e* log *e*) for *e* edits when none comes back; O(chunk) more for each
  ///   row that does.
  mutating func placeInsertedRows() -> Bool {
    guard !local.hasNoEdits else { return false }
    let placements = local.placements
    var placedAny = false
    // A row put back may be the one another was put against: pass again until none comes
    // back, at most once per row.
    for _ in 0...placements.count {
      var placed = false
      for (id, position) in placements {
        guard !store.contains(id: id) else {
          local.forgetMovedOut(id)
          continue
        }
        guard placeIsLoaded(position), let item = local.local[id] ?? local.movedOut[id] else {
          continue
        }
        insertRow(item, at: index(of: position) ?? store.count)
        local.forgetMovedOut(id)
        placed = true
      }
      guard placed else { break }
      placedAny = true
    }
    return placedAny
  }

  /// Puts each loaded row that an insert or a move in force put against the row `removed`,
  /// which is being removed and so never loads again, against the row before it instead (after
  /// it, when none is before), by a move recorded in this generation: it stays where it is,
  /// and leaves and comes back with that row (R23).
  /// - Complexity: O(*e* log *e*) for *e* edits.
  private mutating func putRowsAgainstNeighbours(ofRemoved removed: Item.ID) {
    guard !local.hasNoEdits else { return }
    for (id, position) in local.placements where position.anchor == removed {
      guard let at = store.position(of: id) else { continue }
      let items = store.items
      let before = (0..<at).reversed().lazy.map { items[$0].id }.first { $0 != removed }
      let after = (at + 1..<items.count).lazy.map { items[$0].id }.first { $0 != removed }
      guard let place = before.map(EditPosition.after) ?? after.map(EditPosition.before) else {
        continue
      }
      local.record(.move(id, to: place), in: generation)
    }
  }

  /// Whether the window holds the place `position` names: the row it names, or that end of
  /// the list.
  private func placeIsLoaded(_ position: EditPosition<Item.ID>) -> Bool {
    switch position {
    case .start: prepend.chain == .end
    case .end: append.chain == .end
    case .after(let neighbour), .before(let neighbour): store.contains(id: neighbour)
    }
  }

  /// Keeps each row a move in force placed that lies at `positions` of the window, which are
  /// leaving it (a page the cap drops, or the whole window a jump replaces), with its value,
  /// so that ``placeInsertedRows()`` can put it back beside the row it was moved against.
  /// - Complexity: O(edits).
  mutating func keepMovedRows(at positions: Range<Int>) {
    guard !local.hasNoEdits else { return }
    for (_, edit) in local.edits {
      guard case .move(let id, _) = edit, let position = store.position(of: id),
        positions.contains(position), let item = store[id: id]
      else { continue }
      local.keepMovedOut(item)
    }
  }

  /// ``placeInsertedRows()`` during a commit or a drop: the visible rows' positions are read
  /// again, and the top visible row stays still when a row came back above it (R19).
  mutating func placeInsertedRowsKeepingTop() -> Transition<Cursor> {
    let top = viewport.lowest.map { (id: shown[$0].id, position: $0) }
    guard placeInsertedRows() else { return .none }  // no row came back
    recomputeViewport()
    if let top, let now = shown.position(of: top.id), now != top.position {
      scrollAnchor = top.id
    }
    return Transition(itemsChanged: true)
  }

  /// Replaces the loaded item with `item`'s id, in place; the filter shows or hides it again.
  /// - Complexity: O(1) on average; O(chunk) when it is shown or hidden by its new value.
  private mutating func update(_ item: Item) {
    store.replace(item)
    guard let layer = local.filter else { return }
    let accepted = layer.predicate(item)
    let isShown = layer.shown.contains(id: item.id)
    if accepted, isShown {
      local.filter?.shown.replace(item)
    } else if accepted, let position = store.position(of: item.id) {
      show(item, at: position)
    } else if isShown {
      removeShown(item.id)
    }
  }

  /// The position in the window at which `position` puts a row, or `nil` when the row it is
  /// put against is not loaded.
  /// - Complexity: O(1) on average.
  private func index(of position: EditPosition<Item.ID>) -> Int? {
    switch position {
    case .start: 0
    case .end: store.count
    case .after(let id): store.position(of: id).map { $0 + 1 }
    case .before(let id): store.position(of: id)
    }
  }

  /// Puts `item` at `position` of the window, in the chunk (so the page) of the row after it,
  /// and, when the filter accepts it, among the shown rows after the shown rows before it.
  /// - Complexity: O(chunk) without a filter; with one, plus the hidden rows before it in its
  ///   chunks.
  private mutating func insertRow(_ item: Item, at position: Int) {
    store.insert(item, at: position)
    guard let layer = local.filter, layer.predicate(item) else { return }
    show(item, at: position)
  }

  /// Puts the window's row `item`, at `position` of the window, among the shown rows, after
  /// the shown rows before it.
  /// - Complexity: O(chunk), plus the hidden rows just before it.
  private mutating func show(_ item: Item, at position: Int) {
    guard var layer = local.filter else { return }
    local.filter = nil  // uniquely referenced while it changes
    // After the nearest shown row before it, if any.
    var before = position - 1
    while before >= 0, !layer.shown.contains(id: store[before].id) { before -= 1 }
    let at = before < 0 ? 0 : (layer.shown.position(of: store[before].id) ?? -1) + 1
    layer.shown.insert(item, at: at)
    local.filter = layer
  }

  /// Takes the row with `id` out of the shown rows, if the filter shows it.
  /// - Complexity: O(chunk).
  private mutating func removeShown(_ id: Item.ID) {
    guard var layer = local.filter else { return }
    local.filter = nil
    layer.shown.remove(id: id)
    local.filter = layer
  }

  /// Filters the whole window again.
  /// - Complexity: O(*n*) with a filter, O(1) without.
  mutating func refilter() {
    guard var layer = local.filter else { return }
    local.filter = nil
    layer.rebuild(over: store)
    local.filter = layer
  }

  /// After the shown items changed outside a commit: notes the change, re-reads the visible
  /// rows' positions, keeps the top visible row still when it moved, and checks the edges.
  private mutating func windowChanged(keeping top: (id: Item.ID, position: Int)?)
    -> Transition<Cursor>
  {
    local.changesOutsideCommits += 1
    recomputeViewport()
    if let top, let now = shown.position(of: top.id), now != top.position {
      scrollAnchor = top.id
    }
    forgetAnchorIfHidden()
    var transition = reevaluate()
    transition.itemsChanged = true
    return transition
  }

  /// Sets the display filter and shows what it accepts, at once and without a request; an
  /// edge loads only if a visible row is now within the prefetch distance of it.
  mutating func setFilter(_ filter: (@Sendable (Item) -> Bool)?) -> Transition<Cursor> {
    // No filter, and none before: nothing changed, so R12's count and latch stay (a view that
    // sets `filter = nil` on every update must not lift them).
    guard filter != nil || local.filter != nil else { return .none }
    let top = viewport.lowest.map { (id: shown[$0].id, position: $0) }
    local.filter = filter.map { FilterLayer($0, over: store) }
    prepend.filterChanged()
    append.filterChanged()
    return windowChanged(keeping: top)
  }

  /// A query change: a new generation from the initial cursor that cancels whatever is in
  /// flight (it never joins it), with the old query's edits and cursors dropped. The same
  /// query again is ``PagingEvent/start``.
  mutating func changeQuery(_ query: QueryValue?, _ transition: QueryTransition)
    -> Transition<Cursor>
  {
    guard query != local.query else { return start(at: origin, explicitly: false) }
    local.query = query
    local.dropEdits()
    var result = beginRefresh(at: configuration.initialCursor)
    // The old window's cursors belong to the old query: neither edge may load from them.
    prepend = Edge()
    append = Edge()
    switch transition {
    case .clear:
      if !store.isEmpty {
        result.itemsChanged = true
        local.changesOutsideCommits += 1
      }
      store = ItemStore()
      pages = LoadedPages()
      refilter()
      viewport = Viewport()
      scrollAnchor = nil
      local.showingPreviousQuery = false
    case .keepPrevious:
      // Rows hidden by the filter count: a filter change would show them.
      local.showingPreviousQuery = !store.isEmpty
    }
    return result
  }

  // MARK: Commits

  /// Adds a page's items at an edge of the window, with the edits in force applied; with a
  /// filter, the new rows it accepts join the shown rows at that edge, and a row replaced by a
  /// newer copy (``DuplicatePolicy/replace``) is shown or hidden by its new value.
  /// - Returns: What the shown rows gained (a page of hidden items inserts nothing, so a run
  ///   of them counts towards ``PagingConfiguration``'s `maxPagesWithoutNewItems`).
  /// - Complexity: O(*m*) for a page of *m* items; O(*n*) when a newer copy changes whether its
  ///   row is shown.
  mutating func commitItems(_ page: [Item], atFront: Bool) -> ShownInsertion {
    let policy = configuration.duplicatePolicy
    let items = local.overlay(page)
    guard var layer = local.filter else {
      return ShownInsertion(store.addPage(items, atFront: atFront, policy: policy).result)
    }
    let new = items.map { !store.contains(id: $0.id) }
    let result = store.addPage(items, atFront: atFront, policy: policy).result
    local.filter = nil
    defer { local.filter = layer }
    var added: [Item] = []
    var refiltered = false
    var seen = Set<Item.ID>()
    for (index, item) in items.enumerated() where seen.insert(item.id).inserted {
      guard let current = store[id: item.id] else { continue }
      let accepted = layer.predicate(current)
      let isShown = layer.shown.contains(id: item.id)
      if accepted, isShown {
        if policy == .replace { layer.shown.replace(current) }
      } else if accepted, new[index] {
        added.append(current)
      } else if accepted || isShown {
        refiltered = true
      }
    }
    if refiltered {
      let before = layer.shown.count
      layer.rebuild(over: store)
      return ShownInsertion(
        inserted: Swift.max(0, layer.shown.count - before), dropped: result.dropped,
        replaced: result.replaced, refiltered: true)
    }
    let shownResult =
      atFront
      ? layer.shown.prepend(contentsOf: added, policy: policy)
      : layer.shown.append(contentsOf: added, policy: policy)
    return ShownInsertion(
      inserted: shownResult.inserted, dropped: result.dropped, replaced: result.replaced,
      refiltered: false)
  }

  /// Replaces the window with a refresh's items: edits made before this refresh began are
  /// dropped (the server's answer wins), later ones applied; the previous query's rows go.
  /// A jump's page keeps every edit in force and gets them as an edge's page does: removed and
  /// updated rows, and the inserted rows put beside a row it brings
  /// (``placeInsertedRows()``, once the page is recorded).
  mutating func replaceWindow(with page: [Item], keepingEdits: Bool = false) -> ShownInsertion {
    let policy = configuration.duplicatePolicy
    if keepingEdits {
      keepMovedRows(at: 0..<store.count)
    } else {
      local.keepEdits(from: generation)
    }
    local.showingPreviousQuery = false
    let items = keepingEdits ? local.overlay(page) : local.overlayRefresh(page)
    store = ItemStore()
    let result = store.addPage(items, atFront: false, policy: policy).result
    guard local.filter != nil else { return ShownInsertion(result) }
    refilter()
    return ShownInsertion(
      inserted: shown.count, dropped: result.dropped, replaced: result.replaced,
      refiltered: false)
  }
}

/// What a commit did to the shown rows: how many it added (with a filter, the new rows the
/// filter accepts), how many duplicates it dropped or replaced in the window, and whether the
/// shown rows were filtered again (a newer copy shown or hidden by its new value), which moves
/// rows other than at the edge.
struct ShownInsertion {
  var inserted: Int
  var dropped: Int
  var replaced: Int
  var refiltered: Bool

  init(inserted: Int, dropped: Int, replaced: Int, refiltered: Bool) {
    self.inserted = inserted
    self.dropped = dropped
    self.replaced = replaced
    self.refiltered = refiltered
  }

  /// The window's result, without a filter.
  init<Row>(_ result: ItemStore<Row>.InsertionResult) {
    self.init(
      inserted: result.inserted, dropped: result.dropped, replaced: result.replaced,
      refiltered: false)
  }
}
