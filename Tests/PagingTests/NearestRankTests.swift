import Paging
import Testing

import var PagingTestSupport.minuteLimit

@Suite(.timeLimit(.minutes(minuteLimit))) struct NearestRankTests {
  @Test func theRankIsTheCeilingOfTheQuantileTimesTheCount() {
    #expect(NearestRank.rank(0.9, count: 10) == 9)
    #expect(NearestRank.rank(0.9, count: 11) == 10)
    #expect(NearestRank.rank(0.1, count: 10) == 1)
    #expect(NearestRank.rank(0.5, count: 5) == 3)
    #expect(NearestRank.rank(0, count: 10) == 1)
    #expect(NearestRank.rank(1, count: 10) == 10)
    #expect(NearestRank.rank(.nan, count: 10) == 10)
    #expect(NearestRank.rank(2, count: 10) == 10)
    #expect(NearestRank.rank(-1, count: 10) == 1)
    #expect(NearestRank.rank(0.5, count: 0) == 1)
    // The integer form the prefetch estimator used, ⌈9n / 10⌉, for every count it can hold.
    for count in 1...1_000 {
      #expect(NearestRank.rank(0.9, count: count) == (9 * count + 9) / 10)
    }
    #expect([3, 5, 8, 13].nearestRank(0.5) == 5)
    #expect([3, 5, 8, 13].nearestRank(0.9) == 13)
  }
}
