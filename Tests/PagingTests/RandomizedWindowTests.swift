import Paging
import PagingTestSupport
import Testing

/// Seeded random streams over a capped window (rulebook R26, R27): scrolls and jumps both ways,
/// explicit loads, refreshes by all three policies (the configuration's or one call's), retries, cancellations, and answers in any order
/// that succeed or fail, on a 400-row feed of 20-row pages opened at the start or in the middle,
/// whose pages give a previous cursor or not. After every event: the store is consistent and
/// its pages add up to it, the window is a run of the feed in order, no row on screen was
/// dropped, no page is requested while its rows are loaded, and the window stays within the cap
/// plus three pages once it holds more than two; a re-fetch of the loaded pages changes no row
/// before its last page.
@Suite(.timeLimit(.minutes(minuteLimit))) struct RandomizedWindowTests {
  static let total = 400
  static let pageSize = 20

  struct Violation: Error, CustomStringConvertible {
    var description: String
  }

  /// A machine with a fixed prefetch distance of 6, automatic retries and `maxSize`, opened at
  /// row 100 of the backwards feed (``feedPage(_:backwards:)``) with its first page committed.
  static func cappedMachineOpenedAtRow100(maxSize: Int) -> Machine {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(6))
    configuration.maxSize = maxSize
    var machine = Machine(configuration: configuration)
    let first = machine.handle(.startAt(100)).loads[0]
    _ = machine.handle(.loadCompleted(first.id, feedPage(first, backwards: true)))
    return machine
  }

  static func feedPage(_ request: PageRequest<Int>, backwards: Bool) -> Page<Row, Int> {
    let start = request.cursor ?? 0
    let end = min(total, start + pageSize)
    let previous = backwards && start > 0 ? start - pageSize : nil
    return Page(
      items: rows(start..<end), nextCursor: end < total ? end : nil, previousCursor: previous)
  }

  @Test("random streams over a capped window keep every invariant", arguments: 0..<4)
  func randomStreams(shard: Int) {
    var drops = 0
    var aroundAnchor = 0
    var allLoaded = 0
    for seed in stride(from: shard, to: 200, by: 4) {
      do {
        let reached = try Self.run(seed: UInt64(seed))
        drops += reached.drops
        aroundAnchor += reached.aroundAnchorRefreshes
        allLoaded += reached.allLoadedCommits
      } catch {
        Issue.record("seed \(seed): \(error)")
        return
      }
    }
    // The streams reach what they are about: drops at both edges and refreshes around rows.
    #expect(drops >= 100, "\(drops) pages dropped")
    #expect(aroundAnchor >= 10, "\(aroundAnchor) refreshes around the anchor")
    #expect(allLoaded >= 10, "\(allLoaded) re-fetches of the loaded pages committed")
  }

  // swift-format-ignore: FunctionBodyLength
  static func run(seed: UInt64) throws -> (
    drops: Int, aroundAnchorRefreshes: Int, allLoadedCommits: Int
  ) {
    var random = SeededRandom(fuzzSeed: seed)
    let distance = random.int(0...8)
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(distance))
    configuration.maxSize = random.int((pageSize + 2 * distance)...120)
    let policies: [RefreshPolicy] = [
      .fromStart, .aroundAnchor, .allLoaded(limit: random.int(1...4)),
    ]
    configuration.refreshPolicy = policies[random.int(0...2)]
    let maxSize = configuration.maxSize ?? 0
    let backwards = random.percent(50)
    var machine = Machine(configuration: configuration)
    var pending: [PageRequest<Int>] = []
    var screen: Range<Int> = 0..<0
    var drops = 0
    var aroundAnchorRefreshes = 0
    var allLoadedCommits = 0

    func apply(_ effects: [PagingEffect<Int>]) throws {
      let cancelled = Set(effects.cancellations)
      pending.removeAll { cancelled.contains($0.id) }
      for request in effects.loads {
        if let cursor = request.cursor, request.direction != .refresh,
          machine.store.contains(id: cursor)
        {
          throw Violation(description: "requested \(request) while its rows are loaded")
        }
        pending.append(request)
      }
    }

    let opening = random.percent(50) ? nil : random.int(0...19) * pageSize
    try apply(machine.handle(opening.map { .startAt($0) } ?? .start))
    for step in 0..<200 {
      let visibleBefore = screen.filter { machine.store.contains(id: $0) }
      var refreshCommitted = false
      switch random.int(0...99) {
      case 0..<45:
        // Scroll: the screen of 10 rows moves, rows leave and appear.
        guard let first = machine.ids.first, let last = machine.ids.last else { break }
        let top = min(max(first, (screen.first ?? first) + random.int(-15...15)), last)
        let next = top..<min(top + 10, last + 1)
        for id in screen where !next.contains(id) {
          try apply(machine.handle(.rowDisappeared(.id(id))))
        }
        for id in next where !screen.contains(id) {
          try apply(machine.handle(.rowAppeared(.id(id))))
        }
        screen = next
      case 45..<80:
        guard !pending.isEmpty else { break }
        let request = pending.remove(at: random.int(0...(pending.count - 1)))
        if random.percent(85) {
          let before = machine.metrics.pagesDropped
          let generation = machine.generation
          let reFetching = machine.allLoadedRefresh != nil
          let idsBefore = machine.ids
          try apply(
            machine.handle(.loadCompleted(request.id, feedPage(request, backwards: backwards))))
          drops += machine.metrics.pagesDropped - before
          // A re-fetch of the loaded pages commits with its last page; the ones before it
          // change nothing.
          refreshCommitted =
            request.direction == .refresh && request.generation == generation
            && machine.allLoadedRefresh == nil
          if refreshCommitted, reFetching { allLoadedCommits += 1 }
          if request.direction == .refresh, machine.allLoadedRefresh != nil,
            machine.ids != idsBefore
          {
            throw Violation(description: "step \(step): a re-fetch changed the rows before its end")
          }
        } else {
          try apply(machine.handle(.loadFailed(request.id, Boom())))
        }
      case 80..<85: try apply(machine.handle(.loadNextPage))
      case 85..<90: try apply(machine.handle(.loadPreviousPage))
      case 90..<94:
        // The configuration's policy, or one call's.
        let effects =
          random.percent(25)
          ? machine.handle(.refreshWith(policies[random.int(0...2)]))
          : machine.handle(.refresh)
        if configuration.refreshPolicy == .aroundAnchor,
          effects.loads.contains(where: { $0.direction == .refresh && $0.cursor != nil })
        {
          aroundAnchorRefreshes += 1
        }
        try apply(effects)
      case 94..<98: try apply(machine.handle(.retry))
      default: try apply(machine.handle(.cancel))
      }
      let ids = machine.ids
      func fail(_ what: String) -> Violation {
        Violation(description: "step \(step): \(what); ids \(ids.first ?? -1)...\(ids.last ?? -1)")
      }
      if let fault = machine.store.invariantViolation() { throw fail(fault) }
      if let fault = machine.pageTableViolation { throw fail(fault) }
      if machine.rowCounts.reduce(0, +) != ids.count {
        throw fail("pages hold \(machine.rowCounts.reduce(0, +))")
      }
      if let first = ids.first, ids != Array(first..<(first + ids.count)) {
        throw fail("the window is not a run of the feed")
      }
      if !refreshCommitted,
        let lost = visibleBefore.first(where: { !machine.store.contains(id: $0) })
      {
        throw fail("row \(lost) on screen was dropped")
      }
      // The cap plus its hysteresis margin (a page), and two commits at edges that could not
      // drop (a load in flight, a page within the reload distance).
      if machine.pages.count > 2, ids.count > maxSize + 3 * pageSize {
        throw fail("\(ids.count) items over a cap of \(maxSize)")
      }
      screen =
        screen.filter { machine.store.contains(id: $0) }.first.map { top in
          top..<(top + screen.filter { machine.store.contains(id: $0) }.count)
        } ?? 0..<0
    }
    return (drops, aroundAnchorRefreshes, allLoadedCommits)
  }
}
