import Foundation

/// One link of an HTTP `Link` header: a target URI, its relation types and its target
/// attributes, as RFC 8288 section 3 and appendix B.2 define them.
///
/// A link-value with several relation types (`rel="next last"`) is one `WebLink` whose
/// ``relationTypes`` holds both; the RFC's algorithm would make one link per type, with the same
/// target and attributes.
public struct WebLink: Sendable, Hashable {
  /// One target attribute (`type`, `title`, `hreflang`, ...), in the order the header sent it.
  public struct Attribute: Sendable, Hashable {
    /// The parameter's name, lower-cased (RFC 8288 appendix B.3 step 9). A name that ended in
    /// `*` has lost its star: its value came from the RFC 8187 encoded form.
    public var name: String
    /// The parameter's value, unquoted and unescaped; empty for a name without a value.
    public var value: String

    /// Creates an attribute.
    /// - Parameters:
    ///   - name: The lower-cased parameter name.
    ///   - value: The decoded value.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The link's target, resolved against the URL of the response that carried the header
  /// (RFC 3986 section 5.2); a relative target stays relative when no base was given.
  public var target: URL
  /// The relation types of the first `rel` parameter, split on white space and lower-cased,
  /// in header order; never empty (a link-value without a relation type is no link).
  public var relationTypes: [String]
  /// The link's context: its `anchor` parameter resolved against the base, else the base
  /// itself (`nil` when neither is known).
  public var context: URL?
  /// The target attributes: every parameter but `rel`, `anchor` and `rev`, in header order.
  public var attributes: [Attribute]

  /// Creates a link.
  /// - Parameters:
  ///   - target: The target URI.
  ///   - relationTypes: The lower-cased relation types.
  ///   - context: The context URI, if known.
  ///   - attributes: The target attributes.
  public init(
    target: URL, relationTypes: [String], context: URL? = nil, attributes: [Attribute] = []
  ) {
    self.target = target
    self.relationTypes = relationTypes
    self.context = context
    self.attributes = attributes
  }

  /// Whether the link has this relation type, compared case-insensitively.
  /// - Parameter relationType: A registered type (`next`, `prev`, ...) or an extension URI.
  /// - Returns: `true` when ``relationTypes`` contains it.
  /// - Complexity: O(*r*) for *r* relation types.
  public func hasRelation(_ relationType: String) -> Bool {
    relationTypes.contains(relationType.lowercased())
  }

  /// The value of the first target attribute with this name, compared case-insensitively.
  /// - Parameter name: The attribute's name, e.g. `type`.
  /// - Returns: The value, or `nil` when the link has no such attribute.
  /// - Complexity: O(*a*) for *a* attributes.
  public func attribute(_ name: String) -> String? {
    let name = name.lowercased()
    return attributes.first { $0.name == name }?.value
  }
}
