/// A server with keyset cursors in both directions: its items are ids in ascending order; the
/// page after cursor `c` holds the ids greater than `c`, and the page before the prepend cursor
/// ``before(_:)`` of `x` holds the ids less than `x` (the last of them). Insertions and deletions
/// between requests never shift pages already loaded, as with a real keyset
/// (`WHERE id > :cursor ORDER BY id`, `WHERE id < :cursor ORDER BY id DESC`).
///
/// Prepend cursors live in a range of their own (``beforeBase`` and up), so that an honest
/// server never hands out the same cursor for both edges: a real API's tokens say which way
/// they point, and the engine treats a cursor seen on both edges as a cycle.
package struct FuzzServer {
  package private(set) var ids: [Int]

  /// Where prepend cursors start: ids stay far below it.
  package static let beforeBase = 1_000_000

  package init(ids: [Int]) { self.ids = ids.sorted() }

  /// Where the ids of rows the app inserts start: above every server id of every query.
  package static let localBase = 90_000

  /// How far the ids of `query`'s rows lie from those of the first query: each query's list
  /// holds other rows, so that a row of an old query shown is seen (R24).
  package static func offset(ofQuery query: Int?) -> Int { (query ?? 0) * 100_000 }

  /// The same server with every id moved by `offset`.
  package func offset(by offset: Int) -> FuzzServer {
    offset == 0 ? self : FuzzServer(ids: ids.map { $0 + offset })
  }

  /// The prepend cursor of the page that ends right before the row with id `id`.
  package static func before(_ id: Int) -> Int { beforeBase + id }

  /// The id a prepend cursor points before, or `nil` for an append cursor.
  package static func pointsBefore(_ cursor: Int) -> Int? {
    cursor >= beforeBase / 2 ? cursor - beforeBase : nil
  }

  /// The index of the first id greater than `cursor`.
  private func firstIndex(after cursor: Int) -> Int {
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] <= cursor { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The ids after `cursor` (all of them for `nil`).
  package func ids(after cursor: Int?) -> ArraySlice<Int> {
    guard let cursor else { return ids[...] }
    return ids[firstIndex(after: cursor)...]
  }

  /// The ids less than `id`.
  package func ids(before id: Int) -> ArraySlice<Int> { ids[..<firstIndex(after: id - 1)] }

  /// Adds up to `count` new ids at `position` (modulo the size plus one), as many as fit
  /// between the neighbours.
  package mutating func insert(position: Int, count: Int) {
    let at = position % (ids.count + 1)
    let low = at == 0 ? (ids.first ?? 0) - 100 * (count + 1) : ids[at - 1]
    let high = at == ids.count ? (ids.last ?? 0) + 100 * (count + 1) : ids[at]
    let fitting = min(count, high - low - 1)
    guard fitting > 0 else { return }
    let step = (high - low) / (fitting + 1)
    ids.insert(contentsOf: (1...fitting).map { low + $0 * step }, at: at)
  }

  /// Removes the id at `position` (modulo the size).
  package mutating func delete(position: Int) {
    guard !ids.isEmpty else { return }
    ids.remove(at: position % ids.count)
  }
}
