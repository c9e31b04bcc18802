import DemoSupport
import Foundation
import Testing

import var PagingTestSupport.minuteLimit

@Suite("The bundled release notes", .timeLimit(.minutes(minuteLimit)))
struct ReleaseNotesTests {
  let notes: [ReleaseNote]

  init() throws {
    notes = try ReleaseNotes.bundled()
  }

  @Test("has 10,017 rows with ids 1 to 10,017 in file order")
  func rowCountAndIDs() {
    #expect(notes.count == 10_017)
    #expect(notes.map(\.id) == Array(1...10_017))
  }

  @Test("first and last rows are the NEWS file's first and last entries")
  func firstAndLastRows() {
    #expect(
      notes.first
        == ReleaseNote(
          id: 1, releasedAt: "2023-02-07", version: "3.11.2", section: "Core and Builtins",
          issue: "gh-92173",
          title:
            "Fix the defs and kwdefs arguments to PyEval_EvalCodeEx and a reference leak in that"
            + " function.",
          body: ""))
    #expect(notes[1].body == "Patch by Dong-hee Na.")
    #expect(notes.last?.id == 10_017)
    #expect(notes.last?.releasedAt == "2015-02-08")
    #expect(notes.last?.version == "3.5.0a1")
    #expect(notes.last?.section == "Windows")
    #expect(notes.last?.issue == "bpo-22980")
  }

  @Test("covers 89 releases on 88 dates from 2015-02-08 to 2023-02-07")
  func releasesAndDates() {
    #expect(Set(notes.map(\.version)).count == 89)
    let dates = Set(notes.map(\.releasedAt))
    #expect(dates.count == 88)
    #expect(dates.min() == "2015-02-08")
    #expect(dates.max() == "2023-02-07")
    #expect(notes.filter { $0.releasedAt == "2023-02-07" }.count == 66)
    #expect(notes.filter { $0.releasedAt == "2019-02-03" }.count == 885)
  }

  @Test("every release has one date, and dates never increase within a release line")
  func datesOrderedAsTheSourcePromises() {
    var dateOfVersion: [String: String] = [:]
    var lastDateOfLine: [Substring: String] = [:]
    var versionsWithTwoDates: [String] = []
    var increases: [Int] = []
    for note in notes {
      if let date = dateOfVersion.updateValue(note.releasedAt, forKey: note.version),
        date != note.releasedAt
      {
        versionsWithTwoDates.append(note.version)
      }
      if let previous = lastDateOfLine[note.releaseLine], note.releasedAt > previous {
        increases.append(note.id)
      }
      lastDateOfLine[note.releaseLine] = note.releasedAt
    }
    #expect(versionsWithTwoDates == [])
    #expect(increases == [])
    #expect(Set(lastDateOfLine.keys) == ["3.5", "3.6", "3.7", "3.8", "3.9", "3.10", "3.11"])
  }

  @Test("issues are gh-N or bpo-N, 67 entries name none; titles are short and non-empty")
  func fieldsHaveTheirDocumentedForm() {
    let issues = notes.compactMap(\.issue)
    #expect(issues.count == 9_950)
    #expect(issues.filter { $0.hasPrefix("gh-") }.count == 601)
    #expect(issues.filter { $0.hasPrefix("bpo-") }.count == 9_349)
    #expect(notes.filter { $0.title.isEmpty || $0.title.count > 160 }.map(\.id) == [])
    #expect(notes.filter { $0.section.isEmpty }.map(\.id) == [])
  }

  @Test("the resource stays within 3 MB and ships with its PSF-2.0 licence")
  func resourceSizeAndLicence() throws {
    let data = try Data(contentsOf: try #require(ReleaseNotes.resourceURL))
    #expect(data.count <= 3_000_000)
    let licence = try String(contentsOf: try #require(ReleaseNotes.licenseURL), encoding: .utf8)
    #expect(licence.contains("PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2"))
    #expect(licence.contains("Scripts/make_release_notes.py"))
  }
}
