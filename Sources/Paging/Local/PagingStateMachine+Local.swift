// What the app changes on top of the server's pages: local edits (fault class 22), the query
// (fault class 23) and the display filter (fault class 24). The commits in
// PagingStateMachine+Commits go through `commitItems` and `replaceWindow`, which apply them.

extension PagingStateMachine {
  // MARK: Reading

  /// The query of the current generation, as ``PagingEvent/setQuery(_:transition:)`` gave it;
  /// `nil` when none was given.
  public var query: (any Hashable & Sendable)? { local.query?.value }

  /// Whether the rows shown belong to the previous query: a
  /// ``QueryTransition/keepPrevious`` change whose first page has not committed.
  public var isShowingPreviousQuery: Bool { local.showingPreviousQuery }

  /// The display filter: ``items`` holds the loaded items it accepts; `nil` shows them all.
  public var filter: (@Sendable (Item) -> Bool)? { local.filter }

  /// Every loaded item, shown or hidden by the filter.
  package var loadedItems: ItemSnapshot<Item> { (local.loaded ?? store).items }

  /// The edits in force, oldest first, with the generation each was made in. For tests.
  package var editsInForce: [(generation: Generation, edit: PagingEdit<Item>)] { local.edits }

  /// Checks that `edit` can be applied now: the item it names (and the item it is positioned
  /// against) is loaded, shown or hidden; an insert's id is not. A removal of an id that is
  /// not loaded is allowed: it keeps later pages from bringing that id.
  /// - Parameter edit: The edit.
  /// - Throws: ``PagingEditError`` when the edit cannot be applied; the edit event would then
  ///   be ignored.
  /// - Complexity: O(1) on average.
  public func validate(_ edit: PagingEdit<Item>) throws(PagingEditError) {
    let loaded = local.loaded ?? store
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
  /// generation. The top visible row stays the scroll anchor when rows above it moved.
  mutating func applyEdit(_ edit: PagingEdit<Item>) {
    guard (try? validate(edit)) != nil else { return }
    local.record(edit, in: generation)
    let top = viewport.lowest.map { (id: store[$0].id, position: $0) }
    switch edit {
    case .update(let item):
      let wasShown = store.contains(id: item.id)
      update(item)
      // An item hidden before and after changes nothing shown.
      guard wasShown || store.contains(id: item.id) else { return }
    case .remove(let id):
      guard (local.loaded ?? store).contains(id: id) else { return }
      var items = Array(loadedItems)
      items.removeAll { $0.id == id }
      setLoaded(items)
    case .insert(let item, let position):
      var items = Array(loadedItems)
      items.insert(item, at: LocalState.index(of: position, in: items) ?? 0)
      setLoaded(items)
    case .move(let id, let position):
      var items = Array(loadedItems)
      guard let from = items.firstIndex(where: { $0.id == id }) else { return }
      let item = items.remove(at: from)
      items.insert(item, at: LocalState.index(of: position, in: items) ?? from)
      setLoaded(items)
    }
    windowChanged(keeping: top)
  }

  /// Replaces the loaded item with `item`'s id, in place when it stays shown (or hidden).
  private mutating func update(_ item: Item) {
    guard let filter = local.filter, var loaded = local.loaded else {
      store.replace(item)
      return
    }
    local.loaded = nil  // uniquely referenced while it changes
    loaded.replace(item)
    local.loaded = loaded
    let shown = filter(item)
    if shown, store.contains(id: item.id) {
      store.replace(item)
    } else if shown || store.contains(id: item.id) {
      store = ItemStore(loaded.items.filter(filter))
    }
  }

  /// Makes `items` the loaded items (ids unique), and the ones the filter accepts the shown
  /// ones.
  private mutating func setLoaded(_ items: [Item]) {
    if let filter = local.filter {
      local.loaded = ItemStore(items)
      store = ItemStore(items.filter(filter))
    } else {
      store = ItemStore(items)
    }
  }

  /// After the shown items changed outside a commit: notes the change, re-reads the visible
  /// rows' positions, keeps the top visible row still when it moved, and checks the edges.
  private mutating func windowChanged(keeping top: (id: Item.ID, position: Int)?) {
    itemsChanged = true
    local.changesOutsideCommits += 1
    let window = store
    viewport.recompute { window.position(of: $0) }
    if let top, let now = window.position(of: top.id), now != top.position {
      scrollAnchor = top.id
    }
    reevaluate()
  }

  /// Sets the display filter and shows what it accepts, at once and without a request; an
  /// edge loads only if a visible row is now within the prefetch distance of it.
  mutating func setFilter(_ filter: (@Sendable (Item) -> Bool)?) {
    let top = viewport.lowest.map { (id: store[$0].id, position: $0) }
    let all = local.loaded ?? store
    local.filter = filter
    if let filter {
      local.loaded = all
      store = ItemStore(all.items.filter(filter))
    } else {
      local.loaded = nil
      store = all
    }
    windowChanged(keeping: top)
  }

  /// A query change: a new generation from the initial cursor that cancels whatever is in
  /// flight (it never joins it), with the old query's edits and cursors dropped. The same
  /// query again is ``PagingEvent/start``.
  mutating func changeQuery(_ query: QueryValue?, _ transition: QueryTransition) {
    guard query != local.query else {
      start(at: origin, explicitly: false)
      return
    }
    local.query = query
    local.dropEdits()
    beginRefresh(at: configuration.initialCursor)
    // The old window's cursors belong to the old query: neither edge may load from them.
    prepend = Edge()
    append = Edge()
    switch transition {
    case .clear:
      if !store.isEmpty {
        itemsChanged = true
        local.changesOutsideCommits += 1
      }
      store = ItemStore()
      if local.loaded != nil { local.loaded = ItemStore() }
      viewport = Viewport()
      scrollAnchor = nil
      local.showingPreviousQuery = false
    case .keepPrevious:
      // Rows hidden by the filter count: a filter change would show them.
      local.showingPreviousQuery = !(local.loaded ?? store).isEmpty
    }
  }

  // MARK: Commits

  /// Adds a page's items at an edge, with the edits in force applied; with a filter, every new
  /// item joins the loaded items and the accepted ones the shown items.
  /// - Returns: What the shown items gained (a page of hidden items inserts nothing, so a run
  ///   of them counts towards ``PagingConfiguration/maxPagesWithoutNewItems``).
  mutating func commitItems(_ page: [Item], atFront: Bool) -> ItemStore<Item>.InsertionResult {
    let policy = configuration.duplicatePolicy
    let items = local.overlay(page)
    guard let filter = local.filter, var loaded = local.loaded else {
      return atFront
        ? store.prepend(contentsOf: items, policy: policy)
        : store.append(contentsOf: items, policy: policy)
    }
    let shown = items.filter {
      filter($0) && (store.contains(id: $0.id) || !loaded.contains(id: $0.id))
    }
    local.loaded = nil
    if atFront {
      loaded.prepend(contentsOf: items, policy: policy)
    } else {
      loaded.append(contentsOf: items, policy: policy)
    }
    local.loaded = loaded
    return atFront
      ? store.prepend(contentsOf: shown, policy: policy)
      : store.append(contentsOf: shown, policy: policy)
  }

  /// Replaces the window with a refresh's items: edits made before this refresh began are
  /// dropped (the server's answer wins), later ones applied; the previous query's rows go.
  mutating func replaceWindow(with page: [Item]) -> ItemStore<Item>.InsertionResult {
    let policy = configuration.duplicatePolicy
    local.keepEdits(from: generation)
    local.showingPreviousQuery = false
    let items = local.overlayRefresh(page)
    guard let filter = local.filter else { return store.replaceAll(with: items, policy: policy) }
    local.loaded = ItemStore(items, policy: policy)
    return store.replaceAll(with: items.filter(filter), policy: policy)
  }
}
