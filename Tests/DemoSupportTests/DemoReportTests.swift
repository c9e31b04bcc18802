import DemoSupport
import Testing

@Suite("DemoReport: the same content as text and as JSON")
struct DemoReportTests {
  private let report = DemoReport(
    source: "embedded: 10017 release notes", profile: .default, seed: 7, pageSize: 20,
    latencyMilliseconds: 150,
    timeline: [
      TimelineEntry(milliseconds: 0, kind: .user, text: "open the screen"),
      TimelineEntry(milliseconds: 1234, kind: .response, text: "refresh: 20 rows in 1234 ms"),
    ],
    feeds: [
      FeedReport(
        feed: "naive onAppear", requests: 41, duplicateRequests: 12, duplicateRowsShown: 30,
        requestsAfterEnd: 3, spinnerSeconds: 2.345, rowsNeverShown: 60),
      FeedReport(
        feed: "Paginator", requests: 11, duplicateRequests: 0, duplicateRowsShown: 0,
        requestsAfterEnd: 0, spinnerSeconds: 0.5, rowsNeverShown: 20),
    ])

  @Test("text: settings, timeline, comparison table")
  func text() {
    #expect(
      report.text()
        == """
        source: embedded: 10017 release notes; session: default; seed 7; 20 rows per page; \
        median latency 150 ms

        Timeline (Paginator)
            0.00 s  user        open the screen
            1.23 s  response    refresh: 20 rows in 1234 ms

        Comparison
        feed            requests  duplicate requests  duplicate rows shown  requests after end\
          s at spinner  rows never shown
        --------------  --------  ------------------  --------------------  ------------------\
          ------------  ----------------
        naive onAppear        41                  12                    30                   3\
                  2.35                60
        Paginator             11                   0                     0                   0\
                  0.50                20

        """)
  }

  @Test("against a real server the latency setting is left out")
  func textWithoutLatency() {
    var real = report
    real.latencyMilliseconds = nil
    real.timeline = []
    real.feeds = []
    #expect(
      real.text().hasPrefix(
        "source: embedded: 10017 release notes; session: default; seed 7; 20 rows per page\n\n"))
  }

  @Test("JSON: sorted keys, stable, the same figures")
  func json() throws {
    var small = report
    small.timeline = [small.timeline[0]]
    small.feeds = [small.feeds[1]]
    #expect(
      try small.json()
        == """
        {
          "feeds" : [
            {
              "duplicateRequests" : 0,
              "duplicateRowsShown" : 0,
              "feed" : "Paginator",
              "requests" : 11,
              "requestsAfterEnd" : 0,
              "rowsNeverShown" : 20,
              "spinnerSeconds" : 0.5
            }
          ],
          "latencyMilliseconds" : 150,
          "pageSize" : 20,
          "profile" : "default",
          "seed" : 7,
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
  }

  @Test("a non-finite spinner time is an error, not a crash")
  func nonFiniteSpinnerTime() {
    var bad = report
    bad.feeds[0].spinnerSeconds = .infinity
    #expect(throws: (any Error).self) { try bad.json() }
  }
}
