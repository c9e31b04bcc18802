import Foundation
import Paging
import PagingHTTP

extension DemoSession {
  /// The most requests one feed may send to a real server in one session; beyond it, the
  /// demo stops sending and says so (the naive feed may reach it).
  package static let realTimeRequestLimit = 1_000

  /// Plays the session against a real HTTP server in real time (`ContinuousClock`), such as
  /// Datasette serving the same release notes, through an `HTTPPageSource`.
  ///
  /// The session plays ``realTimeSpeed(of:)`` times faster than on the virtual clock,
  /// to keep three runs short; latencies are the server's own. A dropped answer
  /// (`UserStep.networkDrops(answers:)`) is simulated on the client: the request is sent and answered,
  /// and the answer thrown away. Before the runs, one request checks that the first page
  /// loads (and warms the connection).
  /// - Parameters:
  ///   - options: The seed, page size and profile.
  ///   - server: The first page's URL and how to find the next page. Unless the URL sets them,
  ///     the demo adds Datasette's `_size` (the page size), `_shape` (`array` for the `Link`
  ///     header, `objects` for the cursor field) and `_nocount`, `_nofacet`, `_nosuggest`.
  /// - Returns: The report, with real latencies.
  /// - Throws: ``DemoSessionError/serverUnavailable(url:reason:)`` when the first page does
  ///   not load.
  @MainActor
  package static func server(_ options: DemoOptions, _ server: DemoServer) async throws
    -> DemoReport
  {
    try await serverRun(options, server).report
  }

  /// ``server(_:_:)``, with each feed's trace for the picture.
  /// - Parameters:
  ///   - options: The seed, page size and profile.
  ///   - server: The first page's URL and how to find the next page.
  /// - Returns: The report and one trace per feed, in the table's order.
  /// - Throws: ``DemoSessionError/serverUnavailable(url:reason:)`` when the first page does
  ///   not load.
  @MainActor
  package static func serverRun(_ options: DemoOptions, _ server: DemoServer) async throws -> (
    report: DemoReport, traces: [DemoTrace]
  ) {
    let url = firstPageURL(server.url, strategy: server.strategy, pageSize: options.pageSize)
    let strategy: HTTPPagingStrategy =
      switch server.strategy {
      case .link: .linkHeader()
      case .cursorField: .cursorField(itemsPath: ["rows"], cursorPath: ["next"], queryItem: "_next")
      }
    let http = HTTPPageSource<ReleaseNote>(url: url, strategy: strategy)
    do {
      let first = PageRequest<HTTPCursor>(
        id: PageRequestID(rawValue: 0), direction: .refresh, cursor: nil,
        generation: Generation(rawValue: 0))
      _ = try await http.loadPage(first)
    } catch {
      throw DemoSessionError.serverUnavailable(url: url, reason: String(describing: error))
    }
    let speed = realTimeSpeed(of: options.profile)
    let runner = DemoFeedRunner<HTTPPageSource<ReleaseNote>>(
      steps: options.profile.steps(), speed: speed, seed: options.seed,
      requestLimit: realTimeRequestLimit,
      setUp: { (http, ContinuousClock(), SleepingTimerScheduler(clock: ContinuousClock()), nil) },
      cursorText: { "after " + cursorText($0.url) }, tearDown: waitForRequestsInFlight)
    var runs: [DemoFeedRunner<HTTPPageSource<ReleaseNote>>.Run] = []
    for kind in FeedKind.demo { runs.append(await runner.run(kind)) }
    var notes = [realTimeNote(profile: options.profile)]
    for (kind, run) in zip(FeedKind.demo, runs) where run.requestsNotSent > 0 {
      notes.append(
        "\(kind.name()) reached the demo's limit of \(realTimeRequestLimit) requests: "
          + "\(run.requestsNotSent) more were not sent and are not counted.")
    }
    let report = report(
      runs, options: options,
      source: "\(server.url.absoluteString) (the demo adds \(added(from: server.url, to: url))); "
        + "next page: \(server.strategy == .link ? "Link header" : "the body's \"next\" field")",
      network: "real HTTP on the continuous clock", latencyMilliseconds: nil, notes: notes)
    return (report, runs.map(\.trace))
  }

