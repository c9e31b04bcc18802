import Paging
import PagingTestSupport
import Testing

/// Drops under `maxSize` and the refresh key from the scroll position, translated from Android
/// Paging 3's `PageFetcherSnapshotTest` (`appendAndDrop`, `prependAndDrop`,
/// `invalidateAfterScroll`) and its drop rules (`PageFetcherSnapshotState.dropEventOrNull`:
/// never below two pages, never a page within the prefetch window). Rulebook R26 and R27.
/// We differ in one rule, said at each test it changes: the cap's hysteresis (R26).
///
/// The setup is ``PeerPaging3Tests``'s. Where the peer sends one `ViewportHint.Access` at a
/// time, we send the row's appearance and the previous row's disappearance, so that the rows
/// on screen are the one row the peer's hint names. The peer's test values (`pageSize = 2`,
/// `prefetchDistance = 1`, `initialLoadSize = 2`) are kept; `maxSize = 5` passes the rule
/// both engines enforce (`maxSize >= pageSize + 2 * prefetchDistance`).
@Suite(.timeLimit(.minutes(minuteLimit))) struct PeerPaging3DropTests {
  /// Peer: `appendAndDrop`, where we differ by the cap's hysteresis (R26): the peer drops the
  /// first page as soon as the window exceeds `maxSize`; we wait until it exceeds `maxSize`
  /// plus its largest page (here 7 rows), then drop down to `maxSize`, so a page is not dropped
  /// at each commit. The rows dropped are above the reload distance of the visible row; the
  /// prepend chain then points at the page before the new first one (its `prevKey`, as the
  /// peer keeps it), and the top visible row is the scroll anchor.
  @Test func appendAndDrop() {
    var paging = PeerHarness(pageSize: 2, prefetchDistance: 1, initialLoadSize: 2, maxSize: 5)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [50, 51, 52, 53])
    _ = paging.send(.rowDisappeared(.index(1)))
    #expect(paging.send(.rowAppeared(.index(3))) == [.append(54)])
    #expect(paging.complete(.append) == [])
    // 6 rows: over the cap, within the cap plus a page; the peer drops rows 50 and 51 here.
    #expect(paging.ids == [50, 51, 52, 53, 54, 55])
    #expect(paging.machine.metrics.pagesDropped == 0)
    _ = paging.send(.rowDisappeared(.id(53)))
    #expect(paging.send(.rowAppeared(.id(55))) == [.append(56)])
    #expect(paging.complete(.append) == [])
    // 8 rows: two pages drop, down to the cap.
    #expect(paging.ids == [54, 55, 56, 57])
    #expect(paging.machine.metrics.pagesDropped == 2)
    #expect(paging.machine.scrollAnchor == 55)
    #expect(paging.machine.previousCursor == 53)
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
    // Scrolling back reloads the dropped page as a prepend; within the cap plus a page,
    // nothing drops.
    _ = paging.send(.rowDisappeared(.id(55)))
    #expect(paging.send(.rowAppeared(.id(54))) == [.prepend(53)])
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [52, 53, 54, 55, 56, 57])
    #expect(paging.machine.nextCursor == 58)
    #expect(paging.machine.metrics.pagesDropped == 2)
  }

  /// Peer: `prependAndDrop`, with our hysteresis (see ``appendAndDrop()``): prepends past the
  /// cap plus a page drop the last pages; the append chain points at the page after the new
  /// last one.
  @Test func prependAndDrop() {
    var paging = PeerHarness(pageSize: 2, prefetchDistance: 1, initialLoadSize: 2, maxSize: 5)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [.prepend(49)])
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [48, 49, 50, 51])
    _ = paging.send(.rowDisappeared(.id(50)))
    #expect(paging.send(.rowAppeared(.id(48))) == [.prepend(47)])
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [46, 47, 48, 49, 50, 51])
    #expect(paging.machine.metrics.pagesDropped == 0)
    _ = paging.send(.rowDisappeared(.id(48)))
    #expect(paging.send(.rowAppeared(.id(46))) == [.prepend(45)])
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [44, 45, 46, 47])
    #expect(paging.machine.metrics.pagesDropped == 2)
    #expect(paging.machine.nextCursor == 48)
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer rule: `dropEventOrNull` never drops below two pages, even when the window stays
  /// over `maxSize` (a page of 3 with a cap of 5).
  @Test func neverDropsBelowTwoPages() {
    var paging = PeerHarness(pageSize: 3, prefetchDistance: 1, initialLoadSize: 3, maxSize: 5)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(2))) == [.append(53)])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == Array(50..<56))
    #expect(paging.machine.metrics.pagesDropped == 0)
    _ = paging.send(.rowDisappeared(.id(52)))
    #expect(paging.send(.rowAppeared(.id(55))) == [.append(56)])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == Array(53..<59))
    #expect(paging.machine.metrics.pagesDropped == 1)
  }

  /// Peer rule: `dropEventOrNull` stops before a page within the prefetch window; ours also
  /// keeps every page that holds a visible row. Row 51 stays on screen, so the first page
  /// stays although the window is over the cap; once it has left, the next commit drops it.
  @Test func neverDropsAVisibleRowOrThePrefetchWindow() {
    var paging = PeerHarness(pageSize: 2, prefetchDistance: 1, initialLoadSize: 2, maxSize: 5)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.complete(.append) == [])
    #expect(paging.send(.rowAppeared(.index(3))) == [.append(54)])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == Array(50..<56))
    #expect(paging.machine.metrics.pagesDropped == 0)
    // Row 52 (index 2) in view: the first page lies within the prefetch window (1 row above).
    _ = paging.send(.rowDisappeared(.id(51)))
    _ = paging.send(.rowAppeared(.id(52)))
    #expect(paging.send(.rowAppeared(.id(55))) == [.append(56)])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == Array(50..<58))
    #expect(paging.machine.metrics.pagesDropped == 0)
  }

  /// Peer: `invalidateAfterScroll`. The peer refreshes at `getRefreshKey(anchorPosition)`,
  /// which the app writes. With ``RefreshPolicy/aroundAnchor`` the engine refreshes at the
  /// cursor that loaded the page holding the top visible row (54 here, not the origin 50), the
  /// row stays the scroll anchor, and the list grows both ways from it.
  @Test func invalidateAfterScrollAroundTheAnchor() {
    var paging = PeerHarness(pageSize: 2, prefetchDistance: 1, initialLoadSize: 2)
    paging.refreshPolicy = .aroundAnchor
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.complete(.append) == [])
    _ = paging.send(.rowDisappeared(.id(51)))
    #expect(paging.send(.rowAppeared(.id(53))) == [.append(54)])
    #expect(paging.complete(.append) == [])
    _ = paging.send(.rowDisappeared(.id(53)))
    #expect(paging.send(.rowAppeared(.id(54))) == [])
    #expect(paging.send(.refresh) == [.refresh(54)])
    #expect(paging.ids == Array(50..<56))  // the old items stay until the refresh commits
    #expect(paging.complete(.refresh) == [.prepend(53)])
    #expect(paging.ids == [54, 55])
    #expect(paging.machine.scrollAnchor == 54)
    #expect(paging.machine.generation.rawValue == 2)
  }
}
