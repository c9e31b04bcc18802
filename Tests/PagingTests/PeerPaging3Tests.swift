import Paging
import PagingTestSupport
import Testing

/// Behaviours of Android Paging 3's `PageFetcherSnapshot`, translated from its unit tests
/// (androidx/androidx, `paging/paging-common/src/commonTest/kotlin/androidx/paging/
/// PageFetcherSnapshotTest.kt`) into events of ``PagingStateMachine``.
///
/// How the peer's setup maps onto ours:
/// - The peer's `TestPagingSource` (items 0..<100, key = item = position) becomes
///   `PeerTestPagingSource` below, which answers a ``PageRequest`` with the same items and the
///   same `prevKey`/`nextKey` (our `previousCursor`/`nextCursor`).
/// - `PagingConfig.pageSize` and `initialLoadSize`: our requests carry no load size (the source
///   chooses its page size), so the test source holds both: it answers a `.refresh` request with
///   `initialLoadSize` items (Paging 3 sends `initialLoadSize`, by default 3 × `pageSize`, with
///   its REFRESH) and a `.prepend` or `.append` request with `pageSize` items. Every test uses
///   the peer test's own values (mostly `pageSize = 1`, `initialLoadSize = 2`).
/// - `PagingConfig.prefetchDistance` d becomes `PrefetchStrategy.fixed(d)`: both trigger an
///   append when fewer than d loaded rows follow the accessed row and a prepend when fewer than
///   d lie before it (`PageFetcherSnapshot.nextLoadKeyOrNull`: `presentedItemsBeyondAnchor <
///   prefetchDistance`).
/// - `PageFetcher(initialKey = k)` becomes `.startAt(k)` (`.start` when the key is `null`).
/// - `ViewportHint.Access(presentedItemsBefore = b, presentedItemsAfter = a)` on a list of
///   `b + a + 1` loaded items becomes `.rowAppeared(.index(b))`: none of these tests drop pages,
///   so the peer's presented positions are our positions.
/// - `errorNextLoad = true` becomes `.loadFailed(id, Boom())`; the retry bus becomes `.retry`;
///   `PageFetcher.refresh()` becomes `.refresh`.
/// - Load states: `NotLoading.Incomplete` is `.idle`, `NotLoading.Complete` is `.complete`,
///   `Loading` is `.loading`, `Error(e)` is `.failed(.sourceFailed(e))`.
///
/// What we deliberately do differently (each test says where):
/// - Paging 3 runs a loop per hint: it loads page after page until the prefetch distance is
///   met, keeping the state `Loading` between pages. We run at most one load per edge and check
///   the rows shown again after each commit; the requests, their order and the states between
///   them come out the same.
/// - Paging 3 refreshes at `getRefreshKey(anchorPosition)`; our refresh always starts again
///   from the configuration's initial cursor (`invalidateAfterScroll`).
/// - Paging 3 buffers a hint sent before any page exists; we have no row to appear until a
///   page commits (`retryRefreshWithBufferedHint`).
/// - Our `retry` retries the failed edges first and a failed refresh only when no edge was
///   retried, so the list on screen can keep growing (`retryEdgesBeforeAFailedRefresh`).
/// - Drops under `maxSize` are translated in `PeerPaging3DropTests`.
@Suite(.timeLimit(.minutes(minuteLimit))) struct PeerPaging3Tests {
  // MARK: - Refresh and load states

  /// Peer: `initialize` (`PageFetcherSnapshotTest.kt`). `pageSize = 1`, `prefetchDistance = 1`,
  /// `initialLoadSize = 2`, `initialKey = 50`: one REFRESH of 50..51, then nothing until a row
  /// is accessed.
  @Test func initialize() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.states == PeerStates(refresh: .loading, prepend: .idle, append: .idle))
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == [50, 51])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `loadStates_refreshStart` (`PageFetcherSnapshotTest.kt`). `initialKey = 0`: the
  /// REFRESH of 0..1 has no `prevKey`, so prepend is `NotLoading.Complete` and append
  /// `NotLoading.Incomplete`. Ours: `.start` asks for the source's first page (cursor `nil`,
  /// which the test source reads as key 0, as `TestPagingSource` does with `params.key ?: 0`).
  @Test func loadStatesRefreshStart() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.start) == [.refresh(nil)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == [0, 1])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .complete, append: .idle))
  }

  /// Peer: `loadStates_refreshEnd` (`PageFetcherSnapshotTest.kt`). `initialKey = 98`: the
  /// REFRESH of 98..99 has no `nextKey`, so append is `NotLoading.Complete`.
  @Test func loadStatesRefreshEnd() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(98)) == [.refresh(98)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == [98, 99])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .complete))
  }

  /// Peer: `loadStates_prependDone` (`PageFetcherSnapshotTest.kt`). `initialKey = 1`: REFRESH
  /// 1..2; an access at index 0 PREPENDs 0..0, whose `prevKey` is `null`: prepend becomes
  /// `NotLoading.Complete`.
  @Test func loadStatesPrependDone() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(1)) == [.refresh(1)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [.prepend(0)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .loading, append: .idle))
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [0, 1, 2])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .complete, append: .idle))
    // The top is reached: the first row appearing again asks for nothing.
    #expect(paging.send(.rowAppeared(.index(0))) == [])
  }

  /// Peer: `loadStates_appendDone` (`PageFetcherSnapshotTest.kt`). `initialKey = 97`: REFRESH
  /// 97..98; an access at index 1 APPENDs 99..99, whose `nextKey` is `null`: append becomes
  /// `NotLoading.Complete`.
  @Test func loadStatesAppendDone() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(97)) == [.refresh(97)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(99)])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [97, 98, 99])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .complete))
    #expect(paging.send(.rowAppeared(.index(2))) == [])
  }

  // MARK: - Prepend and append

  /// Peer: `prepend` (`PageFetcherSnapshotTest.kt`). `pageSize = 1`, `prefetchDistance = 1`,
  /// `initialLoadSize = 2`, `initialKey = 50`: REFRESH 50..51; an access at index 0
  /// (`presentedItemsBefore = 0 < 1`) PREPENDs 49..49 (key 49) and nothing else.
  @Test func prepend() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [.prepend(49)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .loading, append: .idle))
    // Row 50 is now at position 1: one row before it, which meets the distance.
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [49, 50, 51])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `prependMultiplePages` (`PageFetcherSnapshotTest.kt`). `pageSize = 1`,
  /// `prefetchDistance = 2`, `initialLoadSize = 3`, `initialKey = 50`: REFRESH 50..52; one
  /// access at index 0 PREPENDs 49..49 (prepend state still `Loading` after it), then 48..48.
  ///
  /// Paging 3 loads both pages in one loop for the one hint. We load one page per edge at a
  /// time; after the first commits, row 50 is at position 1 (< 2), so the re-check of the rows
  /// shown asks for 48: the same requests in the same order, the state `.loading` between them.
  @Test func prependMultiplePages() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 2, initialLoadSize: 3)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [.prepend(49)])
    #expect(paging.complete(.prepend) == [.prepend(48)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .loading, append: .idle))
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [48, 49, 50, 51, 52])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `append` (`PageFetcherSnapshotTest.kt`). `pageSize = 1`, `prefetchDistance = 1`,
  /// `initialLoadSize = 2`, `initialKey = 50`: REFRESH 50..51; an access at index 1
  /// (`presentedItemsAfter = 0 < 1`) APPENDs 52..52 (key 52) and nothing else.
  @Test func append() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .loading))
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [50, 51, 52])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `appendMultiplePages` (`PageFetcherSnapshotTest.kt`). `pageSize = 1`,
  /// `prefetchDistance = 2`, `initialLoadSize = 3`, `initialKey = 50`: REFRESH 50..52; one
  /// access at index 2 APPENDs 53..53 (append state still `Loading` after it), then 54..54.
  ///
  /// Same difference as `prependMultiplePages`: one page at a time, the re-check after the
  /// commit of 53 (row 52 has one row after it, < 2) asks for 54.
  @Test func appendMultiplePages() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 2, initialLoadSize: 3)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(2))) == [.append(53)])
    #expect(paging.complete(.append) == [.append(54)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .loading))
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [50, 51, 52, 53, 54])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `prepend` and `append` together (`PageFetcherSnapshotTest.kt`), with both edges
  /// loading at once as in `retryBothDirections` (`prependLocal = Loading, appendLocal =
  /// Loading`). `pageSize = 1`, `prefetchDistance = 1`, `initialLoadSize = 2`,
  /// `initialKey = 50`: the list opens in the middle and grows both ways.
  ///
  /// The peer has no single test for this; it is the composition of `prepend` and `append`.
  @Test func prependAndAppend() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [.prepend(49)])
    // The prepend in flight does not hold back the other edge.
    #expect(paging.send(.rowAppeared(.id(51))) == [.append(52)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .loading, append: .loading))
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [49, 50, 51])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [49, 50, 51, 52])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
    // The user scrolls on, both ways.
    #expect(paging.send(.rowAppeared(.id(49))) == [.prepend(48)])
    #expect(paging.complete(.prepend) == [])
    #expect(paging.send(.rowAppeared(.id(52))) == [.append(53)])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == Array(48...53))
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `rapidViewportHints` (`PageFetcherSnapshotTest.kt`). `pageSize = 10`,
  /// `prefetchDistance = 5`, `initialLoadSize = 10`, `initialKey = 0`: REFRESH 0..9 (prepend
  /// `Complete`); accesses at indices 0 through 9 in a burst APPEND 10..19 once.
  ///
  /// Paging 3 conflates the hints; we take each one, but the first that triggers (index 5, four
  /// rows after it) starts the append and the others find it in flight.
  @Test func rapidViewportHints() {
    var paging = PeerHarness(pageSize: 10, prefetchDistance: 5, initialLoadSize: 10)
    #expect(paging.send(.start) == [.refresh(nil)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .complete, append: .idle))
    let loads = (0..<10).flatMap { paging.send(.rowAppeared(.index($0))) }
    #expect(loads == [.append(10)])
    // Row 9 now has ten rows after it.
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == Array(0..<20))
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .complete, append: .idle))
  }

  /// Peer: `PagingConfig.prefetchDistance`'s documentation (`PagingConfig.kt`): "A value of 0
  /// indicates that no list items will be loaded until they are specifically requested"
  /// (`presentedItemsBeyondAnchor >= 0` always meets the distance). Ours: appearances start
  /// nothing; `.loadNextPage` and `.loadPreviousPage` are the explicit requests.
  @Test func prefetchDistanceZero() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 0, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [])
    #expect(paging.send(.loadNextPage) == [.append(52)])
    #expect(paging.send(.loadPreviousPage) == [.prepend(49)])
    #expect(paging.complete(.append) == [])
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [49, 50, 51, 52])
  }

  // MARK: - Retry

  /// Peer: `retry` (`PageFetcherSnapshotTest.kt`). `pageSize = 1`, `prefetchDistance = 1`,
  /// `initialLoadSize = 2`, `initialKey = 50`: REFRESH 50..51; the APPEND at key 52 fails
  /// (append `Error`); a retry APPENDs 52..52.
  ///
  /// Also `retry_errorDoesNotEnableHints`: while append is in error, accesses start nothing.
  @Test func retry() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.fail(.append) == [])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .failed))
    #expect(paging.send(.rowAppeared(.index(1))) == [])
    #expect(paging.send(.retry) == [.append(52)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .loading))
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [50, 51, 52])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `retryNothing` (`PageFetcherSnapshotTest.kt`). Same setup; the APPEND of 52..52
  /// succeeds; a retry then emits nothing.
  @Test func retryNothing() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.complete(.append) == [])
    #expect(paging.send(.retry) == [])
    #expect(paging.ids == [50, 51, 52])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `retryTwice` (`PageFetcherSnapshotTest.kt`). The APPEND fails, a retry loads
  /// 52..52, a second retry emits nothing.
  @Test func retryTwice() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.fail(.append) == [])
    #expect(paging.send(.retry) == [.append(52)])
    #expect(paging.complete(.append) == [])
    #expect(paging.send(.retry) == [])
    #expect(paging.ids == [50, 51, 52])
  }

  /// Peer: `retryBothDirections` (`PageFetcherSnapshotTest.kt`). `pageSize = 1`,
  /// `prefetchDistance = 1`, `initialLoadSize = 2`, `maxSize = 4`, `initialKey = 50`: REFRESH
  /// 50..51; the APPEND (key 52) fails, then the PREPEND (key 49) fails while append stays
  /// `Error`; one retry starts both, prepend first (`prependLocal = Loading` before
  /// `appendLocal = Loading`), and both land: 49..49, then 52..52. Four items: no drop.
  ///
  /// The order of the two retried requests is the peer's; our engine may start them in either
  /// order, and this test pins prepend first.
  @Test func retryBothDirections() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.fail(.append) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [.prepend(49)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .loading, append: .failed))
    #expect(paging.fail(.prepend) == [])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .failed, append: .failed))
    #expect(paging.send(.retry) == [.prepend(49), .append(52)])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .loading, append: .loading))
    #expect(paging.complete(.prepend) == [])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [49, 50, 51, 52])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `retryRefresh` (`PageFetcherSnapshotTest.kt`). `initialKey = 50`: the REFRESH fails
  /// (refresh `Error`); a retry REFRESHes 50..51 at the same key.
  @Test func retryRefresh() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.fail(.refresh) == [])
    #expect(paging.states == PeerStates(refresh: .failed, prepend: .idle, append: .idle))
    #expect(paging.ids == [])
    #expect(paging.send(.retry) == [.refresh(50)])
    #expect(paging.states == PeerStates(refresh: .loading, prepend: .idle, append: .idle))
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == [50, 51])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `retryRefreshWithBufferedHint` (`PageFetcherSnapshotTest.kt`). The REFRESH at 50
  /// fails; an access at index 0 is buffered; the retry REFRESHes 50..51 and the buffered hint
  /// then PREPENDs 49..49 with no new access.
  ///
  /// Differs: before a page commits there is no row to appear, so our engine ignores the signal
  /// and the retried refresh starts nothing more; the prepend comes when row 50 appears.
  @Test func retryRefreshWithBufferedHint() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.fail(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [])
    #expect(paging.send(.retry) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(0))) == [.prepend(49)])
    #expect(paging.complete(.prepend) == [])
    #expect(paging.ids == [49, 50, 51])
  }

  /// Ours only; the peer has no counterpart (a Paging 3 refresh runs in a new
  /// `PageFetcherSnapshot`, so its failure and an edge's failure never meet in one retry).
  /// The list opened at 50 stays on screen while a refresh fails; the user scrolls and the
  /// append at 52 fails too. `.retry` retries the append only (the list on screen keeps
  /// growing); the next `.retry`, with no failed edge left, retries the refresh.
  @Test func retryEdgesBeforeAFailedRefresh() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.refresh) == [.refresh(50)])
    #expect(paging.fail(.refresh) == [])
    #expect(paging.ids == [50, 51])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.fail(.append) == [])
    #expect(paging.states == PeerStates(refresh: .failed, prepend: .idle, append: .failed))
    #expect(paging.send(.retry) == [.append(52)])
    #expect(paging.states == PeerStates(refresh: .failed, prepend: .idle, append: .loading))
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [50, 51, 52])
    #expect(paging.send(.retry) == [.refresh(50)])
    // Row 51 is still on screen at index 1 after the refresh: it starts the append again.
    #expect(paging.complete(.refresh) == [.append(52)])
    #expect(paging.ids == [50, 51])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .loading))
  }

  // MARK: - Refresh (invalidate)

  /// Peer: `invalidateNoScroll` (`PageFetcherSnapshotTest.kt`). `initialKey = 50`: REFRESH
  /// 50..51; `refresh()` with no access yet: `getRefreshKey` gets no anchor and returns `null`,
  /// so the new REFRESH loads 0..1 from key 0, prepend `NotLoading.Complete`.
  ///
  /// Differs: our `.refresh` starts again where the list was opened (the `.startAt` cursor,
  /// 50), not at the source's first page: a screen opened at an item refreshes that item's
  /// page. While it runs neither edge shows its end; the old items stay until it commits.
  @Test func invalidateNoScroll() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.refresh) == [.refresh(50)])
    #expect(paging.states == PeerStates(refresh: .loading, prepend: .idle, append: .idle))
    #expect(paging.ids == [50, 51])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == [50, 51])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `invalidateAfterScroll` (`PageFetcherSnapshotTest.kt`). REFRESH 50..51, an access at
  /// index 1 APPENDs 52..52; `refresh()` then REFRESHes at `getRefreshKey` = the anchor
  /// position 51, loading 51..52.
  ///
  /// Differs: with the default ``RefreshPolicy/fromStart`` `.refresh` starts again where the
  /// list was opened (key 50), loading 50..51. Row 51 is still on screen at index 1, so the
  /// append at 52 starts again as the refresh commits. ``RefreshPolicy/aroundAnchor`` (no
  /// refresh key to write) is in `PeerPaging3DropTests.invalidateAfterScrollAroundTheAnchor`.
  @Test func invalidateAfterScroll() {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.complete(.append) == [])
    #expect(paging.send(.refresh) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [.append(52)])
    #expect(paging.ids == [50, 51])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .loading))
  }
}

