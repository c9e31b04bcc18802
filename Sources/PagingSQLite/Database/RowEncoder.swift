import Foundation

/// Encodes a stored row's body as JSON in one pass, writing bytes as the value's `encode(to:)`
/// calls come, where Foundation's `JSONEncoder` first builds a tree of boxed values and
/// dictionaries and then serializes it: that tree was two thirds of a page commit's time
/// (`paging-bench --sqlite`, perf), and the reason a commit ran barely ahead of Python's
/// `sqlite3` with `json.dumps`.
///
/// The bytes decode with `JSONDecoder` to the same value as `JSONEncoder`'s (its default
/// strategies): `Date`, `Data`, `URL` and `Decimal` are written by `JSONEncoder` itself, and a
/// value that uses what a single pass cannot write (`superEncoder`, a key written twice, a
/// container used after a later sibling began) is encoded again, whole, by `JSONEncoder`.
/// Object keys keep the order the value writes them; `/` is not escaped.
///
/// One encoder serves a page: its buffers are kept from row to row.
package struct RowEncoder {
  private let writer = JSONStreamWriter()

  package init() {}

  /// `value` as JSON.
  /// - Throws: `EncodingError` for what `JSONEncoder` refuses too (a NaN or infinite float).
  /// - Complexity: O(n) in the JSON's length.
  package func encode<Value: Encodable>(_ value: Value) throws -> Data {
    try write(value)
    return Data(writer.bytes)
  }

  /// Writes `value` as JSON into the encoder's buffer, which ``withJSON(_:)`` then reads
  /// without a copy (a statement binds it, and SQLite copies it).
  /// - Throws: What ``encode(_:)`` throws.
  /// - Complexity: O(n) in the JSON's length.
  package func write<Value: Encodable>(_ value: Value) throws {
    writer.reset()
    do {
      // A new top-level encoder a row: one that a value kept from an earlier row is stale, and
      // what it writes is refused rather than added to this row.
      try writer.writeValue(value, path: [])
      try writer.finish()
    } catch is JSONStreamWriter.Unsupported {
      let data = try JSONEncoder().encode(value)
      writer.reset()
      writer.bytes.append(contentsOf: data)
    }
  }

  /// Calls `body` with the JSON the last ``write(_:)`` wrote; the bytes are valid only during
  /// the call.
  /// - Throws: What `body` throws.
  package func withJSON<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // `withUnsafeBytes` rethrows untyped errors: the result carries the typed one out.
    let result = writer.bytes.withUnsafeBytes { buffer in
      Swift.Result { () throws(Failure) -> Result in try body(buffer) }
    }
    return try result.get()
  }
}

/// The bytes written so far and the containers still open, innermost last.
private final class JSONStreamWriter {
  /// What one pass cannot write: the caller encodes the value again with `JSONEncoder`.
  struct Unsupported: Error {}

  struct Frame {
    var id: Int
    var closer: UInt8
    var count = 0
    /// Where this object's keys start in `keys`, while it has few; past 16, `manyKeys`
    /// holds them.
    var firstKey: Int
    var manyKeys: Set<String>? = nil
  }

  // Unchecked: only this writer's own methods touch them, never two at once, and the dynamic
  // check (a thread-local access set per access) cost more than the writing.
  @exclusivity(unchecked) var bytes: [UInt8] = []
  @exclusivity(unchecked) private var frames: [Frame] = []
  /// The keys of the open objects, outermost first: kept from row to row, so that a small
  /// row allocates nothing for them.
  @exclusivity(unchecked) private var keys: [String] = []
  @exclusivity(unchecked) private var nextID = 0
  /// Set by a non-throwing call that asked for what one pass cannot write.
  @exclusivity(unchecked) var unsupported = false

  init() { bytes.reserveCapacity(256) }

  func reset() {
    bytes.removeAll(keepingCapacity: true)
    frames.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    unsupported = false
  }

  /// Adds `key` to the innermost object's keys; `false` if it was written before.
  private func insert(_ key: String) -> Bool {
    let index = frames.count - 1
    if frames[index].manyKeys == nil {
      let first = frames[index].firstKey
      if keys[first...].contains(key) { return false }
      keys.append(key)
      if keys.count - first <= 16 { return true }
      frames[index].manyKeys = Set(keys[first...])
      keys.removeSubrange(first...)
      return true
    }
    return frames[index].manyKeys!.insert(key).inserted
  }

  private func pop() {
    let frame = frames.removeLast()
    if frame.manyKeys == nil { keys.removeSubrange(frame.firstKey...) }
    bytes.append(frame.closer)
  }

  func finish() throws {
    if unsupported { throw Unsupported() }
    while !frames.isEmpty { pop() }
  }

  // MARK: Containers

  /// Opens an object or an array where the writer stands; its id.
  func open(_ opener: UInt8, _ closer: UInt8) -> Int {
    nextID += 1
    bytes.append(opener)
    frames.append(Frame(id: nextID, closer: closer, firstKey: keys.count))
    return nextID
  }

