import Paging
import Testing

/// Random streams of edits, query changes, filter changes, refreshes, failures, late answers
/// and scrolling against the state machine, with every invariant of rulebook R23 to R25
/// checked after every step: ids unique, shown items exactly the loaded items the filter
/// accepts, no row of an old query unless the previous query is flagged as shown, and every
/// edit in force visible.
@Suite struct LocalChangeFuzzTests {
  struct Post: Identifiable, Sendable, Hashable {
    let id: Int
    var version = 0
  }

  /// Ids of server items of query `q` are `q * 100_000 + n`; ids inserted locally are 900_000
  /// and up.
  static let queries = ["a", "ab", "abc"]
  static let localIDs = 900_000

  static func page(for request: PageRequest<Int>) -> Page<Post, Int> {
    let query = queries.firstIndex(of: request.query(as: String.self) ?? "") ?? 0
    let start = request.cursor ?? 0
    let items = (start..<start + 10).map { Post(id: query * 100_000 + $0) }
    return Page(items: items, nextCursor: start + 10 < 80 ? start + 10 : nil)
  }

  static let filters: [(@Sendable (Post) -> Bool)?] = [
    nil, { $0.id.isMultiple(of: 2) }, { $0.id % 10 < 3 }, { _ in false },
  ]

  @Test(arguments: 0..<8) func randomStreamsKeepEveryInvariant(shard: UInt64) throws {
    for seed in shard * 50..<shard * 50 + 50 {
      try run(seed: seed)
    }
  }

  func run(seed: UInt64) throws {
    var random = SeededRandom(fuzzSeed: seed)
    var machine = PagingStateMachine<Post, Int>(
      configuration: PagingConfiguration(prefetch: .fixed(random.int(1...8))))
    var requests: [PageRequest<Int>] = []  // every request started, answered or not
    var queryIndex = 0
    var nextLocal = Self.localIDs
    func apply(_ event: PagingEvent<Post, Int>) {
      requests += machine.handle(event).loads
    }
    apply(.setQuery(Self.queries[0], transition: .clear))
    for step in 0..<120 {
      let loaded = Array(machine.loadedItems)
      switch random.int(0...13) {
      case 0...2 where !machine.items.isEmpty:
        apply(.rowAppeared(.index(random.int(0...machine.items.count - 1))))
      case 3...5 where !requests.isEmpty:
        // Answer any request, current or stale: late answers must be dropped.
        let request = requests.remove(at: random.int(0...requests.count - 1))
        switch random.int(0...5) {
        case 0: apply(.loadFailed(request.id, Boom()))
        case 1: apply(.loadCancelled(request.id))
        default: apply(.loadCompleted(request.id, Self.page(for: request)))
        }
      case 6:
        queryIndex = random.int(0...2)
        let transition: QueryTransition = random.percent(50) ? .clear : .keepPrevious
        apply(.setQuery(Self.queries[queryIndex], transition: transition))
      case 7:
        apply(.setFilter(Self.filters[random.int(0...Self.filters.count - 1)]))
      case 8 where !loaded.isEmpty:
        apply(.edit(.remove(loaded[random.int(0...loaded.count - 1)].id)))
      case 9 where !loaded.isEmpty:
        var item = loaded[random.int(0...loaded.count - 1)]
        item.version += 1
        apply(.edit(.update(item)))
      case 10:
        let position: EditPosition<Int> =
          loaded.isEmpty || random.percent(30)
          ? .start : .after(loaded[random.int(0...loaded.count - 1)].id)
        apply(.edit(.insert(Post(id: nextLocal), at: position)))
        nextLocal += 1
      case 11 where loaded.count > 1:
        let id = loaded[random.int(0...loaded.count - 1)].id
        let other = loaded[random.int(0...loaded.count - 1)].id
        if id != other { apply(.edit(.move(id, to: .before(other)))) }
      case 12: apply(random.percent(50) ? .refresh : .retry)
      default: apply(.loadNextPage)
      }
      let context = "seed \(seed), step \(step)"
      try check(machine, queryIndex: queryIndex, context: context)
    }
  }

  func check(
    _ machine: PagingStateMachine<Post, Int>, queryIndex: Int, context: String
  ) throws {
    let shown = machine.items.map(\.id)
    let loaded = Array(machine.loadedItems)
    #expect(machine.store.invariantViolation() == nil, "\(context)")
    #expect(Set(loaded.map(\.id)).count == loaded.count, "\(context): loaded ids repeat")
    let accepted = loaded.filter { machine.filter?($0) ?? true }.map(\.id)
    try #require(shown == accepted, "\(context): shown items are not the accepted loaded ones")
    if !machine.isShowingPreviousQuery {
      let stale = shown.filter { $0 < Self.localIDs && $0 / 100_000 != queryIndex }
      try #require(stale.isEmpty, "\(context): rows of an old query shown: \(stale)")
    }
    // Every edit in force is visible in the loaded items.
    var last: [Int: PagingEdit<Post>] = [:]
    for (_, edit) in machine.editsInForce {
      if case .move = edit { continue }
      last[edit.id] = edit
    }
    let byID = Dictionary(uniqueKeysWithValues: loaded.map { ($0.id, $0) })
    for (id, edit) in last {
      switch edit {
      case .remove: try #require(byID[id] == nil, "\(context): removed \(id) is back")
      case .insert(let item, _):
        try #require(byID[id] == item, "\(context): inserted \(id) lost")
      case .update(let item):
        if let present = byID[id] {
          try #require(present == item, "\(context): update of \(id) lost")
        }
      case .move: break
      }
    }
  }
}