// MARK: - The peer's test source and a driver

/// A Swift copy of Paging 3's `TestPagingSource`: items 0..<100 where key = item = position.
/// A refresh or an append at key k returns k..<k+size, a prepend at key k returns
/// k-size+1...k (clamped to the items); `previousCursor` is `start - 1` (`nil` at 0) and
/// `nextCursor` is `end` (`nil` at 100), like the peer's `prevKey` and `nextKey`. A `nil`
/// cursor reads as key 0. Counted, it gives each page the rows before and after it, as the
/// peer's source does with placeholders on, and its key for a position is the peer's
/// `getRefreshKey`: `max(0, position - initialLoadSize / 2)`.
struct PeerTestPagingSource {
  /// The items' ids, which are also their keys and positions.
  var items = 0..<100
  /// Whether pages count the rows around them (`itemsBefore`, `itemsAfter`).
  var counted = false
  /// Items per prepend or append (`PagingConfig.pageSize`).
  let pageSize: Int
  /// Items per refresh (`PagingConfig.initialLoadSize`).
  let initialLoadSize: Int

  /// The page the peer's source returns for `request`.
  func page(for request: PageRequest<Int>) -> Page<Row, Int> {
    let key = request.cursor ?? 0
    let size = request.direction == .refresh ? initialLoadSize : pageSize
    let isPrepend = request.direction == .prepend
    let start = max(items.lowerBound, isPrepend ? key - size + 1 : key)
    let end = min(items.upperBound, isPrepend ? key + 1 : key + size)
    return Page(
      items: rows(start..<end), nextCursor: end < items.upperBound ? end : nil,
      previousCursor: start > items.lowerBound ? start - 1 : nil,
      itemsBefore: counted ? start - items.lowerBound : nil,
      itemsAfter: counted ? items.upperBound - end : nil)
  }

