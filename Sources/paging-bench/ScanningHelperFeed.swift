import Paging
import PagingBaselines
import PagingTesting

/// ListPagination's threshold approach, as its README shows it, as a `ListFeed`:
///
/// ```swift
/// .onAppear {
///   if items.isThresholdItem(offset: 10, item: item) {
///     isLoading = true
///     loadNextPage()   // appends the page after the current cursor when it lands
///   }
/// }
/// ```
///
/// The threshold row is found by scanning (``ScanningThresholdHelper``); the load itself is the
/// naive code's (a task that loads the page after the cursor it finds when it runs), since the
/// README's example neither checks `isLoading` before loading nor stops at the end.
@MainActor
final class ScanningHelperFeed<Source: PageSource>: ListFeed {
  typealias Item = Source.Item

  private let loader: NaiveOnAppearFeed<Source>

  /// Creates the feed; nothing loads until the screen's task runs.
  init(source: Source) { loader = NaiveOnAppearFeed(source: source) }

  var rowCount: Int { loader.rowCount }
  func rowItem(at index: Int) -> Item { loader.rowItem(at: index) }
  var rowsVersion: Int { loader.rowsVersion }
  /// The README's "Loading ..." sits inside the last row, not in a footer row.
  var footerState: ListFooterState? { nil }
  var hasNextPage: Bool { loader.hasNextPage }
  var requestsStarted: Int { loader.requestsStarted }

  /// Loads when `item` is the threshold row (exactly 10 rows after it), found by a scan.
  func rowAppeared(_ item: Item) {
    if ScanningThresholdHelper.isThresholdItem(
      loader.items, offset: ScanningThresholdHelper.exampleOffset, item: item)
    {
      loader.rowAppeared(item)
    }
  }

  func rowDisappeared(_ item: Item) {}
  func runScreenTask() async { await loader.runScreenTask() }
  func refresh() async { await loader.refresh() }
  func retry() {}
  func waitForLoad(_ id: PageRequestID) async { await loader.waitForLoad(id) }
}
