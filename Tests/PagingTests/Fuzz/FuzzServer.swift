/// A server with keyset cursors: its items are ids in ascending order, and the page after
/// cursor `c` holds the ids greater than `c`. Insertions and deletions between requests never
/// shift later pages, as with a real keyset (`WHERE id > :cursor ORDER BY id`).
struct FuzzServer {
  private(set) var ids: [Int]

  init(ids: [Int]) { self.ids = ids.sorted() }

  /// The ids after `cursor` (all of them for `nil`).
  func ids(after cursor: Int?) -> ArraySlice<Int> {
    guard let cursor else { return ids[...] }
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] <= cursor { low = middle + 1 } else { high = middle }
    }
    return ids[low...]
  }

  /// Adds up to `count` new ids at `position` (modulo the size plus one), as many as fit
  /// between the neighbours.
  mutating func insert(position: Int, count: Int) {
    let at = position % (ids.count + 1)
    let low = at == 0 ? (ids.first ?? 0) - 100 * (count + 1) : ids[at - 1]
    let high = at == ids.count ? (ids.last ?? 0) + 100 * (count + 1) : ids[at]
    let fitting = min(count, high - low - 1)
    guard fitting > 0 else { return }
    let step = (high - low) / (fitting + 1)
    ids.insert(contentsOf: (1...fitting).map { low + $0 * step }, at: at)
  }

  /// Removes the id at `position` (modulo the size).
  mutating func delete(position: Int) {
    guard !ids.isEmpty else { return }
    ids.remove(at: position % ids.count)
  }
}
