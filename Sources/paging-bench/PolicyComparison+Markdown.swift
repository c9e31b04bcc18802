import DemoSupport
import Foundation

extension PolicyComparison {
  /// The policy section of `BENCHMARKS.md`.
  nonisolated static func markdown(_ results: [Result], quick: Bool) -> String {
    let profiles = BenchProfile.all(quick: quick)
    let seeds = seeds(quick: quick)
    var text = """
      ## Pagination policies on simulated sessions

      Every policy replays the same scripted sessions, with the same seeds, in the list
      simulator of `PagingTesting` (virtual time: a `TestClock`, answers stepped one at a time,
      so every figure repeats exactly). The list is the simulator's default iPhone list: a
      666-point viewport of 80-point rows (about 8 visible), `List` margins (2 rows drawn
      ahead, 1 kept behind), a footer row, 60 frames a second. The server is
      `SimulatedFeedServer` over CPython's release notes (`ReleaseNotes.bundled()`, newest
      first) with keyset cursors. Seeds: \(seeds.map(String.init).joined(separator: ", ")).

      Policies:
      - **naive onAppear**: `NaiveOnAppearFeed`, every row's `onAppear` loads the page after the
        current cursor;
      - **three-guard fix**: `GuardedOnAppearFeed`, only the last row, an `isLoading` flag, stop
        on a `nil` cursor;
      - **scanning threshold helper**: ListPagination's `isThresholdItem(offset: 10, item:)`
        (a `firstIndex(where:)` scan) as its README uses it, with the naive code's load;
      - **fixed prefetch = page size**: `Paginator` with `PagingConfiguration(prefetch:
        .fixed(pageSize))`, Android Paging 3's default;
      - **Paginator (default)**: `Paginator(source:clock:)`, whose prefetch distance adapts
        (`AdaptivePrefetch`: the user's speed while recent pages loaded times the 90th
        percentile of the load times), which hedges a load slower than the 95th percentile
        and two medians of the loads so far within a budget (`HedgingPolicy.standard`: one
        hedge per 10 loads, 2 saved at most; hedges are counted apart, not as duplicates), and
        which retries a failed page by itself (three times at most, about 1 s, 2 s, 4 s later);
      - **Paginator (no hedging)**: the default with `hedging: .off`, to show what the hedges
        buy;
      - **oracle**: knows the user's path (recorded on a list that holds every row), every
        latency (the server's seeded model) and which requests fail (asked of a copy of the
        server); loads only the pages the user reaches, one after another as a cursor API
        must, each as late as possible without a wait (as early as possible when even that
        waits), and retries a failure at once. Its stall is the lower bound for a cursor API.

      Figures, summed over the seeds: *page requests / reached*: requests that returned a page,
      and pages the user reaches on the path without waits (the minimum); *failed*: requests
      answered with an error; *duplicates*: requests for a cursor already requested in the
      same generation while that request was in flight or had succeeded; *after the end*:
      requests that arrived after the last page was answered; *stall*: seconds the user spent
      at the end of the loaded rows while more existed (the wait for the first page not
      included; see *first row*); *vs oracle*: stall over the oracle's; *never shown*: rows
      loaded but never on screen, in pages; *first row*: mean seconds to the first row on
      screen, and sessions that never showed one.

      The chat profile opens at the newest page, scrolled to the bottom, and the user reads
      upward; there *naive onAppear* is `NaiveChatFeed` (the top row's `onAppear` loads the
      older page; no scroll anchor), *three-guard fix* is `GuardedChatFeed` (top row only,
      `isLoading`, stop on a `nil` previous cursor, the old top row kept in place), the scanning
      helper does not run, the paginators open with `initialCursor: .newest`, and the oracle
      loads older pages. *Stall* is then the time at the top of the loaded rows while older rows
      existed, *after the end* counts requests past either end, and *jumps* counts prepends
      that moved the row the user was reading (fault class 17), with the points it moved.

      | profile | user and network | latency model | rows | page size |
      | --- | --- | --- | ---: | ---: |

      """
    for profile in profiles {
      text +=
        "| \(profile.name) | \(profile.summary) | \(profile.latency.summary) | \(Format.count(profile.rows))"
        + " | \(profile.pageSize) |\n"
    }
    for profile in profiles {
      let oracle = result(results, profile.name, .oracle)
      var rows: [[String]] = []
      for policy in FeedKind.allCases {
        guard let result = result(results, profile.name, policy) else { continue }
        let ratio =
          oracle.map {
            $0.stallTime > 0
              ? Format.ratio(result.stallTime / $0.stallTime)
              : (result.stallTime > 0 ? "∞" : "1.00×")
          } ?? "—"
        let firstRows = result.sessions.compactMap(\.firstRowSeconds)
        let firstRow =
          (firstRows.isEmpty
            ? "—" : Format.seconds(firstRows.reduce(0, +) / Double(firstRows.count)))
          + (result.sessionsWithoutARow > 0 ? ", never in \(result.sessionsWithoutARow)" : "")
        rows.append([
          policy.label,
          "\(result.requestsIssued - result.failedRequests) / \(result.minimumRequests)",
          "\(result.failedRequests)", "\(result.duplicateRequests)", "\(result.requestsAfterEnd)",
          Format.seconds(result.stallTime), ratio,
          String(format: "%.2f", result.pagesNeverShown),
          firstRow,
        ])
        if profile.isChat {
          rows[rows.count - 1].append(
            "\(result.viewportJumps) (\(String(format: "%.0f", result.anchorMovement)) pt)")
        }
      }
      text +=
        "\n### \(profile.name)\n\n\(profile.summary). Latency: \(profile.latency.summary).\n\n"
      text += Format.table(
        [
          "policy", "page requests / reached", "failed", "duplicates", "after the end", "stall",
          "vs oracle", "never shown (pages)", "first row",
        ] + (profile.isChat ? ["jumps (anchor moved)"] : []), rows)
    }
    return text + "\n" + overfetchSection(results)
  }

