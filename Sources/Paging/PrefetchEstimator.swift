/// The samples behind ``AdaptivePrefetch``: how many rows the user scrolled while each recent
/// append loaded.
struct PrefetchEstimator: Sendable {
  /// The load being watched: its id, and the highest visible row and the item count when it
  /// started.
  private var running: (id: PageRequestID, highest: Int, count: Int)?
  /// Rows scrolled during recent appends, oldest first.
  private var demands: [Int] = []

  /// Notes that the load `id` started with the highest visible row at `highest` (`nil`: none)
  /// and `count` items loaded.
  mutating func started(_ id: PageRequestID, highest: Int?, count: Int) {
    running = (id, highest ?? -1, count)
  }

  /// Records how far the user scrolled during the load `id`, which ended with the highest
  /// visible row at `highest`. Only appends are recorded.
  mutating func ended(
    _ id: PageRequestID, direction: LoadDirection, highest: Int?, rule: AdaptivePrefetch
  ) {
    guard let running, running.id == id else { return }
    self.running = nil
    guard direction == .append else { return }
    let reached = highest ?? -1
    let scrolled = max(0, reached - running.highest)
    let heldAtEnd = running.count > 0 && reached >= running.count - 1
    demands.append(heldAtEnd ? 2 * scrolled : scrolled)
    if demands.count > rule.samples { demands.removeFirst(demands.count - rule.samples) }
  }

  /// Forgets the load `id` without recording it (cancelled).
  mutating func abandoned(_ id: PageRequestID) {
    if running?.id == id { running = nil }
  }

  /// The distance the rule gives, or `fallback` before any append was recorded.
  func distance(_ rule: AdaptivePrefetch, fallback: Int) -> Int {
    guard !demands.isEmpty else { return fallback }
    let sorted = demands.sorted()
    let rank = (9 * sorted.count + 9) / 10  // ceil(0.9 × n), the nearest rank
    return min(rule.maximumDistance, max(rule.minimumDistance, sorted[rank - 1]))
  }
}
