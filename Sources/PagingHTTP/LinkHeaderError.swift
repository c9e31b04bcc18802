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

  /// A sentence for logs, with the user part, query values and fragment of the URLs it
  /// quotes replaced by `…`.
  /// - Complexity: O(n) in the field value's length.
  public var description: String {
    switch reason {
    case .expectedLinkValue:
      "Link header: expected '<' at byte \(offset) of \(redacted(fieldValue))"
    case .unterminatedTarget:
      "Link header: '<' without '>' at byte \(offset) of \(redacted(fieldValue))"
    case .invalidTarget(let target):
      "Link header: \(redacted(target)) at byte \(offset) is not a URI reference"
    }
  }

  /// `text` quoted and escaped (one line), its URLs redacted (`RedactedURL`).
  private func redacted(_ text: String) -> String {
    RedactedURL.redactingURLs(in: text).debugDescription
  }
}
