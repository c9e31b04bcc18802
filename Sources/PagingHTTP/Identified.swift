/// A value that is not `Identifiable` (a bare string, a tuple-like row), paired with the id
/// the engine de-duplicates, diffs and anchors it by: what SwiftUI's `ForEach(_:id:)` does
/// with a key path, as an item type a `Paginator` or a `PageWalk` can hold.
///
/// ```swift
/// let names = ["repo001", "repo002"].map { Identified($0, id: \.self) }
/// names[0].value  // "repo001"
/// names[0].count  // 7: the value's members read through the wrapper
/// ```
///
/// ``HTTPPageSource``'s ``HTTPPageSource/init(url:strategy:id:queryItems:headers:authorization:decoder:transport:maximumBodySize:allowedOrigins:body:timeout:maximumRateLimitWait:allowsParallelPages:clock:)``
/// decodes such items from a body. The id is read once, when the item is made; ids must be
/// stable across pages and refreshes, as for any item.
@dynamicMemberLookup
public struct Identified<Value: Sendable, ID: Hashable & Sendable>: Identifiable, Sendable {
  /// The value.
  public let value: Value
  /// The value's id.
  public let id: ID

  /// Pairs `value` with the id at `id`.
  /// - Parameters:
  ///   - value: The value.
  ///   - id: Where the value's id is (`\.self` for a value that is its own id).
  public init(_ value: Value, id: KeyPath<Value, ID>) {
    self.value = value
    self.id = value[keyPath: id]
  }

  /// Reads a member of the value.
  public subscript<Member>(dynamicMember member: KeyPath<Value, Member>) -> Member {
    value[keyPath: member]
  }
}

extension Identified: Equatable where Value: Equatable {}
extension Identified: Hashable where Value: Hashable {}

/// An identified value in JSON as `{"value": …, "id": …}`, so that a list of such items can be
/// snapshotted (`Paginator.snapshot()`) and restored, kept in SQLite, or checkpointed by a walk.
/// Decoding takes the id as it was stored; it is not read from the value again.
extension Identified: Codable where Value: Codable, ID: Codable {
  private enum CodingKeys: String, CodingKey {
    case value, id
  }

  /// Decodes the value and its id.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when either is missing or of another type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    value = try container.decode(Value.self, forKey: .value)
    id = try container.decode(ID.self, forKey: .id)
  }

  /// Encodes the value and its id.
  /// - Parameter encoder: The encoder.
  /// - Throws: What encoding the value or the id throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
    try container.encode(id, forKey: .id)
  }
}
