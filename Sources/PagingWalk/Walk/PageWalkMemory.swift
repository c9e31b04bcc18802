import Paging

/// What a ``PageWalk`` remembers of the pages it returned, bounded at any length (rulebook
/// R29): the ids of at least its last ``PageWalkOptions``'s `rememberedPages` pages (at most twice
/// that many), and the cursors of its last ``PageWalkOptions``'s `rememberedPages` pages plus one
/// more, a checkpoint moved to the cursor of page 1, 2, 4, 8, ... (Brent's cycle detection).
///
/// A cursor whose page is remembered ends the walk at once with
/// `PagingError.repeatedCursor(_:)`; a longer cycle returns to the checkpoint once the
/// checkpoint is on it, within about twice the pages before it plus twice its length. An id
/// is dropped as a duplicate while its page is remembered, which is where offset drift puts a
/// repeated item: the page before, or a few before.
package struct PageWalkMemory<Cursor: Hashable & Sendable>: Sendable {
  /// The pages remembered, at least 1.
  package let pages: Int
  let removesDuplicates: Bool
  /// The cursors of the last `pages` pages, oldest first from `oldest`.
  private var recent: [Cursor] = []
  private var oldest = 0
  private var checkpoint: Cursor?
  private var committed = 0
  /// The cursor of the page the walk loads next (`nil`: the source's first page).
  private var cursor: Cursor?

  package init(from cursor: Cursor?, options: PageWalkOptions) {
    pages = max(1, options.rememberedPages)
    removesDuplicates = options.removesDuplicates
    self.cursor = cursor
    recent.reserveCapacity(min(pages, 1_024))
  }

  /// Records that a page with `nextCursor` committed, and makes the machine forget what lies
  /// outside the memory: the ids of older pages, and cursors that are neither recent nor the
  /// checkpoint.
  /// - Complexity: O(1) amortised per page, plus O(*n*) for the *n* ids kept whenever older
  ///   pages' ids are forgotten (every `pages` pages, so amortised O(1) per item).
  package mutating func committed<Key>(
    nextCursor: Cursor?, in machine: inout PagingStateMachine<Key, Cursor>
  ) {
    committed += 1
    if let loaded = cursor { remember(loaded, in: &machine) }
    cursor = nextCursor
    if removesDuplicates {
      if machine.pages.count > 2.saturatingMultiplying(by: pages) {
        machine.forgetPages(keepingLast: pages)
      }
    } else {
      machine.forgetWindow()
    }
  }

  private mutating func remember<Key>(
    _ loaded: Cursor, in machine: inout PagingStateMachine<Key, Cursor>
  ) {
    if recent.count < pages {
      recent.append(loaded)
    } else {
      let evicted = recent[oldest]
      recent[oldest] = loaded
      oldest = (oldest + 1) % pages
      if evicted != checkpoint { machine.forgetCommittedCursor(evicted) }
    }
    // Brent: the checkpoint moves at each power of two.
    guard committed & (committed - 1) == 0 else { return }
    if let previous = checkpoint, !recent.contains(previous) {
      machine.forgetCommittedCursor(previous)
    }
    checkpoint = loaded
  }
}
