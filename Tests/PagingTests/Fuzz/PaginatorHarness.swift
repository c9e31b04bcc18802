import Foundation
import Observation
import Paging
import PagingReference
import PagingTesting

/// Runs a ``FuzzCase`` against a ``Paginator`` over a ``ScriptedPageSource`` and a
/// ``TestClock``, checking the model's invariants after every signal and every answer.
///
/// Deterministic without sleeps: after a signal it waits for the source to receive every
/// request started so far (``ScriptedPageSource/request(at:)``), after an answer for the
/// paginator to apply it (``Paginator/waitForLoad(_:)``), and the paginator's timers (automatic
/// retries, hedges) fire one at a time as the test clock moves to each deadline, each one's
/// effect checked apart; at the end no timer may be left set. `start()` and `refresh()` run in tasks of
/// their own, like SwiftUI's `.task` and `.refreshable`.
@MainActor
final class PaginatorHarness {
  private let fuzzCase: FuzzCase
  private let model: PagingModel
  private let clock = TestClock()
  private let source: ScriptedPageSource<FuzzRow, Int>
  private let paginator: Paginator<FuzzRow, Int>
  private var viewport: FuzzViewport
  private var callers: [Task<Void, Never>] = []
  private var itemsObserved = Locked(false)
  /// What the run reached, for the campaign's coverage check.
  private(set) var coverage = FuzzCoverage()
  private var statesObserved = Locked(false)

  init(_ fuzzCase: FuzzCase) {
    self.fuzzCase = fuzzCase
    model = PagingModel(fuzzCase)
    source = ScriptedPageSource(answersCancelledRequests: fuzzCase.answersCancelledRequests)
    paginator = Paginator(source: source, configuration: fuzzCase.configuration, clock: clock)
    viewport = FuzzViewport(height: fuzzCase.viewportHeight)
  }

  /// Runs `fuzzCase`; returns the first broken invariant, or `nil`.
  static func run(_ fuzzCase: FuzzCase) async -> FuzzViolation? {
    await PaginatorHarness(fuzzCase).run()
  }

  func run() async -> FuzzViolation? {
    var index = 0
    observe()
    do {
      for (position, step) in fuzzCase.steps.enumerated() {
        let sameFrame = position > 0 && fuzzCase.steps[position - 1] == .sameFrame
        if !sameFrame && step != .sameFrame { await settle() }
        try await perform(step)
        index += 1
      }
      try await drain()
      return nil
    } catch {
      return FuzzViolation(error, step: index)
    }
  }

  private func perform(_ step: FuzzStep) async throws {
    switch step {
    case .start: try await call(.start) { await $0.start() }
    case .startAt(let pick):
      let cursor = model.startCursor(pick)
      try await call(.startAt(cursor)) { await $0.start(at: cursor) }
    case .refresh: try await call(.refresh) { await $0.refresh() }
    case .retry: try signal(.retry) { $0.retry() }
    case .cancel: try signal(.cancel) { $0.cancel() }
    case .loadNextPage: try signal(.loadNextPage) { $0.loadNextPage() }
    case .loadPreviousPage: try signal(.loadPreviousPage) { $0.loadPreviousPage() }
    case .appear(let row): try appear(model.reference(row))
    case .disappear(let row): try disappear(model.reference(row))
    case .scroll(let rows): try show(viewport.scroll(by: rows, items: model.items))
    case .jump(let percent): try show(viewport.jump(percent: percent, items: model.items))
    case .burst(let from, let count):
      for index in from..<(from + count) { try appear(.index(index)) }
    case .answer(let pick, let outcome): try await answer(pick: pick, outcome)
    case .fireRetryTimer(let stale): if !stale { try await fireRetryTimer() }
    case .fireHedgeTimer(_, let stale):
      if !stale, fuzzCase.hedging != nil { try await fireHedgeTimer() }
    case .serverInsert(let position, let count):
      model.server.insert(position: position, count: count)
    case .serverDelete(let position): model.server.delete(position: position)
    case .remove, .update, .insert, .move, .filter:
      guard let event = try model.localEvent(step, machine: paginator.stateMachine) else { return }
      try signal(event) { paginator in
        switch event {
        case .edit(let edit): try? paginator.edit(edit)
        case .setFilter(let filter): paginator.filter = filter
        default: break
        }
      }
    case .query(let query, _):
      guard
        case .setQuery(_, let transition)? = try model.localEvent(
          step, machine: paginator.stateMachine)
      else { return }
      try await call(.setQuery(query, transition: transition)) {
        await $0.setQuery(query, transition: transition)
      }
    case .sameFrame: break
    }
  }

