// Taking a snapshot of the window and restoring one (rulebook R28).

extension PagingStateMachine
where Item: Codable, Item.ID: Codable, Cursor: Codable {
  /// A `Codable` copy of the window: pages (with their rows as edited, shown or hidden by the
  /// filter), chains, the list's identity, as the anchor the top visible row (else the
  /// scroll anchor), the row whose page a refresh around the anchor would reload now, and
  /// whether the rows are a previous query's.
  /// - Complexity: O(*n*) for *n* items.
  package func snapshot() -> PagingSnapshot<Item, Cursor> {
    var handle = store.items.firstChunk
    let pages = self.pages.entries.map { entry in
      defer { handle += entry.chunks }
      return PagingSnapshot<Item, Cursor>.Page(
        cursor: entry.cursor,
        items: (handle..<handle + entry.chunks).flatMap { store.items.items(ofChunk: $0) },
        previousCursor: entry.previousCursor, nextCursor: entry.nextCursor,
        itemsBefore: entry.itemsBefore, itemsAfter: entry.itemsAfter)
    }
    return PagingSnapshot(
      format: PagingSnapshot<Item, Cursor>.currentFormat,
      types: PagingSnapshot<Item, Cursor>.typeNames, initialCursor: configuration.initialCursor,
      origin: origin, pages: pages, prepend: .init(prepend.chain), append: .init(append.chain),
      beyondFirst: self.pages.beyondFirst.map(PagingSnapshot.Chain.init),
      beyondLast: self.pages.beyondLast.map(PagingSnapshot.Chain.init),
      anchor: viewport.lowest.map { shown[$0].id } ?? scrollAnchor,
      refreshRow: anchoredPage?.row, query: local.query.map(SavedQuery.init),
      showsPreviousQuery: local.showingPreviousQuery ? true : nil,
      position: configuration.jumpCursor == nil
        ? nil : (shownPositions?.lowerBound ?? restoredPosition))
  }

  /// Shows a snapshot's window as if its pages had just committed, in a new generation, with
  /// both edges idle, under the snapshot's query. Only on a machine that has loaded nothing;
  /// a snapshot of a list with another initial cursor, or whose query cannot be read back,
  /// changes nothing, and one without pages (taken while a search's first page loaded) brings
  /// back its query only, so that the first load asks what the live list asked.
  /// - Parameter snapshot: The window to show.
  /// - Throws: ``PagingSnapshotError/otherList``; ``PagingSnapshotError/queryNotRestorable``.
  /// - Complexity: O(*n*) for *n* items.
  package mutating func restore(_ snapshot: PagingSnapshot<Item, Cursor>)
    throws(PagingSnapshotError)
  {
    guard snapshot.initialCursor == configuration.initialCursor else { throw .otherList }
    guard !hasLoadedFirstPage, refresh.request == nil else { return }
    // Read first: a list restored without its query would refresh as another list (R28).
    let query = try snapshot.query.map { saved throws(PagingSnapshotError) in
      guard let query = saved.restored() else { throw .queryNotRestorable }
      return query
    }
    guard !snapshot.pages.isEmpty else {
      if let query { local.query = query }
      return
    }
    local.query = query
    local.showingPreviousQuery = snapshot.showsPreviousQuery == true
    let chunks = store.replaceAll(withPages: snapshot.pages.map(\.items))
    let entries = zip(snapshot.pages, chunks).map { page, chunks in
      LoadedPages<Cursor>.Entry(
        cursor: page.cursor, chunks: chunks, previousCursor: page.previousCursor,
        nextCursor: page.nextCursor, itemsBefore: page.itemsBefore.map { Swift.max(0, $0) },
        itemsAfter: page.itemsAfter.map { Swift.max(0, $0) })
    }
    committedCursors.formUnion(snapshot.pages.compactMap { committedCursor(of: $0.cursor) })
    pages.replace(with: entries)
    pages.beyondFirst = snapshot.beyondFirst.map(\.chain)
    pages.beyondLast = snapshot.beyondLast.map(\.chain)
    prepend.chain = snapshot.prepend.chain
    append.chain = snapshot.append.chain
    origin = snapshot.origin
    windowIsFromOrigin = true
    generation = generation.next
    scrollAnchor = snapshot.anchor.flatMap { store.contains(id: $0) ? $0 : nil }
    // A snapshot of format 1 has none: the row kept in place is the refresh's row too.
    restoredRefreshRow = snapshot.refreshRow.flatMap { store.contains(id: $0) ? $0 : nil }
    restoredPosition = snapshot.position.map { Swift.max(0, $0) }
  }
}
