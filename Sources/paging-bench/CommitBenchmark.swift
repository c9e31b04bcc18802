import Paging

/// The cost of committing one page of 50 rows as the list grows, timed one commit at a time,
/// the sizes in turns (``RoundRobin``).
///
/// Five cases: appending through the state machine's commit (`loadCompleted`), alone and with
/// a snapshot of the items held across the commit, as a SwiftUI `List(feed.items)` holds the
/// value it last rendered; appending through the engine's store alone (without the machine's
/// constant cost, for comparison); and prepending through the state machine's commit (a page
/// before the first row, as a chat loads older messages), alone and with a snapshot held. The snapshot is
/// an ``ItemSnapshot``: a commit while it is alive copies its outermost group of chunk
/// references and the arrays of groups, not the items.
///
/// Four more cases time one local edit (``PagingEdit``) in the middle of the window, a snapshot
/// held: a remove, an insert, an update and a move, each of a row it has not edited yet. An
/// edit changes the chunk of its row (copied once while the snapshot shares it) and one bucket
/// of the id index: O(page), whatever the window's size.
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

  /// Where a case commits.
  enum Path {
    /// Appends through the state machine's `loadCompleted`.
    case machineAppend
    /// Appends through the store alone.
    case storeAppend
    /// Prepends through the state machine's `loadCompleted` of a prepend.
    case machinePrepend
    /// One local edit of this kind through the state machine.
    case machineEdit(EditKind)
  }

  /// The local edits timed.
  enum EditKind {
    case remove, insert, update, move
  }

  /// The cases, in the report's order: the name, the path, snapshot held.
  static let subjects: [(name: String, path: Path, holdSnapshot: Bool)] = [
    ("engine alone", .machineAppend, false), ("snapshot held", .machineAppend, true),
    ("append, store alone", .storeAppend, false), ("prepend, engine alone", .machinePrepend, false),
    ("prepend, snapshot held", .machinePrepend, true),
    ("edit: remove, snapshot held", .machineEdit(.remove), true),
    ("edit: insert, snapshot held", .machineEdit(.insert), true),
    ("edit: update, snapshot held", .machineEdit(.update), true),
    ("edit: move, snapshot held", .machineEdit(.move), true),
  ]

  /// Measures every case at every size.
  static func run(sizes: [Int], quick: Bool) -> [Result] {
    let turns = RoundRobin(
      minimumRounds: quick ? 15 : 50, maximumRounds: quick ? 15 : 50, budget: .infinity)
    return subjects.flatMap { subject in
      let samples = turns.run(
        sizes.map { size in
          switch subject.path {
          case .machineAppend: committer(size: size, holdSnapshot: subject.holdSnapshot)
          case .storeAppend: storeCommitter(size: size, prepend: false, holdSnapshot: false)
          case .machinePrepend:
            committer(size: size, prepend: true, holdSnapshot: subject.holdSnapshot)
          case .machineEdit(let kind): editor(size: size, kind: kind)
          }
        })
      return zip(sizes, samples).map {
        Result(subject: subject.name, items: $0, nanoseconds: $1)
      }
    }
  }

  /// A state machine holding `size` rows, and a function that commits its next page of 50
  /// after its last row (or, `prepend`, before its first row; the first page then gave a
  /// previous cursor) and returns how long the commit took, in nanoseconds.
  private static func committer(size: Int, prepend: Bool = false, holdSnapshot: Bool)
    -> () -> Double
  {
    var machine = Fill.machine(count: size, previousCursor: prepend ? -pageSize : nil)
    return {
      guard
        case .startLoad(let request) = machine.handle(prepend ? .loadPreviousPage : .loadNextPage)
          .first,
        let cursor = request.cursor
      else { return .nan }
      let page = Page(
        items: SmallItem.page(cursor..<(cursor + pageSize)),
        nextCursor: prepend ? nil : cursor + pageSize,
        previousCursor: prepend ? cursor - pageSize : nil)
      let snapshot = holdSnapshot ? machine.items : nil
      let start = Stopwatch.now()
      let effects = machine.handle(.loadCompleted(request.id, page))
      let elapsed = Stopwatch.elapsed(since: start)
      blackHole(effects)
      blackHole(snapshot)
      return elapsed
    }
  }

  /// A state machine holding `size` rows, and a function that makes one edit of `kind` in the
  /// middle of its window, to a row no edit named before, with a snapshot of the items held,
  /// and returns how long the edit took, in nanoseconds.
  private static func editor(size: Int, kind: EditKind) -> () -> Double {
    var machine = Fill.machine(count: size)
    var round = 0
    return {
      round += 1
      let row = size / 2 + round
      let edit: PagingEdit<SmallItem> =
        switch kind {
        case .remove: .remove(row)
        case .insert: .insert(SmallItem(id: -round, value: round), at: .after(row))
        case .update: .update(SmallItem(id: row, value: -round))
        case .move: .move(row, to: .before(size / 4 + round))
        }
      let snapshot = machine.items
      let start = Stopwatch.now()
      let effects = machine.handle(.edit(edit))
      let elapsed = Stopwatch.elapsed(since: start)
      blackHole(effects)
      blackHole(snapshot)
      return elapsed
    }
  }

  /// The store of a state machine holding `size` rows, and a function that puts the next
  /// page of 50 after its last row (or, `prepend`, before its first row) and returns how long
  /// that took, in nanoseconds.
  private static func storeCommitter(size: Int, prepend: Bool, holdSnapshot: Bool)
    -> () -> Double
  {
    var store = Fill.machine(count: size).store
    var first = 0
    var next = size
    return {
      let range = prepend ? (first - pageSize)..<first : next..<(next + pageSize)
      if prepend { first -= pageSize } else { next += pageSize }
      let page = SmallItem.page(range)
      let snapshot = holdSnapshot ? store.items : nil
      let start = Stopwatch.now()
      let result =
        prepend
        ? store.prepend(contentsOf: page, policy: .keepFirst)
        : store.append(contentsOf: page, policy: .keepFirst)
      let elapsed = Stopwatch.elapsed(since: start)
      blackHole(result)
      blackHole(snapshot)
      return elapsed
    }
  }
}
