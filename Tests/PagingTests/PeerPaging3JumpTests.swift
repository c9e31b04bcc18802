import Paging
import PagingTestSupport
import Testing

/// Placeholders and jumps, translated from Android Paging 3's `PageFetcherSnapshotTest`
/// (`jump`, `jump_requiresPagingSourceOptIn`), `PageFetcherTest` (`jump_idempotent_prependOrAppend`,
/// `jump_idempotent_multipleJumpHints`) and the drop tests that count `placeholdersRemaining`.
/// Rulebook R31.
///
/// The setup is ``PeerPaging3Tests``'s, with the peer's test source counted (its pages give
/// `itemsBefore` and `itemsAfter`) and jumping (its `getRefreshKey` is
/// `max(0, anchor - initialLoadSize / 2)`). Where the peer's hint names a position relative to
/// the presented items (`presentedItemsBefore = -50`), we send the placeholder's appearance at
/// its position in the source's list (`.placeholderAppeared(0)`).
///
/// Where we differ, each test says: the peer invalidates its source and builds a new one for a
/// jump, and the new generation's first load asks `getRefreshKey` of the old state; our jump is
/// a refresh in the same list, at the key of the landing row, so there is no fresh source whose
/// state could be empty (sqkon's lost place). The peer's threshold is off unless set; ours jumps
/// by default wherever the source can (``JumpThreshold/automatic``).
@Suite(.timeLimit(.minutes(minuteLimit))) struct PeerPaging3JumpTests {
  /// Peer: `jump`. Loaded 50..51 of 100, a placeholder 50 rows before them (beyond the
  /// threshold of 10) jumps: one refresh at the key around row 0.
  @Test func jump() {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.machine.rows.count == 100)
    #expect(paging.machine.placeholdersBefore == 50)
    #expect(paging.machine.placeholdersAfter == 48)
    #expect(paging.send(.placeholderAppeared(0)) == [.refresh(0)])
    #expect(paging.machine.metrics.jumps == 1)
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == [0, 1])
    #expect(paging.machine.placeholdersBefore == 0)
    #expect(paging.machine.placeholdersAfter == 98)
  }

  /// Peer: `jump_requiresPagingSourceOptIn`. A threshold without a source that jumps is
  /// refused before any request, with a typed error (the peer throws at construction).
  @Test func jumpRequiresASourceThatJumps() {
    var paging = PeerHarness(
      pageSize: 1, prefetchDistance: 1, initialLoadSize: 2, counted: true, jumps: false,
      jumpThreshold: .rows(1))
    #expect(paging.send(.startAt(50)) == [])
    #expect(paging.machine.refreshState == .failed(.jumpsNotSupported))
    #expect(paging.send(.retry) == [])
    #expect(paging.machine.refreshState == .failed(.jumpsNotSupported))
    #expect(paging.machine.metrics.requestsStarted == 0)
  }

  /// A source that declares no jumps never jumps under the default threshold: a far
  /// placeholder loads its edge, page by page.
  @Test func aSourceWithoutJumpsLoadsTheEdgeInstead() {
    var paging = PeerHarness(
      pageSize: 1, prefetchDistance: 1, initialLoadSize: 2, counted: true, jumps: false)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.placeholderAppeared(0)) == [.prepend(49)])
    #expect(paging.complete(.prepend) == [.prepend(48)])
    #expect(paging.machine.metrics.jumps == 0)
    #expect(paging.machine.refreshState == .idle)
  }

  /// ``JumpThreshold/never`` never jumps, whatever the source.
  @Test func neverMeansNever() {
    var paging = PeerTests.counted(jumpThreshold: .never)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.placeholderAppeared(0)) == [.prepend(49)])
    #expect(paging.machine.metrics.jumps == 0)
  }

  /// Peer: `jump_idempotent_prependOrAppend`. The jump cancels the append in flight, whose late
  /// answer is dropped; the old window's rows leaving the screen, and placeholders around the
  /// landing, start nothing more while the jump loads. Where we differ: a hint from the old
  /// window's rows is dropped there, while here a loaded row that *appears* during the jump
  /// abandons it, since the user came back to the loaded rows and the jump's page would turn
  /// that row into a placeholder (R31, ``PlaceholderTests``).
  @Test func aJumpCancelsTheEdgesAndDropsTheirLateAnswers() throws {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.id(51))) == [.append(52)])
    let append = try #require(paging.machine.appendRequest)
    #expect(paging.send(.placeholderAppeared(99)) == [.refresh(98)])
    #expect(paging.pendingLoads == [.refresh(98)])
    #expect(paging.send(.rowDisappeared(.id(51))) == [])
    #expect(paging.send(.placeholderAppeared(98)) == [])
    #expect(paging.send(.loadCompleted(append.id, page(52..<53, next: 53))) == [])
    #expect(paging.machine.metrics.staleResultsDropped == 1)
    #expect(paging.ids == [50, 51])
    // Row 98 takes its placeholder's place on screen, at the prepend edge.
    #expect(paging.complete(.refresh) == [.prepend(97)])
    #expect(paging.ids == [98, 99])
    #expect(paging.machine.placeholdersBefore == 98)
    #expect(paging.machine.placeholdersAfter == 0)
    #expect(paging.machine.appendState == .complete)
  }

  /// Peer: `jump_idempotent_multipleJumpHints`. Many placeholders around the landing row appear
  /// while the jump loads: one jump, one request.
  @Test func manyPlaceholdersAroundTheLandingJumpOnce() {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.placeholderAppeared(0)) == [.refresh(0)])
    for position in [1, 2, 3, 5, 8] {
      #expect(paging.send(.placeholderAppeared(position)) == [])
    }
    #expect(paging.machine.metrics.jumps == 1)
    #expect(paging.machine.metrics.requestsStarted == 2)
  }

  /// A second drag far from where the first jump lands, before it commits, jumps again: the
  /// first jump's request is cancelled and its late answer dropped.
  @Test func aSecondDragFarAwaySupersedesTheJumpInFlight() throws {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.placeholderAppeared(0)) == [.refresh(0)])
    let first = try #require(paging.machine.refreshRequest)
    _ = paging.send(.placeholderDisappeared(0))
    #expect(paging.send(.placeholderAppeared(90)) == [.refresh(90)])
    #expect(paging.send(.loadCompleted(first.id, page(0..<2, next: 2))) == [])
    #expect(paging.ids == [50, 51])
    // Row 90 takes its placeholder's place on screen, at the prepend edge.
    #expect(paging.complete(.refresh) == [.prepend(89)])
    #expect(paging.ids == [90, 91])
    #expect(paging.machine.metrics.jumps == 2)
  }

  /// A placeholder within the threshold loads the edge it lies beyond (as a row within the
  /// prefetch distance would), and keeps loading it while it is shown and not loaded.
  @Test func aNearPlaceholderLoadsItsEdgeUntilItsRowLoads() {
    var paging = PeerTests.counted(jumpThreshold: .rows(10))
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.placeholderAppeared(54)) == [.append(52)])
    #expect(paging.complete(.append) == [.append(53)])
    #expect(paging.complete(.append) == [.append(54)])
    // Row 54 takes its placeholder's place on screen, at the append edge.
    #expect(paging.complete(.append) == [.append(55)])
    #expect(paging.ids == [50, 51, 52, 53, 54])
    #expect(paging.machine.metrics.jumps == 0)
  }

  /// Peer: the drop tests' `placeholdersRemaining`. Under the cap, dropped pages become
  /// placeholders: the list keeps its length, and the counts are the new edge pages'. (Our cap
  /// waits for its hysteresis, as ``PeerPaging3DropTests/appendAndDrop()`` says.)
  @Test func droppedPagesBecomePlaceholders() {
    var paging = PeerHarness(
      pageSize: 2, prefetchDistance: 1, initialLoadSize: 2, maxSize: 5, counted: true,
      jumps: true)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.complete(.append) == [])
    _ = paging.send(.rowDisappeared(.index(1)))
    #expect(paging.send(.rowAppeared(.index(3))) == [.append(54)])
    #expect(paging.complete(.append) == [])
    _ = paging.send(.rowDisappeared(.id(53)))
    #expect(paging.send(.rowAppeared(.id(55))) == [.append(56)])
    #expect(paging.complete(.append) == [])
    #expect(paging.ids == [54, 55, 56, 57])
    #expect(paging.machine.metrics.pagesDropped == 2)
    #expect(paging.machine.placeholdersBefore == 54)
    #expect(paging.machine.placeholdersAfter == 42)
    #expect(paging.machine.rows.count == 100)
  }
}
