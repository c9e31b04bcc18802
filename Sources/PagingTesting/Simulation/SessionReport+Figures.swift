import Paging

/// The report's figures listed once, with their JSON keys, for reading, writing and adding up.
///
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
    case rowsBackToPlaceholders
  }

  /// The figures that count something, with their keys.
  private static let counts: [(CodingKeys, WritableKeyPath<SessionReport, Int> & Sendable)] = [
    (.requestsIssued, \.requestsIssued), (.duplicateRequests, \.duplicateRequests),
    (.reloads, \.reloads), (.hedgedRequests, \.hedgedRequests),
    (.requestsAfterEnd, \.requestsAfterEnd), (.failedRequests, \.failedRequests),
    (.cancelledRequests, \.cancelledRequests), (.rowsLoaded, \.rowsLoaded),
    (.rowsShown, \.rowsShown), (.duplicateRowsShown, \.duplicateRowsShown),
    (.rowsOutOfOrder, \.rowsOutOfOrder), (.rowsLoadedButNeverShown, \.rowsLoadedButNeverShown),
    (.prepends, \.prepends), (.viewportJumps, \.viewportJumps), (.appearances, \.appearances),
    (.disappearances, \.disappearances), (.rowsBackToPlaceholders, \.rowsBackToPlaceholders),
  ]

  /// The figures that are times, with their keys (``timeToFirstRow``, optional, aside).
  private static let times: [(CodingKeys, WritableKeyPath<SessionReport, Duration> & Sendable)] = [
    (.duration, \.duration), (.stallTime, \.stallTime), (.stallTimeAtTop, \.stallTimeAtTop),
  ]

  /// Reads a report written by ``encode(to:)``.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a figure is missing or of the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    for (key, figure) in Self.counts {
      self[keyPath: figure] = try container.decode(Int.self, forKey: key)
    }
    for (key, figure) in Self.times {
      self[keyPath: figure] = Self.duration(seconds: try container.decode(Double.self, forKey: key))
    }
    timeToFirstRow = try container.decodeIfPresent(Double.self, forKey: .timeToFirstRow)
      .map(Self.duration(seconds:))
    anchorMovement = try container.decode(Double.self, forKey: .anchorMovement)
  }

  /// Writes every figure under its property's name, times in seconds.
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` when a value cannot be written (a non-finite
  ///   ``anchorMovement`` in JSON).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    for (key, figure) in Self.counts { try container.encode(self[keyPath: figure], forKey: key) }
    for (key, figure) in Self.times {
      try container.encode(self[keyPath: figure].seconds, forKey: key)
    }
    try container.encodeIfPresent(timeToFirstRow?.seconds, forKey: .timeToFirstRow)
    try container.encode(anchorMovement, forKey: .anchorMovement)
  }

  /// Adds the figures of `rhs` to `lhs`, as ``+(_:_:)`` does: every count, time and distance
  /// summed; ``timeToFirstRow`` summed over the reports that have one.
  /// - Parameters:
  ///   - lhs: The total so far.
  ///   - rhs: The report to add.
  package static func += (lhs: inout SessionReport, rhs: SessionReport) {
    for (_, figure) in counts { lhs[keyPath: figure] += rhs[keyPath: figure] }
    for (_, figure) in times { lhs[keyPath: figure] += rhs[keyPath: figure] }
    if let time = rhs.timeToFirstRow { lhs.timeToFirstRow = (lhs.timeToFirstRow ?? .zero) + time }
    lhs.anchorMovement += rhs.anchorMovement
  }

  /// `seconds` to the nearest nanosecond; a figure no `Int64` of nanoseconds holds (a report
  /// edited by hand) is the longest one, and one that is not a number none.
  private static func duration(seconds: Double) -> Duration {
    let nanoseconds = (seconds * 1e9).rounded()
    guard !nanoseconds.isNaN else { return .zero }
    return .nanoseconds(
      nanoseconds >= 9.2e18 ? .max : nanoseconds <= -9.2e18 ? .min : Int64(nanoseconds))
  }
}
