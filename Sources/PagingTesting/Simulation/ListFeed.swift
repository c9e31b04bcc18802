import Paging

/// What the package's own list code (the baselines, the demo's and the benchmark's feeds)
/// gives a ``ListSimulator`` to drive: the rows a list shows, and the callbacks the list's view
/// code makes (`onAppear`, `onDisappear`, `.task`, `.refreshable`, a Retry button).
/// `package`: an app's tests drive a `Paginator` (``PaginatorFeed``) or a view model that wraps
/// one (``PaginatorBackedFeed``), whose paginator answers every requirement.
///
/// In virtual time the simulator relies on two promises to stay deterministic:
/// ``requestsStarted`` counts every load the feed sent, and each of them reaches the page
/// source exactly once (even when cancelled; a load cancelled before it was sent is not
/// counted); ``waitForLoad(_:)`` returns once the feed has
/// applied the answer to the request with that id.
@MainActor
package protocol ListFeed<Item>: ListSimulatorFeed {
  /// The rows' item type.
  associatedtype Item

  /// How many item rows the list shows (the footer not included).
  var rowCount: Int { get }
  /// The item of row `index`, from 0 (always below ``rowCount``).
  /// - Parameter index: The row's position.
  /// - Returns: Its item.
  func rowItem(at index: Int) -> Item
  /// A number that changes whenever the rows change.
  var rowsVersion: Int { get }
  /// The footer row the list shows below the items, or `nil` for none.
  var footerState: ListFooterState? { get }
  /// Whether more rows may exist beyond the loaded ones (before the first page, `true`).
  var hasNextPage: Bool { get }
  /// Whether older rows may exist above the loaded ones (a chat's older messages). `false`
  /// by default: a feed that only grows at its end.
  var hasPreviousPage: Bool { get }
  /// The row that must stay where it is on screen when rows are put above it (SwiftUI's
  /// `scrollPosition(id:)`), or `nil` (the default): then the list keeps its content offset
  /// and a prepend throws the user to the new rows (fault class 17).
  var scrollAnchor: Item.ID? { get }
  /// How many loads the feed has started so far, each with its own `PageRequestID`.
  var requestsStarted: Int { get }

  /// A row's `onAppear`.
  /// - Parameter item: The row's item.
  func rowAppeared(_ item: Item)
  /// A row's `onDisappear`.
  /// - Parameter item: The row's item.
  func rowDisappeared(_ item: Item)
  /// The list's visible rows changed, as iOS 18's `onScrollTargetVisibilityChange` tells it
  /// (``ListRowSignal/scrollTargetVisibility(threshold:)``); the rows then fire no `onAppear`.
  /// Does nothing by default: the baselines are `onAppear` code.
  /// - Parameter items: All the rows visible now.
  func visibleRowsChanged(_ items: [Item])
  /// The footer row's `onAppear`. Does nothing by default.
  func footerAppeared()
  /// Called after each layout pass of the list. Does nothing by default.
  func didLayout()
  /// The body of the screen's `.task`; runs again each time the screen appears.
  func runScreenTask() async
  /// The body of `.refreshable`.
  func refresh() async
  /// The footer's Retry button, if the feed has one.
  func retry()
  /// The body of the screen's `task(id: text)` for a search field: the text changed to
  /// `text` (``ListSimulator/type(_:gaps:debounce:)``). Does nothing by default.
  /// - Parameter text: The search field's text.
  func queryChanged(to text: String) async
  /// Waits until the feed has applied the answer to request `id` (or dropped it). Returns at
  /// once for a request that is unknown or already applied.
  /// - Parameter id: The request's id.
  func waitForLoad(_ id: PageRequestID) async
  /// How many pages the feed has dropped so far (a memory cap): when it grows, rows that
  /// left above the viewport keep the rows below where they are, as rows put above do.
  var pagesDropped: Int { get }
}

extension ListFeed {
  /// `false`: no rows above the loaded ones.
  package var hasPreviousPage: Bool { false }
  /// `nil`: the list keeps its content offset when rows are put above.
  package var scrollAnchor: Item.ID? { nil }
  /// Does nothing.
  /// - Parameter items: The rows visible now.
  package func visibleRowsChanged(_ items: [Item]) {}
  /// Does nothing.
  package func footerAppeared() {}
  /// Does nothing.
  package func didLayout() {}
  /// Does nothing: the feed has no search field.
  /// - Parameter text: The search field's text.
  package func queryChanged(to text: String) async {}
  /// 0: the feed never drops rows.
  package var pagesDropped: Int { 0 }
}
