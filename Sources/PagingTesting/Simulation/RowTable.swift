/// The simulator's copy of a feed's row ids, kept up to date in O(new rows) per append,
/// with what the session report needs per row: whether its id repeats one above it, whether
/// it is out of server order, and whether it was shown.
struct RowTable<ID: Hashable & Sendable> {
  /// How a sync changed the rows.
  enum Change: Equatable {
    case none
    case appended
    /// This many rows were put above the known ones, which follow unchanged (rows may have
    /// been appended below them too, or the last known ones dropped: a memory cap).
    case prepended(count: Int)
    /// This many of the first known rows were dropped (a memory cap); the others follow
    /// unchanged at the top (rows may have been appended below them).
    case droppedAbove(count: Int)
    /// Some of the last known rows were dropped (a memory cap); the others are unchanged.
    case droppedBelow
    /// The rows were replaced; the old list had this many.
    case replaced(oldCount: Int)
  }

  private(set) var ids: [ID] = []
  private var firstPosition: [ID: Int] = [:]
  private(set) var isDuplicate: [Bool] = []
  private(set) var isOutOfOrder: [Bool] = []
  private var wasShown: [Bool] = []
  private var highestRank: Int?
  private var version: Int?
  /// The feed's ``ListFeed/pagesDropped`` at the last sync.
  private var pagesDropped = 0

  var count: Int { ids.count }

  /// The window key of row `index`: its id, and for a repeated id its position too.
  func key(at index: Int) -> RowKey<ID> {
    .item(ids[index], copy: isDuplicate[index] ? index : 0)
  }

  /// Reads the feed's rows if their version changed. Rows that extend the known ones (same
  /// first and last id) are appended; rows put above the known ones (which follow unchanged)
  /// are a prepend, and the table is rebuilt in the new order; anything else replaces the
  /// table.
  ///
  /// When the feed dropped pages since the last sync (``ListFeed/pagesDropped``, a memory
  /// cap), rows that remain of the known ones as one unchanged run (the first ones dropped,
  /// or the last ones, with rows put above or below) keep their place too.
  @MainActor mutating func sync<Feed: ListFeed>(with feed: Feed, rank: (ID) -> Int?) -> Change
  where Feed.Item.ID == ID {
    let newVersion = feed.rowsVersion
    guard newVersion != version else { return .none }
    version = newVersion
    let dropped = feed.pagesDropped != pagesDropped
    pagesDropped = feed.pagesDropped
    let newCount = feed.rowCount
    let extends =
      ids.isEmpty
      || (newCount >= ids.count && feed.rowItem(at: 0).id == ids[0]
        && feed.rowItem(at: ids.count - 1).id == ids[ids.count - 1])
    var change = Change.appended
    if !extends {
      if let count = prependedCount(in: feed) {
        // Rebuilt in the new order, so that duplicates and order are judged top to bottom;
        // the known rows keep whether they were shown.
        let shown = wasShown
        self = RowTable(ids: [], version: newVersion, pagesDropped: pagesDropped)
        for index in 0..<newCount { append(feed.rowItem(at: index).id, rank: rank) }
        for (offset, flag) in shown.enumerated() { wasShown[count + offset] = flag }
        return .prepended(count: count)
      }
      if dropped, let run = keptRun(in: feed) {
        // Rebuilt in the new order, so that duplicates and order are judged top to bottom;
        // the known rows keep whether they were shown.
        let shown = wasShown
        self = RowTable(ids: [], version: newVersion, pagesDropped: pagesDropped)
        for index in 0..<newCount { append(feed.rowItem(at: index).id, rank: rank) }
        for offset in 0..<run.count {
          wasShown[run.prepended + offset] = shown[run.droppedAbove + offset]
        }
        if run.prepended > 0 { return .prepended(count: run.prepended) }
        return run.droppedAbove > 0 ? .droppedAbove(count: run.droppedAbove) : .droppedBelow
      }
      change = .replaced(oldCount: ids.count)
      self = RowTable(ids: [], version: newVersion, pagesDropped: pagesDropped)
    }
    for index in ids.count..<newCount { append(feed.rowItem(at: index).id, rank: rank) }
    return change
  }

  /// How many rows the feed put above the known ones, if they follow unchanged (same first
  /// and last id, same count between): O(rows put above).
  @MainActor private func prependedCount<Feed: ListFeed>(in feed: Feed) -> Int?
  where Feed.Item.ID == ID {
    let newCount = feed.rowCount
    guard let first = ids.first, newCount > ids.count else { return nil }
    for count in 1...(newCount - ids.count) where feed.rowItem(at: count).id == first {
      return feed.rowItem(at: count + ids.count - 1).id == ids[ids.count - 1] ? count : nil
    }
    return nil
  }

  /// Where the known rows still are when the feed kept a run of them unchanged: rows put
  /// above them (a prepend) or some of the first ones dropped (a memory cap), and possibly
  /// rows added or dropped below. `nil` for anything else (a refresh). O(rows put above).
  @MainActor private func keptRun<Feed: ListFeed>(in feed: Feed)
    -> (prepended: Int, droppedAbove: Int, count: Int)?
  where Feed.Item.ID == ID {
    let newCount = feed.rowCount
    guard !ids.isEmpty, newCount > 0 else { return nil }
    var prepended = 0
    while prepended < newCount, firstPosition[feed.rowItem(at: prepended).id] == nil {
      prepended += 1
    }
    guard prepended < newCount,
      let droppedAbove = firstPosition[feed.rowItem(at: prepended).id],
      prepended == 0 || droppedAbove == 0
    else { return nil }
    let count = min(newCount - prepended, ids.count - droppedAbove)
    guard feed.rowItem(at: prepended + count - 1).id == ids[droppedAbove + count - 1] else {
      return nil
    }
    return (prepended, droppedAbove, count)
  }

  /// The position of the first row with this id, if any.
  /// - Complexity: O(1) on average.
  func position(of id: ID) -> Int? { firstPosition[id] }

  private init(ids: [ID], version: Int?, pagesDropped: Int) {
    self.ids = ids
    self.version = version
    self.pagesDropped = pagesDropped
  }

  init() {}

  private mutating func append(_ id: ID, rank: (ID) -> Int?) {
    let index = ids.count
    ids.append(id)
    wasShown.append(false)
    if firstPosition[id] != nil {
      isDuplicate.append(true)
      isOutOfOrder.append(false)
      return
    }
    firstPosition[id] = index
    isDuplicate.append(false)
    let itemRank = rank(id)
    if let itemRank, let highest = highestRank, itemRank < highest {
      isOutOfOrder.append(true)
    } else {
      isOutOfOrder.append(false)
      if let itemRank { highestRank = itemRank }
    }
  }

  /// Marks row `index` as shown; returns `true` the first time.
  mutating func markShown(_ index: Int) -> Bool {
    guard !wasShown[index] else { return false }
    wasShown[index] = true
    return true
  }
}

/// What identifies a row in a list's window: SwiftUI matches rows by id, so a row that
/// stays in the window under the same id does not fire `onAppear` again.
enum RowKey<ID: Hashable & Sendable>: Hashable {
  /// An item row; `copy` is 0 for the first row with this id, else the row's position.
  case item(ID, copy: Int)
  /// The footer row of load cycle `cycle`.
  case footer(cycle: Int)
}
