import DemoSupport
import Paging
import PagingTesting

/// The search and filtered-feed profiles (rulebook R24 and R25): what a search screen and a
/// filtered feed cost in requests, stale rows and stall, over CPython's release notes. Printed
/// by `paging-bench`; not yet part of BENCHMARKS.md.
@MainActor
enum LocalChangeProfiles {
  typealias Server = SimulatedFeedServer<ReleaseNote>

  /// Keystroke gaps of a quick typist, in milliseconds: 90 to 260 ms, about 170 ms on average.
  static let gaps: [Duration] = [180, 140, 220, 90, 260, 150].map { .milliseconds($0) }

  /// One line per profile and feed.
  static func run(quick: Bool, items: [ReleaseNote]) async -> [String] {
    let seeds: [UInt64] = quick ? [1] : [1, 2, 3, 4, 5]
    var lines: [String] = []
    for seed in seeds {
      lines.append(await search(items: items, seed: seed))
    }
    for seed in seeds {
      for feed in FilteredFeed.allCases {
        lines.append(await filtered(feed, items: items, seed: seed))
      }
    }
    return lines
  }

  /// Types "asyncio" (no debounce: every keystroke is a query) on a cellular network, then
  /// reads down 60 rows of the results. A stale row is a row that appears while the text
  /// typed by then does not match it.
  static func search(items: [ReleaseNote], seed: UInt64) async -> String {
    let clock = TestClock()
    let server = Server(
      items: items, pageSize: 20, latency: .cellular, seed: seed,
      search: { note, text in note.title.lowercased().contains(text) }, clock: clock)
    let results = Paginator(source: server, clock: clock)
    let list = ListSimulator(feed: results, server: server, clock: clock)
    await list.startScreenTask()
    let typedAt = await list.type("asyncio", gaps: gaps)
    await list.idle(for: .seconds(3))
    await list.scroll(to: 60, duration: .seconds(10))
    var stale = 0
    var shown = 0
    for (index, event) in list.events.enumerated() where index >= typedAt[0].event {
      guard case .rowAppeared(_, let id) = event.kind,
        let typed = typedAt.last(where: { $0.event <= index })?.text,
        let note = server.items.first(where: { $0.id == id })
      else { continue }
      shown += 1
      if !note.title.lowercased().contains(typed) { stale += 1 }
    }
    let report = list.report()
    let cancelled = server.log.filter {
      if case .cancelled = $0.outcome { true } else { false }
    }.count
    return "search, seed \(seed): \(report.requestsIssued) requests (\(cancelled) cancelled), "
      + "\(stale) stale rows of \(shown) shown, stall \(report.stallTime)"
  }

  /// How the feed hides the "Library" notes (49 % of them).
  enum FilteredFeed: String, CaseIterable {
    /// No filter: the reference.
    case unfiltered
    /// `Paginator.filter`.
    case engineFilter = "engine filter"
    /// A view model that filters `items` itself and forwards the shown rows' signals.
    case viewModelFilter = "view-model filter"
  }

  /// Four flings at 5,000 pt/s, 0.4 s apart, on a cellular network.
  static func filtered(_ kind: FilteredFeed, items: [ReleaseNote], seed: UInt64) async -> String {
    let clock = TestClock()
    let server = Server(items: items, pageSize: 20, latency: .cellular, seed: seed, clock: clock)
    let paginator = Paginator(source: server, clock: clock)
    let report: SessionReport
    switch kind {
    case .unfiltered:
      report = await fling(ListSimulator(feed: paginator, server: server, clock: clock))
    case .engineFilter:
      paginator.filter = { $0.section != "Library" }
      report = await fling(ListSimulator(feed: paginator, server: server, clock: clock))
    case .viewModelFilter:
      let feed = ViewModelFilteredFeed(paginator: paginator) { $0.section != "Library" }
      report = await fling(ListSimulator(feed: feed, server: server, clock: clock))
    }
    return "filtered feed, \(kind.rawValue), seed \(seed): \(report.requestsIssued) requests, "
      + "\(report.rowsShown) rows shown, stall \(report.stallTime)"
  }

  static func fling<Feed: ListFeed>(_ list: ListSimulator<Feed>) async -> SessionReport {
    await list.startScreenTask()
    await list.idle(for: .seconds(1))
    for _ in 0..<4 {
      await list.fling(velocity: 5_000)
      await list.idle(for: .milliseconds(400))
    }
    return list.report()
  }
}

/// The common code fault class 24 comes from: a view model shows only the accepted items of a
/// paginator and forwards the shown rows' signals, so the paginator counts its prefetch
/// distance in loaded rows and hears nothing while a page of hidden items is all it has.
@MainActor
final class ViewModelFilteredFeed: PaginatorBackedFeed {
  typealias Item = ReleaseNote
  let paginator: Paginator<ReleaseNote, SimulatedFeedServer<ReleaseNote>.Cursor>
  let isShown: (ReleaseNote) -> Bool
  private var cache: (version: Int, rows: [ReleaseNote]) = (-1, [])

  init(
    paginator: Paginator<ReleaseNote, SimulatedFeedServer<ReleaseNote>.Cursor>,
    isShown: @escaping (ReleaseNote) -> Bool
  ) {
    self.paginator = paginator
    self.isShown = isShown
  }

  private var rows: [ReleaseNote] {
    if cache.version != paginator.rowsVersion {
      cache = (paginator.rowsVersion, paginator.items.filter(isShown))
    }
    return cache.rows
  }

  var rowCount: Int { rows.count }
  func rowItem(at index: Int) -> ReleaseNote { rows[index] }
}
