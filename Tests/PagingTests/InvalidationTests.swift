import Paging
import PagingTestSupport
import PagingWalk
import Testing

/// Rulebook R30: an invalidation (the app's, or a source's "invalid" answer) reloads around the
/// row on screen in a new generation, supersedes a refresh in flight, and is bounded.
///
/// The `peer` tests translate Android Paging 3's invalidation cases from `PageFetcherTest.kt`
/// (androidx/androidx, `paging/paging-common/src/commonJvmAndroidTest/kotlin/androidx/paging/`),
/// with the mapping of ``PeerPaging3Tests``; `LoadResult.Invalid()` becomes
/// ``PageSourceInvalidated`` and `PagingSource.invalidate()` becomes ``PagingEvent/invalidate``.
/// Where we differ: Paging 3 refreshes at `getRefreshKey(state)`, a key the source computes from
/// the anchor's position; we reload the page holding the anchored row at the cursor that
/// loaded it (the engine keeps it), and at the origin when no row is known. And Paging 3 leaves
/// the old generation's load "Loading" forever in its closed `PagingData`; ours has one
/// generation at a time, so that load simply ends.
@Suite(.timeLimit(.minutes(minuteLimit))) struct InvalidationTests {
  // MARK: - Peers

  /// Peer: `refresh_fromPagingSource`. `initialKey = 50`: the source's `invalidate()` after the
  /// first page makes a second generation, which refreshes. No row was accessed, so ours
  /// reloads at the origin.
  @Test func peerRefreshFromPagingSource() throws {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.complete(.refresh) == [])
    #expect(paging.machine.generation == Generation(rawValue: 1))
    #expect(paging.send(.invalidate) == [.refresh(50)])
    #expect(paging.machine.generation == Generation(rawValue: 2))
    #expect(paging.ids == [50, 51])  // the old items stay until the new page commits
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == [50, 51])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `refresh_invalidatePropagatesThroughLoadResultInvalid`. The first REFRESH answers
  /// `LoadResult.Invalid`: nothing commits, and a new generation refreshes again (the peer at
  /// its forced refresh key 30; ours, with no row known, at the origin).
  @Test func peerRefreshInvalidatePropagatesThroughLoadResultInvalid() throws {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    #expect(paging.send(.startAt(50)) == [.refresh(50)])
    #expect(paging.invalid(.refresh) == [.refresh(50)])
    #expect(paging.machine.generation == Generation(rawValue: 2))
    #expect(paging.ids == [])
    #expect(paging.states == PeerStates(refresh: .loading, prepend: .idle, append: .idle))
    #expect(paging.complete(.refresh) == [])
    #expect(paging.ids == [50, 51])
    #expect(paging.states == PeerStates(refresh: .idle, prepend: .idle, append: .idle))
  }

  /// Peer: `append_invalidatePropagatesThroughLoadResultInvalid`. After REFRESH 50..51, an
  /// access at the last row APPENDs 52, which answers `LoadResult.Invalid`: the append never
  /// commits, and the next generation refreshes around the accessed row (the peer at key 51;
  /// ours at cursor 50, which loaded row 51's page), keeping row 51 in place.
  @Test func peerAppendInvalidatePropagatesThroughLoadResultInvalid() throws {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    _ = paging.send(.startAt(50))
    _ = paging.complete(.refresh)
    #expect(paging.send(.rowAppeared(.index(1))) == [.append(52)])
    #expect(paging.invalid(.append) == [.refresh(50)])
    #expect(paging.pendingLoads == [.refresh(50)])
    #expect(paging.machine.generation == Generation(rawValue: 2))
    #expect(paging.states == PeerStates(refresh: .loading, prepend: .idle, append: .idle))
    #expect(paging.complete(.refresh) == [.append(52)])
    #expect(paging.ids == [50, 51])
    #expect(paging.machine.scrollAnchor == 51)
  }

  /// Peer: `prepend_invalidatePropagatesThroughLoadResultInvalid`: the same at the top. An
  /// access at row 50 PREPENDs 49, which answers `LoadResult.Invalid`; the next generation
  /// reloads row 50's page (the peer: 49..50, from key 49).
  @Test func peerPrependInvalidatePropagatesThroughLoadResultInvalid() throws {
    var paging = PeerHarness(pageSize: 1, prefetchDistance: 1, initialLoadSize: 2)
    _ = paging.send(.startAt(50))
    _ = paging.complete(.refresh)
    #expect(paging.send(.rowAppeared(.index(0))) == [.prepend(49)])
    #expect(paging.invalid(.prepend) == [.refresh(50)])
    #expect(paging.states == PeerStates(refresh: .loading, prepend: .idle, append: .idle))
    #expect(paging.complete(.refresh) == [.prepend(49)])
    #expect(paging.ids == [50, 51])
    #expect(paging.machine.scrollAnchor == 50)
  }

  /// Peer: `pagingSourceInvalidBeforeCallbackAddedCancelsInitialLoad`. An invalidation while
  /// the first load is in flight cancels it and loads again in a new generation; the first
  /// load's late page is dropped, so only one page ever commits.
  @Test func peerInvalidationCancelsTheInitialLoad() throws {
    var machine = Machine(configuration: .manualRetry)
    let first = try #require(machine.handle(.start).loads.first)
    let effects = machine.handle(.invalidate)
    #expect(effects.cancellations == [first.id])
    let second = effects.loads
    #expect(second.map(\.cursor) == [nil])
    #expect(second.map(\.generation) == [Generation(rawValue: 2)])
    _ = machine.handle(.loadCompleted(first.id, page(0..<3, next: 3)))
    #expect(machine.ids == [])
    #expect(machine.metrics.staleResultsDropped == 1)
    _ = machine.handle(.loadCompleted(try #require(second.first).id, page(0..<2, next: 2)))
    #expect(machine.ids == [0, 1])
  }

  // MARK: - Ours

  /// The list keeps its place: an invalidation reloads the page of the top visible row (not
  /// the origin, whatever the refresh policy) and keeps that row as the scroll anchor.
  @Test func anInvalidationReloadsThePageOfTheRowOnScreen() throws {
    var machine = Machine.loaded(count: 10, next: 10, configuration: .manualRetry)
    let append = machine.appear([8]).loads
    #expect(append.map(\.cursor) == [10])
    _ = machine.handle(.loadCompleted(try #require(append.first).id, page(10..<20, next: 20)))
    _ = machine.handle(.rowDisappeared(.id(8)))
    _ = machine.appear(12...14)
    let reload = machine.handle(.invalidate).loads
    #expect(reload.map(\.direction) == [.refresh])
    #expect(reload.map(\.cursor) == [10])
    _ = machine.handle(.loadCompleted(try #require(reload.first).id, page(10..<20, next: 20)))
    #expect(machine.ids == Array(10..<20))
    #expect(machine.scrollAnchor == 12)
  }

  /// A refresh in flight is superseded, never joined (a refresh asked for meanwhile joins).
  @Test func anInvalidationSupersedesARefreshInFlight() throws {
    var machine = Machine.loaded(count: 10, next: 10, configuration: .manualRetry)
    let refresh = try #require(machine.handle(.refresh).loads.first)
    #expect(machine.handle(.refresh).isEmpty)
    let effects = machine.handle(.invalidate)
    #expect(effects.cancellations == [refresh.id])
    #expect(effects.loads.map(\.generation) == [Generation(rawValue: 3)])
    _ = machine.handle(.loadCompleted(refresh.id, page(0..<5, next: 5)))
    #expect(machine.ids == Array(0..<10))
  }

  /// Before anything loads there is nothing to reload; after a failed first load, the retry
  /// reads the new data.
  @Test func anInvalidationBeforeAnyPageDoesNothing() throws {
    var machine = Machine(configuration: .manualRetry)
    #expect(machine.handle(.invalidate).isEmpty)
    let first = try #require(machine.handle(.start).loads.first)
    _ = machine.handle(.loadFailed(first.id, Boom()))
    #expect(machine.handle(.invalidate).isEmpty)
    #expect(machine.generation == Generation(rawValue: 1))
  }

  /// A source that answers "invalid" every time: three reloads, then the refresh fails with the
  /// answer, not retried automatically even under the default retry policy; a manual retry
  /// loads again.
  @Test func invalidAnswersInARowAreBounded() throws {
    var machine = Machine(configuration: PagingConfiguration(prefetch: .fixed(6)))
    var request = try #require(machine.handle(.start).loads.first)
    var reloads = 0
    while true {
      let effects = machine.handle(.loadFailed(request.id, PageSourceInvalidated()))
      guard let next = effects.loads.first else {
        #expect(effects.isEmpty)
        break
      }
      reloads += 1
      request = next
    }
    #expect(reloads == 3)
    #expect(machine.refreshState == .failed(.sourceFailed(PageSourceInvalidated())))
    #expect(machine.scheduledRetries.isEmpty)
    #expect(machine.generation == Generation(rawValue: 4))
    #expect(machine.handle(.retry).loads.count == 1)
  }

  /// A page of the edge between two "invalid" answers starts the count again: the source
  /// moved on.
  @Test func aPageOfTheEdgeStartsTheCountAgain() throws {
    var machine = Machine.loaded(count: 10, next: 10, configuration: .manualRetry)
    for round in 0..<5 {
      let append = try #require(machine.handle(.loadNextPage).loads.first)
      let reload = machine.handle(.loadFailed(append.id, PageSourceInvalidated())).loads
      #expect(reload.map(\.direction) == [.refresh])
      let end = 10 * (round + 1)
      _ = machine.handle(.loadCompleted(try #require(reload.first).id, page(0..<end, next: end)))
      let next = try #require(machine.handle(.loadNextPage).loads.first)
      _ = machine.handle(.loadCompleted(next.id, page(end..<end + 10, next: end + 10)))
    }
    #expect(machine.refreshState == .idle)
    #expect(machine.appendState == .idle)
  }

  /// The reload's own page is not progress: a source whose first page loads and whose next
  /// page always answers "invalid" is reloaded three times, then the append fails with the
  /// answer (R7: an error never turns into a request loop). A manual retry loads again.
  @Test func theReloadsOwnPageDoesNotStartTheCountAgain() throws {
    var machine = Machine(configuration: PagingConfiguration(prefetch: .fixed(6)))
    var request = try #require(machine.handle(.start).loads.first)
    var sent = 1
    while sent < 100 {
      let effects: [PagingEffect<Int>]
      if request.direction == .refresh {
        effects =
          machine.handle(.loadCompleted(request.id, page(0..<10, next: 10)))
          + machine.handle(.rowAppeared(.id(9)))
      } else {
        effects = machine.handle(.loadFailed(request.id, PageSourceInvalidated()))
      }
      guard let next = effects.loads.first else { break }
      sent += 1
      request = next
    }
    #expect(sent == 8)
    #expect(machine.appendState == .failed(.sourceFailed(PageSourceInvalidated())))
    #expect(machine.refreshState == .idle)
    #expect(machine.scheduledRetries.isEmpty)
    #expect(machine.handle(.retry).loads.map(\.direction) == [.append])
  }

  /// Edits made before the invalidation yield to its page (R23).
  @Test func editsMadeBeforeAnInvalidationYieldToIt() throws {
    var machine = Machine.loaded(count: 10, next: 10, configuration: .manualRetry)
    _ = machine.handle(.edit(.remove(3)))
    #expect(!machine.ids.contains(3))
    let reload = try #require(machine.handle(.invalidate).loads.first)
    _ = machine.handle(.loadCompleted(reload.id, page(0..<10, next: 10)))
    #expect(machine.ids == Array(0..<10))
  }

  /// A walk has no window to reload: the first "invalid" answer ends it with the cursor of the
  /// page that answered, and nothing after it is requested.
  @Test func aWalkEndsAtAnInvalidAnswerWithTheCursorToResumeAt() async throws {
    let source = ReplySource { cursor, _ in
      if cursor == 2 { throw PageSourceInvalidated() }
      let number = cursor ?? 0
      return page((number * 2)..<((number + 1) * 2), next: number + 1)
    }
    var iterator = source.pages().makeAsyncIterator()
    #expect(try await iterator.next()?.items == rows(0..<2))
    #expect(try await iterator.next()?.items == rows(2..<4))
    do {
      _ = try await iterator.next()
      Issue.record("the walk went on")
    } catch let error as PageWalkError<Int> {
      #expect(error.error == .sourceFailed(PageSourceInvalidated()))
      #expect(error.cursor == 2)
      #expect(error.pagesLoaded == 2)
    }
    #expect(source.cursors == [nil, 1, 2])
  }
}
