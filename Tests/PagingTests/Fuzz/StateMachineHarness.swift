import Paging
import PagingReference

/// Runs a ``FuzzCase`` against a ``PagingStateMachine``, checking the model's invariants after
/// every event, then answers every request left (a full page for the live ones) until nothing
/// is in flight and checks that every request ended.
final class StateMachineHarness {
  private let fuzzCase: FuzzCase
  private let model: PagingModel
  private var machine: PagingStateMachine<FuzzRow, Int>
  private var viewport: FuzzViewport
  /// What the run reached, for the generator's coverage test.
  private(set) var coverage = FuzzCoverage()

  init(_ fuzzCase: FuzzCase) {
    self.fuzzCase = fuzzCase
    model = PagingModel(fuzzCase)
    machine = PagingStateMachine(configuration: fuzzCase.configuration)
    viewport = FuzzViewport(height: fuzzCase.viewportHeight)
  }

  /// Runs `fuzzCase`; returns the first broken invariant, or `nil`.
  static func run(_ fuzzCase: FuzzCase) -> FuzzViolation? {
    StateMachineHarness(fuzzCase).run()
  }

  /// Runs `fuzzCase` and returns what it reached (violations aside).
  static func coverage(of fuzzCase: FuzzCase) -> FuzzCoverage {
    let harness = StateMachineHarness(fuzzCase)
    _ = harness.run()
    return harness.coverage
  }

  func run() -> FuzzViolation? {
    var index = 0
    do {
      for step in fuzzCase.steps {
        try perform(step)
        index += 1
      }
      try drain()
      try model.checkQuiescent(machine)
      return nil
    } catch {
      return FuzzViolation(error, step: index)
    }
  }

  private func perform(_ step: FuzzStep) throws {
    switch step {
    case .start: try send(.start)
    case .startAt(let pick): try send(.startAt(model.startCursor(pick)))
    case .refresh: try send(.refresh)
    case .retry: try send(.retry)
    case .cancel: try send(.cancel)
    case .loadNextPage: try send(.loadNextPage)
    case .loadPreviousPage: try send(.loadPreviousPage)
    case .appear(let row): try send(.rowAppeared(model.reference(row)))
    case .disappear(let row): try send(.rowDisappeared(model.reference(row)))
    case .scroll(let rows):
      for event in viewport.scroll(by: rows, items: model.items) { try send(event) }
    case .jump(let percent):
      for event in viewport.jump(percent: percent, items: model.items) { try send(event) }
    case .burst(let from, let count):
      for index in from..<(from + count) { try send(.rowAppeared(.index(index))) }
    case .answer(let pick, let outcome):
      guard !model.sourcePending.isEmpty else { return }
      let request = model.pendingRequest(pick: pick)
      let answer = model.answer(request, outcome)
      model.markAnswered(request.id)
      try send(answer.event(for: request.id))
    case .fireRetryTimer(let stale):
      if stale {
        if let id = model.retiredRetries.last { try send(.retryTimerFired(id)) }
      } else if let id = model.pendingRetries.first?.id {
        try send(.retryTimerFired(id))
      }
    case .fireHedgeTimer(let pick, let stale):
      // The paginator sets hedge timers only when the case hedges (rulebook R22).
      guard fuzzCase.hedging != nil else { return }
      if stale {
        if let id = model.staleHedgeTimer { try send(.hedgeTimerFired(id)) }
      } else if !model.hedgeTimerCandidates.isEmpty {
        let candidates = model.hedgeTimerCandidates
        try send(.hedgeTimerFired(candidates[pick % candidates.count]))
      }
    case .serverInsert(let position, let count):
      model.server.insert(position: position, count: count)
    case .serverDelete(let position): model.server.delete(position: position)
    case .remove, .update, .insert, .move, .filter, .query:
      if let event = try model.localEvent(step, machine: machine) { try send(event) }
    case .sameFrame: break
    }
  }

  private func send(_ event: PagingEvent<FuzzRow, Int>) throws {
    model.prepare(event)
    let before = MachineSnapshot(machine)
    let effects = machine.handle(event)
    coverage.record(event, effects: effects, before: before, machine: machine)
    try model.observe(event, effects: effects, before: before, machine: machine)
    let explained = MachineSnapshot.effects(
      from: before, to: MachineSnapshot(machine), event: event)
    if Set(effects) != explained || Set(effects).count != effects.count {
      throw FuzzViolation(
        kind: "effects", detail: "effects \(effects) but the state changed by \(explained)")
    }
    guard !fuzzCase.answersCancelledRequests else { return }
    // A source whose task is cancelled ends at once with CancellationError, as URLSession does.
    for case .cancelLoad(let id) in effects { try send(.loadFailed(id, CancellationError())) }
  }

  /// Answers what is left, live requests with a full page, until nothing is in flight.
  private func drain() throws {
    var rounds = 0
    while let step = model.drainStep {
      try perform(step)
      rounds += 1
      if rounds > PagingModel.drainLimit {
        throw FuzzViolation(kind: "no-quiescence", detail: "still loading after \(rounds) answers")
      }
    }
  }
}
