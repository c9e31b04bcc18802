import Foundation

/// The query of a list as a ``PagingSnapshot`` keeps it, so that the restored list's refresh
/// carries the query the live list's would have (rulebook R28): the query's type, by its
/// mangled name, and its value as JSON.
///
/// A query is any `Hashable & Sendable` value (``Paginator/setQuery(_:transition:)``); one that
/// is also `Codable`, of a type that is neither `private`, `fileprivate` nor local to a
/// function (the runtime finds only those by name), is saved whole and comes back as its own
/// type. One that is not is saved as its type alone, and restoring
/// it fails with ``PagingSnapshotError`` instead of refreshing without the query: a search
/// screen that showed another query's rows, or every row, would be worse than an empty list
/// that the app's own `setQuery` fills.
struct SavedQuery: Codable, Sendable, Equatable {
  /// The query's type, as `_mangledTypeName` names it (`nil` for a type the runtime cannot
  /// name).
  var type: String?
  /// The query as JSON; `nil` when its type is not `Encodable`.
  var json: String?

  /// A saved query of its parts.
  /// - Parameters:
  ///   - type: The type's mangled name, or `nil`.
  ///   - json: The value as JSON, or `nil`.
  init(type: String?, json: String?) {
    self.type = type
    self.json = json
  }

  /// The saved form of `query`.
  /// - Complexity: O(the query's encoded size).
  init(_ query: QueryValue) {
    let value = query.value
    type = _mangledTypeName(Swift.type(of: value))
    if let encodable = value as? any Encodable,
      let data = try? JSONEncoder().encode(encodable)
    {
      json = String(decoding: data, as: UTF8.self)
    }
  }

  /// The query again, or `nil` when it was not `Codable`, its type is not in this process (the
  /// app renamed or removed it, or made it `private`, `fileprivate` or local to a function:
  /// the runtime finds only other types by name) or its JSON no longer decodes as that type.
  /// - Complexity: O(the query's encoded size).
  func restored() -> QueryValue? {
    guard let type, let json,
      let decodable = _typeByName(type) as? any Decodable.Type,
      let value = Self.decode(decodable, from: Data(json.utf8)) as? any Hashable
    else { return nil }
    // `Sendable` is a marker protocol: it cannot be checked at run time, and adds nothing to
    // an existential's layout, so the cast below only restates it. It holds: the saved query
    // was `any Hashable & Sendable`, and the mangled name names exactly its type. (`as any
    // Hashable` keeps the existential boxed: opened, the cast would see the bare value.)
    return QueryValue(unsafeBitCast(value as any Hashable, to: (any Hashable & Sendable).self))
  }

  /// A value of `type` decoded from `data`, or `nil`.
  private static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) -> Any? {
    try? JSONDecoder().decode(Value.self, from: data)
  }
}
