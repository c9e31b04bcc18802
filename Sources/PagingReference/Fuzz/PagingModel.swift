import Foundation
import Paging

/// A broken invariant: `kind` names the rule (shrinking keeps it), `detail` says what happened.
package struct FuzzViolation: Error, CustomStringConvertible {
  package var kind: String
  package var detail: String
  package var step = -1

  package var description: String { "[\(kind)] at step \(step): \(detail)" }
}

extension FuzzViolation {
  package init(kind: String, detail: String) {
    self.kind = kind
    self.detail = detail
  }

  /// `error` (a violation, or anything else a harness threw) as the violation of step `step`.
  package init(_ error: any Error, step: Int) {
    self = error as? FuzzViolation ?? FuzzViolation(kind: "harness", detail: "\(error)")
    self.step = step
  }
}

/// What the source answers to one request.
package enum FuzzAnswer {
  case page(Page<FuzzRow, Int>)
  case error(any Error)
  /// The driver reports `loadCancelled` (the paginator's source throws `CancellationError`).
  case cancelled

  package func event(for id: PageRequestID) -> PagingEvent<FuzzRow, Int> {
    switch self {
    case .page(let page): .loadCompleted(id, page)
    case .error(let error): .loadFailed(id, error)
    case .cancelled: .loadCancelled(id)
    }
  }
}

