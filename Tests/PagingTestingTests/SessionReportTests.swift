import Foundation
import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@Suite(
  "SessionReport: sums of sessions, and JSON with times in seconds",
  .timeLimit(.minutes(minuteLimit)))
struct SessionReportTests {
  /// A report whose figures are `base` plus a multiple of `step`, each a different one.
  func report(_ base: Int, step: Int = 1, firstRow: Duration?) -> SessionReport {
    var report = SessionReport()
    report.duration = .milliseconds(1_000 * base)
    report.requestsIssued = base + step
    report.duplicateRequests = base + 2 * step
    report.hedgedRequests = base + 3 * step
    report.requestsAfterEnd = base + 4 * step
    report.failedRequests = base + 5 * step
    report.cancelledRequests = base + 6 * step
    report.rowsLoaded = base + 7 * step
    report.rowsShown = base + 8 * step
    report.duplicateRowsShown = base + 9 * step
    report.rowsOutOfOrder = base + 10 * step
    report.rowsLoadedButNeverShown = base + 11 * step
    report.stallTime = .milliseconds(base + 12 * step)
    report.timeToFirstRow = firstRow
    report.stallTimeAtTop = .milliseconds(base + 13 * step)
    report.prepends = base + 14 * step
    report.viewportJumps = base + 15 * step
    report.anchorMovement = Double(base) + 0.5 * Double(step)
    report.appearances = base + 16 * step
    report.disappearances = base + 17 * step
    report.reloads = base + 18 * step
    return report
  }

  @Test func sumAddsEveryFigure() {
    let total = report(0, firstRow: .milliseconds(300)) + report(100, firstRow: nil)
    // Each figure: (0 + k) + (100 + k) = 100 + 2k; the times likewise.
    #expect(total == report(100, step: 2, firstRow: .milliseconds(300)))
    #expect(total.requestsIssued == 102)
    #expect(total.reloads == 136)
    #expect(total.stallTime == .milliseconds(124))
    #expect(total.duration == .seconds(100))
    #expect(total.anchorMovement == 101)
    #expect(SessionReport() + SessionReport() == SessionReport())
    let twice = report(0, firstRow: .milliseconds(300)) + report(0, firstRow: .milliseconds(300))
    #expect(twice.timeToFirstRow == .milliseconds(600))
  }

  @Test func jsonHasTimesInSecondsAndReadsBackEqual() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var small = SessionReport()
    small.duration = .milliseconds(1_500)
    small.requestsIssued = 3
    small.stallTime = .milliseconds(250)
    let json = String(decoding: try encoder.encode(small), as: UTF8.self)
    #expect(
      json
        == #"{"anchorMovement":0,"appearances":0,"cancelledRequests":0,"disappearances":0,"#
        + #""duplicateRequests":0,"duplicateRowsShown":0,"duration":1.5,"failedRequests":0,"#
        + #""hedgedRequests":0,"prepends":0,"reloads":0,"requestsAfterEnd":0,"requestsIssued":3,"#
        + #""rowsBackToPlaceholders":0,"rowsLoaded":0,"rowsLoadedButNeverShown":0,"#
        + #""rowsOutOfOrder":0,"rowsShown":0,"#
        + #""stallTime":0.25,"stallTimeAtTop":0,"viewportJumps":0}"#)
    for original in [small, report(7, firstRow: .milliseconds(467)), report(3, firstRow: nil)] {
      let decoded = try JSONDecoder().decode(
        SessionReport.self, from: try JSONEncoder().encode(original))
      #expect(decoded == original)
    }
  }
}
