import Paging
import PagingTestSupport
import Testing

/// A row with a flag the app edits (a like) and a filter reads.
private struct Post: Identifiable, Sendable, Hashable, Codable {
  let id: Int
  var flagged = false
}

private typealias PostMachine = PagingStateMachine<Post, Int>

/// A search screen's query of the app's own type (internal: the runtime finds a type by its
/// name only when it is not private).
struct Search: Hashable, Sendable, Codable {
  var text: String
  var tags: [String]
}

/// A query that is not `Codable`.
private struct Opaque: Hashable, Sendable { var text: String }

/// Posts with ids in `range`, none flagged.
private func posts(_ range: Range<Int>) -> [Post] { range.map { Post(id: $0) } }

/// Where two features of the engine meet: local edits and a refresh's retries (R23, R27), the
/// memory cap and a filter or an edit (R26, R25), the refresh around the anchor and edits or a
/// filter (R27), a snapshot and edits or a filter (R28), the duplicate policy and a filter (R10,
/// R25). Each failed on the engine whose page table ran beside its item store.
@Suite(.timeLimit(.minutes(minuteLimit))) struct SeamRegressionTests {
  /// One automatic retry after a second, no jitter.
  static let oneRetry = PagingConfiguration<Int>(
    prefetch: .fixed(6),
    retryPolicy: .exponentialBackoff(
      ExponentialBackoff(initialDelay: .seconds(1), maxAttempts: 1, jitter: 0)))

  /// A machine with pages of `size` rows loaded explicitly at cursors 0, size, 2·size, … (the
  /// first without a cursor) until it holds `count` rows; each page's next cursor is its end.
  private static func loadedPages(
    _ count: Int, size: Int, configuration: PagingConfiguration<Int>
  ) -> PostMachine {
    var machine = PostMachine(configuration: configuration)
    var load = machine.handle(.start).loads[0]
    var start = 0
    while true {
      let end = start + size
      _ = machine.handle(
        .loadCompleted(
          load.id,
          Page(items: posts(start..<end), nextCursor: end, previousCursor: nil)))
      start = end
      guard start < count, let next = machine.handle(.loadNextPage).loads.first else { break }
      load = next
    }
    return machine
  }

  // MARK: 1. Edits through a refresh's automatic retry (R23)

  /// A row removed and a row liked while a refresh loads stay removed and liked when the
  /// refresh's first attempt fails and its automatic retry commits a page that predates them.
  @Test
  func editsMadeDuringARefreshSurviveItsAutomaticRetry() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.oneRetry)
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.edit(.remove(5)))
    _ = machine.handle(.edit(.update(Post(id: 6, flagged: true))))
    let failed = machine.handle(.loadFailed(refresh.id, Boom()))
    guard case .scheduleRetry(let retry)? = failed.first else {
      Issue.record("no retry scheduled: \(failed)")
      return
    }
    let again = machine.handle(.retryTimerFired(retry.id)).loads[0]
    _ = machine.handle(.loadCompleted(again.id, Page(items: posts(0..<20), nextCursor: 20)))
    #expect(machine.items.map(\.id) == Array(0..<5) + Array(6..<20))
    #expect(machine.items.filter(\.flagged).map(\.id) == [6])
  }

  /// The same through a re-fetch of the loaded pages retried part-way: the edits made after it
  /// began, before and after the page that failed, hold when it commits.
  @Test
  func editsMadeDuringAnAllLoadedRefreshSurviveItsRetryPartWay() {
    var machine = Self.loadedPages(20, size: 10, configuration: Self.oneRetry)
    let first = machine.handle(.refreshWith(.allLoaded(limit: 10))).loads[0]
    #expect(first.cursor == nil)
    _ = machine.handle(.edit(.remove(3)))
    let second = machine.handle(
      .loadCompleted(first.id, Page(items: posts(0..<10), nextCursor: 10))
    )
    .loads[0]
    #expect(second.cursor == 10)
    _ = machine.handle(.edit(.remove(15)))
    let failed = machine.handle(.loadFailed(second.id, Boom()))
    guard case .scheduleRetry(let retry)? = failed.first else {
      Issue.record("no retry scheduled: \(failed)")
      return
    }
    let again = machine.handle(.retryTimerFired(retry.id)).loads[0]
    #expect(again.cursor == 10)
    _ = machine.handle(.loadCompleted(again.id, Page(items: posts(10..<20), nextCursor: 20)))
    #expect(machine.items.map(\.id) == Array(0..<3) + Array(4..<15) + Array(16..<20))
  }

  // MARK: 2. The cap with a filter or after an edit (R26)

  /// Scrolls a screen of 10 rows down to row `last`, one row at a time (the row 10 above
  /// disappears), completing every append with the next 20 rows.
  private static func scroll(_ machine: inout PostMachine, to last: Int) {
    for row in 0...last {
      var effects = machine.handle(.rowAppeared(.id(row)))
      if row >= 10 { _ = machine.handle(.rowDisappeared(.id(row - 10))) }
      while let load = effects.loads.first {
        let start = load.cursor ?? 0
        effects = machine.handle(
          .loadCompleted(load.id, Page(items: posts(start..<start + 20), nextCursor: start + 20)))
      }
    }
  }

  static let capped: PagingConfiguration<Int> = {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6), retryPolicy: .manual)
    configuration.maxSize = 60
    return configuration
  }()

  /// The reference: without a filter or an edit, 400 rows scrolled hold 60 rows in 3 pages.
  @Test
  func theCapHoldsWhenScrollingWithoutAFilter() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.capped)
    Self.scroll(&machine, to: 400)
    #expect(machine.items.count == 60)
    #expect(machine.items.first?.id == 360)
    #expect(machine.metrics.pagesDropped == 18)
  }

  /// A filter that accepts every row changes nothing the cap does.
  @Test
  func theCapHoldsWithAFilterThatAcceptsEveryRow() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.capped)
    _ = machine.handle(.setFilter { _ in true })
    Self.scroll(&machine, to: 400)
    #expect(machine.loadedItems.count == 60)
    #expect(machine.items.count == 60)
    #expect(machine.items.first?.id == 360)
    #expect(machine.metrics.pagesDropped == 18)
  }

  /// A filter that hides every other row: the cap counts the rows held, shown or hidden, and
  /// holds at most the cap plus a page (its hysteresis).
  @Test
  func theCapHoldsWithAFilterThatHidesRows() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.capped)
    _ = machine.handle(.setFilter { $0.id % 2 == 0 })
    for row in stride(from: 0, through: 400, by: 2) {
      var effects = machine.handle(.rowAppeared(.id(row)))
      if row >= 10 { _ = machine.handle(.rowDisappeared(.id(row - 10))) }
      while let load = effects.loads.first {
        let start = load.cursor ?? 0
        effects = machine.handle(
          .loadCompleted(load.id, Page(items: posts(start..<start + 20), nextCursor: start + 20)))
      }
    }
    #expect(machine.loadedItems.count <= 80)
    #expect(machine.loadedItems.count == 80)
    #expect(machine.items.count == 40)
    #expect(machine.items.first?.id == 340)
  }

  /// One removal in the first page: the cap still drops pages (the first one with the row
  /// already gone), and the window holds 60 rows again.
  @Test
  func theCapHoldsAfterARemoval() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.capped)
    _ = machine.handle(.edit(.remove(5)))
    Self.scroll(&machine, to: 400)
    #expect(machine.items.count == 60)
    #expect(machine.items.first?.id == 360)
    #expect(machine.metrics.pagesDropped == 18)
  }

  /// One insertion in the first page: the same.
  @Test
  func theCapHoldsAfterAnInsertion() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.capped)
    _ = machine.handle(.edit(.insert(Post(id: -1), at: .after(4))))
    Self.scroll(&machine, to: 400)
    #expect(machine.items.count == 60)
    #expect(machine.items.first?.id == 360)
    #expect(machine.metrics.pagesDropped == 18)
  }

  // MARK: 3. The refresh around the anchor (R27)

  static let explicitOnly = PagingConfiguration<Int>(prefetch: .fixed(0), retryPolicy: .manual)

  /// Row 100 on top, five rows removed above it: the refresh reloads the page that holds row
  /// 100, at cursor 100.
  @Test
  func aRefreshAroundTheAnchorAfterRemovalsAboveItReloadsTheAnchoredPage() {
    var machine = Self.loadedPages(140, size: 20, configuration: Self.explicitOnly)
    _ = machine.handle(.rowAppeared(.id(100)))
    for id in 10..<15 { _ = machine.handle(.edit(.remove(id))) }
    let loads = machine.handle(.refreshWith(.aroundAnchor)).loads
    #expect(loads.map(\.cursor) == [100])
  }

  /// Row 100 on top with a filter that hides every odd row: the same page, at cursor 100.
  @Test
  func aRefreshAroundTheAnchorUnderAFilterReloadsTheAnchoredPage() {
    var machine = Self.loadedPages(140, size: 20, configuration: Self.explicitOnly)
    _ = machine.handle(.setFilter { $0.id % 2 == 0 })
    _ = machine.handle(.rowAppeared(.id(100)))
    let loads = machine.handle(.refreshWith(.aroundAnchor)).loads
    #expect(loads.map(\.cursor) == [100])
  }

  // MARK: 4. Snapshots after edits and under a filter (R28)

  /// After one removal the snapshot keeps the three pages and their cursors, the removed row
  /// left out of its page, and restores the same rows.
  @Test
  func aSnapshotAfterAnEditKeepsThePages() throws {
    var machine = Self.loadedPages(30, size: 10, configuration: Self.explicitOnly)
    _ = machine.handle(.rowAppeared(.id(12)))
    _ = machine.handle(.edit(.remove(15)))
    let snapshot = machine.snapshot()
    #expect(snapshot.pages.map(\.cursor) == [nil, 10, 20])
    #expect(snapshot.pages.map(\.nextCursor) == [10, 20, 30])
    #expect(
      snapshot.pages.map { $0.items.map(\.id) } == [
        Array(0..<10), Array(10..<15) + Array(16..<20), Array(20..<30),
      ])
    #expect(snapshot.anchor == 12)
    var restored = PostMachine(configuration: Self.explicitOnly)
    try restored.restore(snapshot)
    #expect(restored.items.map(\.id) == machine.items.map(\.id))
    #expect(restored.scrollAnchor == 12)
  }

  /// Under a filter the snapshot keeps every loaded row, hidden ones too, in their pages.
  @Test
  func aSnapshotUnderAFilterKeepsTheHiddenRows() throws {
    var machine = Self.loadedPages(30, size: 10, configuration: Self.explicitOnly)
    _ = machine.handle(.setFilter { $0.id % 2 == 0 })
    _ = machine.handle(.rowAppeared(.id(12)))
    let snapshot = machine.snapshot()
    #expect(snapshot.pages.map(\.cursor) == [nil, 10, 20])
    #expect(
      snapshot.pages.map { $0.items.map(\.id) } == [
        Array(0..<10), Array(10..<20), Array(20..<30),
      ])
    #expect(snapshot.anchor == 12)
  }

  // MARK: 5. The replace policy under a filter (R10, R25)

  /// `.replace` with a filter that hides flagged rows: a newer copy of a shown row that is now
  /// flagged is hidden, and a newer copy of a hidden row that is no longer flagged is shown,
  /// at its place.
  @Test
  func aNewerCopyUnderAFilterIsShownOrHiddenByItsNewValue() {
    var machine = PostMachine(
      configuration: .init(prefetch: .fixed(0), duplicatePolicy: .replace, retryPolicy: .manual))
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(
      .loadCompleted(
        first.id, Page(items: posts(0..<10) + [Post(id: 10, flagged: true)], nextCursor: 11)))
    _ = machine.handle(.setFilter { !$0.flagged })
    #expect(machine.items.map(\.id) == Array(0..<10))
    let next = machine.handle(.loadNextPage).loads[0]
    _ = machine.handle(
      .loadCompleted(
        next.id,
        Page(
          items: [Post(id: 3, flagged: true), Post(id: 10, flagged: false)] + posts(11..<20),
          nextCursor: 20)))
    #expect(machine.items.map(\.id) == [0, 1, 2] + Array(4..<20))
    #expect(machine.loadedItems.count == 20)
  }

  // MARK: The scroll anchor and edits or a filter (R19)

  /// The row kept still by a refresh is removed, or hidden by a filter: the anchor is a shown
  /// row or nil, never a row the list no longer has.
  @Test(arguments: [true, false])
  func theScrollAnchorIsNeverARowThatIsNotShown(byFilter: Bool) {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.explicitOnly)
    _ = machine.handle(.rowAppeared(.id(0)))
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadCompleted(refresh.id, Page(items: posts(0..<20), nextCursor: 20)))
    #expect(machine.scrollAnchor == 0)
    if byFilter {
      _ = machine.handle(.setFilter { $0.id != 0 })
    } else {
      _ = machine.handle(.edit(.remove(0)))
    }
    #expect(machine.items.first?.id == 1)
    #expect(machine.scrollAnchor == nil)
  }

  // MARK: Found by the explorer on this engine

  /// R23, R27: a manual retry of a failed refresh is that same refresh: a row removed after
  /// the refresh began stays removed when the retry commits.
  @Test
  func editsMadeDuringARefreshSurviveItsManualRetry() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.explicitOnly)
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.edit(.remove(5)))
    _ = machine.handle(.loadFailed(refresh.id, Boom()))
    let again = machine.handle(.retry).loads[0]
    _ = machine.handle(.loadCompleted(again.id, Page(items: posts(0..<20), nextCursor: 20)))
    #expect(machine.items.map(\.id) == Array(0..<5) + Array(6..<20))
  }

  /// R19, R25: the row a refresh around the anchor keeps, hidden by a filter set while it
  /// loaded, is not the anchor.
  @Test
  func aRefreshDoesNotAnchorARowTheFilterHides() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.explicitOnly)
    _ = machine.handle(.rowAppeared(.id(1)))
    let refresh = machine.handle(.refreshWith(.aroundAnchor)).loads[0]
    _ = machine.handle(.setFilter { $0.id % 2 == 0 })
    _ = machine.handle(.loadCompleted(refresh.id, Page(items: posts(0..<20), nextCursor: 20)))
    #expect(machine.items.first?.id == 0)
    #expect(machine.scrollAnchor == nil)
  }

  /// R27: a row inserted by an edit belongs to no page: with it on top, the refresh around the
  /// anchor reloads the page of the first visible row the server sent.
  @Test
  func aRefreshAroundTheAnchorSkipsAnInsertedTopRow() {
    var machine = Self.loadedPages(30, size: 10, configuration: Self.explicitOnly)
    _ = machine.handle(.edit(.insert(Post(id: -1), at: .after(9))))
    _ = machine.handle(.rowAppeared(.id(-1)))
    _ = machine.handle(.rowAppeared(.id(10)))
    let loads = machine.handle(.refreshWith(.aroundAnchor)).loads
    #expect(loads.map(\.cursor) == [10])
  }

  /// R23, R27: `cancel()` ends a refresh; a retry after it is a new refresh, whose commit
  /// keeps only the edits made after it began.
  @Test
  func aRetryAfterCancelIsANewRefresh() {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.oneRetry)
    let refresh = machine.handle(.refresh).loads[0]
    _ = machine.handle(.loadFailed(refresh.id, Boom()))
    _ = machine.handle(.cancel)
    _ = machine.handle(.edit(.remove(5)))
    let again = machine.handle(.retry).loads[0]
    #expect(machine.generation == Generation(rawValue: 3))
    _ = machine.handle(.loadCompleted(again.id, Page(items: posts(0..<20), nextCursor: 20)))
    #expect(machine.items.map(\.id) == Array(0..<20))
  }

  /// R28, R27: with a row inserted by an edit on top, the snapshot keeps that row in place and
  /// its page is the one the live list's refresh around the anchor reloads, so the restored
  /// list refreshes there too (the inserted row joins the page of the row after it).
  @Test
  func aRestoredListRefreshesAroundTheSamePageAsTheLiveOne() throws {
    var machine = Self.loadedPages(30, size: 10, configuration: Self.explicitOnly)
    _ = machine.handle(.edit(.insert(Post(id: -1), at: .after(9))))
    _ = machine.handle(.rowAppeared(.id(-1)))
    _ = machine.handle(.rowAppeared(.id(10)))
    let snapshot = machine.snapshot()
    #expect(snapshot.anchor == -1)
    #expect(snapshot.pages.map { $0.items.count } == [10, 11, 10])
    var restored = PostMachine(configuration: Self.explicitOnly)
    try restored.restore(snapshot)
    #expect(restored.handle(.refreshWith(.aroundAnchor)).loads.map(\.cursor) == [10])
    #expect(machine.handle(.refreshWith(.aroundAnchor)).loads.map(\.cursor) == [10])
  }

  // MARK: Where features meet that no world of the explorer put together

  /// R25, R12: a filter that hides every row makes the append latch after pages that add no
  /// shown row; clearing the filter shows those rows, and the latch that counted them goes
  /// with the filter that caused it, so the user who then scrolls to the end gets the next page.
  @Test
  func clearingTheFilterThatLatchedAnEdgeLetsItLoadAgain() throws {
    var machine = Self.loadedPages(20, size: 20, configuration: Self.oneRetry)
    var load = try #require(machine.handle(.setFilter({ _ in false })).loads.first)
    var start = 20
    while true {
      let effects = machine.handle(
        .loadCompleted(load.id, Page(items: posts(start..<start + 20), nextCursor: start + 20)))
      start += 20
      guard let next = effects.loads.first else { break }
      load = next
    }
    #expect(machine.appendState == .failed(.noNewItems(pages: 3)))
    #expect(machine.loadedItems.count == 80)
    _ = machine.handle(.setFilter(nil))
    #expect(machine.items.count == 80)
    #expect(machine.appendState == .idle)
    #expect(machine.handle(.rowAppeared(.id(79))).loads.map(\.cursor) == [80])
  }

  /// R28, R24: a search screen saved and restored from its bytes refreshes with its query, as
  /// the live list's refresh would.
  @Test
  func aRestoredSearchRefreshesWithItsQuery() throws {
    var machine = PostMachine(configuration: Self.explicitOnly)
    let first = try #require(machine.handle(.setQuery("pathlib", transition: .clear)).loads.first)
    _ = machine.handle(.loadCompleted(first.id, Page(items: posts(0..<10), nextCursor: 10)))
    #expect(machine.handle(.refresh).loads.map { $0.query as? String } == ["pathlib"])
    let bytes = try machine.snapshot().encoded()
    var restored = PostMachine(configuration: Self.explicitOnly)
    try restored.restore(PagingSnapshot(decoding: bytes))
    #expect(restored.query as? String == "pathlib")
    #expect(restored.handle(.refresh).loads.map { $0.query as? String } == ["pathlib"])
  }

  /// R28: a query of the app's own `Codable` type comes back as that type; one that is not
  /// `Codable` cannot, and the restore fails with the typed error and changes nothing, rather
  /// than refreshing a search without its query.
  @Test
  func aRestoredQueryComesBackAsItsTypeOrNotAtAll() throws {
    for (query, restorable) in [
      (Search(text: "pathlib", tags: ["3.12"]) as any Hashable & Sendable, true),
      (Opaque(text: "pathlib"), false),
    ] {
      var machine = PostMachine(configuration: Self.explicitOnly)
      let first = try #require(machine.handle(.setQuery(query, transition: .clear)).loads.first)
      _ = machine.handle(.loadCompleted(first.id, Page(items: posts(0..<10), nextCursor: 10)))
      let snapshot = try PagingSnapshot<Post, Int>(decoding: machine.snapshot().encoded())
      var restored = PostMachine(configuration: Self.explicitOnly)
      if restorable {
        try restored.restore(snapshot)
        #expect(restored.query as? Search == Search(text: "pathlib", tags: ["3.12"]))
        #expect(restored.items.map(\.id) == Array(0..<10))
      } else {
        #expect(throws: PagingSnapshotError.queryNotRestorable) { try restored.restore(snapshot) }
        #expect(restored.items.isEmpty)
        #expect(restored.query == nil)
      }
    }
  }

  /// Three pages of 10 loaded with row 15 on screen, then a `keepPrevious` change to query "b"
  /// whose first page failed: the old query's rows are still shown.
  fileprivate static func showingPreviousQuery() throws -> PostMachine {
    var machine = loadedPages(30, size: 10, configuration: explicitOnly)
    _ = machine.handle(.rowAppeared(.id(15)))
    let change = try #require(
      machine.handle(.setQuery("b", transition: .keepPrevious)).loads.first)
    _ = machine.handle(.loadFailed(change.id, Boom()))
    return machine
  }

  /// R24, R27: a refresh around the anchor while a failed query change still shows the old
  /// query's rows reloads from the origin, with the new query: the old rows' pages belong to
  /// the other query. (Found by the explorer's worlds that put queries and the refresh around
  /// the anchor together: the refresh reused the old pages beside edges the query change had
  /// reset, and the list stood still.)
  @Test
  func aRefreshWhileThePreviousQueryIsShownReloadsFromTheOrigin() throws {
    var machine = try Self.showingPreviousQuery()
    #expect(machine.isShowingPreviousQuery)
    let refresh = machine.handle(.refreshWith(.aroundAnchor)).loads
    #expect(refresh.map(\.cursor) == [nil])
    #expect(refresh.map { $0.query as? String } == ["b"])
    let page = Page<Post, Int>(items: posts(100..<110), nextCursor: 110)
    _ = machine.handle(.loadCompleted(try #require(refresh.first).id, page))
    #expect(machine.items.map(\.id) == Array(100..<110))
    #expect(machine.handle(.loadNextPage).loads.map(\.cursor) == [110])
  }

  /// R28, R24: a snapshot taken while a failed query change still shows the old query's rows
  /// restores them as the old query's: no load starts from their cursors; the restored list's
  /// next load and refresh go from the origin with the new query (the live list's refresh does
  /// too; its next load waits for the failed refresh's retry, a state a snapshot does not keep).
  @Test
  func aSnapshotWhileThePreviousQueryIsShownRestoresItAsSuch() throws {
    let machine = try Self.showingPreviousQuery()
    let bytes = try machine.snapshot().encoded()
    var restored = PostMachine(configuration: Self.explicitOnly)
    try restored.restore(PagingSnapshot(decoding: bytes))
    #expect(restored.isShowingPreviousQuery)
    #expect(restored.items.map(\.id) == Array(0..<30))
    let events: [(PagingEvent<Post, Int>, live: [Int?])] = [
      (.loadNextPage, live: []), (.refreshWith(.aroundAnchor), live: [nil]),
    ]
    for (event, liveCursors) in events {
      var live = machine
      var again = restored
      let loads = again.handle(event).loads
      #expect(loads.map(\.cursor) == [nil])
      #expect(loads.map { $0.query as? String } == ["b"])
      #expect(live.handle(event).loads.map(\.cursor) == liveCursors)
    }
  }
}