  private func show(_ events: [PagingEvent<FuzzRow, Int>]) throws {
    for event in events {
      switch event {
      case .rowAppeared(let row): try appear(row)
      case .rowDisappeared(let row): try disappear(row)
      default: break
      }
    }
  }

  private func appear(_ row: RowReference<Int>) throws {
    try signal(.rowAppeared(row)) { paginator in
      switch row {
      case .id(let id): paginator.rowAppeared(id: id)
      case .index(let index): paginator.rowAppeared(at: index)
      }
    }
  }

  private func disappear(_ row: RowReference<Int>) throws {
    try signal(.rowDisappeared(row)) { paginator in
      switch row {
      case .id(let id): paginator.rowDisappeared(id: id)
      case .index(let index): paginator.rowDisappeared(at: index)
      }
    }
  }

  /// A synchronous signal: the machine handles it before the call returns.
  private func signal(
    _ event: PagingEvent<FuzzRow, Int>, _ body: (Paginator<FuzzRow, Int>) -> Void
  ) throws {
    model.prepare(event)
    let before = MachineSnapshot(paginator.stateMachine)
    body(paginator)
    try observe(event, before)
  }

  /// `start()` or `refresh()` in a task of its own; returns once the call has sent its event
  /// (the task signals, then runs on to its first suspension before this method resumes).
  private func call(
    _ event: PagingEvent<FuzzRow, Int>, _ body: @escaping (Paginator<FuzzRow, Int>) async -> Void
  ) async throws {
    model.prepare(event)
    let before = MachineSnapshot(paginator.stateMachine)
    let paginator = self.paginator
    await withCheckedContinuation { (began: CheckedContinuation<Void, Never>) in
      callers.append(
        Task { @MainActor in
          began.resume()
          await body(paginator)
        })
    }
    try observe(event, before)
  }

  private func observe(_ event: PagingEvent<FuzzRow, Int>, _ before: MachineSnapshot) throws {
    let machine = paginator.stateMachine
    let effects = MachineSnapshot.effects(from: before, to: MachineSnapshot(machine), event: event)
    // In the engine's order: what stops, then what starts (a jump cancels, then loads).
    let ordered = effects.sorted { $0.order < $1.order }
    coverage.record(event, effects: ordered, before: before, machine: machine)
    try model.observe(event, effects: ordered, before: before, machine: machine)
    try checkObservers(event, before, machine)
    // A request the engine gave up is cancelled at the source at once (or, by a source that
    // answers cancelled requests, answered later): else a caller waits for it forever.
    let pending = Set(model.sourcePending.map(\.id))
    if let leaked = source.pendingRequests.first(where: { !pending.contains($0.id) }) {
      throw FuzzViolation(
        kind: "source-leak",
        detail: "the source still holds \(leaked), which the engine no longer waits for "
          + "(after \(event))")
    }
  }

