/// The samples behind ``AdaptivePrefetch``: how many rows the user would scroll towards an
/// edge during a slow load at that edge, measured over each recent load.
struct PrefetchEstimator: Sendable {
  /// A load being watched: its id, the visible row nearest its edge when it started (`nil`:
  /// none), the item count then, and, once the driver timed its answer, how long it ran.
  private struct Running: Sendable {
    var id: PageRequestID
    var nearest: Int?
    var count: Int
    var duration: Duration? = nil
  }

  /// The prepend and the append being watched.
  private var prepend: Running?
  private var append: Running?
  /// Rows scrolled during recent loads at either edge, oldest first.
  private var demands: [Int] = []

  /// Notes that the load `id` at `direction` started, with `viewport`'s rows and `count` items.
  mutating func started<ID>(
    _ id: PageRequestID, direction: LoadDirection, viewport: Viewport<ID>, count: Int
  ) {
    // With at most one row known on screen, the row that triggered the load is the first of a
    // new screen (the first page's, a refresh's), whose other rows appear in the same frame:
    // they would read as a scroll, so the load measures none.
    let measurable = viewport.visible.count > 1
    switch direction {
    case .refresh: return
    case .prepend:
      prepend = Running(id: id, nearest: measurable ? viewport.lowest : nil, count: count)
    case .append:
      append = Running(id: id, nearest: measurable ? viewport.highest : nil, count: count)
    }
  }

  /// Notes that the load `id` ran for `duration` before its answer (the driver's clock).
  mutating func timed(_ id: PageRequestID, _ duration: Duration) {
    if prepend?.id == id { prepend?.duration = duration }
    if append?.id == id { append?.duration = duration }
  }

  /// Records the demand of the load `id` at `direction`'s edge, which ended with `viewport`'s
  /// rows: the rows the user scrolled towards the edge during it, or, when the load was timed,
  /// at least the rows their speed covers in `latencies`' ``AdaptivePrefetch``'s `latencyPercentile`
  /// (the speed times a slow load's duration, not only this load's).
  mutating func ended<ID>(
    _ id: PageRequestID, direction: LoadDirection, viewport: Viewport<ID>, rule: AdaptivePrefetch,
    latencies: LatencyDigest
  ) {
    let duration: Duration?
    let scrolled: Int
    let heldAtEdge: Bool
    let started: Bool
    switch direction {
    case .refresh: return
    case .append:
      guard let running = append, running.id == id else { return }
      append = nil
      duration = running.duration
      started = running.nearest != nil
      let reached = viewport.highest ?? -1
      scrolled = max(0, reached - (running.nearest ?? -1))
      heldAtEdge = running.count > 0 && reached >= running.count - 1
    case .prepend:
      guard let running = prepend, running.id == id else { return }
      prepend = nil
      duration = running.duration
      started = running.nearest != nil
      // Positions do not move during a prepend's load: only the prepend's own commit shifts
      // them, and this runs before it.
      let reached = viewport.lowest ?? running.count
      scrolled = max(0, (running.nearest ?? running.count) - reached)
      heldAtEdge = running.count > 0 && reached <= 0
    }
    // A load that started with no row known on screen (the placeholders of a jump, before its
    // rows appear) measured no scroll: from nowhere, every row would read as scrolled.
    guard started else { return }
    var demand = heldAtEdge ? 2 * scrolled : scrolled
    if let duration, duration > .zero, demand > 0,
      let slow = latencies.percentile(rule.latencyPercentile)
    {
      // Rows per second during this load, times the duration of a slow load.
      let rows = Double(demand) * (slow / duration)
      demand = max(demand, min(rule.maximumDistance, Int(saturating: rows.rounded(.up))))
    }
    demands.append(demand)
    if demands.count > rule.samples { demands.removeFirst(demands.count - rule.samples) }
  }

  /// Watches the load `new` in place of `old` (a hedge that goes on after its first request
  /// ended).
  mutating func replace(_ old: PageRequestID, with new: PageRequestID) {
    if prepend?.id == old { prepend?.id = new }
    if append?.id == old { append?.id = new }
  }

  /// Forgets the load `id` without recording it (cancelled).
  /// Moves the positions recorded for loads in flight by `offset` (a page of -`offset` items
  /// dropped before them), so that the drop does not read as a scroll.
  mutating func shift(by offset: Int) {
    for keyPath in [\Self.prepend, \Self.append] {
      guard var running = self[keyPath: keyPath] else { continue }
      running.nearest = running.nearest.map { $0 + offset }
      running.count += offset
      self[keyPath: keyPath] = running
    }
  }

  mutating func abandoned(_ id: PageRequestID) {
    if prepend?.id == id { prepend = nil }
    if append?.id == id { append = nil }
  }

  /// The distance the rule gives: one more than the percentile of the rows scrolled (a row
  /// triggers when fewer than the distance follow it), or the rule's initial distance before
  /// any load was recorded; not below the initial distance while fewer than the rule's
  /// ``AdaptivePrefetch``'s `warmUpSamples` loads were.
  func distance(_ rule: AdaptivePrefetch) -> Int {
    guard !demands.isEmpty else { return rule.initialDistance }
    let slow = demands.sorted().nearestRank(0.9)
    let warmingUp = demands.count < rule.warmUpSamples
    let floor = warmingUp ? max(rule.minimumDistance, rule.initialDistance) : rule.minimumDistance
    return min(rule.maximumDistance, max(floor, slow.saturatingAdding(1)))
  }
}