  /// What the adaptive distance does to overfetch, next to the fixed one.
  nonisolated private static func overfetchSection(_ results: [Result]) -> String {
    var rows: [[String]] = []
    for profile in BenchProfile.all(quick: false) where !profile.isChat {
      guard let fixed = result(results, profile.name, .fixedPrefetch),
        let adaptive = result(results, profile.name, .paginator),
        let oracle = result(results, profile.name, .oracle)
      else { continue }
      rows.append([
        profile.name,
        "\(fixed.requestsIssued - fixed.failedRequests) / \(String(format: "%.2f", fixed.pagesNeverShown)) / \(Format.seconds(fixed.stallTime))",
        "\(adaptive.requestsIssued - adaptive.failedRequests) / \(String(format: "%.2f", adaptive.pagesNeverShown)) / \(Format.seconds(adaptive.stallTime))",
        "\(oracle.requestsIssued - oracle.failedRequests) / \(String(format: "%.2f", oracle.pagesNeverShown)) / \(Format.seconds(oracle.stallTime))",
      ])
    }
    return """
      ### Adaptive prefetch and overfetch

      The default prefetch distance is `AdaptivePrefetch`: 20 rows until the first append
      completes, then the rows the user scrolled while recent appends loaded (the largest of
      the last 8; twice the rows when the list held the user at the end; 2 to 100 rows). A
      reader who scrolls a few rows per load gets a few rows of distance, so pages they never
      reach are not loaded; a flinger gets about what a fling covers during one load. What it
      costs: after a run of fast scrolling, up to that many rows stay loaded that the user may
      never see, and after a very slow response (which holds the user at the end) the
      distance doubles for the next 8 loads. Page requests / pages never shown / stall:

      \(Format.table(["profile", "fixed = page size", "adaptive (default)", "oracle"], rows))
      """
  }
}
