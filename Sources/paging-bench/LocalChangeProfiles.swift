import DemoSupport
import Paging
import PagingTesting

/// The search and filtered-feed profiles (rulebook R24 and R25): what a search screen and a
/// filtered feed cost in requests, stale rows and stall, over CPython's release notes, with
/// their goals in BENCHMARKS.md.
@MainActor
enum LocalChangeProfiles {
  typealias Server = SimulatedFeedServer<ReleaseNote>

  /// One search session.
  struct SearchSession: Codable, Sendable {
    let seed: UInt64
    let requests: Int
    /// Requests the paginator cancelled (a keystroke superseded them).
    let cancelled: Int
    /// Rows that appeared while the text typed by then did not match them.
    let staleRows: Int
    let rowsShown: Int
    let stallSeconds: Double
  }

  /// One filtered-feed session.
  struct FilteredSession: Codable, Sendable {
    let feed: String
    let seed: UInt64
    let report: SessionReport
  }

  /// Every session of both profiles.
  struct Results: Codable, Sendable {
    let search: [SearchSession]
    let filtered: [FilteredSession]

    /// The sessions of one way of filtering.
    func filtered(_ feed: FilteredFeed) -> [FilteredSession] {
      filtered.filter { $0.feed == feed.rawValue }
    }

    /// The reports of one way of filtering's sessions, summed.
    func total(_ feed: FilteredFeed) -> SessionReport {
      filtered(feed).map(\.report).reduce(SessionReport(), +)
    }
  }

  /// Keystroke gaps of a quick typist, in milliseconds: 90 to 260 ms, about 170 ms on average.
  static let gaps: [Duration] = [180, 140, 220, 90, 260, 150].map { .milliseconds($0) }

  /// Every session, on the policy comparison's seeds.
  static func run(quick: Bool, items: [ReleaseNote]) async -> Results {
    let seeds = PolicyComparison.seeds(quick: quick)
    var search: [SearchSession] = []
    var filtered: [FilteredSession] = []
    for seed in seeds {
      search.append(await self.search(items: items, seed: seed))
    }
    for seed in seeds {
      for feed in FilteredFeed.allCases {
        filtered.append(await self.filtered(feed, items: items, seed: seed))
      }
    }
    return Results(search: search, filtered: filtered)
  }

  /// Types "asyncio" (no debounce: every keystroke is a query) on a cellular network, then
  /// reads down 60 rows of the results. A stale row is a row that appears while the text
  /// typed by then does not match it.
  static func search(items: [ReleaseNote], seed: UInt64) async -> SearchSession {
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
    return SearchSession(
      seed: seed, requests: report.requestsIssued, cancelled: cancelled, staleRows: stale,
      rowsShown: shown, stallSeconds: report.stallTime.seconds)
  }

  /// How the feed hides the "Library" notes (49 % of them).
  enum FilteredFeed: String, CaseIterable, Sendable {
    /// No filter: the reference.
    case unfiltered
    /// `Paginator.filter`.
    case engineFilter = "engine filter"
    /// A view model that filters `items` itself and forwards the shown rows' signals.
    case viewModelFilter = "view-model filter"
    /// The oracle (``OracleFeed``) with `Paginator.filter`: it knows the user's path over the
    /// shown rows and every latency, and loads each page as late as it can.
    case oracle
  }

  /// Whether a note is shown in the filtered feed.
  nonisolated static func isShown(_ note: ReleaseNote) -> Bool { note.section != "Library" }

  /// Four flings at 5,000 pt/s, 0.4 s apart, on a cellular network.
  static func filtered(_ kind: FilteredFeed, items: [ReleaseNote], seed: UInt64) async
    -> FilteredSession
  {
    let clock = TestClock()
    let server = Server(items: items, pageSize: 20, latency: .cellular, seed: seed, clock: clock)
    let paginator = Paginator(source: server, clock: clock)
    let report: SessionReport
    switch kind {
    case .unfiltered:
      report = await fling(ListSimulator(feed: paginator, server: server, clock: clock))
    case .engineFilter:
      paginator.filter = { isShown($0) }
      report = await fling(ListSimulator(feed: paginator, server: server, clock: clock))
    case .viewModelFilter:
      let feed = ViewModelFilteredFeed(paginator: paginator) { isShown($0) }
      report = await fling(ListSimulator(feed: feed, server: server, clock: clock))
    case .oracle:
      let plan = await filteredPlan(items: items, seed: seed)
      let feed = OracleFeed(
        server: server, plan: plan, clock: clock, chat: false, filter: { isShown($0) })
      let list = ListSimulator(feed: feed, server: server, clock: clock)
      feed.list = list
      report = await fling(list)
    }
    return FilteredSession(feed: kind.rawValue, seed: seed, report: report)
  }

