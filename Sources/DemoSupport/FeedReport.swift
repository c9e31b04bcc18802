import PagingTesting

/// What one feed implementation did in one scripted session: the comparison table's row.
///
/// The demo runs the same session (same seed, same gestures) through each implementation and
/// takes the row from the session's `SessionReport`s (`init(feed:rows:requests:)`): the
/// figures keep their names there, and only times become seconds, for the JSON.
package struct FeedReport: Codable, Equatable, Sendable {
  /// The implementation's name, such as `naive onAppear`, `guarded onAppear` or `Paginator`.
  package var feed: String
  /// Page requests sent to the server (`SessionReport.requestsIssued`).
  package var requestsIssued: Int
  /// Requests for a cursor already requested in the same generation (wasted round trips).
  package var duplicateRequests: Int
  /// Rows shown more than once in the list (the same id at two positions).
  package var duplicateRowsShown: Int
  /// Requests sent after the server had already returned the last page.
  package var requestsAfterEnd: Int
  /// Time the user spent looking at a loading spinner (`SessionReport.stallTime`), in seconds
  /// rounded to the millisecond.
  package var stallTime: Double
  /// Rows loaded that never came on screen before the session ended.
  package var rowsLoadedButNeverShown: Int
  /// The chat scenario: prepends after which the row the user read was no longer where it had
  /// been on screen (`SessionReport.viewportJumps`); `nil` in the other scenarios.
  package var viewportJumps: Int?
  /// The chat scenario: how far, in points summed over every prepend, the row the user read
  /// moved on screen (`SessionReport.anchorMovement`); `nil` in the other scenarios.
  package var anchorMovement: Double?
  /// The chat scenario: seconds the user sat at the top of the loaded rows while older ones
  /// existed (`SessionReport.stallTimeAtTop`); `nil` in the other scenarios.
  package var stallTimeAtTop: Double?
  /// The search scenario: rows on screen that did not match the text typed by then, each row
  /// counted once per text; `nil` in the other scenarios.
  package var staleRowsShown: Int?
  /// The search scenario: requests the feed cancelled (`SessionReport.cancelledRequests`);
  /// `nil` in the other scenarios.
  package var cancelledRequests: Int?

  /// Creates a row of the comparison.
  /// - Parameters:
  ///   - feed: The implementation's name.
  ///   - requestsIssued: Page requests sent.
  ///   - duplicateRequests: Requests repeating a cursor.
  ///   - duplicateRowsShown: Rows shown twice.
  ///   - requestsAfterEnd: Requests after the last page.
  ///   - stallTime: Seconds at a spinner.
  ///   - rowsLoadedButNeverShown: Rows loaded but never on screen.
  package init(
    feed: String, requestsIssued: Int, duplicateRequests: Int, duplicateRowsShown: Int,
    requestsAfterEnd: Int, stallTime: Double, rowsLoadedButNeverShown: Int
  ) {
    self.feed = feed
    self.requestsIssued = requestsIssued
    self.duplicateRequests = duplicateRequests
    self.duplicateRowsShown = duplicateRowsShown
    self.requestsAfterEnd = requestsAfterEnd
    self.stallTime = stallTime
    self.rowsLoadedButNeverShown = rowsLoadedButNeverShown
  }

  /// The row of a session's reports (the scenario's own figures are set after).
  /// - Parameters:
  ///   - feed: The implementation's name.
  ///   - rows: The list's report (rows shown, time at a spinner).
  ///   - requests: The request figures of the client's log (which knows of lost answers and
  ///     requests never sent, unlike the server's).
  package init(feed: String, rows: SessionReport, requests: SessionReport) {
    self.init(
      feed: feed, requestsIssued: requests.requestsIssued,
      duplicateRequests: requests.duplicateRequests, duplicateRowsShown: rows.duplicateRowsShown,
      requestsAfterEnd: requests.requestsAfterEnd, stallTime: Format.roundedSeconds(rows.stallTime),
      rowsLoadedButNeverShown: rows.rowsLoadedButNeverShown)
  }
}