  /// The key of the refresh around `position` (the peer's `getRefreshKey`, with the initial
  /// load size).
  func cursor(around position: Int) -> Int { max(0, position - initialLoadSize / 2) }
}

/// A request as the peer's tests name it: a load type and a key.
struct PeerLoad: Hashable, CustomStringConvertible {
  let direction: LoadDirection
  let cursor: Int?

  static func refresh(_ cursor: Int?) -> PeerLoad { PeerLoad(direction: .refresh, cursor: cursor) }
  static func prepend(_ cursor: Int) -> PeerLoad { PeerLoad(direction: .prepend, cursor: cursor) }
  static func append(_ cursor: Int) -> PeerLoad { PeerLoad(direction: .append, cursor: cursor) }

  var description: String { "\(direction)(\(cursor.map(String.init) ?? "nil"))" }
}

/// A load state without its error's value: every failure in these tests is the test source's
/// `Boom`, checked by ``PeerHarness/states``.
enum PeerLoadState: Hashable {
  case idle, loading, failed, complete
}

/// The three load states, as the peer's `localLoadStateUpdate(refreshLocal:prependLocal:
/// appendLocal:)` lists them.
struct PeerStates: Hashable {
  let refresh: PeerLoadState
  let prepend: PeerLoadState
  let append: PeerLoadState
}

