import Foundation
import Paging

/// The errors a ``SimulatedFeedServer`` throws.
public enum SimulatedServerError: Error, Hashable, Sendable, RetryableError,
  CustomStringConvertible
{
  /// A scripted failure of request `request` (by number or by rate); a retry can succeed.
  case unavailable(request: Int)
  /// The cursor names an item the server does not have (keyset paging); retrying the same
  /// cursor cannot help.
  case unknownCursor(String)

  /// Whether a retry can help: yes for ``unavailable(request:)``, no for an unknown cursor.
  public var isRetryable: Bool {
    if case .unavailable = self { return true }
    return false
  }

  /// A sentence for logs, one line. The cursor is not quoted: it names an id, which a real
  /// server's response chose (fault class 29); the case's value has it.
  public var description: String {
    switch self {
    case .unavailable(let request): "the simulated server failed request \(request)"
    case .unknownCursor:
      "the simulated server has no item for the id a keyset cursor names (not quoted)"
    }
  }
}

extension SimulatedServerError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
