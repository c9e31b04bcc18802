import Paging
import PagingReference
import Testing

import var PagingTestSupport.minuteLimit

/// The shortest traces `paging-explore` found that break an invariant, one test per defect,
/// replayed step by step against the reference model with every invariant checked
/// (`ExplorerWorld.replay`). Each failed on the engine whose page table ran beside its item
/// store. The defects, with what the rulebook expects, are in the explorer's notes.
@Suite(.timeLimit(.minutes(minuteLimit))) struct ExplorerRegressionTests {
  /// Replays `trace` in `configuration` and expects no violation; a violation that occurs must
  /// be of `invariant`, the one the trace is about.
  static func expectNoViolation(
    of invariant: ExplorerInvariant, _ trace: String, in configuration: ExplorerConfiguration,
    skipping skipped: Set<ExplorerInvariant> = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let events = ExplorerEvent.parse(trace: trace) else {
      Issue.record("the trace does not parse", sourceLocation: sourceLocation)
      return
    }
    let violation = ExplorerWorld.replay(events, in: configuration, skipping: skipped)
    if let violation {
      #expect(violation.invariant == invariant, "\(violation)", sourceLocation: sourceLocation)
    }
    #expect(
      violation == nil, "\(violation.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
  }

  /// Rulebook R23, R7, R27: an edit made after a refresh began survives the refresh's automatic
  /// retry (here the first load's).
  @Test func aRemovedRowStaysRemovedThroughARefreshRetry() {
    Self.expectNoViolation(
      of: .edits,
      "[.start, .answer(0, .failure), .remove(1), .retryTimer(.refresh), .answer(0, .page)]",
      in: .editsAndRetries)
  }

  /// Rulebook R26: after an insert, a commit over the cap still drops a page that holds no
  /// visible row and lies outside the prefetch distance.
  @Test func theCapHoldsAfterAnInsert() {
    Self.expectNoViolation(
      of: .cap,
      "[.start, .answer(0, .page), .answer(0, .page), .jumpToBottom, .insertAfter(2), "
        + ".answer(0, .page)]", in: .filterAndCap)
  }

  /// Rulebook R26, R25: after a filter was set (and cleared), the cap still drops pages. (The
  /// snapshot's own defect under a filter is the test below's.)
  @Test func theCapHoldsAfterAFilter() {
    Self.expectNoViolation(
      of: .cap,
      "[.start, .answer(0, .page), .filter(.even), .answer(0, .page), .filter(nil), "
        + ".answer(0, .page)]", in: .filterAndCap, skipping: [.snapshot])
  }

  /// Rulebook R27: `.aroundAnchor` reloads the page holding the top visible row, also after an
  /// insert above it.
  @Test func aRefreshAroundTheAnchorReloadsThePageHoldingItAfterAnInsert() {
    Self.expectNoViolation(
      of: .refreshPlace,
      "[.start, .answer(0, .page), .answer(0, .page), .scroll(1), .insertAfter(0), "
        + ".refresh(.aroundAnchor)]", in: .aroundAnchor, skipping: [.snapshot])
  }

  /// Rulebook R28, R25: a snapshot under a filter keeps the hidden rows.
  @Test func aSnapshotUnderAFilterKeepsTheHiddenRows() {
    Self.expectNoViolation(
      of: .snapshot, "[.start, .answer(0, .page), .filter(.even)]", in: .filterAndCap)
  }

  /// Rulebook R28, R27: a snapshot after an edit keeps its pages, so that the restored list
  /// refreshes around the same row.
  @Test func aSnapshotAfterAnEditKeepsThePages() {
    Self.expectNoViolation(
      of: .snapshot,
      "[.start, .answer(0, .page), .answer(0, .page), .jumpToBottom, .insertAfter(1)]",
      in: .snapshots)
  }

  /// Rulebook R10, R25: a newer copy that replaces a shown row is hidden when the filter rejects
  /// it.
  @Test func aReplacedCopyThatTheFilterHidesIsHidden() {
    Self.expectNoViolation(
      of: .rows,
      "[.start, .answer(0, .page), .scroll(1), .filter(.unchanged), .serverChange(2), "
        + ".answer(0, .page)]", in: .replaceUnderFilter)
  }

  /// Rulebook R19, R23: the scroll anchor is a shown row or nil, also after its row is removed.
  @Test func theScrollAnchorIsNeverARemovedRow() {
    Self.expectNoViolation(
      of: .anchor,
      "[.start, .answer(0, .page), .refresh(.fromStart), .answer(1, .page), .remove(0)]",
      in: .aroundAnchor, skipping: [.snapshot])
  }

  /// Rulebook R25, R26: the cap measures its distances in shown rows, and a row inserted by an
  /// edit is a shown row: a page two shown rows below the visible rows (the inserted one
  /// between) lies outside a prefetch distance of one, and drops.
  @Test func anInsertedRowCountsAmongTheShownRowsTheCapMeasures() {
    Self.expectNoViolation(
      of: .cap,
      "[.start, .answer(0, .page), .answer(0, .page), .filter(.even), .insertAfter(2), "
        + ".answer(0, .page)]", in: .filterAndCap)
  }

  /// Rulebook R23, R26: a row inserted by an edit does not vanish when the cap drops its page
  /// while the row it was put after stays: it stays beside that row.
  @Test func anInsertedRowStaysBesideItsRowWhenTheCapDropsItsPage() {
    Self.expectNoViolation(
      of: .edits,
      "[.start, .answer(0, .page), .answer(0, .page), .refresh(nil), .insertAfter(2), "
        + ".answer(0, .page), .answer(0, .page), .jumpToBottom, .answer(0, .page), "
        + ".jumpToBottom, .answer(0, .page)]", in: .filterAndCap)
  }

  /// Rulebook R26, R25: a page of rows the filter hides, next to the visible rows, stays: once
  /// dropped, the top visible row would be within the prefetch distance of the edge and load
  /// it again.
  @Test func aPageOfHiddenRowsNextToTheScreenStays() {
    Self.expectNoViolation(
      of: .cap,
      "[.start, .answer(0, .page), .answer(0, .page), .scroll(1), .remove(2), "
        + ".answer(0, .page), .jumpToBottom, .answer(0, .page), .filter(.even), "
        + ".answer(0, .failure), .answer(0, .page)]", in: .filterAndCap)
  }

  /// Rulebook R28, R27: a snapshot keeps the row whose page a refresh around the anchor
  /// reloads apart from the row kept in place, which here is a row inserted by an edit.
  @Test func aSnapshotKeepsTheRefreshRowApartFromTheRowKeptInPlace() {
    Self.expectNoViolation(
      of: .snapshot,
      "[.start, .answer(0, .page), .answer(0, .page), .scroll(1), .insertAfter(0), "
        + ".filter(.even)]", in: .aroundAnchor)
    Self.expectNoViolation(
      of: .snapshot,
      "[.start, .answer(0, .page), .insertAfter(1), .answer(0, .page), .scroll(1), "
        + ".scroll(1), .relaunch]", in: .snapshots)
  }

  /// Rulebook R26, R27, R28: a row inserted at the end of the window joins the page appended
  /// after it, so that a relaunched list, which cannot tell it from the server's rows,
  /// refreshes around the same page as the live one.
  @Test func aRelaunchedListRefreshesAroundThePageOfTheRowAfterAnInsertedRow() {
    Self.expectNoViolation(
      of: .refreshPlace,
      "[.start, .answer(0, .page), .answer(0, .page), .scroll(1), .insertAfter(1), "
        + ".scroll(1), .relaunch, .answer(0, .failure), .refresh(nil)]", in: .snapshots)
    Self.expectNoViolation(
      of: .refreshPlace,
      "[.start, .answer(0, .page), .insertAfter(1), .answer(0, .page), .scroll(1), "
        + ".scroll(1), .relaunch, .answer(0, .failure), .refresh(nil)]", in: .snapshots)
  }

  /// Rulebook R23, R27: `cancel()` ends a refresh that failed too, so a retry after it is a new
  /// refresh, and an edit made before that retry yields to the server's answer.
  @Test func aRetryAfterCancellingAFailedRefreshIsANewRefresh() {
    Self.expectNoViolation(
      of: .rows,
      "[.start, .answer(0, .page), .refresh(nil), .answer(1, .failure), .retryTimer(.refresh), "
        + ".answer(1, .failure), .retryTimer(.refresh), .answer(1, .failure), .cancel, "
        + ".remove(1), .retry, .answer(1, .page)]", in: .editsAndRetries)
  }

  /// Rulebook R26, R25, R4: while a filter hides every row, no page drops (an empty list counts
  /// as at both edges, so a drop would load again at once); the pages that add no shown row
  /// are bounded by R12 instead.
  @Test func noPageDropsWhileAFilterHidesEveryRow() {
    Self.expectNoViolation(
      of: .cap,
      "[.start, .answer(0, .page), .answer(0, .page), .filter(.nothing), .answer(0, .page), "
        + ".answer(0, .page)]", in: .filterAndCap)
  }

  /// Every pair of the features the explorer puts together meets in some world of the CI
  /// suite (`paging-explore --ci` prints the table and fails otherwise).
  @Test func everyPairOfFeaturesMeetsInTheSuite() {
    let table = ExplorerPairTable(ExplorerConfiguration.suite)
    #expect(table.missing.map { "\($0.0.rawValue) with \($0.1.rawValue)" } == [])
    #expect(table.covered == ExplorerPairTable.pairCount)
    #expect(ExplorerPairTable.pairCount == 136)
    let meetings = Set(ExplorerConfiguration.meetings.map(\.name))
    let others = ExplorerConfiguration.suite.filter { !meetings.contains($0.name) }
    #expect(others.count == 9)
    #expect(ExplorerPairTable(others).covered == 40)
  }

  /// Rulebook R24, R15: a caller of `fetchNextPage()` while a failed query change leaves the
  /// previous query's rows on screen gets the failure; it got 0 with `hasNextPage` true.
  @Test func aCallerAfterAFailedQueryChangeGetsTheFailure() {
    Self.expectNoViolation(
      of: .callers,
      "[.start, .answer(0, .page), .query(1, .keepPrevious), .answer(1, .failure), .fetchNextPage]",
      in: ExplorerConfiguration.meetings[9])
  }

  /// Rulebook R15, R30: a caller of `fetchNextPage()` while the refresh an "invalid" answer
  /// began waits to retry waits for it and then for its page; it got 0 at once.
  @Test func aCallerWaitsForTheRefreshsRetryAndThenForItsPage() {
    Self.expectNoViolation(
      of: .callers,
      "[.start, .answer(0, .page), .answer(0, .invalid), .answer(0, .failure), .fetchNextPage]",
      in: ExplorerConfiguration.meetings[10])
  }

  /// Rulebook R15: a load asked for while a refresh runs waits through the refresh's automatic
  /// retry, here one a refresh by policy took over; the refresh's first failure dropped it.
  @Test func aLoadAskedForDuringARefreshWaitsThroughItsRetry() {
    Self.expectNoViolation(
      of: .callers,
      "[.start, .answer(0, .page), .answer(0, .page), .invalidate, .fetchNextPage, "
        + ".answer(0, .failure), .refresh(.allLoaded(limit: 2)), .answer(0, .page), "
        + ".answer(0, .page)]",
      in: .meeting(
        "swarm-5",
        [
          .edits, .queries, .relaunch, .cap, .retries, .invalidation, .allLoaded, .lateAnswers,
          .serverChanges, .callers,
        ], depth: 8))
  }

  /// The swarm's worlds are drawn from their seed: the same seed, the same features; each
  /// keeps at least three.
  @Test func swarmWorldsAreDrawnFromTheirSeed() {
    let first = ExplorerConfiguration.swarm(6, seed: 7).map(\.features)
    #expect(first == ExplorerConfiguration.swarm(6, seed: 7).map(\.features))
    #expect(first != ExplorerConfiguration.swarm(6, seed: 8).map(\.features))
    #expect(first.allSatisfy { $0.count >= 3 })
  }

  /// Rulebook R24, R27: a refresh around the anchor while a failed query change still shows the
  /// old query's rows reloads from the origin; it reused the old pages, and the list stood still.
  @Test func aRefreshWhileThePreviousQueryIsShownIsNeverStuck() {
    Self.expectNoViolation(
      of: .stuck,
      "[.start, .answer(0, .page), .answer(0, .page), .jumpToTop, .query(1, .keepPrevious), "
        + ".query(0, .keepPrevious), .answer(1, .failure), .refresh(.aroundAnchor)]",
      in: ExplorerConfiguration.meetings[2])
  }

  /// Rulebook R28, R24: a snapshot taken while a failed query change still shows the previous
  /// query's rows keeps none of them (their pages belong to another query), so the restored
  /// list starts from the origin and an "invalid" answer there still leaves it able to load.
  @Test func aSnapshotWhileThePreviousQueryIsShownRestoresFromTheOrigin() {
    Self.expectNoViolation(
      of: .stuck,
      "[.start, .answer(0, .page), .answer(0, .page), .query(1, .keepPrevious), "
        + ".query(0, .keepPrevious), .relaunch, .answer(0, .invalid)]",
      in: .meeting(
        "swarm-4",
        [
          .edits, .filter, .queries, .relaunch, .cap, .retries, .invalidation, .fromStart,
          .aroundAnchor, .lateAnswers,
        ], depth: 8))
  }

  /// Rulebook R27, R25: a restored list whose row to refresh around is hidden by the filter
  /// refreshes all its loaded pages from the first, as one with no row to keep in place.
  @Test func aRestoredRowThatTheFilterHidesDoesNotAnchorTheRefresh() {
    Self.expectNoViolation(
      of: .refreshPlace,
      "[.start, .answer(0, .page), .answer(0, .page), .jumpToBottom, .answer(0, .page), "
        + ".relaunch, .answer(0, .failure), .filter(.nothing), .refresh(.allLoaded(limit: 2))]",
      in: .meeting(
        "swarm-6",
        [.edits, .filter, .relaunch, .cap, .hedges, .retries, .aroundAnchor, .allLoaded],
        depth: 8))
  }
}