  /// A view sees every commit (an `items` observer fires when the items changed) and is not
  /// re-rendered by signals that changed nothing (fault class 1's cost).
  private func checkObservers(
    _ event: PagingEvent<FuzzRow, Int>, _ before: MachineSnapshot,
    _ machine: PagingStateMachine<FuzzRow, Int>
  ) throws {
    defer { observe() }
    // The items change when a commit adds or replaces an item, and whenever a refresh commits
    // (the window is replaced); a page that adds nothing changes nothing.
    let (now, then) = (machine.metrics, before.metrics)
    let refreshCommitted =
      before.refreshRequest != nil && machine.refreshRequest == nil
      && now.requestsCompleted > then.requestsCompleted && machine.refreshState == .idle
    let itemsChanged =
      refreshCommitted || now.itemsCommitted != then.itemsCommitted
      || now.duplicatesReplaced != then.duplicatesReplaced
      || (event.isLocalChange || event.isQueryChange) && !machine.items.elementsEqual(before.items)
    // A local change may also notify when it changed only hidden rows.
    let mayChangeItems = itemsChanged || event.isLocalChange || event.isQueryChange
    // A state observer must fire when a state's value changed, and may fire only when some
    // state changed on the way (a step can hold several events: loading, idle, loading again
    // leaves the value as it was).
    let statesDiffer =
      machine.refreshState != before.refreshState || machine.prependState != before.prependState
      || machine.appendState != before.appendState
    let statusChanged =
      statesDiffer || now.requestsStarted != then.requestsStarted
      || now.requestsCompleted != then.requestsCompleted
      || now.requestsFailed != then.requestsFailed
      || now.requestsCancelled != then.requestsCancelled
      || now.retriesScheduled != then.retriesScheduled
    let itemsFired = itemsObserved.withLock { $0 }
    let statesFired = statesObserved.withLock { $0 }
    if itemsFired ? !mayChangeItems : itemsChanged {
      throw FuzzViolation(
        kind: "observation",
        detail: "items changed: \(itemsChanged), observer fired: \(itemsFired) (\(event))")
    }
    if statesDiffer && !statesFired || statesFired && !statusChanged {
      throw FuzzViolation(
        kind: "observation",
        detail:
          "states differ: \(statesDiffer), changed on the way: \(statusChanged), observer fired: "
          + "\(statesFired) (\(event))")
    }
  }

  /// Registers fresh observers of the items and of the load states.
  private func observe() {
    itemsObserved = Locked(false)
    statesObserved = Locked(false)
    let items = itemsObserved
    let states = statesObserved
    let paginator = self.paginator
    withObservationTracking {
      _ = paginator.items
    } onChange: {
      items.withLock { $0 = true }
    }
    withObservationTracking {
      _ = paginator.refreshState
      _ = paginator.prependState
      _ = paginator.appendState
    } onChange: {
      states.withLock { $0 = true }
    }
  }

  /// Waits until the source has received every request the paginator started.
  private func settle() async {
    let sent = paginator.requestsSent
    if sent > 0 { _ = await source.request(at: sent - 1) }
  }

  private func answer(pick: Int, _ outcome: FuzzOutcome) async throws {
    await settle()
    guard !model.sourcePending.isEmpty else { return }
    let request = model.pendingRequest(pick: pick)
    let answer = model.answer(request, outcome)
    let live = paginator.stateMachine.requestsInFlight.contains { $0.id == request.id }
    let event: PagingEvent<FuzzRow, Int>
    let delivered: Bool
    switch answer {
    case .page(let page):
      event = .loadCompleted(request.id, page)
      delivered = source.complete(request, with: page)
    case .error(let error):
      event = .loadFailed(request.id, error)
      delivered = source.fail(request, with: error)
    case .cancelled:
      event = .loadFailed(request.id, CancellationError())
      delivered = source.cancel(request)
    }
    if !delivered, !live, !source.requests.contains(where: { $0.id == request.id }) {
      // Cancelled before it was sent: it never reached the source (rulebook R17).
      model.markAnswered(request.id)
      return
    }
    guard delivered else {
      throw FuzzViolation(
        kind: "source-lost", detail: "the source holds no pending call for \(request)")
    }
    model.prepare(event)
    model.markAnswered(request.id)
    let before = MachineSnapshot(paginator.stateMachine)
    if live { await paginator.waitForLoad(request.id) }
    try observe(event, before)
  }

  /// The timers the paginator sets on the test clock.
  private enum TimerKind { case retry, hedge }

