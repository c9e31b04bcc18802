import DemoSupport
import Foundation
import PagingTestSupport
import Testing

/// The embedded session on the virtual clock: what the three feeds do in the same session.
@MainActor
@Suite(
  "DemoSession: the scripted session through three feeds",
  .enabled(
    if: !underThreadSanitizer,
    "main-actor simulation: nothing for ThreadSanitizer to find, and its minutes there queued other suites past their limits"
  ), .timeLimit(.minutes(minuteLimit)))
struct DemoSessionTests {
  private func feed(_ name: String, in report: DemoReport) throws -> DemoReport.Row {
    try #require(report.feeds.first { $0.feed == name })
  }

  /// The rows of each page answered after the last refresh request, from the timeline
  /// (`#13 append after …: 20 rows in 164 ms`).
  private func rowsAfterLastRefresh(_ report: DemoReport) -> [Int] {
    let texts = report.timeline.map(\.text)
    let start = texts.lastIndex { $0.contains(" refresh, first page") } ?? 0
    return texts[start...].compactMap { text in
      guard let range = text.range(of: #": \d+ rows in"#, options: .regularExpression) else {
        return nil
      }
      return Int(text[range].dropFirst(2).prefix { $0.isNumber })
    }
  }

  /// Paginator's promises in any session: no duplicate request, none after the end, no row
  /// shown twice.
  private func expectNoWaste(_ paginator: DemoReport.Row) {
    #expect(paginator.duplicateRequests == 0)
    #expect(paginator.requestsAfterEnd == 0)
    #expect(paginator.duplicateRowsShown == 0)
  }

  @Test("default session: Paginator wastes nothing; naive code sends many times more")
  func defaultSession() async throws {
    let report = try await DemoSession.embedded(DemoOptions())
    #expect(report.feeds.map(\.feed) == ["naive onAppear", "guarded onAppear", "Paginator"])
    #expect(
      report.source
        == "the 129 \"Security\" notes of CPython's release notes (embedded, 10,017 notes in "
        + "all), newest first, keyset cursors")
    let naive = try feed("naive onAppear", in: report)
    let guarded = try feed("guarded onAppear", in: report)
    let paginator = try feed("Paginator", in: report)

    expectNoWaste(paginator)
    #expect(naive.requestsIssued > 10 * paginator.requestsIssued)
    #expect(naive.duplicateRequests > 0)
    #expect(naive.requestsAfterEnd > 0)
    #expect(naive.duplicateRowsShown > 0)
    #expect(naive.rowsLoadedButNeverShown > 10 * paginator.rowsLoadedButNeverShown)
    // The guarded code has no retry path: after the dropped answer the user waits at the end.
    #expect(guarded.stallTime > paginator.stallTime * 10)
    #expect(guarded.duplicateRequests == 0)

    // After the refresh Paginator loads the 129 notes once, in 7 pages: 6 of 20, then 9.
    #expect(rowsAfterLastRefresh(report) == [20, 20, 20, 20, 20, 20, 9])
    let kinds = report.timeline.map(\.kind)
    #expect(kinds.count { $0 == .failure } == 1)
    #expect(kinds.count { $0 == .cancellation } == 1)
    #expect(kinds.count { $0 == .network } == 1)
    // The default configuration retries the lost answer by itself, before any tap on Retry.
    #expect(report.timeline.count { $0.text.hasSuffix("(retry of #11): 20 rows in 106 ms") } == 1)
    #expect(!report.timeline.contains { $0.text == "taps Retry" })
    #expect(report.timeline.contains { $0.text.hasPrefix("pulls to refresh while #") })
    // Every request Paginator sent is in the timeline, numbered from 1.
    let numbers = report.timeline.filter { $0.kind != .user }.compactMap { entry in
      Int(entry.text.dropFirst().prefix { $0.isNumber })
    }
    #expect(Set(numbers) == Set(1...paginator.requestsIssued))
    #expect(report.timeline.map(\.milliseconds) == report.timeline.map(\.milliseconds).sorted())
    #expect(report.sessionSeconds > 30 && report.sessionSeconds < 120)
    #expect(report.notes.last == "Paginator sent no duplicate request and nothing after the end.")
  }

  @Test("the same options give the same report; another seed gives other latencies")
  func determinism() async throws {
    let first = try await DemoSession.embedded(DemoOptions())
    let second = try await DemoSession.embedded(DemoOptions())
    #expect(first == second)
    let other = try await DemoSession.embedded(DemoOptions(seed: 2))
    #expect(other.timeline != first.timeline)
    #expect(other.seed == 2)
  }

  @Test(
    "every profile: Paginator never repeats a request or asks past the end",
    arguments: SessionProfile.demo)
  func profiles(_ profile: SessionProfile) async throws {
    let report = try await DemoSession.embedded(DemoOptions(profile: profile))
    let paginator = try feed("Paginator", in: report)
    let naive = try feed("naive onAppear", in: report)
    expectNoWaste(paginator)
    #expect(naive.requestsIssued > 5 * paginator.requestsIssued)
    let failures = report.timeline.count { $0.kind == .failure }
    let expected: [SessionProfile: Int] = [.default: 1, .flakyNetwork: 3, .fling: 0, .reader: 0]
    #expect(failures == expected[profile])
    #expect(report.timeline.count { $0.text.contains("(retry of #") } == failures)
  }

  @Test("page size and latency change the run: 50-row pages, no latency")
  func pageSizeAndLatency() async throws {
    let report = try await DemoSession.embedded(DemoOptions(pageSize: 50, latencyMilliseconds: 0))
    #expect(rowsAfterLastRefresh(report) == [50, 50, 29])
    #expect(
      report.timeline.allSatisfy { !$0.text.contains(" rows in ") || $0.text.contains(" in 0 ms") })
    #expect(report.latencyMilliseconds == 0)
    #expect(try feed("Paginator", in: report).duplicateRequests == 0)
  }

  @Test("the first page URL for --url: Datasette's paging items added unless the URL sets them")
  func firstPageURL() throws {
    let base = "http://127.0.0.1:8001/release_notes/release_notes.json"
    let url = try #require(URL(string: "\(base)?section=C%20API&_sort_desc=released_at"))
    #expect(
      DemoSession.firstPageURL(url, strategy: .link, pageSize: 20).absoluteString
        == "\(base)?section=C%20API&_sort_desc=released_at&_size=20&_shape=array"
        + "&_nocount=1&_nofacet=1&_nosuggest=1")
    let own = try #require(URL(string: "\(base)?_size=5&_shape=objects&_nocount=0"))
    #expect(
      DemoSession.firstPageURL(own, strategy: .cursorField, pageSize: 20).absoluteString
        == "\(base)?_size=5&_shape=objects&_nocount=0&_nofacet=1&_nosuggest=1")
  }
}
