import Paging
import PagingTesting
import Testing

import var PagingTestSupport.minuteLimit

@Suite(.timeLimit(.minutes(minuteLimit))) struct SessionRecorderTests {
  typealias Record = RequestRecord<Int>

  func record(
    _ id: Int, cursor: Int?, generation: Int = 1, arrival: Int, answer: Int?,
    _ outcome: Record.Outcome
  ) -> Record {
    Record(
      request: PageRequest(
        id: PageRequestID(rawValue: id), direction: cursor == nil ? .refresh : .append,
        cursor: cursor, generation: Generation(rawValue: generation)),
      arrival: arrival, answer: answer, outcome: outcome)
  }

  @Test func requestFigures() {
    let records = [
      record(1, cursor: nil, arrival: 1, answer: 2, .page(rows: 20, endsList: false)),
      record(2, cursor: 20, arrival: 3, answer: 4, .failed(reason: "timeout")),
      record(3, cursor: 20, arrival: 5, answer: 7, .page(rows: 20, endsList: false)),  // a retry
      // While 3 flies:
      record(4, cursor: 20, arrival: 6, answer: 8, .page(rows: 20, endsList: false)),
      record(5, cursor: 40, arrival: 9, answer: 10, .page(rows: 20, endsList: true)),
      // After the end:
      record(6, cursor: 40, arrival: 11, answer: 12, .page(rows: 20, endsList: true)),
      record(7, cursor: 60, arrival: 13, answer: nil, .cancelled),  // after the end
      record(8, cursor: nil, generation: 2, arrival: 14, answer: nil, .pending),
    ]
    var report = SessionReport()
    SessionRecorder.addRequestFigures(records.reversed(), to: &report)
    #expect(report.requestsIssued == 8)
    #expect(report.duplicateRequests == 2)
    #expect(report.requestsAfterEnd == 2)
    #expect(report.failedRequests == 1)
    #expect(report.cancelledRequests == 1)
  }

  @Test func aPageAskedForAgainAfterLoadsAtTheOtherEdgeIsAReload() {
    func prepend(_ id: Int, cursor: Int?, arrival: Int, answer: Int) -> Record {
      Record(
        request: PageRequest(
          id: PageRequestID(rawValue: id), direction: .prepend, cursor: cursor,
          generation: Generation(rawValue: 1)),
        arrival: arrival, answer: answer, outcome: .page(rows: 20, endsList: false))
    }
    let records = [
      record(1, cursor: nil, arrival: 1, answer: 2, .page(rows: 20, endsList: false)),
      record(2, cursor: 20, arrival: 3, answer: 4, .page(rows: 20, endsList: false)),
      // The first page again, above, after an append: a reload.
      prepend(3, cursor: nil, arrival: 5, answer: 6),
      // The second page again, below, after that prepend: a reload.
      record(4, cursor: 20, arrival: 7, answer: 8, .page(rows: 20, endsList: false)),
      record(5, cursor: 40, arrival: 9, answer: 10, .page(rows: 20, endsList: false)),
      // The third page again with no load at the other edge since: a duplicate.
      record(6, cursor: 40, arrival: 11, answer: 12, .page(rows: 20, endsList: false)),
    ]
    var report = SessionReport()
    SessionRecorder.addRequestFigures(records, to: &report)
    #expect(report.requestsIssued == 6)
    #expect(report.reloads == 2)
    #expect(report.duplicateRequests == 1)
  }

  @Test func aLostAnswerIsAFailureAndARequestNeverSentIsNotIssued() {
    let records = [
      record(1, cursor: nil, arrival: 1, answer: 2, .page(rows: 20, endsList: false)),
      record(2, cursor: 20, arrival: 3, answer: 4, .dropped),
      record(3, cursor: 20, arrival: 5, answer: 6, .page(rows: 20, endsList: false)),  // a retry
      record(4, cursor: 40, arrival: 7, answer: 8, .notSent),
      record(5, cursor: 40, arrival: 9, answer: 10, .notSent),
    ]
    var report = SessionReport()
    SessionRecorder.addRequestFigures(records, to: &report)
    #expect(report.requestsIssued == 3)
    #expect(report.failedRequests == 1)
    #expect(report.duplicateRequests == 0)
  }

  @Test func rowFigures() {
    var recorder = SessionRecorder()
    let frame = Duration.milliseconds(16)
    recorder.recordFrame(duration: frame, stalled: false)
    recorder.recordFirstRow(after: .milliseconds(300))
    recorder.recordFirstRow(after: .milliseconds(900))
    recorder.recordRowShown(isDuplicate: false, isOutOfOrder: false)
    recorder.recordRowShown(isDuplicate: true, isOutOfOrder: true)
    recorder.recordRowShown(isDuplicate: false, isOutOfOrder: true)
    recorder.recordFrame(duration: frame, stalled: true)
    recorder.recordListReplaced(rowCount: 20)
    recorder.recordAppearance()
    recorder.recordDisappearance()
    let report = recorder.report(requests: [Record](), currentRowCount: 5)
    #expect(report.duration == frame * 2)
    #expect(report.stallTime == frame)
    #expect(report.timeToFirstRow == .milliseconds(300))
    #expect(report.rowsShown == 3)
    #expect(report.duplicateRowsShown == 1)
    #expect(report.rowsOutOfOrder == 1)
    #expect(report.rowsLoaded == 25)
    #expect(report.rowsLoadedButNeverShown == 22)
    #expect(report.appearances == 1)
    #expect(report.disappearances == 1)
  }

  @Test func eachEdgeEndsOnItsOwn() {
    // A chat: the newest page has no next cursor; the older pages end at the start.
    func request(_ id: Int, _ direction: LoadDirection, cursor: Int?) -> PageRequest<Int> {
      PageRequest(
        id: PageRequestID(rawValue: id), direction: direction, cursor: cursor,
        generation: Generation(rawValue: 1))
    }
    let records = [
      Record(
        request: request(1, .refresh, cursor: nil), arrival: 1, answer: 2,
        outcome: .page(rows: 20, endsList: true)),
      Record(
        request: request(2, .prepend, cursor: 20), arrival: 3, answer: 4,
        outcome: .page(rows: 20, endsList: false)),
      Record(
        request: request(3, .prepend, cursor: 0), arrival: 5, answer: 6,
        outcome: .page(rows: 20, endsList: false), reachesStart: true),
      Record(
        request: request(4, .prepend, cursor: 0), arrival: 7, answer: 8,
        outcome: .page(rows: 20, endsList: false), reachesStart: true),  // past the start
      Record(
        request: request(5, .append, cursor: 40), arrival: 9, answer: 10,
        outcome: .page(rows: 20, endsList: true)),  // past the end
    ]
    var report = SessionReport()
    SessionRecorder.addRequestFigures(records, to: &report)
    #expect(report.requestsAfterEnd == 2)
    #expect(report.duplicateRequests == 1)
  }

  @Test func prependFigures() {
    var recorder = SessionRecorder()
    recorder.recordPrepend(movement: 0)
    recorder.recordPrepend(movement: -1_280)
    recorder.recordPrepend(movement: 64)
    recorder.recordStallAtTop(duration: .milliseconds(16))
    let report = recorder.report(requests: [Record](), currentRowCount: 0)
    #expect(report.prepends == 3)
    #expect(report.viewportJumps == 2)
    #expect(report.anchorMovement == 1_344)
    #expect(report.stallTimeAtTop == .milliseconds(16))
    #expect(report.stallTime == .zero)
  }
}
