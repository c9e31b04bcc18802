import Foundation

/// A value bound to a statement's parameter.
package enum SQLiteValue: Sendable, Hashable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
  case null
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
  ExpressibleByNilLiteral
{
  package init(integerLiteral value: Int64) { self = .integer(value) }
  package init(stringLiteral value: String) { self = .text(value) }
  package init(nilLiteral: ()) { self = .null }

  /// An `Int` as an integer.
  package static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }

  /// `data` as a blob, `nil` as null.
  package static func optionalBlob(_ data: Data?) -> SQLiteValue { data.map { .blob($0) } ?? .null }
}