/// A machine answered by ``PeerTestPagingSource``, as `PageFetcherSnapshotTest` drives a
/// `PageFetcherSnapshot`: every request waits until the test completes or fails it.
struct PeerHarness {
  private(set) var machine: Machine
  let source: PeerTestPagingSource
  /// Requests started and not yet answered or cancelled, oldest first.
  private(set) var pending: [PageRequest<Int>] = []

  /// A machine with a fixed prefetch distance of `prefetchDistance` rows and a source that
  /// answers with `initialLoadSize` items on refresh and `pageSize` items otherwise.
  /// The machine's refresh policy (default ``RefreshPolicy/fromStart``); set before the first
  /// event.
  var refreshPolicy: RefreshPolicy {
    get { machine.configuration.refreshPolicy }
    set {
      var configuration = machine.configuration
      configuration.refreshPolicy = newValue
      machine = Machine(configuration: configuration)
    }
  }

  /// - Parameters:
  ///   - counted: Whether the source's pages count the rows around them.
  ///   - jumps: Whether the source can load a page at a position (the peer's
  ///     `jumpingSupported`), with its ``PeerTestPagingSource/cursor(around:)``.
  ///   - jumpThreshold: The configuration's threshold (the peer's `jumpThreshold`).
  init(
    pageSize: Int, prefetchDistance: Int, initialLoadSize: Int, maxSize: Int? = nil,
    counted: Bool = false, jumps: Bool = false, jumpThreshold: JumpThreshold = .automatic,
    total: Int = 100
  ) {
    // Paging 3 never retries by itself: its `retry()` is the only way back.
    var configuration = PagingConfiguration<Int>(
      prefetch: .fixed(prefetchDistance), retryPolicy: .manual, jumpThreshold: jumpThreshold)
    configuration.maxSize = maxSize
    var source = PeerTestPagingSource(pageSize: pageSize, initialLoadSize: initialLoadSize)
    source.counted = counted
    source.items = 0..<total
    if jumps { configuration.jumpCursor = { [source] in source.cursor(around: $0) } }
    machine = Machine(configuration: configuration)
    self.source = source
  }

