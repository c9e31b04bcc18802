import Foundation
import Paging
import PagingTesting
import Testing

@Suite("SessionReport: sums of sessions, and JSON with times in seconds")
struct SessionReportTests {
  /// A report with every figure set, from `base` (so that two of them differ everywhere).
  func report(_ base: Int, firstRow: Duration?) -> SessionReport {
    var report = SessionReport()
    report.duration = .milliseconds(1_000 * base)
    report.requestsIssued = base + 1
    report.duplicateRequests = base + 2
    report.hedgedRequests = base + 3
    report.requestsAfterEnd = base + 4
    report.failedRequests = base + 5
    report.cancelledRequests = base + 6
    report.rowsLoaded = base + 7
    report.rowsShown = base + 8
    report.duplicateRowsShown = base + 9
    report.rowsOutOfOrder = base + 10
    report.rowsLoadedButNeverShown = base + 11
    report.stallTime = .milliseconds(base + 12)
    report.timeToFirstRow = firstRow
    report.stallTimeAtTop = .milliseconds(base + 13)
    report.prepends = base + 14
    report.viewportJumps = base + 15
    report.anchorMovement = Double(base) + 0.5
    report.appearances = base + 16
    report.disappearances = base + 17
    report.reloads = base + 18
    return report
  }

  @Test func sumAddsEveryFigure() {
    let total = report(0, firstRow: .milliseconds(300)) + report(100, firstRow: nil)
    var expected = report(100, firstRow: .milliseconds(300))
    expected.duration = .seconds(100)
    expected.requestsIssued = 102
    expected.duplicateRequests = 104
    expected.hedgedRequests = 106
    expected.requestsAfterEnd = 108
    expected.failedRequests = 110
    expected.cancelledRequests = 112
    expected.rowsLoaded = 114
    expected.rowsShown = 116
    expected.duplicateRowsShown = 118
    expected.rowsOutOfOrder = 120
    expected.rowsLoadedButNeverShown = 122
    expected.stallTime = .milliseconds(124)
    expected.stallTimeAtTop = .milliseconds(126)
    expected.prepends = 128
    expected.viewportJumps = 130
    expected.anchorMovement = 101
    expected.appearances = 132
    expected.disappearances = 134
    expected.reloads = 136
    #expect(total == expected)
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
        + #""rowsLoaded":0,"rowsLoadedButNeverShown":0,"rowsOutOfOrder":0,"rowsShown":0,"#
        + #""stallTime":0.25,"stallTimeAtTop":0,"viewportJumps":0}"#)
    for original in [small, report(7, firstRow: .milliseconds(467)), report(3, firstRow: nil)] {
      let decoded = try JSONDecoder().decode(
        SessionReport.self, from: try JSONEncoder().encode(original))
      #expect(decoded == original)
    }
  }
}
