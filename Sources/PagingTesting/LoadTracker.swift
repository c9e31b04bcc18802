import Paging

/// The loads a baseline feed started, and waiters for their answers to be applied: what
/// ``ListFeed/requestsStarted`` and ``ListFeed/waitForLoad(_:)`` need.
@MainActor
final class LoadTracker {
  /// How many loads started; the last one has this number as its id.
  private(set) var started = 0
  private var applied: Set<PageRequestID> = []
  private var waiters: [PageRequestID: [CheckedContinuation<Void, Never>]] = [:]

  /// Numbers a new load.
  func begin() -> PageRequestID {
    started += 1
    return PageRequestID(rawValue: started)
  }

  /// Records that the answer to `id` was applied and wakes its waiters.
  func finish(_ id: PageRequestID) {
    applied.insert(id)
    for waiter in waiters.removeValue(forKey: id) ?? [] { waiter.resume() }
  }

  /// Waits until ``finish(_:)`` runs for `id`; returns at once for an unknown or applied id.
  func wait(for id: PageRequestID) async {
    guard id.rawValue >= 1, id.rawValue <= started, !applied.contains(id) else { return }
    await withCheckedContinuation { waiters[id, default: []].append($0) }
  }
}

/// The rows of a baseline feed: a plain array (duplicates allowed, as in the code it
/// models), the cursor of the last page applied, and the generation.
struct BaselineRows<Item, Cursor: Hashable & Sendable> {
  var items: [Item] = []
  var nextCursor: Cursor?
  var hasLoadedFirstPage = false
  var generation = Generation(rawValue: 1)
  var version = 0

  var hasMore: Bool { !hasLoadedFirstPage || nextCursor != nil }

  /// Applies a page as the modelled code does: the items replace or extend the list and the
  /// page's cursor overwrites the current one, whatever page it answers.
  mutating func apply(_ page: Page<Item, Cursor>, replacing: Bool) {
    if replacing { items = page.items } else { items.append(contentsOf: page.items) }
    nextCursor = page.nextCursor
    hasLoadedFirstPage = true
    version += 1
  }

  /// Starts over for a refresh.
  mutating func beginRefresh() {
    generation = generation.next
    nextCursor = nil
    hasLoadedFirstPage = false
  }
}
