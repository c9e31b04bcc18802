import Paging

/// Times are written as seconds (a JSON number reads better than `Duration`'s two integers)
/// and read back to the nanosecond, so that a report whose times are whole nanoseconds (every
/// report in virtual time) reads back equal. A session that showed no row has no
/// `timeToFirstRow` key.
extension SessionReport: Codable {
  private enum CodingKeys: String, CodingKey {
    case duration, requestsIssued, duplicateRequests, reloads, hedgedRequests, requestsAfterEnd
    case failedRequests, cancelledRequests, rowsLoaded, rowsShown, duplicateRowsShown
    case rowsOutOfOrder, rowsLoadedButNeverShown, stallTime, timeToFirstRow, stallTimeAtTop
    case prepends, viewportJumps, anchorMovement, appearances, disappearances
  }

  /// Reads a report written by ``encode(to:)``.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a figure is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func count(_ key: CodingKeys) throws -> Int { try container.decode(Int.self, forKey: key) }
    func time(_ key: CodingKeys) throws -> Duration {
      Self.duration(seconds: try container.decode(Double.self, forKey: key))
    }
    self.init()
    duration = try time(.duration)
    requestsIssued = try count(.requestsIssued)
    duplicateRequests = try count(.duplicateRequests)
    reloads = try count(.reloads)
    hedgedRequests = try count(.hedgedRequests)
    requestsAfterEnd = try count(.requestsAfterEnd)
    failedRequests = try count(.failedRequests)
    cancelledRequests = try count(.cancelledRequests)
    rowsLoaded = try count(.rowsLoaded)
    rowsShown = try count(.rowsShown)
    duplicateRowsShown = try count(.duplicateRowsShown)
    rowsOutOfOrder = try count(.rowsOutOfOrder)
    rowsLoadedButNeverShown = try count(.rowsLoadedButNeverShown)
    stallTime = try time(.stallTime)
    timeToFirstRow = try container.decodeIfPresent(Double.self, forKey: .timeToFirstRow)
      .map(Self.duration(seconds:))
    stallTimeAtTop = try time(.stallTimeAtTop)
    prepends = try count(.prepends)
    viewportJumps = try count(.viewportJumps)
    anchorMovement = try container.decode(Double.self, forKey: .anchorMovement)
    appearances = try count(.appearances)
    disappearances = try count(.disappearances)
  }

  /// Writes every figure under its property's name, times in seconds.
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` when a value cannot be written (a non-finite
  ///   ``anchorMovement`` in JSON).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(duration.seconds, forKey: .duration)
    try container.encode(requestsIssued, forKey: .requestsIssued)
    try container.encode(duplicateRequests, forKey: .duplicateRequests)
    try container.encode(reloads, forKey: .reloads)
    try container.encode(hedgedRequests, forKey: .hedgedRequests)
    try container.encode(requestsAfterEnd, forKey: .requestsAfterEnd)
    try container.encode(failedRequests, forKey: .failedRequests)
    try container.encode(cancelledRequests, forKey: .cancelledRequests)
    try container.encode(rowsLoaded, forKey: .rowsLoaded)
    try container.encode(rowsShown, forKey: .rowsShown)
    try container.encode(duplicateRowsShown, forKey: .duplicateRowsShown)
    try container.encode(rowsOutOfOrder, forKey: .rowsOutOfOrder)
    try container.encode(rowsLoadedButNeverShown, forKey: .rowsLoadedButNeverShown)
    try container.encode(stallTime.seconds, forKey: .stallTime)
    try container.encodeIfPresent(timeToFirstRow?.seconds, forKey: .timeToFirstRow)
    try container.encode(stallTimeAtTop.seconds, forKey: .stallTimeAtTop)
    try container.encode(prepends, forKey: .prepends)
    try container.encode(viewportJumps, forKey: .viewportJumps)
    try container.encode(anchorMovement, forKey: .anchorMovement)
    try container.encode(appearances, forKey: .appearances)
    try container.encode(disappearances, forKey: .disappearances)
  }

  /// `seconds` to the nearest nanosecond.
  private static func duration(seconds: Double) -> Duration {
    .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}
