import Foundation

/// Why the demo could not run its session.
package enum DemoSessionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The real server's first page did not load. The values are the URL and the error.
  case serverUnavailable(url: URL, reason: String)
  /// The picture could not be written to `path` (`--svg`). The values are the path and the
  /// error.
  case cannotWritePicture(path: String, reason: String)

  /// One line for a terminal.
  package var description: String {
    switch self {
    case .serverUnavailable(let url, let reason):
      "cannot load the first page of \(url.absoluteString): \(reason)"
    case .cannotWritePicture(let path, let reason):
      "cannot write the picture to \(path): \(reason)"
    }
  }
}