/// The randomized tests' model of a correct engine and their invariant checker.
///
/// It follows the requests from the effects (or, for a ``Paginator``, from the change of its
/// machine's state) and its own chain per edge; what a correct engine holds and shows (the
/// pages, the local edits in force, the display filter, the query) is the ``WindowModel`` the
/// exhaustive explorer checks against too. After every event it checks the rules of the
/// rulebook (Rulebook.md in Paging.docc) against the machine. It mirrors no private state of
/// the machine: only what a user, a view or a server can see.
package final class PagingModel {
  package enum Status { case inFlight, committed, failed, cancelled }

  package struct Record {
    package var request: PageRequest<Int>
    package var live = true
    package var answered = false
    /// For a load (not a hedge): whether it got its hedge (rulebook R22: one at most).
    package var hedged = false
  }

  /// One edge of the window as the pages tell it.
  package struct EdgeModel {
    /// The cursor of the page beyond the edge (`nil` before the first page or at the end).
    package var cursor: Int?
    /// Whether the last page at this edge gave no cursor.
    package var ended = false
    /// Pages in a row at this edge that added no new item.
    package var pagesWithoutNewItems = 0
    /// An explicit load came during a refresh: its commit may start one untriggered.
    package var queued = false
    /// The user's `cancel()` stopped this edge, and nothing re-checked it since.
    package var userCancelled = false
  }

  /// How many cancellations reported by the source in a row the engine answers with a reload
  /// (`PagingStateMachine.reloadsAfterCancellation`); after more, a stop is allowed.
  package static let reloadsAfterCancellation = 3

  package let fuzzCase: FuzzCase
  package var server: FuzzServer
  /// What a correct engine holds: the pages, the edits in force and the refresh they outlive.
  package private(set) var window = WindowModel()
  /// The display filter (R25).
  package private(set) var filter: FuzzFilter?
  /// The query of the current generation (R24); the server's ids are offset by it.
  package private(set) var query: Int?
  /// The rows shown, in the engine's order once checked against ``window`` (the model leaves
  /// where an edit puts a row to the engine): what the viewport and the signals count.
  package private(set) var items: [FuzzRow] = []
  private var positions: [Int: Int] = [:]
  /// Local rows made so far (their `request` is negative, so that each copy differs).
  private var localRows = 0
  package private(set) var records: [PageRequestID: Record] = [:]
  /// Requests the source has not answered, oldest first.
  package private(set) var sourcePending: [PageRequest<Int>] = []
  /// Retries waiting for their timers, oldest first.
  package private(set) var pendingRetries: [ScheduledRetry] = []
  package private(set) var retiredRetries: [RetryID] = []
  package private(set) var visible: Set<Int> = []

  // The window since the last committed refresh.
  /// Cursors whose pages committed in this generation, in commit order.
  package private(set) var committedCursors: [Int] = []
  package private(set) var prepend = EdgeModel()
  package private(set) var append = EdgeModel()
  /// Where refreshes start: the initial cursor, or the cursor of the last `start(at:)` that
  /// started one.
  package private(set) var origin: Int?
  /// Whether the window was loaded from `origin` (false from a refresh's start to its commit).
  private var windowFromOrigin = false
  private var firstPageLoaded = false
  private var refreshCommitGeneration = 0
  private var refreshStatus: [Int: Status] = [:]
  private var latestGeneration = 0
  private var latestRequest = 0
  private var refreshCommittedNow = false
  /// The explicit loads a refresh's commit may start.
  private var queuedAtCommit = (prepend: false, append: false)
  /// The row the list must keep still: set by prepends that added rows and by refreshes.
  private var expectedAnchor: Int?
  /// The top visible row and its position before a local change (R19: it stays still).
  private var localTop: (id: Int, position: Int)?
  /// Edges whose commit brought a cursor the engine must refuse, with that cursor.
  private var mustRepeat: [(LoadDirection, Int)] = []

  // What allows a stop.
  private var started = false
  private var refreshUserCancelled = false
  /// Cancellations reported by the source in a row, per direction.
  private var cancellations: [LoadDirection: Int] = [:]

  // Hedges (rulebook R22).
  /// Hedges started, and those whose page committed first.
  private var hedgesStarted = 0
  private var hedgesWon = 0
  /// The load a hedge timer that fired must hedge now, if any.
  private var hedgeExpected: PageRequest<Int>?

  package init(_ fuzzCase: FuzzCase) {
    self.fuzzCase = fuzzCase
    server = FuzzServer(ids: fuzzCase.serverIDs)
    origin = fuzzCase.initialCursor
  }

  package func isLive(_ id: PageRequestID) -> Bool { records[id]?.live ?? false }

  private subscript(edge direction: LoadDirection) -> EdgeModel {
    get { direction == .prepend ? prepend : append }
    set {
      if direction == .prepend { prepend = newValue } else { append = newValue }
    }
  }

  /// The requests in flight in `direction`, oldest first: a load, or a load and its hedge, or
  /// a hedge alone once its load failed or was cancelled (rulebook R22).
  package func liveRequests(_ direction: LoadDirection) -> [PageRequest<Int>] {
    records.values.filter { $0.live && $0.request.direction == direction }.map(\.request)
      .sorted { $0.id.rawValue < $1.id.rawValue }
  }

  /// The request in flight in `direction` (the load, or the hedge that goes on alone), if any.
  package func liveRequest(_ direction: LoadDirection) -> PageRequest<Int>? {
    liveRequests(direction).first
  }

  /// The hedge in flight beside the load of `direction`, if any.
  package func liveHedge(_ direction: LoadDirection) -> PageRequest<Int>? {
    let requests = liveRequests(direction)
    return requests.count > 1 ? requests[1] : nil
  }

  /// The requests a hedge timer may fire for: every request in flight, oldest first.
  package var hedgeTimerCandidates: [PageRequestID] {
    records.values.filter(\.live).map(\.request.id).sorted { $0.rawValue < $1.rawValue }
  }

  /// The requests no longer in flight, for a hedge timer that fires too late.
  package var staleHedgeTimer: PageRequestID? {
    records.values.filter { !$0.live }.map(\.request.id).max { $0.rawValue < $1.rawValue }
  }

  /// The signal's row: by position, or by the id of the item now at that position (an id no
  /// item has when out of range).
  package func reference(_ row: FuzzRowRef) -> RowReference<Int> {
    switch row {
    case .index(let index): .index(index)
    case .idAt(let index): .id(items.indices.contains(index) ? items[index].id : -1 - index)
    }
  }

  /// The cursor of a `.startAt(pick:)` step: the id of the server's item at `pick`.
  package func startCursor(_ pick: Int) -> Int {
    let offset = FuzzServer.offset(ofQuery: query)
    return (server.ids.isEmpty ? 50 : server.ids[pick % server.ids.count]) + offset
  }

  /// The next step of draining a run: answer the oldest pending request (a full page if the
  /// engine still wants it), else fire the oldest pending retry; `nil` when nothing is left.
  package var drainStep: FuzzStep? {
    if let request = sourcePending.first {
      return .answer(pick: 0, isLive(request.id) ? .full : .cancellation(.cancellationError))
    }
    return pendingRetries.isEmpty ? nil : .fireRetryTimer(stale: false)
  }

  /// The cursor the model files a first page under when its request had none.
  package static let originCursor = Int.min

  /// How many drain steps a run may take before it counts as never settling.
  package static let drainLimit = 1_000

  // MARK: The server

  /// The source's answer to `request` for `outcome`, from the server's current content.
  package func answer(_ request: PageRequest<Int>, _ outcome: FuzzOutcome) -> FuzzAnswer {
    let size = fuzzCase.pageSize
    let backwards = request.direction == .prepend
    let server = self.server.offset(by: FuzzServer.offset(ofQuery: request.query(as: Int.self)))
    // A prepend's cursor points before an id; the others after one (or at the start).
    let bound = request.cursor.flatMap(FuzzServer.pointsBefore)
    let rest =
      backwards ? server.ids(before: bound ?? Int.min) : server.ids(after: request.cursor)
    func rows(_ ids: some Collection<Int>) -> [FuzzRow] {
      ids.map {
        FuzzRow(id: $0, generation: request.generation.rawValue, request: request.id.rawValue)
      }
    }
    /// A refresh's previous cursor: before its first row, or before what follows its cursor,
    /// when the server has rows there.
    func previous(first: Int?) -> Int? {
      guard request.direction == .refresh, let lowest = server.ids.first else { return nil }
      if let first { return lowest < first ? FuzzServer.before(first) : nil }
      guard let cursor = request.cursor, lowest <= cursor else { return nil }
      return FuzzServer.before(cursor + 1)
    }
    func honest(_ count: Int) -> Page<FuzzRow, Int> {
      if backwards {
        let ids = rest.suffix(count)
        let earlier = rest.count > ids.count ? ids.first.map(FuzzServer.before) : nil
        return Page(items: rows(ids), nextCursor: ids.last, previousCursor: earlier)
      }
      let ids = rest.prefix(count)
      let next = rest.count > ids.count ? (ids.last ?? request.cursor) : nil
      return Page(items: rows(ids), nextCursor: next, previousCursor: previous(first: ids.first))
    }
    switch outcome {
    case .full:
      return .page(honest(size))
    case .short(let count):
      return .page(honest(min(max(1, count), max(1, size - 1))))
    case .empty(let skip):
      let skipped = max(1, skip)
      if backwards {
        let earlier = rest.count > skipped ? FuzzServer.before(rest[rest.endIndex - skipped]) : nil
        return .page(Page(items: [], nextCursor: nil, previousCursor: earlier))
      }
      let next = rest.count > skipped ? rest[rest.startIndex + skipped - 1] : nil
      return .page(Page(items: [], nextCursor: next, previousCursor: previous(first: nil)))
    case .seen:
      let loaded = window.loadedRows.map(\.id)
      guard request.direction != .refresh, !loaded.isEmpty else { return .page(honest(size)) }
      let page = honest(size)
      let ids = backwards ? loaded.prefix(size) : loaded.suffix(size)
      return .page(
        Page(items: rows(ids), nextCursor: page.nextCursor, previousCursor: page.previousCursor))
    case .repeatedCursor(let pick):
      let page = honest(size)
      guard request.direction != .refresh else {
        // Its own cursor as the next one, or a cycle: the previous cursor is the next one.
        if pick.isMultiple(of: 2), let cursor = request.cursor {
          return .page(
            Page(items: page.items, nextCursor: cursor, previousCursor: page.previousCursor))
        }
        guard let next = page.nextCursor else { return .page(page) }
        return .page(Page(items: page.items, nextCursor: next, previousCursor: next))
      }
      // What the other edge points to or loads (fault class 19), a committed page's cursor,
      // or the request's own.
      let other = self[edge: backwards ? .append : .prepend]
      let loading = liveRequest(backwards ? .append : .prepend)?.cursor
      let candidates =
        [other.cursor, loading].compactMap { $0 } + committedCursors
        + [request.cursor].compactMap { $0 }
      guard !candidates.isEmpty else { return .page(page) }
      let cursor = candidates[pick % candidates.count]
      return .page(
        backwards
          ? Page(items: page.items, nextCursor: page.nextCursor, previousCursor: cursor)
          : Page(items: page.items, nextCursor: cursor))
    case .failure(let retryable):
      return .error(FuzzSourceError(isRetryable: retryable, request: request.id.rawValue))
    case .cancellation(.cancellationError): return .error(CancellationError())
    case .cancellation(.urlError): return .error(URLError(.cancelled))
    case .cancellation(.wrapped): return .error(PagingError.sourceFailed(CancellationError()))
    case .cancellation(.event): return .cancelled
    }
  }

  /// The pending request an `.answer(pick:)` step answers: at `pick` modulo their number,
  /// oldest first, or for a negative `pick` counted from the newest (-1 the newest). The
  /// caller checked that one is pending.
  package func pendingRequest(pick: Int) -> PageRequest<Int> {
    let count = sourcePending.count
    return sourcePending[pick >= 0 ? pick % count : count - 1 - (-1 - pick) % count]
  }

  /// The source answered `id` (the driver delivers the answer next).
  package func markAnswered(_ id: PageRequestID) {
    records[id]?.answered = true
    sourcePending.removeAll { $0.id == id }
  }

  // MARK: Local changes

  /// A new copy of a row, or a new row, made by the app in `generation`: its `request` is
  /// negative and its own, so that the checker tells it from every server copy.
  package func localRow(id: Int, generation: Generation) -> FuzzRow {
    localRows += 1
    return FuzzRow(id: id, generation: generation.rawValue, request: -localRows)
  }

  /// The id of the next row the app inserts: never a server id, of any query.
  package var nextInsertedID: Int { FuzzServer.localBase + 50 * localRows }

  /// Records `edit` in the window when a correct engine accepts it now (R23: the rows it
  /// names are loaded, an inserted id is not), before the machine gets it.
  /// - Returns: Whether the edit applies.
  package func recordEdit(_ edit: PagingEdit<FuzzRow>) -> Bool {
    let loaded = Set(window.loadedRows.map(\.id)).union(window.insertedIDs)
    switch edit {
    case .remove(let id):
      window.record(.remove, ExplorerRow(id: id))
    case .update(let row):
      guard loaded.contains(row.id) else { return false }
      window.record(.update, row.modelRow)
    case .insert(let row, let position):
      guard !loaded.contains(row.id) else { return false }
      switch position {
      case .start: window.record(.insert(after: WindowModel.start), row.modelRow)
      case .after(let id) where loaded.contains(id):
        window.record(.insert(after: id), row.modelRow)
      default: return false
      }
    case .move(let id, let position):
      guard case .before(let other) = position, other != id, loaded.contains(id),
        loaded.contains(other)
      else { return false }
      window.record(.move(before: other), ExplorerRow(id: id))
    }
    return true
  }

  /// The app sets, changes or clears the display filter (R25), before the machine gets it:
  /// the pages counted towards R12 added no row shown under the old filter, so both counts
  /// start again.
  package func setFilter(_ filter: FuzzFilter?) {
    // No filter where there was none is no change: R12's count and latch stay (R25).
    guard filter != nil || self.filter != nil else { return }
    self.filter = filter
    prepend.pagesWithoutNewItems = 0
    append.pagesWithoutNewItems = 0
  }

  /// Whether `error` is R12's latch.
  private static func isNoNewItems(_ error: PagingError) -> Bool {
    if case .noNewItems = error { return true }
    return false
  }

  /// The app sets the query (R24), before the machine gets it: a new one drops the edits and
  /// the cursors and starts a new generation from the initial cursor; under
  /// ``QueryTransition/clear`` the rows go at once.
  /// - Parameter loadedOrder: The ids the machine holds, in order (where inserted rows are).
  package func setQuery(_ query: Int, _ transition: QueryTransition, loadedOrder: [Int]) {
    guard query != self.query else { return }
    self.query = query
    window.changeQuery(transition, loadedOrder: loadedOrder)
    prepend = EdgeModel()
    append = EdgeModel()
    committedCursors = []
    firstPageLoaded = false
    origin = fuzzCase.initialCursor
    windowFromOrigin = false
    if transition == .clear {
      visible = []
      expectedAnchor = nil
    }
  }

  /// The event of a local step (an edit, a filter, a query), recorded in the model first; `nil`
  /// for the other steps, and for an edit with no row to name.
  /// - Throws: ``FuzzViolation`` when the machine's `validate(_:)` and the model disagree on
  ///   whether the edit applies.
  package func localEvent(
    _ step: FuzzStep, machine: PagingStateMachine<FuzzRow, Int>
  ) throws -> PagingEvent<FuzzRow, Int>? {
    let loaded = machine.loadedItems.map(\.id)
    func pick(_ pick: Int, in ids: [Int]) -> Int { ids[(pick % ids.count + ids.count) % ids.count] }
    let edit: PagingEdit<FuzzRow>
    switch step {
    case .remove(let index):
      let held = Set(loaded)
      let ids =
        loaded
        + server.offset(by: FuzzServer.offset(ofQuery: query)).ids.filter {
          !held.contains($0)
        }
      guard !ids.isEmpty else { return nil }
      edit = .remove(pick(index, in: ids))
    case .update(let index):
      guard !loaded.isEmpty else { return nil }
      edit = .update(localRow(id: pick(index, in: loaded), generation: machine.generation))
    case .insert(let index):
      let row = localRow(id: nextInsertedID, generation: machine.generation)
      edit = .insert(
        row, at: index < 0 || loaded.isEmpty ? .start : .after(pick(index, in: loaded)))
    case .move(let index, let before):
      guard loaded.count > 1 else { return nil }
      edit = .move(pick(index, in: loaded), to: .before(pick(before, in: loaded)))
    case .filter(let filter):
      setFilter(filter)
      return .setFilter(filter?.predicate)
    case .query(let query, let keepPrevious):
      let transition: QueryTransition = keepPrevious ? .keepPrevious : .clear
      setQuery(query, transition, loadedOrder: loaded)
      return .setQuery(query, transition: transition)
    default: return nil
    }
    let applies = recordEdit(edit)
    if applies != ((try? machine.validate(edit)) != nil) {
      throw FuzzViolation(
        kind: "edit-validity",
        detail: "\(edit) applies: \(applies) for the model, not for the machine")
    }
    return .edit(edit)
  }

  /// Whether the display filter shows `row`.
  private func accepts(_ row: ExplorerRow) -> Bool { filter?.accepts(row.id) ?? true }

  /// The ids of the server's rows a correct engine shows, in order.
  private var expectedShownIDs: [Int] { window.loadedRows.filter(accepts).map(\.id) }

  /// Takes the machine's shown rows as the list the viewport and the signals count (they are
  /// checked against ``window`` after the event).
  private func showRows(of machine: PagingStateMachine<FuzzRow, Int>) {
    items = Array(machine.items)
    positions = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  // MARK: Events

  /// Notes what the view shows and what the user asked for, before the machine sees `event`.
  package func prepare(_ event: PagingEvent<FuzzRow, Int>) {
    switch event {
    case .start, .startAt, .refresh, .setQuery: started = true
    case .loadNextPage, .loadPreviousPage:
      started = true
      // During a refresh, running or waiting for its automatic retry, it waits for it.
      if liveRequest(.refresh) != nil
        || pendingRetries.contains(where: { $0.direction == .refresh })
      {
        self[edge: event.isLoadNextPage ? .append : .prepend].queued = true
      }
    case .cancel:
      // It ends a refresh in flight, waiting for its retry or failed: a retry then starts a
      // new one, and older edits yield to it (R23, R27).
      window.cancelRefresh()
      refreshUserCancelled = true
      for direction in [LoadDirection.prepend, .append] {
        self[edge: direction].userCancelled = true
        self[edge: direction].queued = false
      }
    case .edit, .setFilter:
      localTop = topVisibleRow.flatMap { id in positions[id].map { (id, $0) } }
    case .rowAppeared(let row):
      if let id = resolve(row) { visible.insert(id) }
    case .rowDisappeared(.id(let id)): visible.remove(id)
    case .rowDisappeared(let row):
      if let id = resolve(row) { visible.remove(id) }
    default: break
    }
  }

  private func resolve(_ row: RowReference<Int>) -> Int? {
    switch row {
    case .id(let id): positions[id] == nil ? nil : id
    case .index(let index): items.indices.contains(index) ? items[index].id : nil
    }
  }

  /// Applies `event`'s result and `effects` to the model, then checks every invariant.
  /// - Throws: ``FuzzViolation`` for the first broken rule.
  package func observe(
    _ event: PagingEvent<FuzzRow, Int>, effects: [PagingEffect<Int>], before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) throws {
    var failedDirection: LoadDirection?
    var deliveredDirection: LoadDirection?
    var rechecked = false
    let originBefore = origin
    let top = topVisibleRow
    let firstBefore = items.first?.id
    showRows(of: machine)
    refreshCommittedNow = false
    mustRepeat = []
    hedgeExpected = nil
    // A result of one of two requests for a load (rulebook R22).
    let delivered = event.deliveredRequest.flatMap { records[$0] }.flatMap { $0.live ? $0 : nil }
    let contender = delivered.flatMap { record in
      liveRequests(record.request.direction).first { $0.id != record.request.id }
    }
    if let record = delivered, contender != nil, !event.isCompletion {
      // A failure or a cancellation of one of the two: the other goes on alone, and nothing
      // else changes.
      records[record.request.id]?.live = false
      guard effects.isEmpty else {
        throw FuzzViolation(
          kind: "hedge-contender",
          detail: "\(event) ended one of two requests for a load, yet the machine did \(effects)")
      }
      try check(
        event, before: before, machine: machine, failedDirection: nil, deliveredDirection: nil)
      return
    }
    if let record = delivered, contender != nil, record.request.isHedge { hedgesWon += 1 }
    if case .hedgeTimerFired(let id) = event, let record = records[id], record.live,
      !record.request.isHedge, !record.hedged
    {
      hedgeExpected = record.request
    }
    if let id = event.deliveredRequest, let record = records[id], record.live {
      records[id]?.live = false
      let direction = record.request.direction
      deliveredDirection = direction
      switch event {
      case .loadCompleted(_, let page):
        refreshCommittedNow = direction == .refresh
        if refreshCommittedNow { windowFromOrigin = true }
        commit(record.request, page, top: top, firstBefore: firstBefore, before: before)
        cancellations[direction] = 0
        rechecked = true
      case .loadFailed where !event.isCancellationResult:
        setStatus(record.request, .failed)
        failedDirection = direction
        cancellations[direction] = 0
        if direction == .refresh {
          // Loads asked for during the refresh wait for its automatic retry (R15); they are
          // dropped once it failed for good.
          let retries = effects.contains {
            if case .scheduleRetry(let retry) = $0 { retry.direction == .refresh } else { false }
          }
          if !retries {
            prepend.queued = false
            append.queued = false
          }
          rechecked = true
        }
      default:
        setStatus(record.request, .cancelled)
        cancellations[direction, default: 0] += 1
        rechecked = direction == .refresh && gaveUp(.refresh)
        if rechecked {
          // The refresh gave up: loads asked for during it were for the new list.
          prepend.queued = false
          append.queued = false
        }
      }
    } else if event.deliveredRequest != nil {
      try expectUnchanged(before, machine, event)
    }
    switch event {
    case .start, .startAt, .setQuery: rechecked = true
    case .edit, .setFilter:
      // The top visible row becomes the anchor when the rows above it changed (R19), and no
      // hidden or removed row is one.
      if let top = localTop, let now = positions[top.id], now != top.position {
        expectedAnchor = top.id
      }
      localTop = nil
      // A row removed or hidden has left the screen, signal or not.
      visible = visible.filter { positions[$0] != nil }
    default: break
    }
    // The anchor is a shown row or nil (R19).
    if let anchor = expectedAnchor, positions[anchor] == nil { expectedAnchor = nil }
    if rechecked {
      prepend.userCancelled = false
      append.userCancelled = false
    }
    if case .retryTimerFired(let id) = event,
      let index = pendingRetries.firstIndex(where: { $0.id == id })
    {
      pendingRetries.remove(at: index)
      retiredRetries.append(id)
      // A retry's timer always loads (the paginator test waits for that load).
      guard effects.contains(where: { if case .startLoad = $0 { true } else { false } }) else {
        throw FuzzViolation(kind: "retry-idle", detail: "retry \(id) fired and loaded nothing")
      }
    }
    for effect in effects {
      try apply(
        effect, event: event, deliveredDirection: deliveredDirection, before: before,
        machine: machine)
    }
    if let expected = hedgeExpected {
      throw FuzzViolation(
        kind: "hedge-missing", detail: "the hedge timer of \(expected) fired and sent no hedge")
    }
    if let contender, records[contender.id]?.live == true {
      throw FuzzViolation(
        kind: "hedge-loser-kept",
        detail: "\(event) committed, yet \(contender) for the same page is still in flight")
    }
    try check(
      event, before: before, machine: machine, failedDirection: failedDirection,
      deliveredDirection: deliveredDirection)
    try checkRefreshAskedFor(event, before: before, machine: machine, origin: originBefore)
  }

  /// `refresh()` and `start()` join a refresh in flight, and so does `start(at:)` at its
  /// cursor; `start(at:)` elsewhere opens a new generation there, and at the origin of a loaded
  /// list only re-checks the rows; `refresh()` with none in flight starts one.
  private func checkRefreshAskedFor(
    _ event: PagingEvent<FuzzRow, Int>, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>, origin: Int?
  ) throws {
    func fail(_ kind: String, _ detail: String) -> FuzzViolation {
      FuzzViolation(
        kind: kind,
        detail: "\(detail): refresh \(before.refreshRequest as Any) became "
          + "\(machine.refreshRequest as Any) (after \(event))")
    }
    let target: Int?
    switch event {
    case .start, .refresh: target = nil
    case .startAt(let cursor): target = cursor
    default: return
    }
    let reloaded = machine.generation != before.generation
    if let running = before.refreshRequest {
      if target == nil || target == running.cursor {
        guard !reloaded, machine.refreshRequest?.id == running.id else {
          throw fail("join", "a call that should join the refresh in flight replaced it")
        }
      } else if !reloaded || machine.refreshRequest?.cursor != target {
        throw fail("jump-ignored", "start(at:) elsewhere did not open a new generation there")
      }
      return
    }
    // A refresh waiting for its automatic retry is joined by start() and by start(at:) its
    // cursor: the retry is coming.
    let refreshWaits = before.pendingRetries.contains { $0.direction == .refresh }
    switch event {
    case .refresh where !reloaded || machine.refreshRequest == nil:
      throw fail("refresh-ignored", "refresh() started no refresh")
    case .start where refreshWaits && reloaded:
      throw fail("join", "start() replaced the refresh waiting for its retry")
    case .startAt(let cursor) where refreshWaits && cursor == origin:
      if reloaded { throw fail("join", "start(at:) replaced the refresh waiting for its retry") }
    case .startAt(let cursor) where !firstPageLoaded || cursor != origin || !windowFromOrigin:
      if !reloaded || machine.refreshRequest?.cursor != cursor {
        throw fail("jump-ignored", "start(at:) elsewhere did not open a new generation there")
      }
    case .startAt where reloaded:
      throw fail("jump-reloaded", "start(at:) at the origin of a loaded list reloaded it")
    default: break
    }
  }

  private func gaveUp(_ direction: LoadDirection) -> Bool {
    cancellations[direction, default: 0] > Self.reloadsAfterCancellation
  }

  /// The visible row nearest the top, if any.
  private var topVisibleRow: Int? {
    var top: (id: Int, position: Int)?
    for id in visible {
      guard let position = positions[id] else { continue }
      if position < top?.position ?? Int.max { top = (id, position) }
    }
    return top?.id
  }

  private func commit(
    _ request: PageRequest<Int>, _ page: Page<FuzzRow, Int>, top: Int?, firstBefore: Int?,
    before: MachineSnapshot
  ) {
    let direction = request.direction
    let shownBefore = Set(expectedShownIDs)
    let rows = page.items.map(\.modelRow)
    let cursor = request.cursor ?? Self.originCursor
    let policy = fuzzCase.duplicatePolicy
    if direction == .refresh {
      window.commitRefresh(cursor: cursor, rows: rows, policy: policy)
      committedCursors = []
      firstPageLoaded = true
      refreshCommitGeneration = request.generation.rawValue
    } else {
      window.commitEdge(direction, cursor: cursor, rows: rows, policy: policy)
    }
    // What the shown rows gained (R12 and R25 count shown rows).
    let shownAfter = expectedShownIDs
    let inserted =
      direction == .refresh ? shownAfter.count : shownAfter.count { !shownBefore.contains($0) }
    setStatus(request, .committed)
    if let cursor = request.cursor { committedCursors.append(cursor) }
    func refused(_ cursor: Int?, other: LoadDirection) -> Int? {
      guard let cursor else { return nil }
      let loading = before.request(other)?.cursor
      let refused =
        committedCursors.contains(cursor) || self[edge: other].cursor == cursor
        || loading == cursor
      return refused ? cursor : nil
    }
    func advance(_ direction: LoadDirection, to cursor: Int?) {
      let other: LoadDirection = direction == .prepend ? .append : .prepend
      if let repeated = refused(cursor, other: other) { mustRepeat.append((direction, repeated)) }
      var edge = self[edge: direction]
      edge.cursor = cursor
      edge.ended = cursor == nil
      edge.pagesWithoutNewItems = inserted == 0 ? edge.pagesWithoutNewItems + 1 : 0
      self[edge: direction] = edge
    }
    switch direction {
    case .refresh:
      // A row whose item the refresh removed has left the screen, signal or not.
      visible = visible.filter { positions[$0] != nil }
      expectedAnchor = top.flatMap { positions[$0] == nil ? nil : $0 }
      queuedAtCommit = (prepend.queued, append.queued)
      prepend = EdgeModel()
      append = EdgeModel()
      // The append chain first, as the engine reports a cycle at the prepend edge.
      advance(.append, to: page.nextCursor)
      advance(.prepend, to: page.previousCursor)
    case .prepend:
      if inserted > 0, let anchor = top ?? firstBefore { expectedAnchor = anchor }
      advance(.prepend, to: page.previousCursor)
    case .append:
      advance(.append, to: page.nextCursor)
    }
  }

  private func setStatus(_ request: PageRequest<Int>, _ status: Status) {
    // A refresh that committed stays so when the other of its two requests is cancelled.
    guard request.direction == .refresh,
      refreshStatus[request.generation.rawValue] != .committed
    else { return }
    refreshStatus[request.generation.rawValue] = status
  }

  private func apply(
    _ effect: PagingEffect<Int>, event: PagingEvent<FuzzRow, Int>,
    deliveredDirection: LoadDirection?, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) throws {
    switch effect {
    case .cancelLoad(let id):
      guard let record = records[id], record.live else {
        throw FuzzViolation(kind: "cancel-unknown", detail: "cancelLoad(\(id)) is not in flight")
      }
      records[id]?.live = false
      setStatus(record.request, .cancelled)
      if !fuzzCase.answersCancelledRequests { markAnswered(id) }
    case .startLoad(let request) where request.isHedge:
      guard case .hedgeTimerFired(let id) = event, let load = hedgeExpected, load.id == id,
        request.direction == load.direction, request.cursor == load.cursor,
        request.generation == load.generation, request.id.rawValue > latestRequest
      else {
        throw FuzzViolation(
          kind: "hedge-unexpected",
          detail: "hedge \(request) after \(event); the load to hedge: \(hedgeExpected as Any)")
      }
      hedgeExpected = nil
      records[id]?.hedged = true
      records[request.id] = Record(request: request)
      sourcePending.append(request)
      latestRequest = request.id.rawValue
      hedgesStarted += 1
    case .startLoad(let request):
      try checkStart(request, event: event, before: before, machine: machine)
      records[request.id] = Record(request: request)
      sourcePending.append(request)
      latestRequest = request.id.rawValue
      let direction = request.direction
      // A refresh begins with a user's call; its retries and its reloads after a cancellation
      // go on with it, unless the user's cancel() ended it (R23).
      let goesOn: Bool
      switch event {
      case .retry, .retryTimerFired: goesOn = true
      default: goesOn = event.isCancellationResult && deliveredDirection == .refresh
      }
      if direction == .refresh, !goesOn || window.refreshMark == nil { window.beginRefresh() }
      if direction == .refresh {
        origin = request.cursor
        windowFromOrigin = false
        if request.generation.rawValue > latestGeneration {
          latestGeneration = request.generation.rawValue
        }
        refreshUserCancelled = false
        prepend.userCancelled = false
        append.userCancelled = false
      } else {
        self[edge: direction].userCancelled = false
      }
      // Only a reload after a cancellation the source reported continues the count.
      if !(event.isCancellationResult && deliveredDirection == direction) {
        cancellations[direction] = 0
      }
      setStatus(request, .inFlight)
    case .scheduleRetry(let retry):
      guard !pendingRetries.contains(where: { $0.direction == retry.direction }) else {
        throw FuzzViolation(
          kind: "two-retries",
          detail: "retry \(retry.id) scheduled while one pends for \(retry.direction)")
      }
      pendingRetries.append(retry)
    case .cancelRetry(let id):
      guard let index = pendingRetries.firstIndex(where: { $0.id == id }) else {
        throw FuzzViolation(kind: "cancel-retry", detail: "cancelRetry(\(id)) is not pending")
      }
      pendingRetries.remove(at: index)
      retiredRetries.append(id)
    case .scheduleHedge(let id, let delay):
      // R22: a hedge timer follows the start of a load in flight that is not a hedge, at the
      // delay the policy gives.
      guard let record = records[id], record.live, !record.request.isHedge,
        delay == machine.hedgeDelay
      else {
        throw FuzzViolation(
          kind: "hedge-timer", detail: "scheduleHedge(\(id)) is not for a load just started")
      }
    }
  }

  // MARK: Rules

  /// A load started for `request`: it must be one a correct engine may make now.
  private func checkStart(
    _ request: PageRequest<Int>, event: PagingEvent<FuzzRow, Int>, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) throws {
    func fail(_ kind: String, _ detail: String) -> FuzzViolation {
      FuzzViolation(kind: kind, detail: "\(detail) (request \(request), after \(event))")
    }
    guard request.id.rawValue > latestRequest else { throw fail("request-id", "ids must grow") }
    guard request.generation == machine.generation else {
      throw fail("request-generation", "the request is not of the current generation")
    }
    let direction = request.direction
    guard liveRequest(direction) == nil else {
      throw fail("one-in-flight", "a second \(direction) while one is in flight")
    }
    guard direction != .refresh else {
      let expected: Int? = if case .startAt(let cursor) = event { cursor } else { origin }
      guard request.cursor == expected else {
        throw fail("refresh-cursor", "a refresh must load the origin \(expected as Any)")
      }
      let generation = request.generation.rawValue
      if generation < latestGeneration
        || (generation == latestGeneration
          && ![.failed, .cancelled].contains(refreshStatus[generation]))
      {
        throw fail("same-cursor", "a second refresh in one generation")
      }
      return
    }
    let edge = self[edge: direction]
    let other: LoadDirection = direction == .prepend ? .append : .prepend
    guard firstPageLoaded else { throw fail("\(direction)-early", "a load before the first page") }
    guard liveRequest(.refresh) == nil else {
      throw fail("edge-during-refresh", "an edge load while a refresh runs")
    }
    switch event {
    case .retry, .retryTimerFired: break
    // R25: a changed filter lifts the latch of pages that added no shown row under the old one.
    case .setFilter where before.state(direction).error.map(Self.isNoNewItems) ?? false: break
    default:
      // Fault class 8: after a failure only a retry loads again, or the list loops. A
      // refresh's commit starts a new window, whose edges have not failed.
      if let error = before.state(direction).error, !refreshCommittedNow {
        throw fail("error-loop", "a \(direction) while that edge failed with \(error)")
      }
    }
    guard !edge.ended else {
      throw fail("after-end", "a \(direction) past the \(direction == .prepend ? "start" : "end")")
    }
    guard let cursor = request.cursor, cursor == edge.cursor else {
      throw fail("wrong-cursor", "the \(direction) edge's cursor is \(edge.cursor as Any)")
    }
    if committedCursors.contains(cursor) {
      throw fail("same-cursor", "cursor \(cursor)'s page already committed")
    }
    if liveRequest(other)?.cursor == cursor {
      throw fail("cross-edge-cursor", "cursor \(cursor) is in flight on the \(other) edge")
    }
    let queued =
      refreshCommittedNow
      && (direction == .prepend ? queuedAtCommit.prepend : queuedAtCommit.append)
    switch event {
    case .retry, .retryTimerFired: break
    // A load the source cancelled is loaded again at the same cursor (checked above) when
    // someone asked for it (rulebook R13).
    case _ where event.isCancellationResult: break
    case .loadNextPage where direction == .append: break
    case .loadPreviousPage where direction == .prepend: break
    default:
      guard isNear(direction) || queued else {
        let edgeName = direction == .prepend ? "start" : "end"
        throw fail(
          "untriggered-\(direction)",
          "no visible row is within \(fuzzCase.prefetchDistance) rows of the \(edgeName) "
            + "(visible \(visible.compactMap { positions[$0] }.sorted()), \(items.count) items)")
      }
    }
  }

  /// Whether a visible row is within the prefetch distance of `direction`'s edge (Paging 3:
  /// fewer than the distance of loaded rows lie between it and the edge); an empty list
  /// counts as at both edges.
  package func isNear(_ direction: LoadDirection) -> Bool {
    let distance = fuzzCase.prefetchDistance
    if items.isEmpty { return distance > 0 }
    let shown = visible.compactMap { positions[$0] }
    switch direction {
    case .prepend:
      guard let lowest = shown.min() else { return false }
      return lowest < distance
    default:
      guard let highest = shown.max() else { return false }
      return items.count - 1 - highest < distance
    }
  }

  private func expectUnchanged(
    _ before: MachineSnapshot, _ machine: PagingStateMachine<FuzzRow, Int>,
    _ event: PagingEvent<FuzzRow, Int>
  ) throws {
    var metrics = machine.metrics
    metrics.staleResultsDropped = before.metrics.staleResultsDropped
    guard metrics == before.metrics, machine.refreshState == before.refreshState,
      machine.prependState == before.prependState, machine.appendState == before.appendState,
      machine.generation == before.generation, machine.scrollAnchor == before.scrollAnchor
    else {
      throw FuzzViolation(
        kind: "stale-applied", detail: "a stale result changed the state: \(event)")
    }
  }

  private func check(
    _ event: PagingEvent<FuzzRow, Int>, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>, failedDirection: LoadDirection?,
    deliveredDirection: LoadDirection?
  ) throws {
    func fail(_ kind: String, _ detail: String) -> FuzzViolation {
      FuzzViolation(kind: kind, detail: "\(detail) (after \(event))")
    }
    if let fault = machine.store.invariantViolation() { throw fail("unique-ids", fault) }
    if let mismatch = window.mismatch(
      loaded: machine.loadedItems.map(\.modelRow), shown: machine.items.map(\.modelRow),
      accepts: accepts)
    {
      throw fail("items", mismatch)
    }
    // The previous query's rows keep the places the edits gave them (R24).
    let placed = window.locallyPlacedIDs
    let ordered = machine.isShowingPreviousQuery ? [] : items.filter { !placed.contains($0.id) }
    for (a, b) in zip(ordered, ordered.dropFirst()) where a.id >= b.id {
      throw fail("server-order", "\(a) before \(b)")
    }
    if let old = items.first(where: { $0.generation < refreshCommitGeneration }) {
      throw fail("old-generation", "\(old) is shown after g\(refreshCommitGeneration) committed")
    }
    let refreshing = liveRequest(.refresh) != nil
    for direction in LoadDirection.allCases {
      let machineRequest = machine.request(direction)
      let state = machine.loadState(direction)
      let previous = before.state(direction)
      if machineRequest?.id != liveRequest(direction)?.id {
        throw fail(
          "in-flight",
          "the machine's \(direction) \(machineRequest as Any) vs \(liveRequest(direction) as Any)")
      }
      if machine.hedge(direction)?.id != liveHedge(direction)?.id {
        throw fail(
          "in-flight",
          "the machine's \(direction) hedge \(machine.hedge(direction) as Any) vs "
            + "\(liveHedge(direction) as Any)")
      }
      if state.isLoading != (machineRequest != nil) {
        throw fail(
          "loading-state", "\(direction) is \(state) with request \(machineRequest as Any)")
      }
      if direction != .refresh {
        let edge = self[edge: direction]
        let complete = firstPageLoaded && edge.ended && !refreshing
        if (state == .complete) != complete {
          throw fail(
            "complete",
            "\(direction) is \(state), but the model's edge \(edge), "
              + "refreshing: \(refreshing)")
        }
      }
      guard let error = state.error, state != previous else { continue }
      if case .sourceCancelled(let times) = error, event.isCancellationResult,
        deliveredDirection == direction, gaveUp(direction),
        times == cancellations[direction, default: 0]
      {
        continue
      }
      if PagingError.isCancellation(error) || event.isCancellationResult {
        throw fail("cancel-is-failure", "\(direction) failed with \(error)")
      }
      switch error {
      case .sourceFailed where failedDirection == direction: break
      case .repeatedCursor(let cursor as Int)
      where mustRepeat.contains { $0 == direction && $1 == cursor }:
        break
      case .noNewItems(let pages)
      where direction != .refresh && pages >= fuzzCase.maxPagesWithoutNewItems
        && pages <= self[edge: direction].pagesWithoutNewItems:
        break
      default: throw fail("unjustified-failure", "\(direction) failed with \(error)")
      }
    }
    // The edge whose commit brought a cursor already loaded, loading or pointed to fails.
    for (direction, cursor) in mustRepeat
    where machine.loadState(direction) != .failed(.repeatedCursor(cursor)) {
      throw fail(
        "repeat-undetected",
        "\(direction) got cursor \(cursor), already committed, loading or pointed to by the "
          + "other edge, yet is \(machine.loadState(direction))")
    }
    try checkLoadsAskedFor(event, before: before, machine: machine)
    if machine.hasNextPage != (!firstPageLoaded || !append.ended || refreshing) {
      throw fail("has-more", "hasNextPage is \(machine.hasNextPage)")
    }
    if machine.hasPreviousPage != (!firstPageLoaded || !prepend.ended || refreshing) {
      throw fail("has-more", "hasPreviousPage is \(machine.hasPreviousPage)")
    }
    if machine.scrollAnchor != expectedAnchor {
      throw fail(
        "scroll-anchor",
        "the anchor is \(machine.scrollAnchor as Any), expected \(expectedAnchor as Any)")
    }
    let loads = records.count - hedgesStarted
    if machine.metrics.requestsStarted != loads {
      throw fail("metrics", "\(machine.metrics.requestsStarted) requests counted, \(loads) made")
    }
    if machine.metrics.hedgesStarted != hedgesStarted || machine.metrics.hedgesWon != hedgesWon {
      throw fail(
        "hedge-metrics",
        "\(machine.metrics.hedgesStarted) hedges started and \(machine.metrics.hedgesWon) won "
          + "counted, \(hedgesStarted) and \(hedgesWon) expected")
    }
    if Set(machine.scheduledRetries.map(\.id)) != Set(pendingRetries.map(\.id)) {
      throw fail("retry", "pending retries \(machine.scheduledRetries) vs \(pendingRetries)")
    }
    try checkNotStuck(machine, event)
  }

  /// What the user asked for runs when the edge can load: `loadNextPage()` and
  /// `loadPreviousPage()` at once (or, during a refresh, when it commits) and `retry()` at
  /// every edge that failed with anything but a repeated cursor.
  private func checkLoadsAskedFor(
    _ event: PagingEvent<FuzzRow, Int>, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) throws {
    func fail(_ kind: String, _ direction: LoadDirection, _ detail: String) -> FuzzViolation {
      FuzzViolation(
        kind: kind,
        detail: "\(detail), yet the \(direction) edge is \(machine.loadState(direction)) "
          + "(cursor \(self[edge: direction].cursor as Any), after \(event))")
    }
    let refreshBlocks =
      before.refreshRequest != nil || before.pendingRetries.contains { $0.direction == .refresh }
    if refreshCommittedNow {
      for direction in [LoadDirection.prepend, .append]
      where (direction == .prepend ? queuedAtCommit.prepend : queuedAtCommit.append)
        && self[edge: direction].cursor != nil && machine.loadState(direction).error == nil
        && machine.request(direction) == nil
      {
        throw fail("queued-dropped", direction, "an explicit load was queued during the refresh")
      }
    }
    guard firstPageLoaded, !refreshBlocks else { return }
    switch event {
    case .loadNextPage, .loadPreviousPage:
      let direction: LoadDirection = event.isLoadNextPage ? .append : .prepend
      guard before.state(direction) == .idle, self[edge: direction].cursor != nil,
        machine.request(direction) == nil
      else { return }
      throw fail("explicit-ignored", direction, "an explicit load came while the edge was idle")
    case .retry:
      for direction in [LoadDirection.prepend, .append] {
        guard let error = before.state(direction).error, self[edge: direction].cursor != nil,
          machine.request(direction) == nil
        else { continue }
        if case .repeatedCursor = error { continue }
        throw fail("retry-ignored", direction, "retry() came while it had failed with \(error)")
      }
    default: break
    }
  }

  /// No edge may stop while a visible row is near it, more data exists and nothing explains
  /// the stop: a load running (the edge's own or a refresh), a failure latched (or its retry
  /// pending), the user's `cancel()` since the edge last loaded or was re-checked. Before the
  /// first page, the same for the first load.
  private func checkNotStuck(
    _ machine: PagingStateMachine<FuzzRow, Int>, _ event: PagingEvent<FuzzRow, Int>
  ) throws {
    guard started, liveRequest(.refresh) == nil,
      !pendingRetries.contains(where: { $0.direction == .refresh })
    else { return }
    func stuck(_ what: String) -> FuzzViolation {
      let shown = visible.compactMap { positions[$0] }.sorted()
      return FuzzViolation(
        kind: "stuck",
        detail: "nothing loads, yet \(what) (visible \(shown), \(items.count) items, "
          + "after \(event))")
    }
    guard firstPageLoaded else {
      // A failed refresh latches the refresh only: it excuses a stop only before a first page.
      guard !refreshUserCancelled, records.values.allSatisfy({ !$0.live }),
        pendingRetries.isEmpty, machine.refreshState.error == nil, isNear(.append)
      else { return }
      throw stuck("no first page loaded")
    }
    for direction in [LoadDirection.prepend, .append] {
      let edge = self[edge: direction]
      guard !edge.userCancelled, !edge.ended, liveRequest(direction) == nil,
        !pendingRetries.contains(where: { $0.direction == direction }),
        machine.loadState(direction).error == nil, isNear(direction)
      else { continue }
      throw stuck("more data exists and a visible row is near the \(direction) edge")
    }
  }

  /// At the end of a drained run: every request ended, nothing is in flight.
  package func checkQuiescent(_ machine: PagingStateMachine<FuzzRow, Int>) throws {
    if let record = records.values.first(where: { $0.live || !$0.answered }) {
      throw FuzzViolation(kind: "request-leak", detail: "\(record.request) never ended")
    }
    if !machine.loadsInFlight.isEmpty || !machine.scheduledRetries.isEmpty {
      throw FuzzViolation(
        kind: "request-leak", detail: "still in flight: \(machine.loadsInFlight)")
    }
  }
}

extension PagingEvent where Item == FuzzRow, Cursor == Int {
  /// Whether this is `loadCompleted`.
  package var isCompletion: Bool {
    if case .loadCompleted = self { return true }
    return false
  }

  /// Whether this is a local change: an edit or a filter.
  package var isLocalChange: Bool {
    switch self {
    case .edit, .setFilter: true
    default: false
    }
  }

  /// Whether this is `loadNextPage`.
  package var isLoadNextPage: Bool {
    if case .loadNextPage = self { return true }
    return false
  }
}
