import Paging

/// Builds engines that hold a given number of ``SmallItem``s, the way a long scroll does: page
/// by page, through the engine's own commit path.
enum Fill {
  /// The page size used to fill (commits of 50 rows, the benchmark's page).
  static let pageSize = 50

  /// A state machine holding rows `0 ..< count`, with more pages to come after them, and
  /// before them when `previousCursor` is given (the first page's previous cursor). With a
  /// `total`, the pages count the rows around them as a list of `total` rows (placeholders).
  static func machine(
    count: Int, pageSize: Int = Fill.pageSize, previousCursor: Int? = nil, total: Int? = nil
  ) -> PagingStateMachine<SmallItem, Int> {
    var machine = PagingStateMachine<SmallItem, Int>()
    var effects = machine.handle(.start)
    while case .startLoad(let request) = effects.first {
      let start = request.cursor ?? 0
      guard start < count else { break }
      let end = min(start + pageSize, count)
      let page = Page(
        items: SmallItem.page(start..<end), nextCursor: end,
        previousCursor: request.direction == .refresh ? previousCursor : nil,
        itemsBefore: total.map { _ in start }, itemsAfter: total.map { max(0, $0 - end) })
      _ = machine.handle(.loadCompleted(request.id, page))
      effects = machine.handle(.loadNextPage)
    }
    // The load past `count` is not wanted: cancel it as the app would (a cancellation the
    // source reported would be loaded again, since someone asked for it).
    _ = machine.handle(.cancel)
    return machine
  }

  /// A paginator holding rows `0 ..< count`, with more pages to come, filled through its
  /// source (an in-memory closure that answers at once).
  @MainActor
  static func paginator(count: Int, pageSize: Int = 1000) async -> Paginator<SmallItem, Int> {
    let paginator = Paginator<SmallItem, Int> { request in
      let start = request.cursor ?? 0
      let end = start + max(1, min(pageSize, count - start))
      return Page(items: SmallItem.page(start..<end), nextCursor: end)
    }
    await paginator.start()
    while paginator.items.count < count {
      paginator.loadNextPage()
      await paginator.waitForLoadsToEnd()
    }
    return paginator
  }
}
