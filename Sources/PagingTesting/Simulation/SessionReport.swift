/// What a simulated scroll session did, seen from the user's side: the figures listed in the
/// rulebook (Rulebook.md in Paging.docc, "How lists fire their rows").
///
/// Equal sessions give equal reports: a ``ListSimulator`` run in virtual time with the same
/// seeds produces the same report, run after run. Reports add up (`+`, in the package), so that several
/// sessions give one total, and encode as JSON with times in seconds.
public struct SessionReport: Hashable, Sendable, CustomStringConvertible {
  /// The session's simulated length.
  package var duration: Duration
  /// Requests the source received, hedges included.
  public var requestsIssued: Int
  /// Requests for a cursor already requested in the same generation while that earlier
  /// request was in flight or had succeeded (a retry after a failure or a cancellation does
  /// not count, nor does a hedge: see ``hedgedRequests``).
  public var duplicateRequests: Int
  /// Requests for a page the feed had loaded and then let go, once the user came back to it: a
  /// cursor of the generation answered with a page before, none of its requests in flight, and
  /// the feed had loaded at the other edge since (the pages a `maxSize` cap dropped). Not
  /// counted in ``duplicateRequests``.
  public var reloads: Int
  /// Hedges the source received: second requests for a page
  /// whose first request was slow, sent on purpose and counted here, not as duplicates.
  public var hedgedRequests: Int
  /// Requests that arrived after the source had answered the last page of their
  /// generation at their edge: a refresh or an append after a page without a next cursor, a
  /// prepend after a page without a previous cursor.
  public var requestsAfterEnd: Int
  /// Requests answered with an error.
  public var failedRequests: Int
  /// Requests cancelled by the caller while they waited.
  public var cancelledRequests: Int
  /// Rows loaded, summed over every list the session showed (a refresh starts a new one),
  /// duplicates included.
  package var rowsLoaded: Int
  /// Rows that were on screen (inside the viewport, not only its margins) at least once.
  public var rowsShown: Int
  /// Rows shown whose item id already appeared higher up in the same list.
  public var duplicateRowsShown: Int
  /// Rows shown whose item comes earlier in server order than an item above them in the
  /// list (duplicates not included).
  public var rowsOutOfOrder: Int
  /// Rows loaded but never shown: the overfetch.
  public var rowsLoadedButNeverShown: Int
  /// Time during which the user was at the end of the loaded rows while more existed (the
  /// wait for the first page not included; see ``timeToFirstRow``).
  public var stallTime: Duration
  /// Time from the first run of the screen's `.task` to the first frame that showed a row,
  /// or `nil` when no row was shown.
  public var timeToFirstRow: Duration?
  /// Time during which the user was at the top of the loaded rows (the first row at the top
  /// of the viewport) while the feed said older rows may exist
  /// (`hasPreviousPage` of a paginator): a chat's wait for older messages. Not part of
  /// ``stallTime``.
  public var stallTimeAtTop: Duration
  /// Times the list put rows above the rows it held (prepends seen by the list; several
  /// pages that land between two frames count once).
  package var prepends: Int
  /// Prepends after which the row at the top of the viewport was no longer where it had been
  /// on screen: the user was thrown elsewhere (fault class 17).
  public var viewportJumps: Int
  /// How far, in points summed over every prepend, the row at the top of the viewport moved
  /// on screen: 0 when the paginator's `scrollAnchor` kept it in place each time.
  public var anchorMovement: Double
  /// Times a row on screen went back to a placeholder while it stayed on screen (a counted
  /// list, `Paginator.rows`): 0 when every refresh, invalidation and jump kept the place
  /// (rulebook R31).
  public var rowsBackToPlaceholders: Int
  /// `onAppear` calls the list made (footer included).
  package var appearances: Int
  /// `onDisappear` calls the list made (footer included).
  package var disappearances: Int

  /// Creates a report with every figure at zero.
  public init() {
    duration = .zero
    requestsIssued = 0
    duplicateRequests = 0
    reloads = 0
    hedgedRequests = 0
    requestsAfterEnd = 0
    failedRequests = 0
    cancelledRequests = 0
    rowsLoaded = 0
    rowsShown = 0
    duplicateRowsShown = 0
    rowsOutOfOrder = 0
    rowsLoadedButNeverShown = 0
    stallTime = .zero
    timeToFirstRow = nil
    stallTimeAtTop = .zero
    prepends = 0
    viewportJumps = 0
    anchorMovement = 0
    rowsBackToPlaceholders = 0
    appearances = 0
    disappearances = 0
  }

  /// The figures of two sessions added up: every count, time and distance summed.
  /// ``timeToFirstRow`` is the sum over the sessions that showed a row, `nil` when neither did.
  /// - Parameters:
  ///   - lhs: One session's report.
  ///   - rhs: Another's.
  /// - Returns: The total.
  package static func + (lhs: SessionReport, rhs: SessionReport) -> SessionReport {
    var total = lhs
    total += rhs
    return total
  }

  /// The request figures (``requestsIssued`` through ``cancelledRequests``) replaced by those
  /// of `other`, the rest kept: a list's report with the request figures of a log other than
  /// the server's (a client's, which knows of lost answers).
  /// - Parameter other: The report whose request figures to take.
  /// - Returns: The combined report.
  package func withRequestFigures(of other: SessionReport) -> SessionReport {
    var report = self
    report.requestsIssued = other.requestsIssued
    report.duplicateRequests = other.duplicateRequests
    report.reloads = other.reloads
    report.hedgedRequests = other.hedgedRequests
    report.requestsAfterEnd = other.requestsAfterEnd
    report.failedRequests = other.failedRequests
    report.cancelledRequests = other.cancelledRequests
    return report
  }

  /// One figure a line, for logs and the benchmark.
  public var description: String {
    """
    duration \(duration)
    requests \(requestsIssued) (duplicate \(duplicateRequests), after the end \
    \(requestsAfterEnd), failed \(failedRequests), cancelled \(cancelledRequests)\
    \(hedgedRequests > 0 ? ", hedges \(hedgedRequests)" : "")\(reloads > 0 ? ", reloads \(reloads)" : ""))
    rows loaded \(rowsLoaded), shown \(rowsShown), never shown \(rowsLoadedButNeverShown)
    duplicate rows shown \(duplicateRowsShown), out of order \(rowsOutOfOrder)
    stall \(stallTime), first row after \(timeToFirstRow.map { "\($0)" } ?? "never")
    appearances \(appearances), disappearances \(disappearances)
    """ + prependDescription
      + (rowsBackToPlaceholders > 0 ? "\nrows back to placeholders \(rowsBackToPlaceholders)" : "")
  }

  /// The prepend figures as a last line, or nothing for a session without prepends or a wait
  /// at the top (so a feed's description is as it always was).
  private var prependDescription: String {
    guard prepends > 0 || stallTimeAtTop > .zero else { return "" }
    return """

      prepends \(prepends), viewport jumps \(viewportJumps), anchor moved \(anchorMovement) pt, \
      stall at the top \(stallTimeAtTop)
      """
  }
}
