import Foundation

/// The text an item's id is stored and compared under in a ``PagingDatabase``: its `Codable`
/// form, never its `description`, which two distinct ids may share (a type whose description
/// leaves out a field), so that two rows are one only when their ids encode alike.
///
/// The form is the id's JSON (keys sorted, so that one id has one form), except that most ids
/// that encode as a JSON string are stored as the string itself: a `String`, `UUID` or `Int`
/// id reads in the file as it is. Its text is in Unicode's canonical composition (NFC), since
/// Swift's `String` compares canonically: `"café"` with a precomposed `é` and with `e` and a
/// combining accent are one id to the engine, and so one row here. Each walk and each cached
/// list records the ``Form`` its ids are stored in, so that rows written in one form are never
/// compared with ids in another.
package enum StoredID {
  /// How ids that encode as JSON strings are stored.
  package enum Form: Int, Sendable, CaseIterable {
    /// Every JSON string as its bare text. Two ids of one type share a form when one encodes
    /// as a string whose text is the other's JSON (an enum of number or text: `1` and `"1"`;
    /// `String?`: `nil` and `"null"`). Walks and lists written in it before the other form
    /// existed keep it, so that their rows keep matching.
    case bareStrings = 0
    /// One to one: a JSON string is stored bare unless its text could be read as another
    /// value's form (it starts with `"`, `{`, `[`, `-` or a digit, or it is `true`, `false`,
    /// `null` or `NaN`), and then as its JSON, quotes included. No bare text is then the
    /// form of a number, a literal, an object or an array, so two ids share a form only when
    /// their JSON is equal, whatever their type.
    case distinct = 1
    /// As ``distinct``, of the text in Unicode's canonical composition (NFC): ids that Swift's
    /// `String` finds equal (canonically equivalent text) share a form, as they share a row
    /// in the engine, also inside an object, whose keys are sorted as composed. An id type
    /// whose `==` tells canonically equivalent text apart (one that compares the bytes) keeps
    /// its text as it is, so each of its ids is a row of its own.
    case canonical = 2

    /// The form new walks and lists are stored in.
    package static var current: Form { .canonical }

    /// The form recorded as `value` in a walk's or a list's row.
    /// - Throws: ``PagingDatabaseError/unreadable(_:)`` for a form this version does not know.
    package init(stored value: Int64) throws(PagingDatabaseError) {
      guard let form = Form(rawValue: Int(truncatingIfNeeded: value)), Int64(form.rawValue) == value
      else {
        throw .unreadable(
          SQLiteError(
            code: SQLiteError.corrupt,
            message: "ids are stored in a form this version does not know"))
      }
      self = form
    }
  }

  /// The column a walk's or a list's row records its ``Form`` in. Rows written before it
  /// existed read as ``Form/bareStrings``, the form they were written in.
  package static let formColumn = (name: "id_form", definition: "INTEGER NOT NULL DEFAULT 0")

  /// The stored form of `id`.
  /// - Parameters:
  ///   - id: The id.
  ///   - form: The form of the walk or list it is stored in.
  /// - Throws: ``PagingDatabaseError/unencodable`` when the id does not encode as JSON (a
  ///   `Double.nan` in it, say).
  /// - Complexity: O(size of the id's JSON); no encoder for `String`, `UUID` and integer ids.
  ///   In the canonical form, an id whose JSON has text not in canonical composition decodes
  ///   once more, composed.
  package static func of<ID: Codable & Hashable>(_ id: ID, in form: Form)
    throws(PagingDatabaseError) -> String
  {
    // The forms JSON gives these types, without an encoder. The type is compared, and the
    // value then taken as that type, the same type: a cast would cost a dynamic-cast lookup on
    // every row of a commit. `String` compares canonically, so its text is composed.
    if ID.self == Int.self { return String(unsafeBitCast(id, to: Int.self)) }
    if ID.self == String.self {
      return string(composed(unsafeBitCast(id, to: String.self), in: form), in: form)
    }
    if ID.self == Int64.self { return String(unsafeBitCast(id, to: Int64.self)) }
    if ID.self == UUID.self { return string(unsafeBitCast(id, to: UUID.self).uuidString, in: form) }
    var data: Data
    do { data = try encoder.encode(id) } catch { throw .unencodable }
    if form == .canonical, let again = canonicalJSON(of: id, data) { data = again }
    if data.first == UInt8(ascii: "\""),
      let text = try? JSONDecoder().decode(String.self, from: data)
    {
      return string(text, in: form)
    }
    let json = String(decoding: data, as: UTF8.self)
    // Every other form must be one no bare text has; anything the encoder writes that is not
    // (none known beyond `NaN`, which is listed) is refused rather than risk sharing one.
    guard form == .bareStrings || mayReadAsJSON(json) else { throw .unencodable }
    return json
  }

  /// The JSON of `id`, whose JSON is `data`, with its text in canonical composition, when
  /// that is another JSON and still `id` by the type's own `==`; else `nil` (`data` is then
  /// the form). The composed JSON is decoded and encoded again, so that an object's keys are
  /// sorted as composed (`"e"` and a combining accent sorts before `"f"`, `"é"` after it);
  /// a type whose `==` tells canonically equivalent text apart (one that compares the bytes)
  /// keeps its text as it is, and each of its ids a row.
  private static func canonicalJSON<ID: Codable & Hashable>(of id: ID, _ data: Data) -> Data? {
    let json = String(decoding: data, as: UTF8.self)
    let text = composed(json, in: .canonical)
    guard !text.utf8.elementsEqual(json.utf8),
      let value = try? JSONDecoder().decode(ID.self, from: Data(text.utf8)), value == id
    else { return nil }
    return try? encoder.encode(value)
  }

  /// `text` in Unicode's canonical composition (NFC) in the ``Form/canonical`` form, else as it
  /// is.
  /// - Complexity: O(*n*) for *n* UTF-8 bytes; Foundation's normalization only for text with a
  ///   character from U+0300 on (below it every character is already composed, and none
  ///   composes with the one before it).
  private static func composed(_ text: String, in form: Form) -> String {
    guard form == .canonical, !text.utf8.allSatisfy({ $0 < 0xCC }) else { return text }
    return text.precomposedStringWithCanonicalMapping
  }

  /// The stored form of an id that encodes as the JSON string `text`.
  private static func string(_ text: String, in form: Form) -> String {
    guard form != .bareStrings, mayReadAsJSON(text) else { return text }
    // Printable ASCII but for the quote and the backslash is written as it is by
    // `JSONEncoder` (slashes unescaped): quoted here without one, as numeric text ids are
    // on every row of some lists. Other text takes the encoder, so both agree byte for byte.
    if text.utf8.allSatisfy({
      $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }) {
      return "\"" + text + "\""
    }
    return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? text
  }

  /// Whether `text`, stored bare, could be read as what `JSONEncoder` writes for something
  /// other than a string: a number, `true`, `false`, `null`, an object or an array, or `NaN`
  /// (its form of `Decimal.nan`, not JSON); or starts as a quoted form does.
  package static func mayReadAsJSON(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return false }
    switch first {
    case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default: return text == "true" || text == "false" || text == "null" || text == "NaN"
    }
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
