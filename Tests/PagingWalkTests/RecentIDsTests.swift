import PagingTestSupport
import Testing

@testable import PagingWalk

/// The ids of a walk's last pages (rulebook R29, R10): a repeat is dropped while one of at
/// least the last `pages` pages had its id, told apart by the id's value whatever its hash.
@Suite("RecentIDs: the ids of a walk's last pages", .timeLimit(.minutes(minuteLimit)))
struct RecentIDsTests {
  /// An id whose hash is the same for every value: only `==` tells two apart.
  struct Colliding: Hashable, Sendable {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  struct Item<ID: Hashable & Sendable>: Identifiable, Sendable {
    let id: ID
  }

  private func admit<ID>(_ ids: [ID], into recent: inout RecentIDs<ID>) -> [Int] {
    recent.admit(ids.map { Item(id: $0) })
    return recent.dropped
  }

  @Test func aRepeatWithinThePageOrTheRememberedPagesIsDropped() {
    var recent = RecentIDs<Int>(pages: 2)
    #expect(admit([1, 2, 2, 3], into: &recent) == [2])
    #expect(admit([3, 4, 1], into: &recent) == [0, 2])
    // The first page is still one of the last two pages: its ids are dropped.
    #expect(admit([5, 1, 6], into: &recent) == [1])
    #expect(admit([2, 7], into: &recent) == [0])
  }

  @Test func anIdIsForgottenOnceTwiceThePagesCameAfterIt() {
    var recent = RecentIDs<Int>(pages: 2)
    _ = admit([1], into: &recent)
    for page in 2...4 { #expect(admit([page * 10], into: &recent) == []) }
    // Pages 1 and 2 were forgotten with their generation at page 5.
    #expect(admit([1], into: &recent) == [])
  }

  @Test(arguments: [1, 2, 3, 8])
  func everyIdOfAtLeastTheLastPagesIsRemembered(pages: Int) {
    var recent = RecentIDs<Int>(pages: pages)
    for number in 0..<50 {
      let start = number * 10
      _ = admit(Array(start..<start + 10), into: &recent)
      // Every id of the `pages` pages that end here is still held (asked of a copy: asking
      // admits a page too).
      let oldest = max(0, number - pages + 1) * 10
      var probe = recent
      #expect(admit(Array(oldest..<start + 10), into: &probe).count == start + 10 - oldest)
    }
  }

  @Test func idsWithOneHashAreToldApartByValue() {
    var recent = RecentIDs<Colliding>(pages: 2)
    let ids = (0..<300).map(Colliding.init)
    #expect(admit(ids, into: &recent) == [])
    #expect(admit([Colliding(value: 7), Colliding(value: 300)], into: &recent) == [0])
  }

  @Test func textAndOtherIdsAreToldApartByValue() {
    var strings = RecentIDs<String>(pages: 1)
    #expect(admit(["1", "01", "1", "a"], into: &strings) == [2])
    var wide = RecentIDs<Int64>(pages: 1)
    #expect(admit([1, 1 << 32 | 1, 1, -1], into: &wide) == [2])
    var small = RecentIDs<Int32>(pages: 1)
    #expect(admit([-1, 1, Int32.max, -1], into: &small) == [3])
    var unsigned = RecentIDs<UInt64>(pages: 1)
    #expect(admit([.max, 0, .max], into: &unsigned) == [2])
  }

  @Test func aLargePageGrowsTheTableAndKeepsEveryID() {
    var recent = RecentIDs<Int>(pages: 2)
    #expect(admit(Array(0..<100_000), into: &recent) == [])
    #expect(admit([99_999, 100_000, 0], into: &recent) == [0, 2])
  }
}
