import Paging

/// The cost of committing one page of 50 rows as the list grows, timed one commit at a time,
/// the sizes in turns (``RoundRobin``).
///
/// Four cases: appending through the state machine's commit (`loadCompleted`), alone and with
/// a snapshot of the items held across the commit, as a SwiftUI `List(feed.items)` holds the
/// value it last rendered; and prepending through the engine's store
/// (`ItemStore.prepend(contentsOf:policy:)`), alone and with a snapshot held. The snapshot is
/// an ``ItemSnapshot``: a commit while it is alive copies one chunk and the chunk references,
/// not the items.
enum CommitBenchmark {
  /// One size.
  struct Result: Codable, Sendable {
    /// One of ``subjects``.
    let subject: String
    /// Items loaded before the measured commits.
    let items: Int
    /// Nanoseconds per commit; one value per commit.
    let nanoseconds: Sample
  }

  /// Rows per committed page.
  static let pageSize = 50

  /// The cases, in the report's order: the name, prepend (else append), snapshot held.
  static let subjects: [(name: String, prepend: Bool, holdSnapshot: Bool)] = [
    ("engine alone", false, false), ("snapshot held", false, true),
    ("append, store alone", false, false), ("prepend, store alone", true, false), ("prepend, snapshot held", true, true),
  ]

  /// Measures every case at every size.
  static func run(sizes: [Int], quick: Bool) -> [Result] {
    let turns = RoundRobin(
      minimumRounds: quick ? 15 : 50, maximumRounds: quick ? 15 : 50, budget: .infinity)
    return subjects.flatMap { subject in
      let samples = turns.run(
        sizes.map {
          subject.name == "append, store alone" ? appender(size: $0) : subject.prepend
            ? prepender(size: $0, holdSnapshot: subject.holdSnapshot)
            : committer(size: $0, holdSnapshot: subject.holdSnapshot)
        })
      return zip(sizes, samples).map {
        Result(subject: subject.name, items: $0, nanoseconds: $1)
      }
    }
  }

  /// A state machine holding `size` rows, and a function that commits its next page of 50 and
  /// returns how long the commit took, in nanoseconds.
  private static func committer(size: Int, holdSnapshot: Bool) -> () -> Double {
    var machine = Fill.machine(count: size)
    return {
      guard case .startLoad(let request) = machine.handle(.loadNextPage).first,
        let cursor = request.cursor
      else { return .nan }
      let page = Page(
        items: SmallItem.page(cursor..<(cursor + pageSize)), nextCursor: cursor + pageSize)
      let snapshot = holdSnapshot ? machine.items.items : nil
      let start = Stopwatch.now()
      let effects = machine.handle(.loadCompleted(request.id, page))
      let elapsed = Stopwatch.elapsed(since: start)
      blackHole(effects)
      blackHole(snapshot)
      return elapsed
    }
  }

  private static func appender(size: Int) -> () -> Double {
    var store = Fill.machine(count: size).items
    var next = size
    return {
      let page = SmallItem.page(next..<(next + pageSize))
      next += pageSize
      let start = Stopwatch.now()
      let result = store.append(contentsOf: page, policy: .keepFirst)
      let elapsed = Stopwatch.elapsed(since: start)
      blackHole(result)
      return elapsed
    }
  }

  /// The store of a state machine holding `size` rows, and a function that puts the page of
  /// 50 before its first row and returns how long that took, in nanoseconds. (Through the
  /// store: the state machine does not load pages before the first yet.)
  private static func prepender(size: Int, holdSnapshot: Bool) -> () -> Double {
    var store = Fill.machine(count: size).items
    var first = 0
    return {
      let page = SmallItem.page((first - pageSize)..<first)
      first -= pageSize
      let snapshot = holdSnapshot ? store.items : nil
      let start = Stopwatch.now()
      let result = store.prepend(contentsOf: page, policy: .keepFirst)
      let elapsed = Stopwatch.elapsed(since: start)
      blackHole(result)
      blackHole(snapshot)
      return elapsed
    }
  }
}