  /// The note a real-time report starts with: how much faster the session played, and, when
  /// the profile drops answers, that the client threw them away.
  /// - Parameter profile: The session.
  /// - Returns: One sentence.
  package static func realTimeNote(profile: SessionProfile) -> String {
    let drops = profile.steps().contains { step in
      if case .networkDrops = step { true } else { false }
    }
    return "Real time: the session played \(Format.decimal(realTimeSpeed(of: profile)))× faster "
      + "than on the virtual clock\(drops ? "; the client threw the dropped answers away" : "")."
  }

  /// How many times faster than on the virtual clock `profile` plays against a real server,
  /// to keep the real-time run of three feeds short (about 20 s at most). A session the demo
  /// does not offer plays as written.
  /// - Parameter profile: The session.
  /// - Returns: The factor.
  static func realTimeSpeed(of profile: SessionProfile) -> Double {
    switch profile {
    case .default, .flakyNetwork: 14
    case .fling: 3
    case .reader: 25
    default: 1
    }
  }

  /// The first page's URL the demo requests for `--url`: `url` with Datasette's paging query
  /// items added where it does not set them: `_size` (the page size), `_shape` (`array` for
  /// the `Link` header, whose body is the rows; `objects` for the cursor field, whose body is
  /// `{"rows": [...], "next": ...}`), and `_nocount`, `_nofacet`, `_nosuggest` (which spare
  /// Datasette a count, facets and suggestions on every page). The URL's own query items keep
  /// their order and encoding.
  /// - Parameters:
  ///   - url: The user's URL.
  ///   - strategy: How the next page is found (it sets `_shape`).
  ///   - pageSize: The page size (`_size`).
  /// - Returns: The first page's URL; `url` itself when Foundation cannot take it apart.
  package static func firstPageURL(_ url: URL, strategy: DemoServer.Strategy, pageSize: Int) -> URL
  {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url
    }
    var items = components.percentEncodedQueryItems ?? []
    let present = Set(items.map { $0.name.removingPercentEncoding ?? $0.name })
    let defaults = [
      ("_size", "\(pageSize)"), ("_shape", strategy == .link ? "array" : "objects"),
      ("_nocount", "1"), ("_nofacet", "1"), ("_nosuggest", "1"),
    ]
    for (name, value) in defaults where !present.contains(name) {
      items.append(URLQueryItem(name: name, value: value))
    }
    components.percentEncodedQueryItems = items
    return components.url ?? url
  }

  /// The query items `firstPageURL` added: `_size=20&_shape=array&…`.
  private static func added(from original: URL, to url: URL) -> String {
    let before = URLComponents(url: original, resolvingAgainstBaseURL: true)?.percentEncodedQuery
    let after = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedQuery ?? ""
    guard let before, !before.isEmpty else { return after }
    return after.hasPrefix(before + "&") ? String(after.dropFirst(before.count + 1)) : after
  }

  /// A page URL as the timeline shows it: its `_next` token (Datasette's keyset cursor, such
  /// as `2022-12-06,150`), or its query.
  static func cursorText(_ url: URL) -> String {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    if let token = components?.queryItems?.first(where: { $0.name == "_next" })?.value {
      return token
    }
    return components?.query ?? url.absoluteString
  }

  /// Waits (up to 5 s) until no request of the run is in flight, so that a feed's leftovers do
  /// not load the server during the next run.
  @MainActor
  static func waitForRequestsInFlight(_ source: RecordingPageSource<HTTPPageSource<ReleaseNote>>)
    async
  {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while source.pendingRequestNumber != nil, clock.now < deadline {
      try? await clock.sleep(for: .milliseconds(20))
    }
  }
}
