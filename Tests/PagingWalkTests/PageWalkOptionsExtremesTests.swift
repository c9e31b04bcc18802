import Paging
import PagingTestSupport
import PagingWalk
import Testing

/// Public API never traps, whatever the number passed: each of ``PageWalkOptions``' settings
/// at `Int.max`, 0 and negative values (a deadline at its largest, zero and negative) walks
/// five pages of three rows to the end, or stops where the setting says, with a typed error.
@Suite(.timeLimit(.minutes(minuteLimit))) struct PageWalkOptionsExtremesTests {
  static let counts = [Int.max, Int.min, -1, 0, 1]

  /// Walks five pages of three rows under `options`: the rows' ids, and the error that ended
  /// the walk, if any.
  static func walk(
    _ options: PageWalkOptions
  ) async -> (ids: [Int], error: PageWalkError<Int>.Reason?) {
    var ids: [Int] = []
    do {
      for try await page in ReplySource(pages: 5, size: 3).pages(options: options) {
        ids += page.items.map(\.id)
      }
      return (ids, nil)
    } catch let error as PageWalkError<Int> {
      return (ids, error.reason)
    } catch {
      Issue.record("an untyped error: \(error)")
      return (ids, nil)
    }
  }

  @Test(arguments: counts)
  func maxPages(_ count: Int) async {
    let walked = await Self.walk(PageWalkOptions(maxPages: count))
    #expect(walked.ids == Array(0..<(count >= 5 ? 15 : 3)))
    #expect(walked.error == nil)
  }

  @Test(arguments: counts)
  func maxItems(_ count: Int) async {
    let walked = await Self.walk(PageWalkOptions(maxItems: count))
    #expect(walked.ids == Array(0..<(count >= 15 ? 15 : 3)))
    #expect(walked.error == nil)
  }

  /// Settings that only bound what the walk remembers or runs ahead: every row, once.
  @Test(arguments: counts)
  func boundsThatNeverEndAWalkOfFivePages(_ count: Int) async {
    for options in [
      PageWalkOptions(maxPagesWithoutNewItems: count), PageWalkOptions(rememberedPages: count),
      PageWalkOptions(readAhead: count),
    ] {
      let walked = await Self.walk(options)
      #expect(walked.ids == Array(0..<15))
      #expect(walked.error == nil)
    }
  }

  /// A deadline too far for any clock is no deadline; one of zero or less has passed before
  /// the first page, and the walk ends at once with the typed error.
  @Test(arguments: [Duration.seconds(Int64.max), .zero, .seconds(-1)])
  func deadline(_ deadline: Duration) async {
    let walked = await Self.walk(PageWalkOptions(deadline: deadline))
    if deadline > .zero {
      #expect(walked.ids == Array(0..<15))
      #expect(walked.error == nil)
    } else {
      #expect(walked.ids.isEmpty)
      #expect(walked.error == .deadlineExceeded(.zero))
    }
  }
}
