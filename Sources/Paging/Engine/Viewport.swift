/// Which loaded rows are on screen, as far as the row signals tell: the engine's view of the
/// list's viewport.
///
/// It keeps the ids of the rows that appeared and have not disappeared (at most
/// ``visibleRowLimit``: `onDisappear` may never come, as with `LazyVStack` on iOS 16 to 18, so
/// past that it forgets all but the newest), the lowest and highest of their positions (what
/// the prepend and append triggers look at), and the positions of the last rows that appeared
/// and disappeared, whose neighbours a scroll signals next.
///
/// Positions are positions in the window; a prepend of *m* items moves every one by *m*
/// (``shift(by:)``, O(1)).
@usableFromInline
package struct Viewport<ID: Hashable & Sendable>: Sendable {
  /// The rows shown now.
  @usableFromInline package var visible: Set<ID> = []
  /// The lowest position among ``visible``.
  @usableFromInline package var lowest: Int?
  /// The highest position among ``visible``.
  @usableFromInline package var highest: Int?
  /// Where the row that appeared last sits in the shown rows' chunks: where the next lookup
  /// starts (a hint, checked by id: a stale one costs a hash lookup, never a wrong answer).
  @usableFromInline var lastAppeared = ItemPlace.none
  /// Where the row that disappeared last sits (as ``lastAppeared``).
  @usableFromInline var lastDisappeared = ItemPlace.none
  /// The placeholders shown now, by the position in the source's list of the row each stands
  /// for (at most ``visibleRowLimit``, as ``visible``): a placeholder keeps loading its edge, or
  /// jumps, until the row it stands for loads (rulebook R31).
  @usableFromInline package var placeholders: Set<Int> = []

  /// How many rows are remembered as visible before all are forgotten but the newest.
  @inlinable static var visibleRowLimit: Int { 512 }

  /// An empty viewport.
  @inlinable package init() {}

  /// Notes that the row `id` at `position` appeared.
  /// - Complexity: O(1) amortised.
  @inlinable
  package mutating func appeared(_ id: ID, at position: Int, place: ItemPlace) {
    lastAppeared = place
    if visible.count >= Self.visibleRowLimit {
      visible.removeAll(keepingCapacity: true)
      lowest = nil
      highest = nil
    }
    visible.insert(id)
    if position > highest ?? Int.min { highest = position }
    if position < lowest ?? Int.max { lowest = position }
  }

  /// Notes that the row `id` at `position` disappeared.
  /// - Returns: Whether the lowest or highest row left, so that they must be recomputed.
  /// - Complexity: O(1).
  @inlinable
  package mutating func disappeared(_ id: ID, at position: Int, place: ItemPlace) -> Bool {
    lastDisappeared = place
    guard visible.remove(id) != nil else { return false }
    return position == highest || position == lowest
  }

  /// Moves every position by `offset` (a prepend put `offset` items before them).
  /// - Complexity: O(1).
  @inlinable
  package mutating func shift(by offset: Int) {
    lowest = lowest.map { $0 + offset }
    highest = highest.map { $0 + offset }
  }

  /// Recomputes the lowest and highest positions from `position(of:)`, forgetting rows that
  /// are no longer loaded: a row whose item a refresh removed has left the screen, whether or
  /// not its `onDisappear` comes (its id no longer resolves, so that signal is ignored), and
  /// would otherwise count as visible again when an item with its id loads later.
  /// - Complexity: O(*v*) for *v* visible rows (at most ``visibleRowLimit``).
  @inlinable
  package mutating func recompute(_ position: (ID) -> Int?) {
    var lowest: Int?
    var highest: Int?
    visible = visible.filter { id in
      guard let at = position(id) else { return false }
      if at > highest ?? Int.min { highest = at }
      if at < lowest ?? Int.max { lowest = at }
      return true
    }
    self.lowest = lowest
    self.highest = highest
  }

  /// The visible row nearest the top, as an id, found with `id(at:)`.
  @inlinable
  package func topRow(_ id: (Int) -> ID) -> ID? { lowest.map(id) }
}

/// Names a row in an appearance signal: by its item's id (SwiftUI) or by its position
/// (UIKit's index paths).
@usableFromInline
package enum RowReference<ID: Hashable & Sendable>: Hashable, Sendable {
  /// The row showing the item with this id.
  case id(ID)
  /// The row at this position in the loaded items, from 0.
  case index(Int)
}
