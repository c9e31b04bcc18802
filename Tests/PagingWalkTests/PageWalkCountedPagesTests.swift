import Foundation
import Paging
import PagingTestSupport
import PagingTesting
import PagingWalk
import Testing

/// Parallel walks over counted pages whose counts change, lie or overflow (R29, R31), and the
/// walk's error text for a source's own error with a planted secret (fault class 29).
@Suite(.timeLimit(.minutes(minuteLimit)))
struct PageWalkCountedPagesTests {
  /// Offsets as cursors; answers at once. `total(n)` is the list's length when the `n`-th
  /// request (from 0) is answered, `claimedAfter(end, total)` the count of rows after a page
  /// ending at `end`; pages hold `size` rows.
  final class CountedSource: PageSource, @unchecked Sendable {
    let size: Int
    let total: @Sendable (Int) -> Int
    let claimedAfter: @Sendable (Int, Int) -> Int
    private let requests = Locked<[Int?]>([])
    var log: [Int?] { requests.withLock { $0 } }

    init(
      size: Int, total: @escaping @Sendable (Int) -> Int,
      claimedAfter: @escaping @Sendable (Int, Int) -> Int = { end, total in total - end }
    ) {
      self.size = size
      self.total = total
      self.claimedAfter = claimedAfter
    }

    func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
      let number = requests.withLock {
        $0.append(request.cursor)
        return $0.count - 1
      }
      let total = total(number)
      let offset = request.cursor ?? 0
      let end = min(total, offset + size)
      let items = offset < end ? rows(offset..<end) : []
      return Page(
        items: items, nextCursor: end < total ? end : nil, itemsBefore: offset,
        itemsAfter: claimedAfter(end, total))
    }

