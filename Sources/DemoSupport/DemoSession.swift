import Foundation
import Paging
import PagingTesting

/// The demo itself: one scripted user session (a ``SessionProfile``) played in a simulated
/// iPhone-sized `List` through three feeds: `NaiveOnAppearFeed`, `GuardedOnAppearFeed` and
/// `Paginator`, over the same data with the same seed.
///
/// The list shows one section of CPython's release notes, ``section``, newest first: short
/// enough that the user reads to its end, so that what each feed does after the last page
/// shows.
package enum DemoSession {
  /// The NEWS section the demo's list shows: 129 of the 10,017 notes, 7 pages of 20.
  package static let section = "Security"

  /// Plays the session against the embedded data on a virtual clock (`TestClock`): a
  /// `SimulatedFeedServer` with keyset cursors answers after a seeded log-normal latency with a
  /// heavy tail, so a session of a minute or two runs in a fraction of a second, and the same
  /// options give the same report.
  ///
  /// The latency is log-normal around `options.latencyMilliseconds` (sigma 0.25), with 5 % of
  /// requests in a Pareto tail from twice that (exponent 1.3, capped at 40 times the median),
  /// drawn per request number from `options.seed`.
  /// - Parameter options: The seed, page size, latency and profile (`server` is ignored).
  /// - Returns: The report: the `Paginator` run's timeline and the three feeds' figures.
  /// - Throws: ``ReleaseNotesError`` when the bundled data cannot be read.
  @MainActor
  package static func embedded(_ options: DemoOptions) async throws -> DemoReport {
    try await embeddedRun(options).report
  }

  /// The embedded server's latency: log-normal around `median` with a heavy tail.
  /// - Parameter medianMilliseconds: The median, in milliseconds.
  /// - Returns: The model.
  static func latencyModel(medianMilliseconds: Int) -> LatencyModel {
    let median = Duration.milliseconds(medianMilliseconds)
    return .logNormal(
      median: median, sigma: 0.25,
      tail: LatencyModel.HeavyTail(
        probability: 0.05, scale: median * 2, exponent: 1.3, cap: median * 40))
  }

  /// Assembles the report from the three runs (the last one, `Paginator`'s, gives the
  /// timeline).
  static func report<Base>(
    _ runs: [DemoFeedRunner<Base>.Run], options: DemoOptions, source: String, network: String,
    latencyMilliseconds: Int?, notes: [String]
  ) -> DemoReport {
    let feeds = runs.map(\.report)
    let paginator = runs.last
    return DemoReport(
      source: source, network: network, profile: options.profile, seed: options.seed,
      pageSize: options.pageSize, latencyMilliseconds: latencyMilliseconds,
      sessionSeconds: Format.roundedSeconds(paginator?.duration ?? .zero),
      timeline: paginator?.timeline ?? [], feeds: feeds,
      notes: summary(feeds, scenario: options.scenario) + notes,
      scenario: options.scenario == .feed ? nil : options.scenario)
  }

  /// What the table shows, in sentences: how many times more requests each baseline sent
  /// than `Paginator` (and how many after the end), how much longer it kept the user at the
  /// end of the loaded rows, and `Paginator`'s duplicates and requests after the end.
  static func summary(_ feeds: [DemoReport.Row], scenario: DemoScenario = .feed) -> [String] {
    guard let paginator = feeds.first(where: { $0.feed == FeedKind.paginator.name() }) else {
      return []
    }
    switch scenario {
    case .feed, .jump: break
    case .chat: return chatSummary(feeds, paginator: paginator)
    case .search: return searchSummary(feeds, paginator: paginator)
    }
    var lines: [String] = []
    for feed in feeds where feed.feed != paginator.feed {
      if feed.requestsIssued > paginator.requestsIssued {
        let ratio = Double(feed.requestsIssued) / Double(max(1, paginator.requestsIssued))
        var line = "\(feed.feed) sent \(Format.decimal(ratio))× as many requests as Paginator "
        line += "(\(feed.requestsIssued) against \(paginator.requestsIssued))"
        if feed.requestsAfterEnd > 0 { line += ", \(feed.requestsAfterEnd) of them after the end" }
        lines.append(line + ".")
      }
      if feed.stallTime >= paginator.stallTime + .seconds(1) {
        lines.append(
          "\(feed.feed) kept the user waiting at the end of the loaded rows for "
            + "\(Format.decimal(feed.stallTime.seconds)) s (Paginator: "
            + "\(Format.decimal(paginator.stallTime.seconds)) s).")
      }
    }
    let duplicates = paginator.duplicateRequests == 0 ? "no" : "\(paginator.duplicateRequests)"
    let after = paginator.requestsAfterEnd == 0 ? "nothing" : "\(paginator.requestsAfterEnd)"
    lines.append("Paginator sent \(duplicates) duplicate request and \(after) after the end.")
    return lines
  }
}
