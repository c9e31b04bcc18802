import Paging

/// Which of a session's requests were wasted, and how: the per-request form of
/// ``SessionReport/duplicateRequests``, ``SessionReport/reloads``,
/// ``SessionReport/hedgedRequests`` and ``SessionReport/requestsAfterEnd``, so that a picture
/// of the session can mark each one.
package struct RequestWaste: Hashable, Sendable {
  /// Whether it asked for a cursor already asked for in the same generation while that earlier
  /// request was in flight or had succeeded (a hedge is not a duplicate).
  package var isDuplicate: Bool
  /// Whether it arrived after the source had answered the last page of its generation at its
  /// edge.
  package var isAfterEnd: Bool
  /// Whether it was a hedge (`PageRequest.isHedge`).
  package var isHedge: Bool
  /// Whether it asked again for a page the feed had loaded and then let go: a cursor of the
  /// generation that had been answered with a page, none of its requests still in flight, and
  /// the feed had loaded at the other edge since (a window capped by `maxSize` drops pages at
  /// the edge away from the user, and loads them again when the user comes back). Not a
  /// duplicate.
  package var isReload: Bool

  /// Creates a classification.
  /// - Parameters:
  ///   - isDuplicate: A duplicate request.
  ///   - isAfterEnd: A request after the end.
  ///   - isHedge: A hedge.
  ///   - isReload: A reload of a page let go.
  package init(
    isDuplicate: Bool = false, isAfterEnd: Bool = false, isHedge: Bool = false,
    isReload: Bool = false
  ) {
    self.isDuplicate = isDuplicate
    self.isAfterEnd = isAfterEnd
    self.isHedge = isHedge
    self.isReload = isReload
  }

  /// Classifies `requests`, as ``SessionRecorder/addRequestFigures(_:to:)`` counts them; a
  /// request that was never sent (``RequestRecord/Outcome/notSent``) is left out.
  /// - Parameter requests: The requests, in any order.
  /// - Returns: The records sent, sorted by request id, each with its classification.
  /// - Complexity: O(*n* log *n* + *d* × *n*) for *n* requests, *d* the pairs of requests for
  ///   the same cursor in the same generation.
  package static func classify<Cursor>(_ requests: [RequestRecord<Cursor>]) -> [(
    record: RequestRecord<Cursor>, waste: RequestWaste
  )] {
    let sorted = requests.filter { $0.outcome != .notSent }
      .sorted { $0.request.id < $1.request.id }
    // Where each edge of each generation ended: the append edge at a refresh or append page
    // without a next cursor, the prepend edge at a refresh or prepend page without a previous
    // cursor.
    var ends: [Generation: Int] = [:]
    var starts: [Generation: Int] = [:]
    for record in sorted {
      guard case .page(_, let endsList) = record.outcome, let answer = record.answer else {
        continue
      }
      let generation = record.request.generation
      if endsList, record.request.direction != .prepend {
        ends[generation] = min(ends[generation] ?? answer, answer)
      }
      if record.reachesStart, record.request.direction != .append {
        starts[generation] = min(starts[generation] ?? answer, answer)
      }
    }
    // The arrivals of each generation's appends and prepends, for the reloads.
    var edgeArrivals: [Generation: [LoadDirection: [Int]]] = [:]
    for record in sorted where record.request.direction != .refresh {
      edgeArrivals[record.request.generation, default: [:]][
        record.request.direction, default: []
      ].append(record.arrival)
    }
    // The earlier requests of each generation and cursor, by index in `sorted`: one dictionary
    // and indices, so that no record is copied per duplicate.
    var earlier: [EarlierKey<Cursor>: [Int]] = [:]
    var result: [(record: RequestRecord<Cursor>, waste: RequestWaste)] = []
    result.reserveCapacity(sorted.count)
    for (index, record) in sorted.enumerated() {
      var waste = RequestWaste(isHedge: record.request.isHedge)
      let edgeEnds = record.request.direction == .prepend ? starts : ends
      if let end = edgeEnds[record.request.generation], record.arrival > end {
        waste.isAfterEnd = true
      }
      let (generation, cursor) = (record.request.generation, record.request.cursor)
      let key = EarlierKey(generation: generation, cursor: cursor)
      if !record.request.isHedge, let previous = earlier[key] {
        let repeated = previous.lazy.map { sorted[$0] }.filter {
          !endedUnsuccessfully($0, before: record.arrival)
        }
        if !repeated.isEmpty {
          let opposite: LoadDirection = record.request.direction == .prepend ? .append : .prepend
          let otherEdge = edgeArrivals[generation]?[opposite] ?? []
          waste.isReload =
            record.request.direction != .refresh
            && repeated.allSatisfy { earlier in
              guard let answer = earlier.answer, answer < record.arrival else { return false }
              return otherEdge.contains { $0 > answer && $0 < record.arrival }
            }
          waste.isDuplicate = !waste.isReload
        }
      }
      earlier[key, default: []].append(index)
      result.append((record, waste))
    }
    return result
  }

  /// A request's generation and cursor.
  private struct EarlierKey<Cursor: Hashable & Sendable>: Hashable {
    var generation: Generation
    var cursor: Cursor?
  }

  /// Whether `record` failed or was cancelled before sequence position `arrival`.
  private static func endedUnsuccessfully<Cursor>(
    _ record: RequestRecord<Cursor>, before arrival: Int
  ) -> Bool {
    guard let answer = record.answer, answer < arrival else { return false }
    return record.isFailure || record.outcome == .cancelled
  }
}
