/// Why a ``ReleaseNoteSource`` could not be made.
package enum ReleaseNoteSourceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The page size is outside ``ReleaseNoteSource/pageSizeRange``. The value is the size asked
  /// for.
  case invalidPageSize(Int)

  /// One line for a log or a terminal.
  package var description: String {
    switch self {
    case .invalidPageSize(let size):
      "page size \(size) is outside \(ReleaseNoteSource.pageSizeRange.lowerBound)..."
        + "\(ReleaseNoteSource.pageSizeRange.upperBound)"
    }
  }
}
