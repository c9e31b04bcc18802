import Foundation
import Paging

/// Why part of a `Link` header field value could not be read.
///
/// RFC 8288 appendix B.2 stops parsing a field value at the first character that cannot start
/// a link-value and keeps the links read so far; ``LinkHeader`` does the same and records the
/// stop here, so that a caller can tell "no next link" from "a next link we could not read".
public struct LinkHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong.
  public enum Reason: Sendable, Hashable {
    /// A link-value must start with `<`; parsing of the field value stopped here. Datasette's
    /// HTML pages send such a header (`Link: http://...; rel="alternate"`, no angle brackets).
    case expectedLinkValue
    /// A `<` had no closing `>`; parsing of the field value stopped here.
    case unterminatedTarget
    /// The text between `<` and `>` is not a URI reference; this link-value was skipped and
    /// parsing went on with the next one.
    case invalidTarget(String)
  }

  /// The field value that held the problem.
  public var fieldValue: String
  /// The problem's position in ``fieldValue``, in UTF-8 bytes from 0.
  public var offset: Int
  /// What was wrong.
  public var reason: Reason

  /// Creates an error.
  /// - Parameters:
  ///   - fieldValue: The field value that held the problem.
  ///   - offset: The problem's position, in UTF-8 bytes from 0.
  ///   - reason: What was wrong.
  public init(fieldValue: String, offset: Int, reason: Reason) {
    self.fieldValue = fieldValue
    self.offset = offset
    self.reason = reason
  }

  /// A sentence for logs: where the problem is and what it is, quoting nothing of the field
  /// value, which a server may fill with anything (a token in a parameter as well as in a URL).
  /// Code reads the value from ``fieldValue``.
  public var description: String {
    let length = fieldValue.utf8.count
    return switch reason {
    case .expectedLinkValue:
      "Link header: expected '<' at byte \(offset) of a \(length)-byte field value"
    case .unterminatedTarget:
      "Link header: '<' without '>' at byte \(offset) of a \(length)-byte field value"
    case .invalidTarget(let target):
      "Link header: the \(target.utf8.count)-byte target at byte \(offset) of a "
        + "\(length)-byte field value is not a URI reference"
    }
  }
}

extension LinkHeaderError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
