import Foundation

/// The text an item's id is stored and compared under in a ``PagingDatabase``: its `Codable`
/// form, never its `description`, which two distinct ids may share (a type whose description
/// leaves out a field), so that two rows are one only when their ids encode alike.
///
/// The form is the id's JSON (keys sorted, so that one id has one form), except that an id
/// that encodes as a JSON string is stored as the string itself: a `String`, `UUID` or `Int`
/// id is stored as it always was, so files written before keep matching. Two ids of one
/// type share a form only when their JSON is equal, or when one encodes as a string whose text
/// is the other's JSON (a type whose ids encode as strings and as numbers by turns).
package enum StoredID {
  /// The stored form of `id`.
  /// - Throws: ``PagingDatabaseError/unencodable`` when the id does not encode as JSON (a
  ///   `Double.nan` in it, say).
  /// - Complexity: O(size of the id's JSON); no encoder for `String`, `UUID` and integer ids.
  package static func of<ID: Encodable>(_ id: ID) throws(PagingDatabaseError) -> String {
    // The forms JSON gives these types, without an encoder. The type is compared, and the
    // value then taken as that type, the same type: a cast would cost a dynamic-cast lookup on
    // every row of a commit.
    if ID.self == Int.self { return String(unsafeBitCast(id, to: Int.self)) }
    if ID.self == String.self { return unsafeBitCast(id, to: String.self) }
    if ID.self == Int64.self { return String(unsafeBitCast(id, to: Int64.self)) }
    if ID.self == UUID.self { return unsafeBitCast(id, to: UUID.self).uuidString }
    let data: Data
    do { data = try encoder.encode(id) } catch { throw .unencodable }
    if data.first == UInt8(ascii: "\""),
      let text = try? JSONDecoder().decode(String.self, from: data)
    {
      return text
    }
    return String(decoding: data, as: UTF8.self)
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
