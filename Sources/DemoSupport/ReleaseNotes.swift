import Foundation

/// Loads the demo's dataset, CPython's release notes, from the package's resources.
///
/// The data ships inside the package (`Resources/release-notes.json`, read through SwiftPM's
/// `Bundle.module`), so it works on any machine, Apple platforms included. See
/// `Scripts/make_release_notes.py` for how it is made and `Resources/LICENSE-release-notes.txt`
/// for its PSF-2.0 licence.
package enum ReleaseNotes {
  /// The resource's file name inside the bundle's `Resources` folder.
  package static let resourceName = "release-notes.json"

  /// The bundled data file's URL, or `nil` when the bundle lacks it.
  package static var resourceURL: URL? {
    Bundle.module.url(
      forResource: "release-notes", withExtension: "json", subdirectory: "Resources")
  }

  /// The data's licence and attribution (PSF-2.0), `LICENSE-release-notes.txt`, or `nil` when
  /// the bundle lacks it.
  package static var licenseURL: URL? {
    Bundle.module.url(
      forResource: "LICENSE-release-notes", withExtension: "txt", subdirectory: "Resources")
  }

  private static let cached: Result<[ReleaseNote], ReleaseNotesError> = Result {
    () throws(ReleaseNotesError) -> [ReleaseNote] in
    guard let url = resourceURL else { throw .resourceMissing(resourceName) }
    return try load(contentsOf: url)
  }

  /// The bundled notes in file order (ids 1, 2, 3, ...), read and checked once per process.
  ///
  /// Complexity: O(n) on the first call (about 2.5 MB of JSON), O(1) after.
  /// - Returns: Every note.
  /// - Throws: ``ReleaseNotesError`` when the resource is missing, unreadable or invalid.
  package static func bundled() throws(ReleaseNotesError) -> [ReleaseNote] {
    try cached.get()
  }

  /// Reads and checks a release-notes file.
  /// - Parameter url: A file URL of a JSON array in the documented schema.
  /// - Returns: The notes in file order.
  /// - Throws: ``ReleaseNotesError/unreadable(path:reason:)`` when the file cannot be read, or
  ///   what ``decode(_:)`` throws.
  package static func load(contentsOf url: URL) throws(ReleaseNotesError) -> [ReleaseNote] {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: url.path, reason: error.localizedDescription)
    }
    return try decode(data)
  }

  /// Decodes and checks release notes: ids positive and unique, dates `YYYY-MM-DD`.
  /// - Parameter data: A JSON array of objects with the keys `id`, `released_at`, `version`,
  ///   `section`, `issue` (string or null), `title` and `body`.
  /// - Returns: The notes in the data's order.
  /// - Throws: ``ReleaseNotesError/malformed(_:)`` for JSON that does not fit the schema, or
  ///   the case naming the first row with a bad id or date.
  package static func decode(_ data: Data) throws(ReleaseNotesError) -> [ReleaseNote] {
    let notes: [ReleaseNote]
    do {
      notes = try JSONDecoder().decode([ReleaseNote].self, from: data)
    } catch let error as DecodingError {
      throw .malformed(describe(error))
    } catch {
      throw .malformed(String(describing: error))
    }
    var seen = Set<Int>(minimumCapacity: notes.count)
    for note in notes {
      guard note.id >= 1 else { throw .invalidID(note.id) }
      guard seen.insert(note.id).inserted else { throw .duplicateID(note.id) }
      guard isCalendarDate(note.releasedAt) else {
        throw .invalidDate(id: note.id, value: note.releasedAt)
      }
    }
    return notes
  }

  /// Whether `text` is an ISO 8601 calendar date `YYYY-MM-DD` that exists (leap years count).
  /// - Parameter text: Any string.
  /// - Returns: `true` for a valid date such as `2020-02-29`.
  package static func isCalendarDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
    else { return false }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month)
    else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return (1...days).contains(day)
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let parts = context.codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
      }
      return parts.isEmpty ? "the top level" : parts.joined()
    }
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "\(path(context)): missing key \(key.stringValue)"
    case .dataCorrupted(let context):
      return "\(path(context)): \(context.debugDescription)"
    @unknown default:
      return String(describing: error)
    }
  }
}