  /// Fires the pending retry that is due first (each edge may wait for one) by moving the test
  /// clock to its deadline, one timer at a time: hedge timers due before it fire first, each
  /// checked apart. A retry always starts a load.
  private func fireRetryTimer() async throws {
    guard !paginator.stateMachine.scheduledRetries.isEmpty else { return }
    while try await fireNextTimer() != .retry {}
  }

  /// Moves the test clock on until the first hedge timer due fires (retries due before it fire
  /// first), when a load in flight has yet to be hedged (rulebook R22): the paginator set its
  /// timer when the load started.
  private func fireHedgeTimer() async throws {
    let unhedged = LoadDirection.allCases.contains { direction in
      guard case .loading(let attempt) = paginator.stateMachine.activity(direction) else {
        return false
      }
      return !attempt.hedged && !attempt.request.isHedge
    }
    guard unhedged else { return }
    while try await fireNextTimer() != .hedge {}
  }

  /// Moves the test clock to the first timer due and fires it alone (timers due at the same
  /// instant fire in the order they were set, one per call), then checks its effect.
  private func fireNextTimer() async throws -> TimerKind {
    await settle()
    guard let deadline = clock.nextDeadline else {
      throw FuzzViolation(
        kind: "timer-lost",
        detail: "no timer is set, yet retries \(paginator.stateMachine.scheduledRetries) wait "
          + "or loads \(paginator.loadsInFlight) are not hedged")
    }
    let before = MachineSnapshot(paginator.stateMachine)
    // On the main actor the timer's action runs inside the wake.
    _ = clock.wakeNext(notAfter: deadline)
    let after = MachineSnapshot(paginator.stateMachine)
    let event: PagingEvent<FuzzRow, Int>
    let kind: TimerKind
    if let retry = before.pendingRetries.first(where: { !after.pendingRetries.contains($0) }) {
      event = .retryTimerFired(retry.id)
      kind = .retry
    } else if let direction = LoadDirection.allCases.first(where: {
      before.hedges[$0] == nil && after.hedges[$0] != nil
    }), let load = before.request(direction) {
      event = .hedgeTimerFired(load.id)
      kind = .hedge
    } else {
      throw FuzzViolation(
        kind: "timer-leak",
        detail: "a timer due at \(deadline) fired and changed nothing: a timer of a load or "
          + "retry that ended was left set")
    }
    await settle()
    model.prepare(event)
    try observe(event, before)
    return kind
  }

  /// Answers what is left, live requests with a full page, until nothing is in flight; then
  /// every caller must have returned and the source must hold no request.
  private func drain() async throws {
    var rounds = 0
    await settle()
    while let step = model.drainStep {
      try await perform(step)
      await settle()
      rounds += 1
      if rounds > PagingModel.drainLimit {
        throw FuzzViolation(kind: "no-quiescence", detail: "still loading after \(rounds) answers")
      }
    }
    for caller in callers { await caller.value }
    await paginator.waitUntilIdle()
    try model.checkQuiescent(paginator.stateMachine)
    if clock.sleeperCount != 0 {
      throw FuzzViolation(
        kind: "timer-leak", detail: "\(clock.sleeperCount) timers left set with nothing to do")
    }
    if let request = source.pendingRequests.first {
      throw FuzzViolation(
        kind: "source-leak",
        detail: "the source still holds \(request), which the paginator no longer waits for")
    }
  }
}

extension PagingEffect<Int> {
  /// Sorts reconstructed effects as the engine emits them: cancellations, then loads (by
  /// request id, each followed by its hedge timer), then retries.
  fileprivate var order: Double {
    switch self {
    case .cancelLoad(let id): Double(id.rawValue - 2_000_000)
    case .cancelRetry(let id): Double(id.rawValue - 1_000_000)
    case .startLoad(let request): Double(request.id.rawValue)
    case .scheduleHedge(let id, _): Double(id.rawValue) + 0.5
    case .scheduleRetry(let retry): Double(retry.id.rawValue + 1_000_000)
    }
  }
}
