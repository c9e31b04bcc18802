import DemoSupport
import Foundation
import Testing

import var PagingTestSupport.minuteLimit

@Suite("Decoding release notes: typed errors for bad data", .timeLimit(.minutes(minuteLimit)))
struct ReleaseNotesDecodingTests {
  private func row(id: String = "1", date: String = "\"2023-02-07\"") -> String {
    """
    {"id":\(id),"released_at":\(date),"version":"3.11.2","section":"Library",\
    "issue":null,"title":"T","body":""}
    """
  }

  private func decode(_ rows: String...) throws(ReleaseNotesError) -> [ReleaseNote] {
    try ReleaseNotes.decode(Data("[\(rows.joined(separator: ","))]".utf8))
  }

  @Test("a valid row decodes with a null issue")
  func validRow() throws {
    #expect(
      try decode(row())
        == [
          ReleaseNote(
            id: 1, releasedAt: "2023-02-07", version: "3.11.2", section: "Library", issue: nil,
            title: "T", body: "")
        ])
  }

  @Test("two rows with one id")
  func duplicateID() {
    #expect(throws: ReleaseNotesError.duplicateID(1)) { try decode(row(), row()) }
  }

  @Test("an id below 1")
  func invalidID() {
    #expect(throws: ReleaseNotesError.invalidID(0)) { try decode(row(id: "0")) }
  }

  @Test(
    "a date that is not YYYY-MM-DD or does not exist",
    arguments: ["2023-2-07", "2023-02-30", "2023-13-01", "2023/02/07", "", "2023-02-07T00:00"])
  func invalidDate(date: String) {
    #expect(throws: ReleaseNotesError.invalidDate(id: 1, value: date)) {
      try decode(row(date: "\"\(date)\""))
    }
  }

  @Test("a missing key names the row and the key")
  func missingKey() {
    #expect(throws: ReleaseNotesError.malformed("[0]: missing key released_at")) {
      try ReleaseNotes.decode(Data(#"[{"id":1}]"#.utf8))
    }
  }

  @Test("a wrong type names the field")
  func wrongType() throws {
    let error = #expect(throws: ReleaseNotesError.self) { try decode(row(date: "7")) }
    guard case .malformed(let detail) = error else {
      Issue.record("expected .malformed, got \(String(describing: error))")
      return
    }
    #expect(detail.hasPrefix("[0].released_at: "))
  }

  @Test("text that is not JSON")
  func notJSON() {
    let error = #expect(throws: ReleaseNotesError.self) {
      try ReleaseNotes.decode(Data("not json".utf8))
    }
    #expect(
      error?.description.hasPrefix("the release notes are not in the expected form: ") == true)
  }

  @Test("a file that does not exist")
  func missingFile() {
    let url = URL(fileURLWithPath: "/nonexistent/release-notes.json")
    let error = #expect(throws: ReleaseNotesError.self) { try ReleaseNotes.load(contentsOf: url) }
    guard case .unreadable(let path, _) = error else {
      Issue.record("expected .unreadable, got \(String(describing: error))")
      return
    }
    #expect(path == "/nonexistent/release-notes.json")
  }

  @Test("calendar dates: leap years and month lengths")
  func calendarDates() {
    #expect(ReleaseNotes.isCalendarDate("2020-02-29"))
    #expect(!ReleaseNotes.isCalendarDate("2019-02-29"))
    #expect(ReleaseNotes.isCalendarDate("2000-02-29"))
    #expect(!ReleaseNotes.isCalendarDate("1900-02-29"))
    #expect(ReleaseNotes.isCalendarDate("2023-12-31"))
    #expect(!ReleaseNotes.isCalendarDate("2023-04-31"))
    #expect(!ReleaseNotes.isCalendarDate("2023-00-10"))
    #expect(!ReleaseNotes.isCalendarDate("２023-01-01"))
  }
}
