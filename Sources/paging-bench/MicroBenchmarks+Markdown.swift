import DemoSupport
import Paging

extension MicroBenchmarks {
  /// The micro-benchmark sections of `BENCHMARKS.md`.
  var markdown: String {
    appearanceSection + "\n" + commitSection + "\n" + memorySection
  }

  private var appearanceSection: String {
    let sizes = Set(appearance.map(\.items)).sorted()
    var rows: [[String]] = []
    for (subject, order) in [
      ("Paginator", BatchTimer.Order.scroll), (AppearanceBenchmark.rowSubject, .scroll),
      ("PagingStateMachine", .scroll), (AppearanceBenchmark.dictionarySubject, .scroll),
      ("Paginator", .scattered), (AppearanceBenchmark.rowSubject, .scattered),
      ("PagingStateMachine", .scattered),
      (AppearanceBenchmark.dictionarySubject, .scattered), ("scanning helper", .scattered),
    ] {
      let results = sizes.compactMap { size in
        appearance.first { $0.subject == subject && $0.order == order && $0.items == size }
      }
      guard results.count == sizes.count, let first = results.first, let last = results.last
      else { continue }
      let cells = results.map {
        "\(Format.nanoseconds($0.nanoseconds.median)) (p90 \(Format.nanoseconds($0.nanoseconds.p90)))"
      }
      rows.append(
        ["\(subject), \(order.rawValue)"] + cells
          + [Format.ratio(last.nanoseconds.median / first.nanoseconds.median)])
    }
    let header =
      ["subject, order"] + sizes.map { "\(Format.count($0)) items" }
      + ["\(Format.count(sizes.last ?? 0)) / \(Format.count(sizes.first ?? 0))"]
    return """
      ## One appearance signal

      CPU time of one `rowAppeared(_:)` (Paginator, on the main actor, with the item; *PagingRow*:
      with the row of `rows`, as a list with placeholders tells it) or one
      `handle(.rowAppeared(.id(_:)))` (the bare state machine), and of one
      `isThresholdItem(offset: 10, item:)` of the scanning helper over a plain array, with the
      given number of 16-byte items loaded; and, as the yardstick the goals divide by, one
      lookup in a `Dictionary<Int, Int>` of as many entries, in the same order. Rows are never within the prefetch distance of the
      end, so no signal starts a load. Medians (and 90th percentiles) over batches: each batch
      times 1,000 calls (scanning helper: max(1, 100,000 / n) calls) with one clock read before
      and after, so the clock's own cost is spread over the batch. At each size the engine's
      eight cases take turns (this machine is shared with other work, which then slows them
      alike): in a turn, one batch warms the caches and the next 4 are kept; up to 250 rounds
      or 1 s. The sizes run one after another.
      *Scroll* order:
      consecutive rows from a start spread over the list, as a list shows them. *Scattered*:
      each row about 0.618 × n after the previous one, the worst case for caches.

      \(Format.table(header, rows))
      """
  }

  private var commitSection: String {
    let sizes = Set(commit.map(\.items)).sorted()
    var rows: [[String]] = []
    for subject in CommitBenchmark.subjects.map(\.name) {
      let results = sizes.compactMap { size in
        commit.first { $0.subject == subject && $0.items == size }
      }
      guard results.count == sizes.count, let first = results.first, let last = results.last
      else { continue }
      rows.append(
        [subject]
          + results.map {
            "\(Format.nanoseconds($0.nanoseconds.median)) (p90 \(Format.nanoseconds($0.nanoseconds.p90)))"
          } + [Format.ratio(last.nanoseconds.median / first.nanoseconds.median)])
    }
    let header =
      ["case"] + sizes.map { "\(Format.count($0)) items" }
      + ["\(Format.count(sizes.last ?? 0)) / \(Format.count(sizes.first ?? 0))"]
    return """
      ## Committing a page of 50 rows

      Time of one `handle(.loadCompleted(_:_:))` of the state machine for a page of 50 new
      16-byte items appended (or, *prepend*, put before the first row), with the list already
      holding the given number (filled page by page first), timed one commit at a time.
      *Store*: one `ItemStore.append` of 50 new items, the store the state machine commits
      into, without the state machine's own work; the index's cache misses weigh more there,
      so its ratio is higher than the state machine's. The sizes take turns: in a turn one commit warms the caches and the next 4
      are kept, for 50 rounds, so 200 commits per size; the list grows by 50 rows a commit
      meanwhile. *Snapshot held*: a copy of `items` (an `ItemSnapshot`) is alive during the
      commit, as the `List(feed.items)` a SwiftUI view last rendered is. Its items sit in
      chunks of at most \(ItemSnapshot<SmallItem>.chunkCapacity) (a page of 50 is one chunk),
      the chunks in groups of \(ItemSnapshot<SmallItem>.groupCapacity), so copy-on-write copies
      the outermost group's chunk references and counts and the arrays of groups, not the
      items; the id index is not part of the snapshot and is never copied. *Edit*: one local
      edit in the middle of the window, a snapshot held; it changes the chunk of its row (a
      copy of at most a page's rows) and one bucket of the index.

      \(Format.table(header, rows))
      """
  }

  private var memorySection: String {
    let rows: [[String]] = [
      ["items", Format.count(memory.items)],
      ["own size (16 B stride × count)", Format.megabytes(memory.ownBytes)],
      ["item chunks' capacity × stride", Format.megabytes(memory.arrayBytes)],
      ["id index (`indexByteCount`)", Format.megabytes(memory.indexBytes)],
      [
        "held after the build",
        "\(Format.megabytes(memory.retainedBytes)) (\(Format.ratio(memory.retainedRatio)))",
      ],
      [
        "peak during the build",
        "\(Format.megabytes(memory.peakBytes)) (\(Format.ratio(memory.peakRatio)))",
      ],
      [
        "held, glibc default malloc settings",
        Format.megabytes(memory.retainedBytesDefaultAllocator),
      ],
    ]
    return """
      ## Memory

      A child process (`paging-bench --memory-probe N`) commits N 16-byte items into a state
      machine in pages of 50 and reads `/proc/self/status` before and after. *Held*: growth of
      `RssAnon` (anonymous resident memory: heap and anonymous mappings; file-backed pages of
      code run for the first time are left out). *Peak*: growth of `VmHWM` minus the growth of
      `RssFile`. The child runs with `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072`, so
      that large freed blocks go back to the kernel and the figures count what the engine
      holds, not what malloc keeps for reuse; the last row is the same build with glibc's
      defaults. The items sit in a chunk per page (at most
      \(ItemSnapshot<SmallItem>.chunkCapacity) items each), allocated one at a time and never
      moved, so the items are never held twice. The index releases its old buckets
      before it allocates new ones.

      \(Format.table(["", "figure"], rows))
      """
  }
}
