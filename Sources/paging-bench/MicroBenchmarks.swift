import DemoSupport

/// The micro-benchmarks of one run: appearance signals, commits and memory, with the goals
/// they are checked against and their section of `BENCHMARKS.md`.
struct MicroBenchmarks: Codable, Sendable {
  /// Appearance-signal cost per subject, order and size.
  let appearance: [AppearanceBenchmark.Result]
  /// Commit cost per case and size.
  let commit: [CommitBenchmark.Result]
  /// Memory for the largest size.
  let memory: MemoryBenchmark.Result

  /// Item counts of the appearance benchmark.
  static func appearanceSizes(quick: Bool) -> [Int] {
    quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000]
  }

  /// Item counts of the commit benchmark.
  static func commitSizes(quick: Bool) -> [Int] {
    quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
  }

  /// Runs all three.
  @MainActor
  static func run(quick: Bool) async throws -> MicroBenchmarks {
    let appearance = await AppearanceBenchmark.run(
      sizes: appearanceSizes(quick: quick), quick: quick)
    let commit = CommitBenchmark.run(sizes: commitSizes(quick: quick), quick: quick)
    let memory = try MemoryBenchmark.run(count: quick ? 100_000 : 1_000_000)
    return MicroBenchmarks(appearance: appearance, commit: commit, memory: memory)
  }

  private func appearanceMedian(_ subject: String, _ order: BatchTimer.Order, _ items: Int)
    -> Double?
  {
    appearance.first { $0.subject == subject && $0.order == order && $0.items == items }?
      .nanoseconds.median
  }

  private func commitMedian(_ subject: String, _ items: Int) -> Double? {
    commit.first { $0.subject == subject && $0.items == items }?.nanoseconds.median
  }

  /// The micro-benchmark goals, checked at the largest sizes this run measured.
  var goals: [Goal] {
    var goals: [Goal] = []
    let sizes = Set(appearance.map(\.items)).sorted()
    if let small = sizes.first, let large = sizes.last {
      for (order, note) in [
        (
          BatchTimer.Order.scroll,
          "rows in scroll order: the next row is found next to the last one, no hashing"
        ),
        (
          .scattered,
          "each row far from the last: the index's hash probe, then the id check in the chunked items (the group, the chunk, the item: dependent loads), each a cache miss, where the dictionary keeps its keys inline"
        ),
      ] {
        guard let first = appearanceMedian("Paginator", order, small),
          let last = appearanceMedian("Paginator", order, large),
          let lookup = appearanceMedian(AppearanceBenchmark.dictionarySubject, order, large)
        else { continue }
        goals.append(
          Goal(
            name:
              "One appearance signal / one Dictionary<Int, Int> lookup, \(order.rawValue) order, \(Format.count(large)) items",
            target: "≤ 2.00×", measured: Format.ratio(last / lookup), met: last / lookup <= 2,
            note:
              "\(Format.nanoseconds(last)) against \(Format.nanoseconds(lookup)), side by side; "
              + note))
        goals.append(
          Goal(
            name:
              "Appearance flat, \(order.rawValue) order: \(Format.count(large)) / \(Format.count(small)) items",
            target: "≤ 1.50×", measured: Format.ratio(last / first), met: last / first <= 1.5,
            note: note))
      }
      if let item = appearanceMedian("Paginator", .scroll, large),
        let row = appearanceMedian(AppearanceBenchmark.rowSubject, .scroll, large)
      {
        goals.append(
          Goal(
            name:
              "A row of `rows` signals as its item does: PagingRow / item, scroll order, \(Format.count(large)) items",
            target: "≤ 1.25×", measured: Format.ratio(row / item), met: row / item <= 1.25,
            note:
              "\(Format.nanoseconds(row)) against \(Format.nanoseconds(item)); the PagingRow entry point specialises in the app's module as the item's does"
          ))
      }
    }
    let commitSizes = Set(commit.map(\.items)).sorted()
    if let small = commitSizes.first, let large = commitSizes.last {
      let edits = ["remove", "insert", "update", "move"].map { kind in
        (
          "edit: \(kind), snapshot held", "Edit (\(kind)), snapshot held",
          "one local edit in the middle of the window, a copy of `items` alive: it copies "
            + "the chunk of its row and changes one index bucket"
        )
      }
      let cases = [
        (
          "engine alone", "Commit of 50 rows",
          "the state machine's commit, no copy of the items alive"
        ),
        (
          "snapshot held", "Commit of 50 rows, snapshot held",
          "a copy of `items` alive, as a view keeps: the commit copies the chunk references, not the items"
        ),
        (
          "prepend, snapshot held", "Prepend of 50 rows, snapshot held",
          "the state machine's commit of a page before the first row, a copy of `items` alive"
        ),
      ]
      for (subject, name, note) in cases + edits {
        guard let first = commitMedian(subject, small), let last = commitMedian(subject, large)
        else { continue }
        goals.append(
          Goal(
            name: "\(name): \(Format.count(large)) / \(Format.count(small)) items",
            target: "≤ 1.50×", measured: Format.ratio(last / first), met: last / first <= 1.5,
            note: note))
      }
    }
    goals.append(
      Goal(
        name: "Memory held for \(Format.count(memory.items)) items / their own size",
        target: "≤ 1.50×", measured: Format.ratio(memory.retainedRatio),
        met: memory.retainedRatio <= 1.5,
        note: "anonymous resident memory after the build; own size = 16 B stride × count"))
    goals.append(
      Goal(
        name: "Peak memory while building \(Format.count(memory.items)) items / their own size",
        target: "≤ 1.50×", measured: Format.ratio(memory.peakRatio), met: memory.peakRatio <= 1.5,
        note: "high-water mark during the build; the index releases its old buckets before growing")
    )
    return goals
  }
}
