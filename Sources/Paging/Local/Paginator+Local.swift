// Paginator's local edits, query and display filter: thin calls into the state machine
// (PagingStateMachine+Local), which decides everything.

extension Paginator {
  // MARK: Edits

  /// Changes the loaded item with `id` at once, and keeps the change through every later
  /// commit of this generation: a page that was already loading cannot bring the old version
  /// back (rulebook R23, fault class 22). A refresh that begins later replaces it with the
  /// server's version.
  ///
  /// ```swift
  /// try feed.update(id: post.id) { $0.isLiked = true }
  /// try await api.like(post.id)
  /// ```
  /// - Parameters:
  ///   - id: The id of a loaded item, shown or hidden by ``filter``.
  ///   - body: Changes the item; it must keep the id.
  /// - Throws: ``PagingEditError/itemNotLoaded`` or ``PagingEditError/idChanged``; nothing
  ///   changes then.
  /// - Complexity: O(1) on average; O(*n*) when the change shows or hides the item under
  ///   ``filter``. ``items`` changes once.
  package func update(id: Item.ID, _ body: (inout Item) -> Void) throws(PagingEditError) {
    guard var item = machine.store[id: id] else {
      throw .itemNotLoaded
    }
    body(&item)
    guard item.id == id else { throw .idChanged }
    try edit(.update(item))
  }

  /// Puts a new item among the loaded items (the post the user just wrote), at once; a later
  /// page of this generation that carries its id does not show it twice.
  /// - Parameters:
  ///   - item: The new item; its id must not be loaded.
  ///   - position: ``EditPosition/start``, ``EditPosition/end``, or after or before a loaded
  ///     item.
  /// - Throws: ``PagingEditError/duplicateID`` or ``PagingEditError/itemNotLoaded``.
  /// - Complexity: O(*n*) for *n* loaded items. ``items`` changes once.
  package func insert(_ item: Item, at position: EditPosition<Item.ID>) throws(PagingEditError) {
    try edit(.insert(item, at: position))
  }

  /// Puts a new item right after the loaded item with id `id`; see `insert(_:at:)`.
  /// - Parameters:
  ///   - item: The new item.
  ///   - id: A loaded item's id.
  /// - Throws: ``PagingEditError``.
  /// - Complexity: O(*n*) for *n* loaded items.
  package func insert(_ item: Item, after id: Item.ID) throws(PagingEditError) {
    try edit(.insert(item, at: .after(id)))
  }

  /// Puts a new item right before the loaded item with id `id`; see `insert(_:at:)`.
  /// - Parameters:
  ///   - item: The new item.
  ///   - id: A loaded item's id.
  /// - Throws: ``PagingEditError``.
  /// - Complexity: O(*n*) for *n* loaded items.
  package func insert(_ item: Item, before id: Item.ID) throws(PagingEditError) {
    try edit(.insert(item, at: .before(id)))
  }

  /// Takes the item with `id` out at once; no later page of this generation brings it back,
  /// even one that was already loading (fault class 22). An id that is not loaded is
  /// remembered all the same.
  /// - Parameter id: An item id.
  /// - Complexity: O(*n*) for *n* loaded items. ``items`` changes once, if the item was
  ///   shown.
  package func remove(id: Item.ID) {
    try? edit(.remove(id))
  }

  /// Moves the loaded item with `id` to another position, at once.
  /// - Parameters:
  ///   - id: A loaded item's id.
  ///   - position: Where it goes.
  /// - Throws: ``PagingEditError``.
  /// - Complexity: O(*n*) for *n* loaded items.
  package func move(id: Item.ID, to position: EditPosition<Item.ID>) throws(PagingEditError) {
    try edit(.move(id, to: position))
  }

  /// Moves the loaded item with `id` right after the loaded item with id `other`.
  /// - Parameters:
  ///   - id: A loaded item's id.
  ///   - other: Another loaded item's id.
  /// - Throws: ``PagingEditError``.
  /// - Complexity: O(*n*) for *n* loaded items.
  package func move(id: Item.ID, after other: Item.ID) throws(PagingEditError) {
    try edit(.move(id, to: .after(other)))
  }

