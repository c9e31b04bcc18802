/// The pages of a window: for each loaded page, in list order, the cursor that loaded it, the
/// cursors the source returned with it, and how many of the window's chunks it owns (its new
/// items go into chunks of their own at its commit; duplicates dropped then take none). A
/// page's rows are the rows of its chunks, so how many it holds, where it starts and which
/// page holds a row are read off the window (``PagingStateMachine/rowCounts``), never counted
/// beside it: an edit changes the rows of a chunk, not the chunks a page owns.
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
    /// The window's chunks it owns, after those of the pages before it: set when it commits
    /// and never changed.
    package var chunks: Int
    /// The page's previous cursor, as the source returned it.
    package var previousCursor: Cursor?
    /// The page's next cursor, as the source returned it.
    package var nextCursor: Cursor?
    /// How many of the source's rows lie before the page, as its answer said (``Page/itemsBefore``).
    package var itemsBefore: Int? {
      get { Self.count(storedBefore) }
      set { storedBefore = Self.stored(newValue) }
    }
    /// How many of the source's rows lie after the page, as its answer said (``Page/itemsAfter``).
    package var itemsAfter: Int? {
      get { Self.count(storedAfter) }
      set { storedAfter = Self.stored(newValue) }
    }
    /// The two counts as plain integers, `Int.min` for `nil` (no page's count: the engine
    /// commits only counts of 0 or more): an `Int?` takes 16 bytes in the entry, an `Int` 8,
    /// and a list of a million rows keeps tens of thousands of entries.
    private var storedBefore: Int
    private var storedAfter: Int

    private static func count(_ stored: Int) -> Int? { stored == .min ? nil : stored }
    private static func stored(_ count: Int?) -> Int { count ?? .min }

    /// Creates an entry.
    package init(
      cursor: Cursor?, chunks: Int, previousCursor: Cursor?, nextCursor: Cursor?,
      itemsBefore: Int? = nil, itemsAfter: Int? = nil
    ) {
      self.cursor = cursor
      self.chunks = chunks
      self.previousCursor = previousCursor
      self.nextCursor = nextCursor
      self.storedBefore = Self.stored(itemsBefore)
      self.storedAfter = Self.stored(itemsAfter)
    }

    /// An entry for `page`, loaded at `cursor`, that owns `chunks` chunks.
    init<Item>(_ page: Page<Item, Cursor>, at cursor: Cursor?, chunks: Int) {
      self.init(
        cursor: cursor, chunks: chunks, previousCursor: page.previousCursor,
        nextCursor: page.nextCursor, itemsBefore: page.itemsBefore, itemsAfter: page.itemsAfter)
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
  /// The cursors the cap dropped beyond each edge that the other edge must not load.
  package var droppedCursors: DroppedCursorCheck<Cursor>

  /// No page.
  package init() {
    front = []
    back = []
    beyondFirst = []
    beyondLast = []
    droppedBeforeFirst = 0
    droppedAfterLast = 0
    droppedCursors = DroppedCursorCheck()
  }

  /// The number of pages.
  package var count: Int { front.count + back.count }

  /// Forgets every page and records `page` as the only one (a refresh committed).
  mutating func reset(to page: Entry) {
    self = LoadedPages()
    back = [page]
  }

  /// Records a page after the last one. O(1) amortised.
  mutating func append(_ page: Entry) {
    back.append(page)
    droppedCursors.grew(atStart: false)
  }

  /// Records a page before the first one. O(1) amortised.
  mutating func prepend(_ page: Entry) {
    front.append(page)
    droppedCursors.grew(atStart: true)
  }

  /// Forgets the first page: O(1), or O(pages) when every page was appended.
  @discardableResult mutating func removeFirst() -> Entry {
    front.popLast() ?? back.removeFirst()
  }

  /// Forgets the last page: O(1), or O(pages) when every page was prepended.
  @discardableResult mutating func removeLast() -> Entry {
    back.popLast() ?? front.removeFirst()
  }

  /// Replaces the pages (a restored window).
  mutating func replace(with pages: [Entry]) {
    front = []
    back = pages
  }

  /// Two windows are equal when they hold the same pages in the same order and the same
  /// chains beyond them, however their pages are split between the two sides.
  @usableFromInline package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.entries == rhs.entries && lhs.beyondFirst == rhs.beyondFirst
      && lhs.beyondLast == rhs.beyondLast && lhs.droppedBeforeFirst == rhs.droppedBeforeFirst
      && lhs.droppedAfterLast == rhs.droppedAfterLast && lhs.droppedCursors == rhs.droppedCursors
  }

  /// The chunks each page owns, in list order.
  /// - Complexity: O(pages).
  package var chunkCounts: [Int] {
    // Closures, not key paths: a key path into a generic type is instantiated at each call.
    var counts: [Int] = []
    counts.reserveCapacity(front.count + back.count)
    for entry in front.reversed() { counts.append(entry.chunks) }
    for entry in back { counts.append(entry.chunks) }
    return counts
  }
}

extension LoadedPages {
  /// A copy of `pages`, every field hashed into `fingerprint` but the chunks, which lay out
  /// the rows the fingerprint hashes page by page (``PagingStateMachine/hashInternals(into:rank:)``).
  init(projecting pages: Self, into fingerprint: inout StateFingerprint<Cursor>) {
    // In list order, however the pages are split between the two sides. Rebuilt through the
    // entry's initialiser, so that a field added to it is hashed or named here.
    func project(_ entry: Entry) -> Entry {
      Entry(
        cursor: fingerprint.value(entry.cursor), chunks: entry.chunks,
        previousCursor: fingerprint.value(entry.previousCursor),
        nextCursor: fingerprint.value(entry.nextCursor),
        itemsBefore: fingerprint.value(entry.itemsBefore),
        itemsAfter: fingerprint.value(entry.itemsAfter))
    }
    let projected = (pages.front.reversed() + pages.back).map(project)
    fingerprint.hasher.combine(pages.count)
    front = Array(projected[..<pages.front.count].reversed())
    back = Array(projected[pages.front.count...])
    beyondFirst = pages.beyondFirst.map { fingerprint.chain($0) }
    fingerprint.hasher.combine(pages.beyondFirst.count)
    beyondLast = pages.beyondLast.map { fingerprint.chain($0) }
    droppedBeforeFirst = fingerprint.value(pages.droppedBeforeFirst)
    droppedAfterLast = fingerprint.value(pages.droppedAfterLast)
    droppedCursors = fingerprint.value(pages.droppedCursors)
  }
}
