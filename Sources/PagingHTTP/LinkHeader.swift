import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The links of HTTP `Link` header fields, parsed as RFC 8288 appendix B describes.
///
/// ```swift
/// let header = LinkHeader(
///   fieldValue: #"<https://api.example.com/items?page=3>; rel="next", <...?page=9>; rel="last""#,
///   baseURL: requestURL)
/// header.target(relation: "next")  // https://api.example.com/items?page=3
/// ```
///
/// What it handles: several link-values per field and several fields, in any order; several
/// space-separated relation types in one `rel`; quoted strings holding commas, semicolons and
/// backslash escapes; parameter names in any case; RFC 8187 `title*`-style parameters; empty
/// list elements; relative targets, resolved against `baseURL` per RFC 3986 section 5.2.
///
/// It never fails as a whole: malformed text ends the parse of that field value and is recorded
/// in ``errors`` (an unreadable target skips just its link-value), keeping every link read
/// before it, as the RFC's algorithm does.
public struct LinkHeader: Sendable, Hashable {
  /// The links, in header order (field by field).
  public var links: [WebLink]
  /// Where parsing stopped or skipped a link-value; empty for a well-formed header.
  public var errors: [LinkHeaderError]

  /// Creates a header from links you already have.
  /// - Parameters:
  ///   - links: The links.
  ///   - errors: The parse problems, if any.
  public init(links: [WebLink], errors: [LinkHeaderError] = []) {
    self.links = links
    self.errors = errors
  }

  /// Parses one or more `Link` field values (the header may repeat; RFC 9110 section 5.3).
  /// - Parameters:
  ///   - fieldValues: The field values, in the order they were received.
  ///   - baseURL: The URL of the response that carried them, to resolve relative targets
  ///     against; `nil` keeps relative targets relative.
  /// - Complexity: O(n) in the total length of the field values.
  public init(fieldValues: some Sequence<String>, baseURL: URL?) {
    var links: [WebLink] = []
    var errors: [LinkHeaderError] = []
    for fieldValue in fieldValues {
      var parser = LinkFieldParser(fieldValue: fieldValue, baseURL: baseURL)
      parser.parse()
      links += parser.links
      errors += parser.errors
    }
    self.init(links: links, errors: errors)
  }

  /// Parses one `Link` field value.
  /// - Parameters:
  ///   - fieldValue: The field value.
  ///   - baseURL: The URL to resolve relative targets against, or `nil`.
  /// - Complexity: O(n) in the length of the field value.
  public init(fieldValue: String, baseURL: URL?) {
    self.init(fieldValues: [fieldValue], baseURL: baseURL)
  }

  /// Parses the `Link` header of a response, resolving relative targets against the response's
  /// URL. Foundation joins repeated fields with commas, which RFC 9110 section 5.3 makes
  /// equivalent to separate fields (on Linux it drops a repeat whose name is spelled in another
  /// case, `Link` then `link`; that loss happens before this parser sees the value). A response
  /// without the header has no links.
  /// - Parameter response: The HTTP response.
  /// - Complexity: O(n) in the length of the `Link` field value.
  public init(response: HTTPURLResponse) {
    let value = response.value(forHTTPHeaderField: "Link")
    self.init(fieldValues: value.map { [$0] } ?? [], baseURL: response.url)
  }

  /// The links that have this relation type, in header order.
  /// - Parameter relation: A relation type such as `next`, compared case-insensitively.
  /// - Returns: The matching links.
  /// - Complexity: O(*r*) for the *r* relation types of the links.
  public func links(relation: String) -> [WebLink] {
    links.filter { $0.hasRelation(relation) }
  }

  /// The target of the first link with this relation type.
  /// - Parameter relation: A relation type such as `next`, compared case-insensitively.
  /// - Returns: The target URL, or `nil` when no link has that relation type.
  /// - Complexity: O(*r*) for the *r* relation types of the links.
  public func target(relation: String) -> URL? {
    links.first { $0.hasRelation(relation) }?.target
  }
}
