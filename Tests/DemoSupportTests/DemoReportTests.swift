import DemoSupport
import Foundation
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

/// A row of the comparison with the figures the feed table shows.
private func row(
  _ feed: String, requests: Int, duplicates: Int, duplicateRows: Int, afterEnd: Int,
  stall: Duration, neverShown: Int
) -> DemoReport.Row {
  var report = SessionReport()
  report.requestsIssued = requests
  report.duplicateRequests = duplicates
  report.duplicateRowsShown = duplicateRows
  report.requestsAfterEnd = afterEnd
  report.stallTime = stall
  report.rowsLoadedButNeverShown = neverShown
  return DemoReport.Row(feed: feed, report: report)
}

@Suite("DemoReport: the same content as text and as JSON", .timeLimit(.minutes(minuteLimit)))
struct DemoReportTests {
  private let report = DemoReport(
    source: "embedded: 10017 release notes", network: "simulated", profile: .reader, seed: 7,
    pageSize: 20, latencyMilliseconds: 150, sessionSeconds: 12.5,
    timeline: [
      TimelineEntry(milliseconds: 0, kind: .user, text: "open the screen"),
      TimelineEntry(milliseconds: 1234, kind: .response, text: "refresh: 20 rows in 1234 ms"),
    ],
    feeds: [
      row(
        "naive onAppear", requests: 41, duplicates: 12, duplicateRows: 30, afterEnd: 3,
        stall: .milliseconds(2_345), neverShown: 60),
      row(
        "Paginator", requests: 11, duplicates: 0, duplicateRows: 0, afterEnd: 0,
        stall: .milliseconds(500), neverShown: 20),
    ],
    notes: [
      // 97 columns: the unit stays with its number.
      String(repeating: "abcd ", count: 18) + "40.5 s.",
      // 99 columns: wrapped at 96.
      Array(repeating: "abcd", count: 20).joined(separator: " "),
    ])

  @Test("text: settings, timeline, comparison table, notes, legend")
  func text() {
    #expect(
      report.text()
        == """
        paging-demo: one user session, three ways to page the same list
        list:     embedded: 10017 release notes; 20 rows per page
        network:  simulated
        session:  reader (read slowly, a row a second, to the end), 12.5 s, seed 7

        Timeline (Paginator)
            0.00 s  user         open the screen
            1.23 s  response     refresh: 20 rows in 1234 ms

        Comparison (same session, same seed)
        feed            requests  dup. requests  dup. rows shown  after end  s at spinner  never shown
        --------------  --------  -------------  ---------------  ---------  ------------  -----------
        naive onAppear        41             12               30          3          2.35           60
        Paginator             11              0                0          0          0.50           20

        abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd 40.5 s.
        abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd abcd
        abcd

        dup. requests: requests for a page that was loading or had loaded (same cursor, same list)
        dup. rows shown: rows whose note the list had already shown higher up
        after end: requests sent after the server had answered the last page
        s at spinner: seconds the user sat at the end of the loaded rows while more existed
        never shown: rows loaded that never came on screen

        """)
  }

  @Test("settings longer than a line wrap under their label, at most 96 columns wide")
  func wrappedSettings() {
    var long = report
    long.source = Array(repeating: "word", count: 33).joined(separator: " ")
    let lines = long.text().split(separator: "\n").map(String.init)
    let seventeen = Array(repeating: "word", count: 17).joined(separator: " ")
    #expect(lines[1] == "list:     " + seventeen)
    let fifteen = Array(repeating: "word", count: 15).joined(separator: " ")
    // "20" is short enough to stay on its line; "rows" is not.
    #expect(lines[2] == "          " + fifteen + " word; 20")
    #expect(lines[3] == "          rows per page")
    #expect(lines[1].count == 94)
  }

  @Test("on a terminal the headings are bold and the legend dim")
  func ansi() {
    let text = report.text(style: .ansi)
    #expect(text.hasPrefix("\u{1B}[1mpaging-demo: one user session"))
    #expect(text.contains("\u{1B}[1mTimeline (Paginator)\u{1B}[0m\n"))
    #expect(
      text.contains("\u{1B}[2mnever shown: rows loaded that never came on screen\u{1B}[0m\n"))
  }

  @Test("JSON: sorted keys, stable, the same figures")
  func json() throws {
    var small = report
    small.timeline = [small.timeline[0]]
    small.feeds = [small.feeds[1]]
    small.notes = ["Paginator sent no duplicate request and nothing after the end."]
    #expect(
      try small.json()
        == """
        {
          "feeds" : [
            {
              "anchorMovement" : 0,
              "appearances" : 0,
              "cancelledRequests" : 0,
              "disappearances" : 0,
              "duplicateRequests" : 0,
              "duplicateRowsShown" : 0,
              "duration" : 0,
              "failedRequests" : 0,
              "feed" : "Paginator",
              "hedgedRequests" : 0,
              "prepends" : 0,
              "reloads" : 0,
              "requestsAfterEnd" : 0,
              "requestsIssued" : 11,
              "rowsBackToPlaceholders" : 0,
              "rowsLoaded" : 0,
              "rowsLoadedButNeverShown" : 20,
              "rowsOutOfOrder" : 0,
              "rowsShown" : 0,
              "stallTime" : 0.5,
              "stallTimeAtTop" : 0,
              "viewportJumps" : 0
            }
          ],
          "latencyMilliseconds" : 150,
          "network" : "simulated",
          "notes" : [
            "Paginator sent no duplicate request and nothing after the end."
          ],
          "pageSize" : 20,
          "profile" : "reader",
          "seed" : 7,
          "sessionSeconds" : 12.5,
          "source" : "embedded: 10017 release notes",
          "timeline" : [
            {
              "kind" : "user",
              "milliseconds" : 0,
              "text" : "open the screen"
            }
          ]
        }

        """)
    let decoded = try JSONDecoder().decode(DemoReport.self, from: Data(try small.json().utf8))
    #expect(decoded == small)
  }

  @Test("a non-finite figure is an error, not a crash")
  func nonFiniteFigure() {
    var bad = report
    bad.feeds[0].report.anchorMovement = .infinity
    #expect(throws: (any Error).self) { try bad.json() }
  }
}