  /// Closes the containers opened inside the one with `id` (a nested container whose parent
  /// writes again is done), then readies the next element of `id`: a comma, and the key.
  func next(in id: Int, key: String? = nil) throws {
    while let top = frames.last, top.id != id {
      guard frames.contains(where: { $0.id == id }) else { try refuse() }
      pop()
    }
    guard frames.last?.id == id else { try refuse() }
    let index = frames.count - 1
    if let key {
      guard insert(key) else { try refuse() }
    }
    if frames[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
    frames[index].count += 1
    if let key {
      writeString(key)
      bytes.append(UInt8(ascii: ":"))
    }
  }

  /// Marks the value as one this pass cannot write (so that an `encode(to:)` that swallows the
  /// error still falls back) and throws.
  func refuse() throws -> Never {
    unsupported = true
    throw Unsupported()
  }

  func count(of id: Int) -> Int { frames.last(where: { $0.id == id })?.count ?? 0 }

  var depth: Int { frames.count }

  /// Closes the containers a value opened beyond `depth`.
  func close(to depth: Int) {
    while frames.count > depth { pop() }
  }

  // MARK: Values

  /// Writes `value` where the writer stands.
  ///
  /// A value that throws leaves its key or comma written: the writer is marked so that the
  /// row is encoded again by `JSONEncoder` should an `encode(to:)` swallow the error (`try?`),
  /// rather than keep invalid JSON.
  func writeValue<Value: Encodable>(_ value: Value, path: [any CodingKey]) throws {
    // Metatype comparisons, not casts: a cast that fails costs as much as a small row's key.
    let type = Value.self
    if type == String.self { return writeString(value as! String) }
    if type == Int.self { return writeInteger(Int64(value as! Int)) }
    if type == Date.self || type == Data.self || type == URL.self || type == Decimal.self {
      // Foundation's own forms (seconds since 2001, Base64, the absolute string, a number).
      do { return bytes.append(contentsOf: try JSONEncoder().encode(value)) } catch {
        unsupported = true
        throw error
      }
    }
    let depth = depth
    let slot = SlotEncoder(writer: self, path: path, depth: depth)
    do { try value.encode(to: slot) } catch {
      unsupported = true
      throw error
    }
    if unsupported { throw Unsupported() }
    if !slot.wrote { bytes.append(contentsOf: Self.emptyObject) }
    close(to: depth)
  }

  private static let emptyObject = Array("{}".utf8)
  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)
  private static let hex = Array("0123456789abcdef".utf8)

  func writeBool(_ value: Bool) {
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
  }

  func writeNull() { bytes.append(contentsOf: Self.nullBytes) }

  func writeInteger(_ value: Int64) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      writeUnsigned(value.magnitude)
    } else {
      writeUnsigned(UInt64(value))
    }
  }

  func writeUnsigned(_ value: UInt64) {
    if value < 10 { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var rest = value
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  func writeFloat<Number: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: Number, path: [any CodingKey]
  ) throws {
    guard value.isFinite else {
      // Its key is written: a caller that swallows the error gets the row from JSONEncoder.
      unsupported = true
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path, debugDescription: "a NaN or infinite number is not valid JSON"))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
  }

  func writeString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var utf8 = value
    utf8.withUTF8 { source in
      var start = 0
      for (index, byte) in source.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        bytes.append(contentsOf: source[start..<index])
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22, 0x5C: bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
          bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
          bytes.append(Self.hex[Int(byte >> 4)])
          bytes.append(Self.hex[Int(byte & 0xF)])
        }
        start = index + 1
      }
      bytes.append(contentsOf: source[start...])
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

/// The `Encoder` for one value's place: its first container (or single value) decides what the
/// place holds.
private final class SlotEncoder: Encoder {
  let writer: JSONStreamWriter
  let codingPath: [any CodingKey]
  let depth: Int
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// The object or array this place opened, and which.
  private var frame: Frame?
  /// The container a place opened: a struct, not a tuple, whose metadata the runtime would
  /// look up on each use from the encoder's generic methods.
  private struct Frame {
    var id: Int
    var isObject: Bool
  }
  /// Whether anything was written in this place.
  private(set) var wrote = false

  init(writer: JSONStreamWriter, path: [any CodingKey], depth: Int) {
    self.writer = writer
    self.codingPath = path
    self.depth = depth
  }

