import Paging

/// Collects a scroll session's figures into a ``SessionReport``.
///
/// A ``ListSimulator`` keeps one and feeds it every frame; its
/// ``ListSimulator/report()`` adds the request figures from the server's log. Other drivers
/// (a UI test harness, the benchmark) can feed one the same way.
package struct SessionRecorder: Sendable {
  private var report = SessionReport()
  private var rowsLoadedInEarlierLists = 0

  /// Creates an empty recorder.
  package init() {}

  /// Counts an `onAppear` call.
  package mutating func recordAppearance() { report.appearances += 1 }

  /// Counts an `onDisappear` call.
  package mutating func recordDisappearance() { report.disappearances += 1 }

  /// Counts a row on screen that went back to a placeholder while it stayed on screen.
  package mutating func recordRowBackToPlaceholder() { report.rowsBackToPlaceholders += 1 }

  /// Counts one rendered frame.
  /// - Parameters:
  ///   - duration: The time since the previous frame.
  ///   - stalled: Whether the user was at the end of the loaded rows while more existed.
  package mutating func recordFrame(duration: Duration, stalled: Bool) {
    report.duration += duration
    if stalled { report.stallTime += duration }
  }

  /// Counts time spent at the top of the loaded rows while older rows may exist.
  /// - Parameter duration: The frame's duration.
  package mutating func recordStallAtTop(duration: Duration) {
    report.stallTimeAtTop += duration
  }

  /// Counts a prepend the list applied.
  /// - Parameter movement: How far, in points, the row at the top of the viewport moved on
  ///   screen (0 when it stayed in place; the sign is ignored).
  package mutating func recordPrepend(movement: Double) {
    report.prepends += 1
    let moved = abs(movement)
    if moved > 0.001 {
      report.viewportJumps += 1
      report.anchorMovement += moved
    }
  }

  /// Whether no row has been shown yet.
  package var timeToFirstRowMissing: Bool { report.timeToFirstRow == nil }

  /// Records when the first row was shown; later calls do nothing.
  /// - Parameter time: The time since the screen's `.task` first ran.
  package mutating func recordFirstRow(after time: Duration) {
    if report.timeToFirstRow == nil { report.timeToFirstRow = time }
  }

  /// Counts a row shown for the first time in its list.
  /// - Parameters:
  ///   - isDuplicate: Its item id appears higher up in the list.
  ///   - isOutOfOrder: Its item comes earlier in server order than an item above it.
  package mutating func recordRowShown(isDuplicate: Bool, isOutOfOrder: Bool) {
    report.rowsShown += 1
    if isDuplicate {
      report.duplicateRowsShown += 1
    } else if isOutOfOrder {
      report.rowsOutOfOrder += 1
    }
  }

  /// Closes a list that was replaced (a refresh) after it had loaded `rowCount` rows.
  /// - Parameter rowCount: The rows the replaced list held.
  package mutating func recordListReplaced(rowCount: Int) {
    rowsLoadedInEarlierLists += rowCount
  }

  /// The report so far.
  /// - Parameters:
  ///   - requests: The source's requests (see ``SimulatedFeedServer/log``).
  ///   - currentRowCount: The rows the current list holds.
  /// - Returns: The report.
  /// - Complexity: O(*r* × *d*) for *r* requests with at most *d* requests per cursor.
  package func report<Cursor>(requests: [RequestRecord<Cursor>], currentRowCount: Int)
    -> SessionReport
  {
    var report = self.report
    report.rowsLoaded = rowsLoadedInEarlierLists + currentRowCount
    report.rowsLoadedButNeverShown = max(0, report.rowsLoaded - report.rowsShown)
    Self.addRequestFigures(requests, to: &report)
    return report
  }

  /// Adds the request figures of `requests` to `report`. A request that was never sent
  /// (``RequestRecord/Outcome/notSent``) is not counted; one whose answer was lost counts as
  /// failed.
  /// - Parameters:
  ///   - requests: The requests, in any order.
  ///   - report: The report to fill in.
  package static func addRequestFigures<Cursor>(
    _ requests: [RequestRecord<Cursor>], to report: inout SessionReport
  ) {
    for (record, waste) in RequestWaste.classify(requests) {
      report.requestsIssued += 1
      if record.isFailure { report.failedRequests += 1 }
      if record.outcome == .cancelled { report.cancelledRequests += 1 }
      if waste.isAfterEnd { report.requestsAfterEnd += 1 }
      if waste.isHedge { report.hedgedRequests += 1 }
      if waste.isDuplicate { report.duplicateRequests += 1 }
      if waste.isReload { report.reloads += 1 }
    }
  }
}
