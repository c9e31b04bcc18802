import Paging

/// What both baseline feeds share: the rows as the modelled code keeps them (a plain array,
/// duplicates allowed; the cursor of the last page applied, whatever page it answers), the
/// loads they started, and waiters for those loads to be applied, which is what
/// ``ListFeed/requestsStarted`` and ``ListFeed/waitForLoad(_:)`` need.
@MainActor
final class BaselineLoader<Source: PageSource> {
  typealias Item = Source.Item
  typealias Cursor = Source.Cursor

  let source: Source
  let initialCursor: Cursor?
  private(set) var items: [Item] = []
  private(set) var nextCursor: Cursor?
  /// The previous cursor of the first page (a refresh's) or of the last prepend applied.
  private(set) var previousCursor: Cursor?
  private(set) var hasLoadedFirstPage = false
  private(set) var version = 0
  private(set) var lastError: (any Error)?
  /// How many loads started; the last one has this number as its id.
  private(set) var started = 0
  private var generation = Generation(rawValue: 1)
  private var applied: Set<PageRequestID> = []
  private var waiters: [PageRequestID: [CheckedContinuation<Void, Never>]] = [:]

  init(source: Source, initialCursor: Cursor?) {
    self.source = source
    self.initialCursor = initialCursor
  }

  var hasNextPage: Bool { !hasLoadedFirstPage || nextCursor != nil }
  var hasPreviousPage: Bool { !hasLoadedFirstPage || previousCursor != nil }

  /// Numbers a new load.
  func begin() -> PageRequestID {
    started += 1
    return PageRequestID(rawValue: started)
  }

  /// Loads a page and applies it as the modelled code does: a refresh replaces the items,
  /// an append extends them, a prepend puts them first, and the page's cursor for that edge
  /// overwrites the current one. A failure is
  /// kept in ``lastError``. Then wakes the load's waiters.
  /// With a `query` (a search's), the request carries it. With `isCurrent`, the answer is
  /// applied only when it returns `true` once the page lands (a search that checks its query
  /// is still the one typed).
  func load(
    _ id: PageRequestID, cursor: Cursor?, direction: LoadDirection,
    query: (any Hashable & Sendable)? = nil, isCurrent: () -> Bool = { true }
  ) async {
    defer { finish(id) }
    lastError = nil
    let request = PageRequest(
      id: id, direction: direction, cursor: cursor, generation: generation, query: query)
    do {
      let page = try await source.loadPage(request)
      guard isCurrent() else { return }
      switch direction {
      case .refresh:
        items = page.items
        nextCursor = page.nextCursor
        previousCursor = page.previousCursor
      case .append:
        items.append(contentsOf: page.items)
        nextCursor = page.nextCursor
      case .prepend:
        items.insert(contentsOf: page.items, at: 0)
        previousCursor = page.previousCursor
      }
      hasLoadedFirstPage = true
      version += 1
    } catch {
      lastError = error
    }
  }

  /// Starts over for a refresh: a new generation, no cursor.
  func beginRefresh() {
    generation = generation.next
    nextCursor = nil
    previousCursor = nil
    hasLoadedFirstPage = false
  }

  private func finish(_ id: PageRequestID) {
    applied.insert(id)
    for waiter in waiters.removeValue(forKey: id) ?? [] { waiter.resume() }
  }

  /// Waits until load `id` was applied; returns at once for an unknown or applied id.
  func wait(for id: PageRequestID) async {
    guard id.rawValue >= 1, id.rawValue <= started, !applied.contains(id) else { return }
    await withCheckedContinuation { waiters[id, default: []].append($0) }
  }
}