  private func frameID(object: Bool) -> Int {
    if let frame {
      if frame.isObject != object { writer.unsupported = true }
      return frame.id
    }
    if wrote || writer.depth != depth { writer.unsupported = true }
    let id = writer.open(
      object ? UInt8(ascii: "{") : UInt8(ascii: "["), object ? UInt8(ascii: "}") : UInt8(ascii: "]")
    )
    frame = Frame(id: id, isObject: object)
    wrote = true
    return id
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(
      KeyedWriter<Key>(writer: writer, id: frameID(object: true), codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedWriter(writer: writer, id: frameID(object: false), codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { SingleWriter(slot: self) }

  /// Readies the place for a single value; throws if it holds one already.
  func claim() throws {
    guard !wrote, frame == nil, writer.depth == depth else { try writer.refuse() }
    wrote = true
  }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let writer: JSONStreamWriter
  let id: Int
  let codingPath: [any CodingKey]

  private func key(_ key: Key) throws { try writer.next(in: id, key: key.stringValue) }

  mutating func encodeNil(forKey key: Key) throws {
    try self.key(key)
    writer.writeNull()
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try self.key(key)
    writer.writeBool(value)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    try self.key(key)
    writer.writeString(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    try self.key(key)
    try writer.writeFloat(value, path: codingPath + [key])
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    try self.key(key)
    try writer.writeFloat(value, path: codingPath + [key])
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    try self.key(key)
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    try self.key(key)
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    try self.key(key)
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    try self.key(key)
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    try self.key(key)
    writer.writeInteger(value)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    try self.key(key)
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    try self.key(key)
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    try self.key(key)
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    try self.key(key)
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    try self.key(key)
    writer.writeUnsigned(value)
  }
  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    try self.key(key)
    try writer.writeValue(value, path: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    if (try? self.key(key)) == nil { writer.unsupported = true }
    let id = writer.open(UInt8(ascii: "{"), UInt8(ascii: "}"))
    return KeyedEncodingContainer(
      KeyedWriter<NestedKey>(writer: writer, id: id, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    if (try? self.key(key)) == nil { writer.unsupported = true }
    let id = writer.open(UInt8(ascii: "["), UInt8(ascii: "]"))
    return UnkeyedWriter(writer: writer, id: id, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { unsupportedEncoder() }
  mutating func superEncoder(forKey key: Key) -> any Encoder { unsupportedEncoder() }

  private func unsupportedEncoder() -> any Encoder {
    writer.unsupported = true
    return SlotEncoder(writer: JSONStreamWriter(), path: codingPath, depth: 0)
  }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
  let writer: JSONStreamWriter
  let id: Int
  let codingPath: [any CodingKey]
  var count: Int { writer.count(of: id) }

  private func element() throws { try writer.next(in: id) }

  mutating func encodeNil() throws {
    try element()
    writer.writeNull()
  }
  mutating func encode(_ value: Bool) throws {
    try element()
    writer.writeBool(value)
  }
  mutating func encode(_ value: String) throws {
    try element()
    writer.writeString(value)
  }
  mutating func encode(_ value: Double) throws {
    try element()
    try writer.writeFloat(value, path: codingPath)
  }
  mutating func encode(_ value: Float) throws {
    try element()
    try writer.writeFloat(value, path: codingPath)
  }
  mutating func encode(_ value: Int) throws {
    try element()
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int8) throws {
    try element()
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int16) throws {
    try element()
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int32) throws {
    try element()
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int64) throws {
    try element()
    writer.writeInteger(value)
  }
  mutating func encode(_ value: UInt) throws {
    try element()
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt8) throws {
    try element()
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt16) throws {
    try element()
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt32) throws {
    try element()
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt64) throws {
    try element()
    writer.writeUnsigned(value)
  }
  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try element()
    try writer.writeValue(value, path: codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    if (try? element()) == nil { writer.unsupported = true }
    let id = writer.open(UInt8(ascii: "{"), UInt8(ascii: "}"))
    return KeyedEncodingContainer(
      KeyedWriter<NestedKey>(writer: writer, id: id, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    if (try? element()) == nil { writer.unsupported = true }
    let id = writer.open(UInt8(ascii: "["), UInt8(ascii: "]"))
    return UnkeyedWriter(writer: writer, id: id, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    writer.unsupported = true
    return SlotEncoder(writer: JSONStreamWriter(), path: codingPath, depth: 0)
  }
}

private struct SingleWriter: SingleValueEncodingContainer {
  let slot: SlotEncoder
  var codingPath: [any CodingKey] { slot.codingPath }
  private var writer: JSONStreamWriter { slot.writer }

  mutating func encodeNil() throws {
    try slot.claim()
    writer.writeNull()
  }
  mutating func encode(_ value: Bool) throws {
    try slot.claim()
    writer.writeBool(value)
  }
  mutating func encode(_ value: String) throws {
    try slot.claim()
    writer.writeString(value)
  }
  mutating func encode(_ value: Double) throws {
    try slot.claim()
    try writer.writeFloat(value, path: codingPath)
  }
  mutating func encode(_ value: Float) throws {
    try slot.claim()
    try writer.writeFloat(value, path: codingPath)
  }
  mutating func encode(_ value: Int) throws {
    try slot.claim()
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int8) throws {
    try slot.claim()
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int16) throws {
    try slot.claim()
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int32) throws {
    try slot.claim()
    writer.writeInteger(Int64(value))
  }
  mutating func encode(_ value: Int64) throws {
    try slot.claim()
    writer.writeInteger(value)
  }
  mutating func encode(_ value: UInt) throws {
    try slot.claim()
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt8) throws {
    try slot.claim()
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt16) throws {
    try slot.claim()
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt32) throws {
    try slot.claim()
    writer.writeUnsigned(UInt64(value))
  }
  mutating func encode(_ value: UInt64) throws {
    try slot.claim()
    writer.writeUnsigned(value)
  }
  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try slot.claim()
    try writer.writeValue(value, path: codingPath)
  }
}
