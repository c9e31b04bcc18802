import Paging
import PagingTesting

/// What the baseline feeds share: the rows as the modelled code keeps them (a plain array,
/// duplicates allowed; the cursor of the last page applied, whatever page it answers), the
/// loads they started, and waiters for those loads to be applied, which is what
/// ``ListFeed/requestsStarted`` and ``ListFeed/waitForLoad(_:)`` need.
@MainActor
package final class BaselineLoader<Source: PageSource> {
  typealias Item = Source.Item
  typealias Cursor = Source.Cursor

  let source: Source
  let initialCursor: Cursor?
  /// Where the modelled code puts a page after the first: `.append` (a feed) or `.prepend` (a
  /// chat, which opens at its newest page and reads older ones upward).
  let grows: LoadDirection
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

  init(source: Source, initialCursor: Cursor?, grows: LoadDirection) {
    self.source = source
    self.initialCursor = initialCursor
    self.grows = grows
  }

  var hasNextPage: Bool { !hasLoadedFirstPage || nextCursor != nil }
  /// In a chat, whether older rows may exist; `false` in a feed.
  var hasPreviousPage: Bool {
    grows == .prepend && (!hasLoadedFirstPage || previousCursor != nil)
  }
  /// The row at the edge where the code loads more: the last (a feed) or the first (a chat).
  var edgeItem: Item? { grows == .prepend ? items.first : items.last }
  /// The cursor of the page beyond that edge: the next cursor, or the previous one in a chat.
  var edgeCursor: Cursor? { grows == .prepend ? previousCursor : nextCursor }

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

/// What the baseline feeds share (`package`): the chat form, made at the newest page, which
/// loads older pages at the top.
@MainActor
package protocol BaselineFeed: ListFeed {
  /// The page source.
  associatedtype Source: PageSource
  /// Creates a feed that opens at `initialCursor` and puts later pages at the `grows` edge
  /// (`.append`: a feed; `.prepend`: a chat).
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - initialCursor: The first page's cursor.
  ///   - grows: `.append` or `.prepend`.
  init(source: Source, initialCursor: Source.Cursor?, grows: LoadDirection)
  /// The screen's `.task`.
  func loadFirstPage() async
}

extension BaselineFeed {
  /// Creates the feed form; nothing loads until ``loadFirstPage()``.
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - initialCursor: The first page's cursor (default `nil`).
  package init(source: Source, initialCursor: Source.Cursor? = nil) {
    self.init(source: source, initialCursor: initialCursor, grows: .append)
  }

  /// Creates the chat form; nothing loads until ``loadNewestPage()``.
  /// - Parameters:
  ///   - source: Loads the pages; its pages give previous cursors.
  ///   - newestCursor: The cursor of the newest page, where the chat opens.
  package init(source: Source, newestCursor: Source.Cursor) {
    self.init(source: source, initialCursor: newestCursor, grows: .prepend)
  }

  /// The chat's `.task`: ``loadFirstPage()``, which loads the newest page.
  package func loadNewestPage() async { await loadFirstPage() }
}

/// A baseline whose rows are a ``BaselineLoader``'s: the list's callbacks that only read the
/// loader come from here, and its rows and cursors are its source's.
@MainActor
package protocol LoaderBackedFeed: ListFeed where Item == Source.Item {
  /// The page source.
  associatedtype Source: PageSource
  /// The rows, cursors and loads.
  var core: BaselineLoader<Source> { get }
}

extension LoaderBackedFeed {
  /// The source's cursor type.
  package typealias Cursor = Source.Cursor
  /// The loaded items (oldest first in a chat), as the loader applied them.
  package var items: [Item] { core.items }
  /// The cursor of the last page applied; `nil` stops loading.
  package var nextCursor: Source.Cursor? { core.nextCursor }
  /// The previous cursor of the last page applied at the top; `nil` stops a chat's loading.
  package var previousCursor: Source.Cursor? { core.previousCursor }
  /// The last error a load threw, cleared when a load starts.
  package var lastError: (any Error)? { core.lastError }
  /// The number of items.
  package var rowCount: Int { core.items.count }
  /// The item at `index`.
  /// - Parameter index: A position below ``rowCount``.
  /// - Returns: The item.
  package func rowItem(at index: Int) -> Item { core.items[index] }
  /// Grows with every page applied.
  package var rowsVersion: Int { core.version }
  /// Whether the last page applied had a next cursor (or none has loaded yet).
  package var hasNextPage: Bool { core.hasNextPage }
  /// The loads started so far.
  package var requestsStarted: Int { core.started }
  /// In a chat, whether the last page applied at the top had a previous cursor (or none has
  /// loaded yet); `false` in a feed.
  package var hasPreviousPage: Bool { core.hasPreviousPage }
  /// Does nothing: this code ignores disappearances.
  /// - Parameter item: The row's item.
  package func rowDisappeared(_ item: Item) {}
  /// Does nothing: this code has no retry path.
  package func retry() {}
  /// Waits until the answer to `id` was applied.
  /// - Parameter id: A request id.
  package func waitForLoad(_ id: PageRequestID) async { await core.wait(for: id) }
}
