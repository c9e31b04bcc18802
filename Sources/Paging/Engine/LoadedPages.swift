/// The page boundaries of a window: for each loaded page, in list order, the cursor that
/// loaded it, the cursors the source returned with it, and how many of the window's items it
/// holds (its new items: duplicates dropped at its commit are not counted).
///
/// The memory cap (``PagingConfiguration``'s `maxSize`) drops whole pages at an edge and points
/// that edge's chain at the dropped page's cursor, so that scrolling back loads it again; a
/// refresh around the anchored row (``RefreshPolicy/aroundAnchor``) reloads the page that
/// holds it from its cursor. A page is recorded at either end in O(1) (amortised): the pages
/// sit on two sides, as the items do, so a prepend at a million items copies nothing; a drop,
/// which only happens under a cap (so among few pages), may cost O(pages).
@usableFromInline
package struct LoadedPages<Cursor: Hashable & Sendable>: Sendable, Equatable {
  /// One loaded page.
  @usableFromInline
  package struct Entry: Sendable, Equatable {
    /// The cursor its request carried (`nil`: the source's first page).
    package var cursor: Cursor?
    /// The items of the window it holds.
    package var count: Int
    /// The page's previous cursor, as the source returned it.
    package var previousCursor: Cursor?
    /// The page's next cursor, as the source returned it.
    package var nextCursor: Cursor?

    /// Creates an entry.
    package init(cursor: Cursor?, count: Int, previousCursor: Cursor?, nextCursor: Cursor?) {
      self.cursor = cursor
      self.count = count
      self.previousCursor = previousCursor
      self.nextCursor = nextCursor
    }
  }

  /// The pages before ``back``, the first page last.
  private var front: [Entry]
  /// The pages after ``front``, in list order.
  private var back: [Entry]

  /// The pages in list order.
  /// - Complexity: O(pages).
  package var entries: [Entry] { front.reversed() + back }

  /// The first page.
  package var first: Entry? { front.last ?? back.first }

  /// The last page.
  package var last: Entry? { back.last ?? front.first }
  /// What lies before the first page, beyond the prepend chain, innermost last: the chain the
  /// prepend edge takes again each time a page is prepended that came without a previous
  /// cursor. A drop at the top pushes the chain it replaces when the new first page has no
  /// previous cursor, so that a feed whose pages give none can still be scrolled back through
  /// every dropped page: O(pages dropped) cursors for such a feed, none for a source that
  /// gives previous cursors.
  package var beyondFirst: [PageChain<Cursor>]
  /// What lies after the last page, beyond the append chain, innermost last (as
  /// ``beyondFirst``, for pages that come without a next cursor).
  package var beyondLast: [PageChain<Cursor>]
  /// How many pages the memory cap dropped before the first page (after the last one) in this
  /// generation that have not loaded again: while any has not, that edge reloads ahead of the
  /// user at the reload distance (rulebook R26).
  @usableFromInline package var droppedBeforeFirst: Int
  /// See ``droppedBeforeFirst``.
  @usableFromInline package var droppedAfterLast: Int

  /// No page.
  package init() {
    front = []
    back = []
    beyondFirst = []
    beyondLast = []
    droppedBeforeFirst = 0
    droppedAfterLast = 0
    itemCount = 0
  }

  /// The number of pages.
  package var count: Int { front.count + back.count }

  /// The window's items, summed over the pages.
  package private(set) var itemCount: Int

  /// Forgets every page and records `page` as the only one (a refresh committed).
  mutating func reset(to page: Entry) {
    front = []
    back = [page]
    itemCount = page.count
    beyondFirst = []
    beyondLast = []
    droppedBeforeFirst = 0
    droppedAfterLast = 0
  }

  /// Records a page after the last one. O(1) amortised.
  mutating func append(_ page: Entry) {
    back.append(page)
    itemCount += page.count
  }

  /// Records a page before the first one. O(1) amortised.
  mutating func prepend(_ page: Entry) {
    front.append(page)
    itemCount += page.count
  }

  /// Forgets the first page: O(1), or O(pages) when every page was appended.
  @discardableResult mutating func removeFirst() -> Entry {
    let page = front.popLast() ?? back.removeFirst()
    itemCount -= page.count
    return page
  }

  /// Forgets the last page: O(1), or O(pages) when every page was prepended.
  @discardableResult mutating func removeLast() -> Entry {
    let page = back.popLast() ?? front.removeFirst()
    itemCount -= page.count
    return page
  }

  /// Replaces the pages (a restored window).
  mutating func replace(with pages: [Entry]) {
    front = []
    back = pages
    itemCount = pages.reduce(0) { $0 + $1.count }
  }

  /// Two windows are equal when they hold the same pages in the same order and the same
  /// chains beyond them, however their pages are split between the two sides.
  @usableFromInline package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.entries == rhs.entries && lhs.beyondFirst == rhs.beyondFirst
      && lhs.beyondLast == rhs.beyondLast && lhs.droppedBeforeFirst == rhs.droppedBeforeFirst
      && lhs.droppedAfterLast == rhs.droppedAfterLast
  }

  /// Adds `delta` to the count of the page that holds the item at `position` (an edit removed
  /// or inserted a row there); with no page holding it, to the last page. Nothing without pages.
  /// - Complexity: O(pages).
  mutating func changeCount(ofPageHolding position: Int, by delta: Int) {
    guard count > 0 else { return }
    let index = page(holding: position)?.index ?? count - 1
    if index < front.count {
      front[front.count - 1 - index].count += delta
    } else {
      back[index - front.count].count += delta
    }
    itemCount += delta
  }

  /// Replaces every page's count (a re-fetch of the loaded pages committed under edits).
  /// - Parameter counts: One count per page, in list order.
  /// - Complexity: O(pages).
  mutating func setCounts(_ counts: [Int]) {
    precondition(counts.count == count, "one count per page")
    var pages = entries
    for index in pages.indices { pages[index].count = counts[index] }
    replace(with: pages)
  }

  /// The index of the page that holds the item at `position`, and the position of that page's
  /// first item; `nil` when no page holds it.
  /// - Complexity: O(pages).
  package func page(holding position: Int) -> (index: Int, start: Int)? {
    // Walks the two sides in place: `entries` would copy every page first.
    var start = 0
    var index = 0
    for entry in front.reversed() {
      if position < start + entry.count { return (index, start) }
      start += entry.count
      index += 1
    }
    for entry in back {
      if position < start + entry.count { return (index, start) }
      start += entry.count
      index += 1
    }
    return nil
  }
}

extension LoadedPages {
  /// A copy of `pages`, every field hashed into `fingerprint` but the item count, which is
  /// their counts' sum (``PagingStateMachine/hashInternals(into:rank:)``).
  init(projecting pages: Self, into fingerprint: inout StateFingerprint<Cursor>) {
    // In list order, however the pages are split between the two sides.
    for entry in pages.front.reversed() + pages.back {
      fingerprint.hasher.combine(entry.cursor)
      fingerprint.hasher.combine(entry.count)
      fingerprint.hasher.combine(entry.previousCursor)
      fingerprint.hasher.combine(entry.nextCursor)
    }
    fingerprint.hasher.combine(pages.count)
    front = pages.front
    back = pages.back
    beyondFirst = pages.beyondFirst.map { fingerprint.chain($0) }
    fingerprint.hasher.combine(pages.beyondFirst.count)
    beyondLast = pages.beyondLast.map { fingerprint.chain($0) }
    droppedBeforeFirst = fingerprint.value(pages.droppedBeforeFirst)
    droppedAfterLast = fingerprint.value(pages.droppedAfterLast)
    itemCount = pages.itemCount
  }
}
