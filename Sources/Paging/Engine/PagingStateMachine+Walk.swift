// What a machine that hands each page on (a `PageWalk`) does under its walk memory
// (WalkMemory): a window that does not grow with the walk.

extension PagingStateMachine {
  /// Forgets the window's items and page boundaries, between loads, and keeps everything the
  /// rules go on from: both chains (where the next page starts, or the end), the cursors
  /// committed in this generation (a cycle still ends in ``PagingError/repeatedCursor(_:)``),
  /// each edge's activity and its run of pages without new items, the generation, and the
  /// request and retry numbers. The next commit sees an empty window, so its items count as
  /// new unless they repeat within their page.
  ///
  /// For a machine that passes each committed page on and keeps no list (a walk): its memory
  /// then grows by one cursor per page, not with the items. Applied by
  /// ``applyWalkMemory(after:)`` after a commit, when no load is in flight; a walk sets no
  /// filter and makes no edit.
  /// - Complexity: O(*n*) to release *n* items.
  mutating func forgetWindow() {
    assert(
      loadsInFlight.isEmpty && local.filter == nil && local.hasNoEdits,
      "forgetWindow() needs a window without loads in flight, a filter or edits")
    store = ItemStore()
    pages = LoadedPages()
    viewport = Viewport()
    scrollAnchor = nil
  }
}

extension PagingStateMachine {
  /// The number of cursors the repeated-cursor guard holds (R11).
  package var committedCursorCount: Int { committedCursors.count }
}

extension PagingStateMachine {
  /// A request for the page at `cursor`, in the direction of the next page and the current
  /// generation, numbered as the machine's next request, for a walk that loads pages ahead at
  /// cursors it planned (PagingWalk's parallel pages): the walk sends it itself and hands its
  /// page to the machine when the machine's own load reaches that cursor. The machine keeps no
  /// record of it; only its number is taken, so that a later request still has a larger id.
  /// - Parameter cursor: The planned cursor.
  /// - Returns: The request.
  package mutating func plannedRequest(at cursor: Cursor) -> PageRequest<Cursor> {
    reservePlannedRequest()(cursor)
  }

  /// Takes the number of a planned request now, for a cursor known later (a walk's next page
  /// asked for while the page before it decodes): the request, as ``plannedRequest(at:)``
  /// makes it, for the cursor it is given.
  /// - Returns: The request for a cursor.
  package mutating func reservePlannedRequest() -> @Sendable (Cursor) -> PageRequest<Cursor> {
    let id = PageRequestID(rawValue: nextRequestNumber)
    let generation = generation
    let query = local.query?.value
    nextRequestNumber += 1
    return { cursor in
      PageRequest(
        id: id, direction: .append, cursor: cursor, generation: generation, query: query)
    }
  }

  /// The cursors whose pages committed and are remembered (a walk's last pages): a page that
  /// names one of them as its next is a repeat, which a walk never asks for ahead.
  package var rememberedCursors: Set<Cursor> { committedCursors }
}
