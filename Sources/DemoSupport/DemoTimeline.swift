import Paging
import PagingTesting

/// Builds the demo's timeline of one run from what the user did and the request log.
enum DemoTimeline {
  /// An entry and where it goes: its place in the request log's sequence of sends and answers
  /// (a user action goes after the events it saw), then the order it was made in.
  private struct Event {
    var key: Double
    var entry: TimelineEntry
    /// The request the event sends or answers (index in the log), for merging.
    var request: Int?
  }

  /// The run's events in order: the user's actions, each request (with its cursor) and how it
  /// ended (rows and latency, the failure, the cancellation). A request answered before
  /// anything else happened is one line, `#3 append after 2022-12-06,150: 20 rows in 161 ms`.
  ///
  /// A request for the cursor of an earlier failed request of the same generation is a retry:
  /// the demo's `Paginator` runs the default configuration, whose automatic retries come
  /// before the user's tap on Retry would (a second after the error shows).
  /// - Parameters:
  ///   - userActions: What the user did.
  ///   - entries: The request log.
  ///   - cursorText: How to show a cursor, such as `after 2022-12-06,150`, `before …` or
  ///     `the newest page`.
  /// - Returns: The entries in order.
  static func entries<Cursor>(
    userActions: [DemoUserAction], requests entries: [RequestRecord<Cursor>],
    cursorText: (Cursor) -> String
  ) -> [TimelineEntry] {
    var events = userActions.map { action in
      Event(
        key: Double(action.sequence) + 0.5,
        entry: TimelineEntry(
          milliseconds: milliseconds(action.time), kind: action.kind, text: action.text))
    }
    let sendKeys = sendKeys(entries)
    // The last failed request of each generation and cursor so far, by index: a retry is a
    // request for the cursor of an earlier failure (one pass, where a search back from each
    // request took the naive feed's 1,500 requests seconds).
    var lastFailure: [FailureKey<Cursor>: Int] = [:]
    for (index, entry) in entries.enumerated() {
      let request = entry.request
      let sent = milliseconds(entry.receivedAt)
      var text = "#\(request.id.rawValue) \(request.direction)"
      if let query = request.query(as: String.self) { text += " \"\(query)\"" }
      text +=
        request.cursor.map { cursor in
          let phrase = cursorText(cursor)
          return phrase.hasPrefix("the ") ? ", \(phrase)" : " \(phrase)"
        } ?? ", first page"
      let key = FailureKey(generation: request.generation, cursor: request.cursor)
      let failed = lastFailure[key].map { entries[$0] }
      if entry.isFailure { lastFailure[key] = index }
      if let failed { text += " (retry of #\(failed.request.id.rawValue))" }
      if entry.outcome == .notSent { text += ": not sent (the demo's request limit)" }
      events.append(
        Event(
          key: sendKeys[index],
          entry: TimelineEntry(milliseconds: sent, kind: .request, text: text), request: index))
      if let answer = answer(entry), let sequence = entry.answer {
        events.append(Event(key: Double(sequence), entry: answer, request: index))
      }
    }
    let sorted = events.enumerated()
      .sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
      .map(\.element)
    return merged(sorted)
  }

  /// Each request's place among the sends and answers: its arrival, except that requests the
  /// feed started together (arrivals in a row, at the same instant) take their places in the
  /// order of their numbers, as they reach the source in whichever order their tasks run.
  /// - Complexity: O(*n* log *n*) in the *n* requests.
  private static func sendKeys(_ entries: [RequestRecord<some Hashable & Sendable>]) -> [Double] {
    var keys = entries.map { Double($0.arrival) }
    let byArrival = entries.indices.sorted { entries[$0].arrival < entries[$1].arrival }
    var start = 0
    while start < byArrival.count {
      var end = start + 1
      while end < byArrival.count,
        entries[byArrival[end]].arrival == entries[byArrival[end - 1]].arrival + 1,
        entries[byArrival[end]].receivedAt == entries[byArrival[start]].receivedAt
      {
        end += 1
      }
      let run = byArrival[start..<end]
      let slots = run.map { keys[$0] }
      for (slot, index) in zip(
        slots, run.sorted { entries[$0].request.id < entries[$1].request.id })
      {
        keys[index] = slot
      }
      start = end
    }
    return keys
  }

  /// A request's generation and cursor: what a retry shares with the failure it retries.
  private struct FailureKey<Cursor: Hashable & Sendable>: Hashable {
    var generation: Generation
    var cursor: Cursor?
  }

  /// Folds each answer that directly follows its request into the request's line.
  private static func merged(_ events: [Event]) -> [TimelineEntry] {
    var result: [TimelineEntry] = []
    var previous: Event?
    for event in events {
      if let last = previous, let request = event.request, last.request == request,
        last.entry.kind == .request, event.entry.kind != .request
      {
        let detail = event.entry.text.drop { $0 != ":" }
        result[result.count - 1].text += detail
        if event.entry.kind != .response { result[result.count - 1].kind = event.entry.kind }
        previous = nil
        continue
      }
      result.append(event.entry)
      previous = event
    }
    return result
  }

  /// The line for how a request ended, `#3: 20 rows in 161 ms`, or `nil` while it is pending.
  private static func answer(_ entry: RequestRecord<some Hashable & Sendable>) -> TimelineEntry? {
    guard let answeredAt = entry.answeredAt, let latency = entry.latency else { return nil }
    let number = "#\(entry.request.id.rawValue)"
    let ms = milliseconds(latency)
    let kind: TimelineEntry.Kind
    let text: String
    switch entry.outcome {
    case .pending, .notSent: return nil
    case .page(let rows, let endsList):
      kind = .response
      // A chat's newest page has no next cursor either; its end is the oldest page.
      let direction = entry.request.direction
      let last =
        direction == .prepend
        ? entry.reachesStart : endsList && (direction == .append || entry.request.cursor == nil)
      let edge = direction == .prepend ? "the oldest page" : "the last page"
      text = "\(number): \(rows) rows in \(ms) ms\(last ? ", \(edge)" : "")"
    case .dropped:
      kind = .failure
      text = "\(number): connection lost after \(ms) ms"
    case .failed(let reason):
      kind = .failure
      text = "\(number): failed after \(ms) ms: \(reason.prefix(70))"
    case .cancelled:
      kind = .cancellation
      text = "\(number): cancelled after \(ms) ms"
    }
    return TimelineEntry(milliseconds: milliseconds(answeredAt), kind: kind, text: text)
  }

  /// A duration in whole milliseconds, rounded.
  static func milliseconds(_ duration: Duration) -> Int {
    Int((duration / .milliseconds(1)).rounded())
  }
}
