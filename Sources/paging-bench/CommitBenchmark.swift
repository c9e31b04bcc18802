import Paging

/// The cost of committing one page of 50 rows as the list grows, through the state machine's
/// commit (`loadCompleted`), timed one commit at a time, the sizes in turns (``RoundRobin``).
///
/// Two cases: the engine alone, and with a snapshot of the items held across the commit, as a
/// SwiftUI `List(feed.items)` holds the value it last rendered: copy-on-write then copies the
/// whole store on the commit.
enum CommitBenchmark {
  /// One size.
  struct Result: Codable, Sendable {
    /// `engine alone` or `snapshot held`.
    let subject: String
    /// Items loaded before the measured commits.
    let items: Int
    /// Nanoseconds per commit; one value per commit.
    let nanoseconds: Sample
  }

  /// Rows per committed page.
  static let pageSize = 50

  /// Measures both cases at every size.
  static func run(sizes: [Int], quick: Bool) -> [Result] {
    let alone = RoundRobin(
      minimumRounds: quick ? 15 : 50, maximumRounds: quick ? 15 : 50, budget: .infinity)
    let held = RoundRobin(
      minimumRounds: quick ? 3 : 8, maximumRounds: quick ? 3 : 8, budget: .infinity,
      keptPerTurn: 3)
    let aloneSamples = alone.run(sizes.map { committer(size: $0, holdSnapshot: false) })
    let heldSamples = held.run(sizes.map { committer(size: $0, holdSnapshot: true) })
    return zip(sizes, aloneSamples).map {
      Result(subject: "engine alone", items: $0, nanoseconds: $1)
    }
      + zip(sizes, heldSamples).map { Result(subject: "snapshot held", items: $0, nanoseconds: $1) }
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
      let snapshot = holdSnapshot ? machine.items : nil
      let start = Stopwatch.now()
      let effects = machine.handle(.loadCompleted(request.id, page))
      let elapsed = Stopwatch.elapsed(since: start)
      blackHole(effects)
      blackHole(snapshot)
      return elapsed
    }
  }
}