  /// The ids of the loaded items, in order.
  var ids: [Int] { machine.items.map(\.id) }

  /// The machine's three load states. A failure that is not the source's `Boom` is recorded
  /// as an issue.
  var states: PeerStates {
    PeerStates(
      refresh: Self.peer(machine.refreshState), prepend: Self.peer(machine.prependState),
      append: Self.peer(machine.appendState))
  }

  /// Sends `event`; returns the requests it started, in order.
  mutating func send(_ event: PagingEvent<Row, Int>) -> [PeerLoad] {
    record(machine.handle(event))
  }

  /// Answers the pending request of `direction` with the source's page; returns the requests
  /// the commit started.
  mutating func complete(
    _ direction: LoadDirection, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [PeerLoad] {
    guard let request = take(direction, sourceLocation: sourceLocation) else { return [] }
    return record(machine.handle(.loadCompleted(request.id, source.page(for: request))))
  }

  /// Fails the pending request of `direction` with `Boom` (the peer's `errorNextLoad`);
  /// returns the requests the failure started.
  mutating func fail(
    _ direction: LoadDirection, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [PeerLoad] {
    guard let request = take(direction, sourceLocation: sourceLocation) else { return [] }
    return record(machine.handle(.loadFailed(request.id, Boom())))
  }

  /// Answers the pending request of `direction` with ``PageSourceInvalidated`` (the peer's
  /// `LoadResult.Invalid`); returns the requests the answer started.
  mutating func invalid(
    _ direction: LoadDirection, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [PeerLoad] {
    guard let request = take(direction, sourceLocation: sourceLocation) else { return [] }
    return record(machine.handle(.loadFailed(request.id, PageSourceInvalidated())))
  }

  /// The requests started and not yet answered or cancelled, oldest first.
  var pendingLoads: [PeerLoad] {
    pending.map { PeerLoad(direction: $0.direction, cursor: $0.cursor) }
  }

  private mutating func take(_ direction: LoadDirection, sourceLocation: SourceLocation)
    -> PageRequest<Int>?
  {
    guard let index = pending.firstIndex(where: { $0.direction == direction }) else {
      Issue.record("no \(direction) request is pending", sourceLocation: sourceLocation)
      return nil
    }
    return pending.remove(at: index)
  }

  private mutating func record(_ effects: [PagingEffect<Int>]) -> [PeerLoad] {
    let cancelled = Set(effects.cancellations)
    pending.removeAll { cancelled.contains($0.id) }
    pending += effects.loads
    return effects.loads.map { PeerLoad(direction: $0.direction, cursor: $0.cursor) }
  }

  private static func peer(_ state: LoadState) -> PeerLoadState {
    switch state {
    case .idle: return .idle
    case .loading: return .loading
    case .complete: return .complete
    case .failed(let error):
      if error != .sourceFailed(Boom()) { Issue.record("unexpected failure: \(error)") }
      return .failed
    }
  }
}
