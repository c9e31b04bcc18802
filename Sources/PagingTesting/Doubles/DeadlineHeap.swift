/// A binary min-heap of (deadline, rank, order) triples, for ``TestClock``'s sleepers.
///
/// `rank` breaks ties between equal deadlines before the sleep order does: plain sleepers have
/// rank 0, so among themselves they keep the order they went to sleep in; the simulated server
/// ranks its answers by request number, so answers due at the same instant wake in request
/// order whatever order their tasks reached the clock in.
/// - Complexity: O(log *n*) to insert or pop, O(1) to peek.
struct DeadlineHeap: Sendable {
  struct Entry: Sendable, Comparable {
    var deadline: Duration
    var rank: Int
    var order: Int

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.deadline, lhs.rank, lhs.order) < (rhs.deadline, rhs.rank, rhs.order)
    }
  }

  private var entries: [Entry] = []

  func peek() -> Entry? { entries.first }

  mutating func insert(deadline: Duration, rank: Int = 0, order: Int) {
    entries.append(Entry(deadline: deadline, rank: rank, order: order))
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
