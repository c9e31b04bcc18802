/// What one feed implementation did in one scripted session: the comparison table's row.
///
/// The demo runs the same session (same seed, same gestures) through each implementation and
/// counts, from the session's record, what the user and the server saw.
public struct FeedReport: Codable, Equatable, Sendable {
  /// The implementation's name, such as `naive onAppear`, `guarded onAppear` or `Paginator`.
  public var feed: String
  /// Page requests sent to the server.
  public var requests: Int
  /// Requests for a cursor already requested in the same generation (wasted round trips).
  public var duplicateRequests: Int
  /// Rows shown more than once in the list (the same id at two positions).
  public var duplicateRowsShown: Int
  /// Requests sent after the server had already returned the last page.
  public var requestsAfterEnd: Int
  /// Time the user spent looking at a loading spinner, in seconds.
  public var spinnerSeconds: Double
  /// Rows loaded that never came on screen before the session ended.
  public var rowsNeverShown: Int
  /// The chat scenario: prepends after which the row the user read was no longer where it had
  /// been on screen (`SessionReport.viewportJumps`); `nil` in the other scenarios.
  public var anchorJumps: Int?
  /// The chat scenario: how far, in points summed over every prepend, the row the user read
  /// moved on screen (`SessionReport.anchorMovement`); `nil` in the other scenarios.
  public var anchorMovementPoints: Double?
  /// The chat scenario: seconds the user sat at the top of the loaded rows while older ones
  /// existed (`SessionReport.stallTimeAtTop`); `nil` in the other scenarios.
  public var secondsAtTop: Double?
  /// The search scenario: rows on screen that did not match the text typed by then, each row
  /// counted once per text; `nil` in the other scenarios.
  public var staleRowsShown: Int?
  /// The search scenario: requests the feed cancelled; `nil` in the other scenarios.
  public var cancelledRequests: Int?

  /// Creates a row of the comparison.
  /// - Parameters:
  ///   - feed: The implementation's name.
  ///   - requests: Page requests sent.
  ///   - duplicateRequests: Requests repeating a cursor.
  ///   - duplicateRowsShown: Rows shown twice.
  ///   - requestsAfterEnd: Requests after the last page.
  ///   - spinnerSeconds: Seconds at a spinner.
  ///   - rowsNeverShown: Rows loaded but never on screen.
  public init(
    feed: String, requests: Int, duplicateRequests: Int, duplicateRowsShown: Int,
    requestsAfterEnd: Int, spinnerSeconds: Double, rowsNeverShown: Int
  ) {
    self.feed = feed
    self.requests = requests
    self.duplicateRequests = duplicateRequests
    self.duplicateRowsShown = duplicateRowsShown
    self.requestsAfterEnd = requestsAfterEnd
    self.spinnerSeconds = spinnerSeconds
    self.rowsNeverShown = rowsNeverShown
  }
}