  /// Changes the loaded items at once, before the server knows of it: a like, a deletion, the
  /// post the user just wrote. The change is kept through every later commit of this
  /// generation: a page that was already loading cannot bring an old version back, nor a
  /// removed item, nor show an inserted one twice (rulebook R23, fault class 22). A refresh
  /// that begins later replaces the window with the server's version.
  ///
  /// ```swift
  /// var liked = post
  /// liked.isLiked = true
  /// try feed.edit(.update(liked))         // throws PagingEditError if not loaded
  /// try feed.edit(.remove(post.id))       // never throws: an id not loaded is remembered
  /// try feed.edit(.insert(draft, at: .start))
  /// try feed.edit(.move(post.id, to: .after(other.id)))
  /// ```
  /// - Parameter edit: The edit (``PagingEdit``); positions are among the loaded items, shown
  ///   or hidden by ``filter``.
  /// - Throws: ``PagingEditError`` when it cannot be applied; nothing changes then.
  /// - Complexity: O(*n*) for *n* loaded items; O(1) on average for an `.update` that does not
  ///   show or hide the item under ``filter``. ``items`` changes once, if a shown item changed.
  public func edit(_ edit: PagingEdit<Item>) throws(PagingEditError) {
    try machine.validate(edit)
    send(.edit(edit))
  }

  // MARK: Query

  /// The query of the current generation; `nil` until ``setQuery(_:transition:)``.
  public var query: (any Hashable & Sendable)? {
    observe(keyPaths.query)
    return machine.query
  }

  /// Whether the rows shown are still those of the previous query: after a
  /// ``QueryTransition/keepPrevious`` change, until the new query's first page commits (or
  /// for good, beside ``refreshState``'s error, if it fails). Observed.
  public var isShowingPreviousQuery: Bool {
    observe(keyPaths.isShowingPreviousQuery)
    return machine.isShowingPreviousQuery
  }

  /// Shows the results of `query`: starts a new generation from the initial cursor that
  /// cancels every load in flight (it never joins one: rulebook R24, fault class 23), and
  /// waits until its first page's request ends: the page committed, or it failed (an automatic
  /// retry the policy schedules then runs by itself, and ``refreshState`` shows the failure
  /// until it ends). Every request then carries the query
  /// (``PageRequest/query``). The same query as now behaves as ``start(at:)``, so
  /// `.task(id: text) { await results.setQuery(text) }` may run as often as SwiftUI likes.
  ///
  /// Debouncing stays the app's: wait on a clock before the call, in a task that the next
  /// keystroke cancels (`pagingQuery(_:of:transition:debounce:clock:)` in `PagingSwiftUI`
  /// does it):
  ///
  /// ```swift
  /// .task(id: text) {
  ///   do { try await clock.sleep(for: .milliseconds(300)) } catch { return }  // typing on
  ///   await results.setQuery(text, transition: .keepPrevious)
  /// }
  /// ```
  /// - Parameters:
  ///   - query: The new query (search text, a filter chip's value).
  ///   - transition: ``QueryTransition/clear`` (default) empties the list at once;
  ///     ``QueryTransition/keepPrevious`` keeps the old rows, flagged by
  ///     ``isShowingPreviousQuery``, until the new first page replaces them.
  /// - Complexity: O(*n*) for the *n* items it clears or replaces, besides waiting for the load.
  public func setQuery(
    _ query: some Hashable & Sendable, transition: QueryTransition = .clear
  ) async {
    await showQuery(query, transition: transition)
  }

  /// Shows the list without a query, as before the first ``setQuery(_:transition:)``: a new
  /// generation whose requests carry no ``PageRequest/query``, under the same rules (a search
  /// field cleared back to the full list). Without a query now, it behaves as ``start(at:)``.
  /// - Parameter transition: ``QueryTransition/clear`` (default) empties the list at once;
  ///   ``QueryTransition/keepPrevious`` keeps the old rows until the first page replaces them.
  /// - Complexity: O(*n*) for the *n* items it clears or replaces, besides waiting for the load.
  public func clearQuery(transition: QueryTransition = .clear) async {
    await showQuery(nil, transition: transition)
  }

  /// Starts the generation of `query` (`nil`: none) and waits for its first page.
  private func showQuery(
    _ query: (any Hashable & Sendable)?, transition: QueryTransition
  ) async {
    send(.setQuery(query, transition: transition))
    while let request = machine.refresh.request, !Task.isCancelled {
      await waitForRequest(request.id)
    }
  }

  // MARK: Filter

  /// The display filter: ``items`` holds the loaded items it accepts (`nil`: all). Setting it
  /// shows the result at once and loads nothing unless a visible row is then near an edge;
  /// the prefetch distance counts shown rows, and a page that adds no shown row loads the
  /// next (up to the configuration's `maxPagesWithoutNewItems` pages in a row, then
  /// ``PagingError/noNewItems(pages:)``; rulebook R25, fault class 24).
  ///
  /// ```swift
  /// feed.filter = { [muted] post in !muted.contains(post.author) }
  /// ```
  /// - Complexity: Setting it is O(*n*) for *n* loaded items; each commit tests the page's
  ///   new items once.
  public var filter: (@Sendable (Item) -> Bool)? {
    get {
      observe(keyPaths.filter)
      return machine.filter
    }
    set { send(.setFilter(newValue)) }
  }

}
