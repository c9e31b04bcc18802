import Foundation
import Paging

/// A broken invariant: `kind` names the rule (shrinking keeps it), `detail` says what happened.
struct FuzzViolation: Error, CustomStringConvertible {
  var kind: String
  var detail: String
  var step = -1

  var description: String { "[\(kind)] at step \(step): \(detail)" }
}

extension FuzzViolation {
  init(kind: String, detail: String) {
    self.kind = kind
    self.detail = detail
  }

  /// `error` (a violation, or anything else a harness threw) as the violation of step `step`.
  init(_ error: any Error, step: Int) {
    self = error as? FuzzViolation ?? FuzzViolation(kind: "harness", detail: "\(error)")
    self.step = step
  }
}

/// What the source answers to one request.
enum FuzzAnswer {
  case page(Page<FuzzRow, Int>)
  case error(any Error)
  /// The driver reports `loadCancelled` (the paginator's source throws `CancellationError`).
  case cancelled

  func event(for id: PageRequestID) -> PagingEvent<FuzzRow, Int> {
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
/// machine's state), keeps its own list of what should be visible, and after every event checks the
/// rules of the rulebook (Rulebook.md in Paging.docc) against the machine. It mirrors no private
/// state of the machine: only what a user, a view or a server can see.
final class PagingModel {
  enum Status { case inFlight, committed, failed, cancelled }

  struct Record {
    var request: PageRequest<Int>
    var live = true
    var answered = false
  }

  /// How many cancellations reported by the source in a row the engine answers with a reload
  /// (`PagingStateMachine.reloadsAfterCancellation`); after more, a stop is allowed.
  static let reloadsAfterCancellation = 3

  let fuzzCase: FuzzCase
  var server: FuzzServer
  /// The list a correct engine shows: every item of every committed page, de-duplicated.
  private(set) var items: [FuzzRow] = []
  private var positions: [Int: Int] = [:]
  private(set) var records: [PageRequestID: Record] = [:]
  /// Requests the source has not answered, oldest first.
  private(set) var sourcePending: [PageRequest<Int>] = []
  private(set) var pendingRetry: RetryID?
  private var pendingRetryDirection: LoadDirection?
  private(set) var retiredRetries: [RetryID] = []
  private(set) var visible: Set<Int> = []

  // The chain of pages since the last committed refresh.
  private var cursorStatus: [Int: Status] = [:]
  private(set) var committedCursors: [Int] = []
  private var nextCursor: Int?
  private var chainEnded = false
  private var firstPageLoaded = false
  private var refreshCommitGeneration = 0
  private var pagesWithoutNewItems = 0
  private var refreshStatus: [Int: Status] = [:]
  private var latestGeneration = 0
  private var latestRequest = 0
  private var refreshCommittedNow = false

  // What allows a stop.
  private var started = false
  private var userCancelled = false
  private var sourceCancellationsInARow = 0
  private var gaveUp = false
  /// A `loadNextPage()` came while a refresh ran: its commit may start an append untriggered.
  private var appendQueued = false

  init(_ fuzzCase: FuzzCase) {
    self.fuzzCase = fuzzCase
    server = FuzzServer(ids: fuzzCase.serverIDs)
  }

  func isLive(_ id: PageRequestID) -> Bool { records[id]?.live ?? false }

  /// The signal's row: by position, or by the id of the item now at that position (an id no
  /// item has when out of range).
  func reference(_ row: FuzzRowRef) -> RowReference<Int> {
    switch row {
    case .index(let index): .index(index)
    case .idAt(let index): .id(items.indices.contains(index) ? items[index].id : -1 - index)
    }
  }

  /// The next step of draining a run: answer the oldest pending request (a full page if the
  /// engine still wants it), else fire the pending retry; `nil` when nothing is left.
  var drainStep: FuzzStep? {
    if let request = sourcePending.first {
      return .answer(pick: 0, isLive(request.id) ? .full : .cancellation(.cancellationError))
    }
    return pendingRetry == nil ? nil : .fireRetryTimer(stale: false)
  }

  /// How many drain steps a run may take before it counts as never settling.
  static let drainLimit = 1_000

  // MARK: The server

  /// The source's answer to `request` for `outcome`, from the server's current content.
  func answer(_ request: PageRequest<Int>, _ outcome: FuzzOutcome) -> FuzzAnswer {
    let size = fuzzCase.pageSize
    let rest = server.ids(after: request.cursor)
    func rows(_ ids: some Collection<Int>) -> [FuzzRow] {
      ids.map {
        FuzzRow(id: $0, generation: request.generation.rawValue, request: request.id.rawValue)
      }
    }
    func honest(_ count: Int) -> Page<FuzzRow, Int> {
      let ids = rest.prefix(count)
      let next = rest.count > ids.count ? (ids.last ?? request.cursor) : nil
      return Page(items: rows(ids), nextCursor: next)
    }
    switch outcome {
    case .full:
      return .page(honest(size))
    case .short(let count):
      return .page(honest(min(max(1, count), max(1, size - 1))))
    case .empty(let skip):
      let skipped = max(1, skip)
      let next = rest.count > skipped ? rest[rest.startIndex + skipped - 1] : nil
      return .page(Page(items: [], nextCursor: next))
    case .seen:
      guard request.direction == .append, !items.isEmpty else { return .page(honest(size)) }
      let next = honest(size).nextCursor
      return .page(Page(items: rows(items.suffix(size).map(\.id)), nextCursor: next))
    case .repeatedCursor(let pick):
      // Only cursors of the chain this page joins: a refresh starts a new one.
      let earlier = request.direction == .refresh ? [] : committedCursors
      let candidates = earlier + [request.cursor].compactMap { $0 }
      guard !candidates.isEmpty else { return .page(honest(size)) }
      return .page(
        Page(items: honest(size).items, nextCursor: candidates[pick % candidates.count]))
    case .failure(let retryable):
      return .error(FuzzSourceError(isRetryable: retryable, request: request.id.rawValue))
    case .cancellation(.cancellationError): return .error(CancellationError())
    case .cancellation(.urlError): return .error(URLError(.cancelled))
    case .cancellation(.wrapped): return .error(PagingError.sourceFailed(CancellationError()))
    case .cancellation(.event): return .cancelled
    }
  }

  /// The source answered `id` (the driver delivers the answer next).
  func markAnswered(_ id: PageRequestID) {
    records[id]?.answered = true
    sourcePending.removeAll { $0.id == id }
  }

  // MARK: Events

  /// Notes what the view shows and what the user asked for, before the machine sees `event`.
  func prepare(_ event: PagingEvent<FuzzRow, Int>) {
    switch event {
    case .start, .refresh: started = true
    case .loadNextPage:
      started = true
      // During a refresh (running, or waiting for its automatic retry) it waits for it.
      if records.values.contains(where: { $0.live && $0.request.direction == .refresh })
        || (pendingRetry != nil && pendingRetryDirection == .refresh)
      {
        appendQueued = true
      }
    case .cancel:
      userCancelled = true
      appendQueued = false
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
  func observe(
    _ event: PagingEvent<FuzzRow, Int>, effects: [PagingEffect<Int>], before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>
  ) throws {
    var failedDirection: LoadDirection?
    refreshCommittedNow = false
    if let id = event.deliveredRequest, let record = records[id], record.live {
      records[id]?.live = false
      if case .loadCompleted = event { refreshCommittedNow = record.request.direction == .refresh }
      switch event {
      case .loadCompleted(_, let page): commit(record.request, page)
      case .loadFailed where !event.isCancellationResult:
        setStatus(record.request, .failed)
        failedDirection = record.request.direction
        if record.request.direction == .refresh { appendQueued = false }
      default:
        setStatus(record.request, .cancelled)
        sourceCancellationsInARow += 1
        gaveUp = sourceCancellationsInARow > Self.reloadsAfterCancellation
        if gaveUp, record.request.direction == .refresh { appendQueued = false }
      }
    } else if event.deliveredRequest != nil {
      try expectUnchanged(before, machine, event)
    }
    if case .retryTimerFired(let id) = event, id == pendingRetry {
      pendingRetry = nil
      retiredRetries.append(id)
      // Nothing else can happen while a retry waits, so its timer always loads (the paginator
      // test waits for that load).
      guard effects.contains(where: { if case .startLoad = $0 { true } else { false } }) else {
        throw FuzzViolation(kind: "retry-idle", detail: "retry \(id) fired and loaded nothing")
      }
    }
    for effect in effects { try apply(effect, event: event, before: before, machine: machine) }
    try check(event, before: before, machine: machine, failedDirection: failedDirection)
  }

  private func commit(_ request: PageRequest<Int>, _ page: Page<FuzzRow, Int>) {
    if request.direction == .refresh {
      items = []
      positions = [:]
      cursorStatus = [:]
      committedCursors = []
      firstPageLoaded = true
      refreshCommitGeneration = request.generation.rawValue
      pagesWithoutNewItems = 0
    }
    defer {
      // A row whose item the refresh removed has left the screen, signal or not.
      if request.direction == .refresh { visible = visible.filter { positions[$0] != nil } }
    }
    var inserted = 0
    for row in page.items {
      if let position = positions[row.id] {
        if fuzzCase.duplicatePolicy == .replace { items[position] = row }
      } else {
        positions[row.id] = items.count
        items.append(row)
        inserted += 1
      }
    }
    setStatus(request, .committed)
    if let cursor = request.cursor { committedCursors.append(cursor) }
    nextCursor = page.nextCursor
    chainEnded = page.nextCursor == nil
    pagesWithoutNewItems = inserted == 0 ? pagesWithoutNewItems + 1 : 0
    sourceCancellationsInARow = 0
    gaveUp = false
  }

  private func setStatus(_ request: PageRequest<Int>, _ status: Status) {
    switch request.direction {
    case .refresh: refreshStatus[request.generation.rawValue] = status
    case .prepend: break
    case .append:
      if let cursor = request.cursor, cursorStatus[cursor] != .committed || status == .committed {
        cursorStatus[cursor] = status
      }
    }
    if request.direction == .refresh, status == .committed, let cursor = request.cursor {
      cursorStatus[cursor] = .committed
    }
  }

  private func apply(
    _ effect: PagingEffect<Int>, event: PagingEvent<FuzzRow, Int>, before: MachineSnapshot,
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
    case .startLoad(let request):
      try checkStart(request, event: event, before: before, machine: machine)
      records[request.id] = Record(request: request)
      sourcePending.append(request)
      latestRequest = request.id.rawValue
      if request.direction == .refresh, request.generation.rawValue > latestGeneration {
        latestGeneration = request.generation.rawValue
        sourceCancellationsInARow = 0
      }
      setStatus(request, .inFlight)
      gaveUp = false
      userCancelled = false
    case .scheduleRetry(let retry):
      guard pendingRetry == nil else {
        throw FuzzViolation(
          kind: "two-retries", detail: "retry \(retry.id) scheduled while one pends")
      }
      pendingRetry = retry.id
      pendingRetryDirection = retry.direction
    case .cancelRetry(let id):
      guard pendingRetry == id else {
        throw FuzzViolation(kind: "cancel-retry", detail: "cancelRetry(\(id)) is not pending")
      }
      pendingRetry = nil
      retiredRetries.append(id)
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
    guard !records.values.contains(where: { $0.live && $0.request.direction == request.direction })
    else { throw fail("one-in-flight", "a second \(request.direction) while one is in flight") }
    switch request.direction {
    case .refresh:
      guard request.cursor == fuzzCase.initialCursor else {
        throw fail("refresh-cursor", "a refresh must load the initial cursor")
      }
      let generation = request.generation.rawValue
      if generation < latestGeneration
        || (generation == latestGeneration
          && ![.failed, .cancelled].contains(refreshStatus[generation]))
      {
        throw fail("same-cursor", "a second refresh in one generation")
      }
    case .prepend:
      throw fail("prepend", "a prepend, though no page gives a previous cursor")
    case .append:
      guard firstPageLoaded else { throw fail("append-early", "an append before the first page") }
      switch event {
      case .retry, .retryTimerFired: break
      default:
        // Fault class 8: after a failure only a retry loads again, or the list loops. A
        // refresh's commit starts a new chain, whose append direction has not failed.
        if let error = before.appendState.error, !refreshCommittedNow {
          throw fail("error-loop", "an append while the append direction failed with \(error)")
        }
      }
      guard !chainEnded else { throw fail("after-end", "an append after the last page") }
      guard let cursor = request.cursor, cursor == nextCursor else {
        throw fail("wrong-cursor", "the last committed page's next cursor is \(nextCursor as Any)")
      }
      switch cursorStatus[cursor] {
      case .committed: throw fail("same-cursor", "cursor \(cursor)'s page already committed")
      case .inFlight: throw fail("same-cursor", "cursor \(cursor) is already in flight")
      default: break
      }
      let queued = appendQueued && refreshCommittedNow
      if refreshCommittedNow { appendQueued = false }
      // A load someone asked for that the source cancelled is loaded again (rulebook R13);
      // its cursor is checked above.
      let reload = event.isCancellationResult
      switch event {
      case .loadNextPage, .retry, .retryTimerFired: break
      default:
        guard nearEnd || queued || reload else {
          throw fail(
            "untriggered-append",
            "no visible row is within \(fuzzCase.prefetchDistance) rows of the end "
              + "(visible \(visible.sorted()), \(items.count) items)")
        }
      }
    }
  }

  /// Whether a visible row is within the prefetch distance of the end (an empty list counts).
  var nearEnd: Bool {
    if items.isEmpty { return fuzzCase.prefetchDistance > 0 }
    guard let highest = visible.compactMap({ positions[$0] }).max() else { return false }
    return items.count - 1 - highest < fuzzCase.prefetchDistance
  }

  private func expectUnchanged(
    _ before: MachineSnapshot, _ machine: PagingStateMachine<FuzzRow, Int>,
    _ event: PagingEvent<FuzzRow, Int>
  ) throws {
    var metrics = machine.metrics
    metrics.staleResultsDropped = before.metrics.staleResultsDropped
    guard metrics == before.metrics, machine.refreshState == before.refreshState,
      machine.appendState == before.appendState, machine.generation == before.generation
    else {
      throw FuzzViolation(
        kind: "stale-applied", detail: "a stale result changed the state: \(event)")
    }
  }

  private func check(
    _ event: PagingEvent<FuzzRow, Int>, before: MachineSnapshot,
    machine: PagingStateMachine<FuzzRow, Int>, failedDirection: LoadDirection?
  ) throws {
    func fail(_ kind: String, _ detail: String) -> FuzzViolation {
      FuzzViolation(kind: kind, detail: "\(detail) (after \(event))")
    }
    if let fault = machine.store.invariantViolation() { throw fail("unique-ids", fault) }
    if Array(machine.items) != items {
      throw fail(
        "items",
        "expected \(items.map(\.description)), shown \(machine.items.map(\.description))")
    }
    for (a, b) in zip(items, items.dropFirst()) where a.id >= b.id {
      throw fail("server-order", "\(a) before \(b)")
    }
    if let old = items.first(where: { $0.generation < refreshCommitGeneration }) {
      throw fail("old-generation", "\(old) is shown after g\(refreshCommitGeneration) committed")
    }
    let live = records.values.filter(\.live).map(\.request)
    for direction in [LoadDirection.refresh, .append] {
      let machineRequest = direction == .refresh ? machine.refreshRequest : machine.appendRequest
      let state = direction == .refresh ? machine.refreshState : machine.appendState
      let previous = direction == .refresh ? before.refreshState : before.appendState
      if machineRequest?.id != live.first(where: { $0.direction == direction })?.id {
        throw fail("in-flight", "the machine's \(direction) \(machineRequest as Any) vs \(live)")
      }
      if state.isLoading != (machineRequest != nil) {
        throw fail(
          "loading-state", "\(direction) is \(state) with request \(machineRequest as Any)")
      }
      guard let error = state.error, state != previous else { continue }
      if case .sourceCancelled = error, gaveUp, event.isCancellationResult { continue }
      if PagingError.isCancellation(error) || event.isCancellationResult {
        throw fail("cancel-is-failure", "\(direction) failed with \(error)")
      }
      switch error {
      case .sourceFailed where failedDirection == direction: break
      case .repeatedCursor(let cursor as Int) where committedCursors.contains(cursor): break
      case .noNewItems(let pages)
      where pages >= fuzzCase.maxPagesWithoutNewItems && pages <= pagesWithoutNewItems:
        break
      default: throw fail("unjustified-failure", "\(direction) failed with \(error)")
      }
    }
    let refreshing = live.contains { $0.direction == .refresh }
    if machine.hasNextPage != (!firstPageLoaded || !chainEnded || refreshing) {
      throw fail("has-more", "hasNextPage is \(machine.hasNextPage)")
    }
    if machine.metrics.requestsStarted != records.count {
      throw fail(
        "metrics", "\(machine.metrics.requestsStarted) requests counted, \(records.count) made")
    }
    if machine.scheduledRetries.map(\.id) != [pendingRetry].compactMap({ $0 }) {
      throw fail(
        "retry", "pending retries \(machine.scheduledRetries) vs \(pendingRetry as Any)")
    }
    try checkNotStuck(machine, event)
  }

  /// The list must not stop while a visible row is near the end, more data exists and nothing
  /// explains the stop: a load running, a failure latched (or its retry pending), the user's
  /// `cancel()` since the last load, or the bound on reloads after cancellations.
  private func checkNotStuck(
    _ machine: PagingStateMachine<FuzzRow, Int>, _ event: PagingEvent<FuzzRow, Int>
  ) throws {
    // A failed refresh latches the refresh only: the old list stays and may still grow, so it
    // excuses a stop only while no first page has loaded.
    let refreshLatched = machine.refreshState.error != nil && !firstPageLoaded
    guard started, !userCancelled, !gaveUp, !records.values.contains(where: \.live),
      pendingRetry == nil, !refreshLatched, machine.appendState.error == nil,
      !firstPageLoaded || !chainEnded, nearEnd
    else { return }
    throw FuzzViolation(
      kind: "stuck",
      detail: "nothing loads, yet more data exists and a visible row is near the end "
        + "(visible \(visible.sorted()), \(items.count) items, first page "
        + "\(firstPageLoaded ? "loaded" : "not loaded"), after \(event))")
  }

  /// At the end of a drained run: every request ended, nothing is in flight.
  func checkQuiescent(_ machine: PagingStateMachine<FuzzRow, Int>) throws {
    if let record = records.values.first(where: { $0.live || !$0.answered }) {
      throw FuzzViolation(kind: "request-leak", detail: "\(record.request) never ended")
    }
    if !machine.loadsInFlight.isEmpty || !machine.scheduledRetries.isEmpty {
      throw FuzzViolation(
        kind: "request-leak", detail: "still in flight: \(machine.loadsInFlight)")
    }
  }
}
