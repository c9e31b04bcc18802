import Paging

/// A list's viewport over the loaded items: moving it makes the rows that enter appear (by id,
/// as SwiftUI's `onAppear` does) before the rows that leave disappear. It is not told when the
/// items change; a scroll by 0 re-renders it. Like a list bound to the scroll anchor, it keeps
/// its first row where it is when rows are put above it: a scroll counts from that row's
/// position now.
package struct FuzzViewport {
  package let height: Int
  package private(set) var top = 0
  package private(set) var shown: [Int] = []

  package init(height: Int) { self.height = max(1, height) }

  /// The signals of moving the viewport so that its first row is `newTop` (clamped).
  package mutating func move(to newTop: Int, items: [FuzzRow]) -> [PagingEvent<FuzzRow, Int>] {
    top = min(max(0, newTop), max(0, items.count - height))
    let now = items.dropFirst(top).prefix(height).map(\.id)
    let old = Set(shown)
    let new = Set(now)
    let appeared = now.filter { !old.contains($0) }.map {
      PagingEvent<FuzzRow, Int>.rowAppeared(.id($0))
    }
    let left = shown.filter { !new.contains($0) }.map {
      PagingEvent<FuzzRow, Int>.rowDisappeared(.id($0))
    }
    shown = now
    return appeared + left
  }

  package mutating func scroll(by rows: Int, items: [FuzzRow]) -> [PagingEvent<FuzzRow, Int>] {
    let base = shown.first.flatMap { id in items.firstIndex { $0.id == id } } ?? top
    return move(to: base + rows, items: items)
  }

  package mutating func jump(percent: Int, items: [FuzzRow]) -> [PagingEvent<FuzzRow, Int>] {
    move(to: items.count * percent / 100, items: items)
  }
}
