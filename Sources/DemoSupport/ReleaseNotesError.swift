/// Why the release notes could not be loaded. Each case names the row or file at fault.
package enum ReleaseNotesError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The resource is not in the bundle. The associated value is the file name looked for.
  case resourceMissing(String)
  /// The file exists but could not be read. The values are its path and the system's reason.
  case unreadable(path: String, reason: String)
  /// The data is not a JSON array of notes in the documented schema. The value says where.
  case malformed(String)
  /// A row's id is below 1.
  case invalidID(Int)
  /// Two rows share an id.
  case duplicateID(Int)
  /// A row's `released_at` is not a `YYYY-MM-DD` calendar date.
  case invalidDate(id: Int, value: String)

  /// One line for a log or a terminal.
  package var description: String {
    switch self {
    case .resourceMissing(let name): "the resource \(name) is missing from the bundle"
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .malformed(let detail): "the release notes are not in the expected form: \(detail)"
    case .invalidID(let id): "row id \(id) is not a positive number"
    case .duplicateID(let id): "two rows have id \(id)"
    case .invalidDate(let id, let value):
      "row \(id) has released_at \(String(reflecting: value)), not a YYYY-MM-DD date"
    }
  }
}