  /// The goals of local changes: no stale row in search as you type; the engine's filter within
  /// max(1.25 × the oracle's stall, 0.25 s) on the same flings, with a view model's own filter
  /// and the unfiltered feed beside it, and its extra requests (hedges, and requests past the
  /// oracle's, which loads only the pages reached, plus one) at most 10 %. Search has no oracle: the
  /// rows change with every keystroke, so there is no one path to plan.
  nonisolated static func goals(_ results: Results) -> [Goal] {
    let stale = results.search.map(\.staleRows).reduce(0, +)
    let shown = results.search.map(\.rowsShown).reduce(0, +)
    let requests = results.search.map(\.requests).reduce(0, +)
    let cancelled = results.search.map(\.cancelled).reduce(0, +)
    var goals = [
      Goal(
        name: "Paginator, search as you type: stale rows shown", target: "0",
        measured: "\(stale)", met: stale == 0,
        note: "\(shown) rows shown, \(requests) requests (\(cancelled) cancelled by a later"
          + " keystroke) over \(results.search.count) sessions")
    ]
    let oracle = results.total(.oracle).stallTime.seconds
    let bound = PolicyComparison.stallBound(oracle)
    let engine = results.filtered(.engineFilter)
    let engineTotal = results.total(.engineFilter)
    let stall = engineTotal.stallTime.seconds
    let viewModel = results.total(.viewModelFilter).stallTime.seconds
    let unfiltered = results.total(.unfiltered).stallTime.seconds
    let name = "Paginator, filtered feed (Paginator.filter)"
    goals.append(
      Goal(
        name: "\(name): stall ≤ max(1.25 × the oracle's, 0.25 s)",
        target: "≤ \(Format.seconds(bound))",
        measured: Format.seconds(stall) + (oracle > 0 ? " (\(Format.ratio(stall / oracle)))" : ""),
        met: stall <= bound + 1e-9,
        note: "oracle \(Format.seconds(oracle)); a view model's own filter"
          + " \(Format.seconds(viewModel)) (fault class 24); the unfiltered feed"
          + " \(Format.seconds(unfiltered)); \(engineTotal.requestsIssued) requests over"
          + " \(engine.count) sessions"))
    let oracleRequests = Dictionary(
      results.filtered(.oracle).map { ($0.seed, $0.report.requestsIssued) }, uniquingKeysWith: +)
    let speculative = engine.map { session in
      max(
        0,
        session.report.requestsIssued - session.report.hedgedRequests
          - (oracleRequests[session.seed] ?? 0) - 1)
    }.reduce(0, +)
    goals.append(
      PolicyComparison.extraRequestsGoal(
        name: name, hedges: engineTotal.hedgedRequests, speculative: speculative,
        requests: engineTotal.requestsIssued, tailless: false))
    return goals
  }

  /// The section of `BENCHMARKS.md`.
  nonisolated static func markdown(_ results: Results) -> String {
    let search = results.search.map { session in
      [
        "\(session.seed)", "\(session.requests)", "\(session.cancelled)",
        "\(session.staleRows)", "\(session.rowsShown)", Format.seconds(session.stallSeconds),
      ]
    }
    let filtered = FilteredFeed.allCases.map { feed in
      let total = results.total(feed)
      return [
        feed.rawValue, "\(total.requestsIssued)", "\(total.rowsShown)",
        Format.seconds(total.stallTime.seconds),
      ]
    }
    return """
      ## Search and a filtered feed

      In the list simulator, over CPython's release notes on a cellular network (latency: \(LatencyModel.cellular.summary)).
      *Search as you type*: the user types "asyncio" with gaps of 90 to 260 ms (no debounce:
      every keystroke is a query, `setQuery` on the paginator), waits 3 s, then scrolls to row
      60; a stale row is a row that appears while the text typed by then does not match it.

      \(Format.table(["seed", "requests", "cancelled", "stale rows", "rows shown", "stall"], search))

      *Filtered feed*: four flings at 5,000 pt/s, 0.4 s apart, over a feed that hides the
      "Library" notes (49 % of them): with `Paginator.filter` (the engine counts its prefetch
      distance in shown rows), with a view model that filters `items` itself (fault class 24),
      unfiltered, and the oracle with `Paginator.filter` (it knows the path over the shown
      rows and every latency, and loads each page as late as it can). Summed over the seeds.

      \(Format.table(["feed", "requests", "rows shown", "stall"], filtered))
      """
  }

  /// The oracle's plan for the filtered feed: the flings replayed over the shown rows, with
  /// each page ending where its last shown row is.
  static func filteredPlan(items: [ReleaseNote], seed: UInt64) async -> OraclePlan {
    var ends: [Int] = []
    var shown = 0
    for start in stride(from: 0, to: items.count, by: 20) {
      shown += items[start..<min(items.count, start + 20)].filter(isShown).count
      ends.append(shown)
    }
    let recorder = PathRecorderFeed(
      items: items.filter(isShown), pageSize: 20, pageEnds: Array(ends.dropLast()))
    let list = ListSimulator(feed: recorder, clock: TestClock())
    recorder.list = list
    _ = await fling(list)
    let path = ScrollPath(
      needTimes: recorder.crossings, pagesReached: min(ends.count, recorder.crossings.count + 1))
    let profile = BenchProfile(session: .flinger, quick: true, rows: items.count)
    return await OraclePlan.make(path: path, profile: profile, seed: seed)
  }

  /// The filtered feed's session, in a quick run and a full one alike: the flinger's of a quick
  /// run, four flings at 5,000 pt/s, 0.4 s apart, after a second.
  static let flings = SessionProfile.flinger.steps(quick: true)

  static func fling<Feed: ListFeed>(_ list: ListSimulator<Feed>) async -> SessionReport {
    await PolicyComparison.replay(list, script: flings)
  }
}

/// The common code fault class 24 comes from: a view model shows only the accepted items of a
/// paginator and forwards the shown rows' signals, so the paginator counts its prefetch
/// distance in loaded rows and hears nothing while a page of hidden items is all it has.
@MainActor
final class ViewModelFilteredFeed: PaginatorBackedFeed, ListFeed {
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
