import Paging

// What the explorer checks once per distinct state, and the state's fingerprint.

extension ExplorerWorld {
  /// A 64-bit hash of everything the machine and the model can tell apart: the rows, the load
  /// states, the requests not yet answered (named by age), the viewport, the model, the
  /// machine's internal state. Metrics and the numbering of requests, retries and generations
  /// are left out.
  package var fingerprint: UInt64 {
    var hasher = Hasher()
    hasher.combine(started)
    hasher.combine(top)
    hasher.combine(visible)
    hasher.combine(shownPlaceholders)
    hasher.combine(filter)
    hasher.combine(query)
    hasher.combine(changed.sorted())
    hasher.combine(inserts)
    hasher.combine(model)
    hasher.combine(callers)
    for request in outstanding {
      hasher.combine(request.request.direction)
      hasher.combine(request.request.cursor)
      hasher.combine(request.request.isHedge)
      hasher.combine(request.request.query(as: Int.self))
      hasher.combine(request.request.generation == machine.generation)
      hasher.combine(request.live)
      hasher.combine(request.hedgeTimer)
    }
    for row in machine.loadedItems { hasher.combine(row) }
    hasher.combine(machine.items.count)
    for direction in LoadDirection.allCases {
      switch machine.loadState(direction) {
      case .idle: hasher.combine(0)
      case .loading: hasher.combine(1)
      case .complete: hasher.combine(2)
      case .failed(let error): hasher.combine(error.description)
      }
    }
    hasher.combine(machine.hasNextPage)
    hasher.combine(machine.hasPreviousPage)
    hasher.combine(machine.scrollAnchor)
    hasher.combine(machine.isShowingPreviousQuery)
    let outstanding = self.outstanding
    machine.hashInternals(into: &hasher) { id in
      outstanding.firstIndex { $0.request.id == id } ?? -1
    }
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// The checks that cost more than a step, run once per distinct state: a snapshot taken now
  /// restores the same rows at the same place, and the list is never stuck.
  package func checkState() throws(ExplorerViolation) {
    var checked = Set<UInt64>()
    try checkState(snapshotsChecked: &checked)
  }

  /// ``checkState()``, with the snapshot's round trip tried once per window: `snapshotsChecked`
  /// holds the windows tried (many states differ only in their requests in flight).
  package func checkState(snapshotsChecked: inout Set<UInt64>) throws(ExplorerViolation) {
    if snapshotsChecked.insert(windowFingerprint).inserted,
      let violation = snapshotViolation()
    {
      throw violation
    }
    if let violation = stuckViolation() { throw violation }
  }

  /// What a snapshot is taken from: the loaded rows and the pages that hold them, the chains,
  /// the rows on screen, the anchor, the filter, and whether a refresh runs.
  private var windowFingerprint: UInt64 {
    var hasher = Hasher()
    for row in machine.loadedItems { hasher.combine(row) }
    hasher.combine(model.pages.map(\.cursor))
    hasher.combine(machine.nextCursor)
    hasher.combine(machine.previousCursor)
    hasher.combine(machine.hasNextPage)
    hasher.combine(machine.hasPreviousPage)
    hasher.combine(visible)
    hasher.combine(shownPlaceholders)
    hasher.combine(filter)
    hasher.combine(machine.scrollAnchor)
    hasher.combine(machine.refreshRequest == nil)
    hasher.combine(model.loaded)
    hasher.combine(machine.isShowingPreviousQuery)
    hasher.combine(model.edits.count)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }

  /// A snapshot restored into a new machine (with the filter set again) shows the same rows,
  /// keeps the same loaded rows hidden or not, keeps the top visible row as its anchor, and
  /// refreshes where this machine would (R28, R27).
  func snapshotViolation() -> ExplorerViolation? {
    guard model.loaded, !machine.isShowingPreviousQuery else { return nil }
    let snapshot = machine.snapshot()
    var restored = ExplorerMachine(configuration: configuration.paging)
    try? restored.restore(snapshot)
    if let filter { _ = restored.handle(.setFilter(filter.predicate)) }
    if !restored.loadedItems.elementsEqual(machine.loadedItems) {
      return ExplorerViolation(
        .snapshot,
        "the restored window holds \(Array(restored.loadedItems)), not "
          + "\(Array(machine.loadedItems))")
    }
    let shown = machine.items.map(\.id)
    if let place = visible.first(where: shown.contains) ?? machine.scrollAnchor,
      restored.scrollAnchor != place
    {
      return ExplorerViolation(
        .snapshot,
        "the restored list keeps row \(restored.scrollAnchor.map(String.init) ?? "none") in "
          + "place, not \(place)")
    }
    if machine.refreshRequest == nil, restored.refreshRequest == nil {
      var original = machine
      let here = original.handle(.refresh).compactMap(Self.refreshCursor).first
      let there = restored.handle(.refresh).compactMap(Self.refreshCursor).first
      if here != there {
        return ExplorerViolation(
          .snapshot,
          "the restored list refreshes at cursor \(there.map(String.init) ?? "none"), this "
            + "one at \(here.map(String.init) ?? "none")")
      }
    }
    return nil
  }

  private static func refreshCursor(_ effect: PagingEffect<Int>) -> Int? {
    if case .startLoad(let request) = effect, request.direction == .refresh {
      return request.cursor
    }
    return nil
  }

  /// Whether the list needs rows it does not show: before a first page, or while a visible row
  /// (any, when none is shown) lies within the prefetch distance of an edge with more pages.
  var needsRows: Bool {
    guard started else { return false }
    if !model.loaded { return true }
    let count = machine.items.count
    let distance = configuration.prefetchDistance
    let shown = machine.items.map(\.id)
    let positions = visible.compactMap { shown.firstIndex(of: $0) }
    // A placeholder on screen beyond an edge needs that edge's rows whatever the distance (R31).
    let loadedStart = machine.placeholdersBefore
    let loadedEnd = loadedStart + machine.loadedItems.count
    let nearEnd =
      count == 0 || positions.contains { count - 1 - $0 < distance }
      || shownPlaceholders.contains { $0 >= loadedEnd }
    let nearStart =
      count == 0 || positions.contains { $0 < distance }
      || shownPlaceholders.contains { $0 < loadedStart }
    return (nearEnd && machine.hasNextPage) || (nearStart && machine.hasPreviousPage)
  }

  /// Never stuck: answering the requests in flight with their pages and firing the retry
  /// timers reaches, in a bounded number of steps, more rows, the end, or a failure that
  /// offers Retry. The rows on screen do not appear again by themselves (R4: a row that
  /// appeared while its edge was busy still gets its page); only after the app's own
  /// `cancel()` does it take a trigger, a redraw of the visible rows or `start()` (R4, R18).
  private func stuckViolation() -> ExplorerViolation? {
    var world = self
    let shownBefore = Set(machine.items.map(\.id))
    var resignalled = false
    for _ in 0..<(4 * configuration.pages.count + 8) {
      if !world.needsRows
        || world.machine.items.contains(where: { !shownBefore.contains($0.id) })
        || LoadDirection.allCases.contains(where: { world.machine.loadState($0).error != nil })
      {
        return nil
      }
      if let age = world.outstanding.firstIndex(where: \.live) {
        try? world.apply(.answer(age, .page), checking: false)
      } else if let retry = world.machine.scheduledRetries.first {
        try? world.apply(.retryTimer(retry.direction), checking: false)
      } else if world.cancelledByUser, !resignalled {
        resignalled = true
        try? world.resignal()
        try? world.apply(.start, checking: false)
      } else {
        break
      }
    }
    return ExplorerViolation(
      .stuck,
      "nothing loads, yet rows are needed: shown \(world.machine.items.map(\.id)), visible "
        + "\(world.visible), rows near an edge with more pages, states \(LoadDirection.allCases.map { "\(world.machine.loadState($0))" })"
    )
  }

  /// Replays `events` from the start, checking every invariant after each (and the state's
  /// checks after each): the first violation, or `nil`.
  package static func replay(
    _ events: [ExplorerEvent], in configuration: ExplorerConfiguration,
    skipping skipped: Set<ExplorerInvariant> = []
  ) -> ExplorerViolation? {
    var world = ExplorerWorld(configuration)
    world.skipped = skipped
    for event in events {
      do {
        try world.apply(event)
        try world.checkState()
      } catch  where skipped.contains(error.invariant) {
        continue
      } catch {
        return error
      }
    }
    return nil
  }
}
