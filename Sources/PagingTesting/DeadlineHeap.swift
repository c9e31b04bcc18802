/// A binary min-heap of (deadline, order) pairs, for ``TestClock``'s sleepers.
/// - Complexity: O(log *n*) to insert or pop, O(1) to peek.
struct DeadlineHeap: Sendable {
  struct Entry: Sendable, Comparable {
    var deadline: Duration
    var order: Int

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.deadline, lhs.order) < (rhs.deadline, rhs.order)
    }
  }

  private var entries: [Entry] = []

  func peek() -> Entry? { entries.first }

  mutating func insert(deadline: Duration, order: Int) {
    entries.append(Entry(deadline: deadline, order: order))
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child] < entries[parent] else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> Entry? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    let top = entries.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < entries.count, entries[left] < entries[smallest] { smallest = left }
      if right < entries.count, entries[right] < entries[smallest] { smallest = right }
      if smallest == parent { break }
      entries.swapAt(parent, smallest)
      parent = smallest
    }
    return top
  }
}
