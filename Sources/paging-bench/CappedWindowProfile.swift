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
/// Stalls against the oracle are not measured here (virtual time, every page answered at
/// once); the figures are counts and bytes.
enum CappedWindowProfile {
  struct Result: Sendable {
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

  /// The goals of issue 13 for one run.
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
        note: "item chunks of 1,024 slots: about 1,050 items take two chunks"),
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
