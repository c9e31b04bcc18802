import Paging
import PagingTesting

/// A `ListFeed` in front of another that records the list after each layout pass, for
/// ``DemoTrace``, and (search) the rows on screen that do not match the text typed.
@MainActor
final class RecordedFeed<Base: ListFeed>: ListFeed {
  typealias Item = Base.Item

  let base: Base
  /// The list showing this feed; set right after the list is made.
  weak var list: ListSimulator<RecordedFeed<Base>>?
  /// Whether rows count from the bottom (a chat, whose newest row is the last).
  let upward: Bool
  /// Whether a row matches a text typed (search), or `nil`.
  let matches: ((Item, String) -> Bool)?
  private(set) var samples: [DemoTrace.Sample] = []
  /// The row whose first showing is timed (the jump scenario's target), or `nil`.
  var watched: Item.ID?
  /// When the watched row was first on screen, in milliseconds since the session started.
  private(set) var watchedShownMilliseconds: Int?
  private var typed: String?
  private var stale: Set<StaleKey> = []

  private struct StaleKey: Hashable {
    var id: AnyHashable
    var text: String
  }

  init(_ base: Base, upward: Bool, matches: ((Item, String) -> Bool)? = nil) {
    self.base = base
    self.upward = upward
    self.matches = matches
  }

  /// Rows on screen that did not match the text typed by then, each row counted once per text.
  var staleRowsShown: Int { stale.count }

  var rowCount: Int { base.rowCount }
  func rowItem(at index: Int) -> Item { base.rowItem(at: index) }
  var rowsVersion: Int { base.rowsVersion }
  var footerState: ListFooterState? { base.footerState }
  var hasNextPage: Bool { base.hasNextPage }
  var hasPreviousPage: Bool { base.hasPreviousPage }
  var scrollAnchor: Item.ID? { base.scrollAnchor }
  var requestsStarted: Int { base.requestsStarted }
  func rowAppeared(_ item: Item) { base.rowAppeared(item) }
  func rowDisappeared(_ item: Item) { base.rowDisappeared(item) }
  func footerAppeared() { base.footerAppeared() }
  func runScreenTask() async { await base.runScreenTask() }
  func refresh() async { await base.refresh() }
  func retry() { base.retry() }
  func waitForLoad(_ id: PageRequestID) async { await base.waitForLoad(id) }
  func queryChanged(to text: String) async {
    typed = text
    await base.queryChanged(to: text)
  }

  func didLayout() {
    base.didLayout()
    guard let list else { return }
    let rowHeight = list.configuration.rowHeight
    let top = list.contentOffset
    let bottom = top + list.configuration.viewportHeight
    let count = base.rowCount
    var first: Int?
    var last: Int?
    var staleOnScreen = 0
    if count > 0 {
      let from = min(count - 1, max(0, Int((top / rowHeight).rounded(.down))))
      let to = min(count - 1, max(from, Int((bottom / rowHeight).rounded(.up)) - 1))
      (first, last) = upward ? (count - 1 - to, count - 1 - from) : (from, to)
      if let watched, watchedShownMilliseconds == nil,
        (from...to).contains(where: { base.rowItem(at: $0).id == watched })
      {
        watchedShownMilliseconds = DemoTimeline.milliseconds(list.now)
      }
      if let matches, let typed {
        for index in from...to where !matches(base.rowItem(at: index), typed) {
          stale.insert(StaleKey(id: AnyHashable(base.rowItem(at: index).id), text: typed))
          staleOnScreen += 1
        }
      }
    }
    let waiting =
      count > 0
      && (upward
        ? top <= 0.001 && base.hasPreviousPage
        : bottom >= Double(count) * rowHeight - 0.5 && base.hasNextPage)
    let sample = DemoTrace.Sample(
      milliseconds: DemoTimeline.milliseconds(list.now), firstVisible: first, lastVisible: last,
      loaded: count, waiting: waiting, staleOnScreen: staleOnScreen)
    if let previous = samples.last, previous.firstVisible == first,
      previous.lastVisible == last, previous.loaded == count, previous.waiting == waiting,
      previous.staleOnScreen == staleOnScreen
    {
      return
    }
    if let previous = samples.last, previous.milliseconds == sample.milliseconds {
      samples[samples.count - 1] = sample
    } else {
      samples.append(sample)
    }
  }
}