    func cursor(forPageStartingAt position: Int) -> Int? { position }
  }

  private func collect(_ source: CountedSource, _ options: PageWalkOptions) async throws -> [Int] {
    var ids: [Int] = []
    for try await row in source.pages(options: options).items { ids.append(row.id) }
    return ids
  }

  /// The list grows at its end while the walk runs (3 rows more at each of the first 6
  /// answers): the walk hands over every row up to the page that said "no next", once, in
  /// order (a sequential walk ends at 55 too: the page at 50 is the 6th request, total 55).
  @Test func aTotalThatGrowsBetweenPagesStillWalksEveryRowOnce() async throws {
    let source = CountedSource(size: 10, total: { 40 + 3 * min($0, 6) })
    let ids = try await collect(source, PageWalkOptions(parallelPages: 4))
    #expect(ids == Array(0..<ids.count))
    #expect(ids.count >= 55)
  }

  /// The list shrinks at its end while the walk runs: pages planned past the new end come
  /// back empty and are not handed over; the rows that exist are handed over once, in order.
  @Test func aTotalThatShrinksBetweenPagesEndsAtTheNewEnd() async throws {
    let source = CountedSource(size: 10, total: { $0 == 0 ? 100 : 35 })
    let ids = try await collect(source, PageWalkOptions(parallelPages: 4))
    #expect(ids == Array(0..<35))
  }

  /// A server that claims `Int.max` rows follow (as much as fits) over a list of 25: the walk
  /// ends at the real end, and never asks for more than the pages there are plus the
  /// planned ones.
  @Test func aTotalOfIntMaxEndsAtTheRealEnd() async throws {
    let source = CountedSource(
      size: 10, total: { _ in 25 }, claimedAfter: { end, _ in Int.max - end })
    let ids = try await collect(source, PageWalkOptions(parallelPages: 64))
    #expect(ids == Array(0..<25))
    #expect(source.log.count <= 3 + 64)
  }

  /// A page that says a negative number of rows follows it: rulebook R31 says a negative
  /// count fails the load with `PagingError.invalidItemCount` and commits nothing; a walk
  /// over it ends with that error and hands over none of the page's rows.
  @Test func aNegativeCountInAWalkIsATypedError() async throws {
    let source = CountedSource(size: 10, total: { _ in 25 }, claimedAfter: { _, _ in -1 })
    var ids: [Int] = []
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await row in source.pages(options: PageWalkOptions(parallelPages: 4)).items {
        ids.append(row.id)
      }
    }
    #expect(error?.error == .invalidItemCount)
    #expect(ids.isEmpty)
  }

  /// Counts that sum past `Int.max` (`itemsBefore` + rows + `itemsAfter`): R31's overflow
  /// case is the same typed error in a walk.
  @Test func countsThatNoIntHoldsInAWalkAreATypedError() async throws {
    let source = CountedSource(size: 10, total: { _ in 25 }, claimedAfter: { _, _ in Int.max })
    var ids: [Int] = []
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await row in source.pages(from: 10, options: PageWalkOptions(parallelPages: 4)).items
      {
        ids.append(row.id)
      }
    }
    #expect(error?.error == .invalidItemCount)
    #expect(ids.isEmpty)
  }

  /// A source that throws the URLError a URLSession would, whose failing URL carries a token
  /// in its user part and query: the walk's error text does not quote it (fault class 29).
  @Test func aWalkErrorDoesNotQuoteTheTokenInASourcesURLError() async throws {
    let url = URL(string: "https://me:sk_live_SECRET@api.example.com/notes?api_key=sk_live_SECRET")!
    let source = ClosureSource { _ in
      throw URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url])
    }
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await _ in source.pages(options: PageWalkOptions(retryPolicy: .manual)) {}
    }
    let walkError = try #require(error)
    for text in [
      walkError.description, walkError.localizedDescription, walkError.errorDescription ?? "",
      String(reflecting: walkError), "\(walkError)",
    ] {
      #expect(!text.contains("sk_live_SECRET"), "\(text)")
    }
  }

  /// Read-ahead and parallel pages together, at their largest: every row once, in order, and
  /// each page asked for once.
  @Test func readAheadAndParallelPagesAtTheirLargestAskForEachPageOnce() async throws {
    let source = CountedSource(size: 10, total: { _ in 1_000 })
    let ids = try await collect(
      source, PageWalkOptions(rememberedPages: 1, readAhead: .max, parallelPages: .max))
    #expect(ids == Array(0..<1_000))
    #expect(source.log.count == 100)
    #expect(Set(source.log).count == 100)
  }

  /// `maxPages` and `maxItems` with read-ahead and parallel pages at their largest: no page
  /// past the bound is asked for.
  @Test(arguments: [
    PageWalkOptions(maxPages: 3, readAhead: .max, parallelPages: .max),
    PageWalkOptions(maxItems: 25, readAhead: .max, parallelPages: .max),
    PageWalkOptions(maxPages: 1, readAhead: .max, parallelPages: .max),
    PageWalkOptions(maxItems: 1, readAhead: .max, parallelPages: .max),
  ])
  func boundsHoldWithReadAheadAndParallelPages(_ options: PageWalkOptions) async throws {
    let source = CountedSource(size: 10, total: { _ in 1_000 })
    let ids = try await collect(source, options)
    let pages = (ids.count + 9) / 10
    #expect(source.log.count == pages, "\(source.log)")
  }

  /// Pages of 1 row over a list of Int.max rows the server claims (it has 5), 64 at a time.
  @Test func pagesOfOneRowWithAClaimOfIntMaxRows() async throws {
    let source = CountedSource(
      size: 1, total: { _ in 5 }, claimedAfter: { end, _ in Int.max - end })
    let ids = try await collect(source, PageWalkOptions(parallelPages: .max))
    #expect(ids == Array(0..<5))
  }

  struct ClosureSource: PageSource {
    let body: @Sendable (PageRequest<Int>) async throws -> Page<Row, Int>
    init(_ body: @escaping @Sendable (PageRequest<Int>) async throws -> Page<Row, Int>) {
      self.body = body
    }
    func loadPage(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
      try await body(request)
    }
  }
}
