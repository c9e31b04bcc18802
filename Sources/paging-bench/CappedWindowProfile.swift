import DemoSupport
import Foundation
import Paging

/// The capped window (rulebook R26) and restore (R28) on a state machine in virtual time: a
/// reader scrolls a keyset feed of `rows` rows (pages of 50, each giving both cursors) one row
/// at a time with `maxSize` 1,000 and a prefetch distance of 20, every page answered at once;
/// then scrolls back up through dropped pages; then the window is saved and restored.
///
/// A feed whose pages give no previous cursor is run too (``run(rows:back:previousCursors:)``):
/// the engine then keeps one cursor per dropped page to scroll back, which `heldBytes` counts.
///
/// Stalls against the oracle are not measured here (every page answered at once); the figures
/// are counts and bytes. The stall of a reader scrolling back is ``CappedScrollBack``'s.
enum CappedWindowProfile {
  struct Result: Codable, Sendable {
    var rows: Int
    var itemsHeld: Int
    var ownBytes: Int
    var heldBytes: Int
    var pagesReached: Int
    var pagesReloaded: Int
    var requests: Int
    var duplicateRequests: Int
    var pagesDropped: Int
    var backRows: Int
    var backRequests: Int
    var roundTripsBeforeFirstRow: Int
  }

  static let pageSize = 50
  static let maxSize = 1_000

  static func page(_ request: PageRequest<Int>, rows: Int, previousCursors: Bool) -> Page<
    SmallItem, Int
  > {
    let start = request.cursor ?? 0
    let end = min(rows, start + pageSize)
    return Page(
      items: SmallItem.page(start..<end), nextCursor: end < rows ? end : nil,
      previousCursor: previousCursors && start > 0 ? start - pageSize : nil)
  }

  /// One session. `previousCursors: false` is a feed whose pages give only a next cursor:
  /// scrolling back then reloads dropped pages by the cursors that loaded them, which the
  /// engine keeps (one per dropped page, counted in `heldBytes`).
  static func run(rows: Int, back: Int, previousCursors: Bool = true) -> Result {
    var configuration = PagingConfiguration<Int>(prefetch: .fixed(20))
    configuration.maxSize = maxSize
    var machine = PagingStateMachine<SmallItem, Int>(configuration: configuration)
    var requests = 0
    var duplicates = 0
    var requested = Set<Int?>()
    func answer(_ effects: [PagingEffect<Int>]) {
      var pending = effects
      while !pending.isEmpty {
        guard case .startLoad(let request) = pending.removeFirst() else { continue }
        requests += 1
        // A duplicate: a page requested while its rows are loaded (loaded twice in a row).
        if let cursor = request.cursor, machine.store.contains(id: cursor) { duplicates += 1 }
        requested.insert(request.cursor)
        pending += machine.handle(
          .loadCompleted(
            request.id, page(request, rows: rows, previousCursors: previousCursors)))
      }
    }
    answer(machine.handle(.start))
    let screen = 10
    for id in 0..<screen { answer(machine.handle(.rowAppeared(.id(id)))) }
    for top in 1...(rows - screen) {
      answer(machine.handle(.rowDisappeared(.id(top - 1))))
      answer(machine.handle(.rowAppeared(.id(top + screen - 1))))
    }
    let held = machine.items.count
    let itemStride = MemoryLayout<SmallItem>.stride
    let heldBytes =
      machine.items.allocatedCapacity * itemStride + machine.store.indexByteCount
      + (machine.pages.beyondFirst.count + machine.pages.beyondLast.count)
      * MemoryLayout<PageChain<Int>>.stride
    let downRequests = requests
    let pagesReached = (rows + pageSize - 1) / pageSize
    let droppedDown = machine.metrics.pagesDropped
    // Back up through dropped pages.
    let bottom = rows - screen
    for top in stride(from: bottom - 1, through: max(0, bottom - back), by: -1) {
      answer(machine.handle(.rowDisappeared(.id(top + screen))))
      answer(machine.handle(.rowAppeared(.id(top))))
    }
    let backRequests = requests - downRequests
    // Restore: the saved window shows before any request.
    var restored = PagingStateMachine<SmallItem, Int>(configuration: configuration)
    try? restored.restore(machine.snapshot())
    let roundTrips = restored.items.isEmpty ? 1 : 0
    return Result(
      rows: rows, itemsHeld: held, ownBytes: held * itemStride, heldBytes: heldBytes,
      pagesReached: pagesReached, pagesReloaded: backRequests, requests: requests,
      duplicateRequests: duplicates, pagesDropped: droppedDown, backRows: back,
      backRequests: backRequests, roundTripsBeforeFirstRow: roundTrips)
  }

  /// The section of `BENCHMARKS.md`.
  static func markdown(_ result: Result, forward: Result) -> String {
    let rows = [(result, "both cursors"), (forward, "next cursors only")].map { run, pages in
      [
        pages, Format.count(run.itemsHeld),
        Format.ratio(Double(run.heldBytes) / Double(max(1, run.ownBytes))),
        "\(Format.count(run.requests)) / \(Format.count(run.pagesReached + run.pagesReloaded))",
        "\(run.duplicateRequests)", Format.count(run.pagesDropped),
        "\(Format.count(run.backRequests)) for \(Format.count(run.backRows)) rows",
        "\(run.roundTripsBeforeFirstRow)",
      ]
    }
    return """
      ## A capped window and restore

      The state machine alone, every page answered at once: a reader scrolls a keyset feed of
      \(Format.count(result.rows)) rows (pages of \(pageSize)) one row at a time with `maxSize`
      \(Format.count(maxSize)) and a prefetch distance of 20, scrolls back up \(Format.count(result.backRows))
      rows through dropped pages, and the window is saved and restored (rulebook R26, R28).
      Run for pages that give both cursors and for pages that give only a next cursor (the
      engine then keeps one cursor per dropped page to scroll back, counted in the bytes held).
      *Requests*: all requests, against the pages reached plus the pages loaded again on the
      way back; *duplicates*: a page requested while its rows are loaded.

      \(Format.table(
        ["pages give", "items held", "memory / own size", "requests / reached + reloaded", "duplicates", "pages dropped", "scroll back", "round trips before the first row"],
        rows))
      """
  }

  /// The capped window's and the restore's goals for one run.
  static func goals(_ result: Result) -> [Goal] {
    let ratio = Double(result.heldBytes) / Double(max(1, result.ownBytes))
    return [
      Goal(
        name: "capped window: items held after \(result.rows) rows (maxSize \(maxSize))",
        target: "≤ \(maxSize + pageSize)", measured: "\(result.itemsHeld)",
        met: result.itemsHeld <= maxSize + pageSize, note: ""),
      Goal(
        name: "capped window: memory held over the held items' own size",
        target: "≤ 1.5×", measured: String(format: "%.2f×", ratio), met: ratio <= 1.5,
        note: "a chunk per page of rows, with its array's header"),
      Goal(
        name: "capped window: requests vs pages reached + pages reloaded",
        target: "≤ \(result.pagesReached + result.pagesReloaded)",
        measured: "\(result.requests)",
        met: result.requests <= result.pagesReached + result.pagesReloaded, note: ""),
      Goal(
        name: "capped window: duplicate requests within a generation", target: "0",
        measured: "\(result.duplicateRequests)", met: result.duplicateRequests == 0, note: ""),
      Goal(
        name: "restore: round trips before the first row", target: "0",
        measured: "\(result.roundTripsBeforeFirstRow)",
        met: result.roundTripsBeforeFirstRow == 0, note: ""),
    ]
  }
}
