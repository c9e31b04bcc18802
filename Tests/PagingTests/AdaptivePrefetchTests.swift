import Paging
import PagingTestSupport
import Testing

/// The adaptive prefetch rule (``AdaptivePrefetch``): the distance becomes one more than the rows
/// the user scrolled while recent appends loaded (90th percentile of the last 8; a row triggers
/// when fewer than the distance follow it, rulebook R3), twice those rows when the list held them
/// at the end, clamped to the rule's bounds.
@Suite(.timeLimit(.minutes(minuteLimit))) struct AdaptivePrefetchTests {
  /// A machine whose first page (rows 0 to 39) has committed, and a user scrolling down it.
  struct Scroll {
    var machine: Machine
    /// The highest row shown so far.
    var shown = -1

    init(_ configuration: PagingConfiguration<Int>) {
      machine = Machine.loaded(count: 40, next: 40, configuration: configuration)
    }

    /// An initial distance of 21: row 19 of 40, with 20 rows after it, is the first to trigger;
    /// no warm-up, so that the first measured load sets the distance.
    init(_ rule: AdaptivePrefetch = AdaptivePrefetch(initialDistance: 21, warmUpSamples: 1)) {
      self.init(PagingConfiguration(prefetch: .adaptive(rule)))
    }

    var distance: Int { machine.currentPrefetchDistance }

    /// Shows the rows after the last shown up to `row`; returns the requests they start.
    mutating func show(through row: Int) -> [PageRequest<Int>] {
      defer { shown = max(shown, row) }
      return machine.appear((shown + 1)..<(row + 1)).loads
    }

    /// Shows rows up to `trigger`, which starts an append, then rows up to `reached` while it
    /// loads, then commits the next 20 rows.
    mutating func append(trigger: Int, reached: Int) {
      let start = machine.ids.count
      let loads = show(through: trigger)
      #expect(loads.map(\.cursor) == [start])
      _ = show(through: reached)
      _ = machine.handle(.loadCompleted(loads[0].id, page(start..<(start + 20), next: start + 20)))
    }
  }

  @Test func theConfiguredDistanceHoldsUntilAnAppendCompletes() {
    var machine = Machine(configuration: PagingConfiguration())
    #expect(machine.configuration.prefetch == .adaptive(AdaptivePrefetch()))
    #expect(machine.currentPrefetchDistance == 20)
    let first = machine.handle(.start).loads[0]
    _ = machine.handle(.loadCompleted(first.id, page(0..<20, next: 20)))
    #expect(machine.currentPrefetchDistance == 20)
  }

  @Test func rowsScrolledDuringALoadBecomeTheDistance() {
    var scroll = Scroll()
    // Row 19 has 20 rows after it: the append starts; rows 20 to 30 appear while it loads.
    scroll.append(trigger: 19, reached: 30)
    #expect(scroll.distance == 12)
    // 60 rows loaded: row 48 has 11 rows after it (fewer than 12) and triggers, row 47 does not.
    #expect(scroll.show(through: 47).isEmpty)
    #expect(scroll.show(through: 48).map(\.cursor) == [60])
  }

  @Test func aUserWhoDoesNotScrollDuringALoadGetsTheMinimumDistance() {
    var scroll = Scroll()
    scroll.append(trigger: 19, reached: 19)
    #expect(scroll.distance == 2)
    #expect(scroll.show(through: 57).isEmpty)
    #expect(scroll.show(through: 58).map(\.cursor) == [60])
  }

  @Test func aUserHeldAtTheEndCountsTwiceTheRowsTheyScrolled() {
    var scroll = Scroll()
    // Rows 20 to 39 appear while the append loads: the last loaded row is on screen.
    scroll.append(trigger: 19, reached: 39)
    #expect(scroll.distance == 41)
  }

  @Test func theDistanceIsTheNinetiethPercentileOfTheLastEightAppends() {
    var scroll = Scroll()
    scroll.append(trigger: 19, reached: 32)
    #expect(scroll.distance == 14)
    var distances: [Int] = []
    for _ in 0..<8 {
      let trigger = scroll.machine.ids.count - scroll.distance
      scroll.append(trigger: trigger, reached: trigger)
      distances.append(scroll.distance)
    }
    // 13 then zeros: the 90th percentile of up to 8 values is the largest, until the 13
    // leaves the window with the ninth append and the minimum, 2, remains.
    #expect(distances == [14, 14, 14, 14, 14, 14, 14, 2])
  }

  @Test func theDistanceStaysWithinTheRulesBounds() {
    var low = Scroll(
      AdaptivePrefetch(
        initialDistance: 21, minimumDistance: 5, maximumDistance: 8, warmUpSamples: 1))
    low.append(trigger: 19, reached: 19)
    #expect(low.distance == 5)
    var high = Scroll(
      AdaptivePrefetch(
        initialDistance: 21, minimumDistance: 5, maximumDistance: 8, warmUpSamples: 1))
    high.append(trigger: 19, reached: 30)
    #expect(high.distance == 8)
    #expect(
      AdaptivePrefetch(
        initialDistance: -2, minimumDistance: -1, maximumDistance: -5, samples: 0,
        warmUpSamples: 0)
        == AdaptivePrefetch(
          initialDistance: 0, minimumDistance: 0, maximumDistance: 0, samples: 1,
          warmUpSamples: 1))
  }

  @Test func theInitialDistanceHoldsAsAFloorUntilThreeLoadsWereMeasured() {
    #expect(AdaptivePrefetch().warmUpSamples == 3)
    var scroll = Scroll(AdaptivePrefetch(initialDistance: 21))
    var distances: [Int] = []
    for _ in 0..<3 {
      // The user does not scroll during the load: each sample alone gives the minimum, 2.
      let trigger = scroll.machine.ids.count - scroll.distance
      scroll.append(trigger: trigger, reached: trigger)
      distances.append(scroll.distance)
    }
    #expect(distances == [21, 21, 2])
  }

  @Test func aDistanceYouSetIsFixed() {
    #expect(PagingConfiguration<Int>(prefetch: .fixed(8)).prefetch == .fixed(8))
    var scroll = Scroll(PagingConfiguration(prefetch: .fixed(21)))
    scroll.append(trigger: 19, reached: 30)
    #expect(scroll.distance == 21)
  }

  @Test func aFailedAppendIsASampleAndACancelledOneIsNot() {
    var scroll = Scroll()
    let cancelled = scroll.show(through: 19)[0]
    _ = scroll.show(through: 25)
    // The cancellation is not recorded; row 25 is near the end, so the append starts again.
    let reload = scroll.machine.handle(.loadCancelled(cancelled.id)).loads[0]
    #expect(scroll.distance == 21)
    _ = scroll.show(through: 29)
    _ = scroll.machine.handle(.loadFailed(reload.id, Boom()))
    #expect(scroll.distance == 5)
  }

  @Test func aRefreshKeepsTheSamples() {
    var scroll = Scroll()
    scroll.append(trigger: 19, reached: 30)
    let refresh = scroll.machine.handle(.refresh).loads[0]
    _ = scroll.machine.handle(.loadCompleted(refresh.id, page(0..<20, next: 20)))
    #expect(scroll.distance == 12)
  }
}
