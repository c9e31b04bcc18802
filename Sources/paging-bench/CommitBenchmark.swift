import Paging

/// The cost of committing one page of 50 rows as the list grows, through the state machine's
/// commit (`loadCompleted`), timed one commit at a time.
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
    var results: [Result] = []
    for size in sizes {
      let commits = quick ? 60 : 200
      results.append(
        Result(
          subject: "engine alone", items: size,
          nanoseconds: measure(size: size, commits: commits, holdSnapshot: false)))
      let snapshotCommits = size >= 500_000 ? (quick ? 5 : 20) : (quick ? 20 : 60)
      results.append(
        Result(
          subject: "snapshot held", items: size,
          nanoseconds: measure(size: size, commits: snapshotCommits, holdSnapshot: true)))
    }
    return results
  }

  private static func measure(size: Int, commits: Int, holdSnapshot: Bool) -> Sample {
    var machine = Fill.machine(count: size)
    var times: [Double] = []
    for commit in 0..<(commits + 1) {
      guard case .startLoad(let request) = machine.handle(.loadNextPage).first,
        let cursor = request.cursor
      else { break }
      let page = Page(
        items: SmallItem.page(cursor..<(cursor + pageSize)), nextCursor: cursor + pageSize)
      let snapshot = holdSnapshot ? machine.items : nil
      let start = Stopwatch.now()
      let effects = machine.handle(.loadCompleted(request.id, page))
      let elapsed = Stopwatch.elapsed(since: start)
      blackHole(effects)
      blackHole(snapshot)
      if commit > 0 { times.append(elapsed) }
    }
    return Sample(times)
  }
}
