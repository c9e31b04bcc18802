/// The simulator's copy of a feed's row ids, kept up to date in O(new rows) per append,
/// with what the session report needs per row: whether its id repeats one above it, whether
/// it is out of server order, and whether it was shown.
struct RowTable<ID: Hashable & Sendable> {
  /// How a sync changed the rows.
  enum Change: Equatable {
    case none
    case appended
    /// This many rows were put above the known ones, which follow unchanged (rows may have
    /// been appended below them too).
    case prepended(count: Int)
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

  var count: Int { ids.count }

  /// The window key of row `index`: its id, and for a repeated id its position too.
  func key(at index: Int) -> RowKey<ID> {
    .item(ids[index], copy: isDuplicate[index] ? index : 0)
  }

  /// Reads the feed's rows if their version changed. Rows that extend the known ones (same
  /// first and last id) are appended; rows put above the known ones (which follow unchanged)
  /// are a prepend, and the table is rebuilt in the new order; anything else replaces the
  /// table.
  @MainActor mutating func sync<Feed: ListFeed>(with feed: Feed, rank: (ID) -> Int?) -> Change
  where Feed.Item.ID == ID {
    let newVersion = feed.rowsVersion
    guard newVersion != version else { return .none }
    version = newVersion
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
        self = RowTable(ids: [], version: newVersion)
        for index in 0..<newCount { append(feed.rowItem(at: index).id, rank: rank) }
        for (offset, flag) in shown.enumerated() { wasShown[count + offset] = flag }
        return .prepended(count: count)
      }
      change = .replaced(oldCount: ids.count)
      self = RowTable(ids: [], version: newVersion)
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

  /// The position of the first row with this id, if any.
  /// - Complexity: O(1) on average.
  func position(of id: ID) -> Int? { firstPosition[id] }

  private init(ids: [ID], version: Int?) {
    self.ids = ids
    self.version = version
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
