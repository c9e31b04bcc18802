import Foundation
import PagingSQLite
import Testing

import var PagingTestSupport.minuteLimit

/// Every kind of value a row's `Encodable` writes, for the round trip.
private struct Everything: Codable, Equatable {
  enum Kind: Codable, Equatable {
    case plain
    case tagged(String, count: Int)
    case nested(Inner?)
  }

  struct Inner: Codable, Equatable {
    var values: [Double]
    var flags: [Bool?]
  }

  struct Empty: Codable, Equatable {}

  var id = 7
  var negative = Int.min
  var small: Int8 = -128
  var large = UInt64.max
  var wide = Int64.min
  var unsigned: UInt32 = 4_000_000_000
  var doubles = [0.1, -0.0, 1e300, 3.0, -2.5e-308, .leastNonzeroMagnitude]
  var float: Float = 0.1
  var flag = true
  var text = "quote \" backslash \\ newline \n tab \t bell \u{07} nul \u{0} slash / é 😀"
  var nothing: String? = nil
  var something: String? = "here"
  var inner = Inner(values: [1, 2.5], flags: [true, nil, false])
  var inners = [Inner(values: [], flags: []), Inner(values: [-1], flags: [nil])]
  var byName = ["a": 1, "b \"quoted\"": 2]
  var byNumber = [1: "one", -2: "minus two"]
  var kinds: [Kind] = [
    .plain, .tagged("t", count: 3), .nested(nil), .nested(Inner(values: [0], flags: [])),
  ]
  var empty = Empty()
  var date = Date(timeIntervalSinceReferenceDate: 123_456.789)
  var data = Data([0, 1, 2, 254, 255])
  var url = URL(string: "https://api.example.com/notes?page=2&q=a%20b")!
  var decimal = Decimal(string: "12345.6789")!
  var set: Set<Int> = [3]
}

/// A subclass that encodes its superclass through `superEncoder()`, which one pass cannot
/// write.
private class Base: Codable {
  var base = 1
}

private final class Derived: Base {
  var derived = 2
  private enum CodingKeys: CodingKey { case derived }

  override init() { super.init() }
  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    derived = try container.decode(Int.self, forKey: .derived)
    try super.init(from: container.superDecoder())
  }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(derived, forKey: .derived)
    try super.encode(to: container.superEncoder())
  }
}

/// A key written twice (`JSONEncoder` keeps the last value).
private struct TwiceWritten: Codable, Equatable {
  var value: Int
  private enum CodingKeys: CodingKey { case value }
  init(value: Int) { self.value = value }
  init(from decoder: any Decoder) throws {
    value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(0, forKey: .value)
    try container.encode(value, forKey: .value)
  }
}

/// Writes into a nested container after its sibling began.
private struct Interleaved: Codable, Equatable {
  var a: [String: Int]
  var b: [String: Int]
  private enum CodingKeys: String, CodingKey { case a, b, x, y }
  init(a: [String: Int], b: [String: Int]) {
    self.a = a
    self.b = b
  }
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    a = try container.decode([String: Int].self, forKey: .a)
    b = try container.decode([String: Int].self, forKey: .b)
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var first = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .a)
    var second = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .b)
    try second.encode(b["y"], forKey: .y)
    try first.encode(a["x"], forKey: .x)
  }
}

@Suite("RowEncoder: a stored row's JSON in one pass", .timeLimit(.minutes(minuteLimit)))
struct RowEncoderTests {
  /// A row whose `encode(to:)` swallows a value's error (`try?`) is JSONEncoder's: the one
  /// pass has written the value's key and colon, and would store invalid JSON.
  @Test func aSwallowedValueErrorGivesJSONEncodersRow() throws {
    let encoded = try RowEncoder().encode(SwallowsNaN(id: 1))
    #expect(encoded == (try JSONEncoder().encode(SwallowsNaN(id: 1))))
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"id":1}"#)
  }

  /// An encoder a value keeps from one row and writes through in the next is stale: what it
  /// writes never joins the next row (which then comes from JSONEncoder, as written).
  @Test func anEncoderKeptFromAnEarlierRowWritesNothingIntoTheNext() throws {
    let encoder = RowEncoder()
    let keeper = EncoderKeeper()
    _ = try encoder.encode(Saver(a: 1, keeper: keeper, useSaved: false))
    let second = try encoder.encode(Saver(a: 2, keeper: keeper, useSaved: true))
    #expect(String(decoding: second, as: UTF8.self) == #"{"a":2}"#)
  }

  @Test func everyKindOfValueDecodesBackAsItWas() throws {
    let value = Everything()
    let data = try RowEncoder().encode(value)
    #expect(try JSONDecoder().decode(Everything.self, from: data) == value)
    // Valid JSON whoever reads it, and the same value as Foundation's encoding.
    let ours = try JSONSerialization.jsonObject(with: data) as? NSDictionary
    let theirs =
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary
    // 23 properties; a `nil` optional is left out, as JSONEncoder leaves it out.
    #expect(ours?.count == 22)
    #expect(theirs?.count == 22)
    #expect(ours?["text"] as? String == value.text)
    #expect(ours?["url"] as? String == value.url.absoluteString)
    #expect(ours?["data"] as? String == "AAEC/v8=")
    #expect(ours?["date"] as? Double == theirs?["date"] as? Double)
    #expect(ours?["empty"] as? NSDictionary == [:])
  }

  @Test func aPlainRowIsWrittenAsExpected() throws {
    struct Row: Encodable {
      var id: Int
      var title: String
      var score: Double
      var tags: [String]
    }
    let data = try RowEncoder().encode(Row(id: -12, title: "a\"b", score: 2.0, tags: ["x", "y"]))
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"id":-12,"title":"a\"b","score":2,"tags":["x","y"]}"#)
  }

  @Test func whatOnePassCannotWriteIsWrittenByJSONEncoder() throws {
    let object = Derived()
    object.base = 3
    let derived = try JSONDecoder().decode(Derived.self, from: try RowEncoder().encode(object))
    #expect(derived.derived == 2)
    #expect(derived.base == 3)

    let twice = try RowEncoder().encode(TwiceWritten(value: 5))
    #expect(try JSONDecoder().decode(TwiceWritten.self, from: twice) == TwiceWritten(value: 5))

    let interleaved = Interleaved(a: ["x": 1], b: ["y": 2])
    let data = try RowEncoder().encode(interleaved)
    #expect(try JSONDecoder().decode(Interleaved.self, from: data) == interleaved)
  }

  @Test func aNumberJSONCannotHoldIsRefusedAsJSONEncoderRefusesIt() {
    struct Reading: Encodable { var value: Double }
    #expect(throws: EncodingError.self) { try RowEncoder().encode(Reading(value: .nan)) }
    #expect(throws: EncodingError.self) { try RowEncoder().encode([Float.infinity]) }
  }
}

/// Encodes its id, then a NaN under `try?`: the error is swallowed.
private struct SwallowsNaN: Encodable {
  enum CodingKeys: String, CodingKey { case id, x }
  var id: Int

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try? container.encode(Double.nan, forKey: .x)
  }
}

/// Where a `Saver` keeps the encoder it was given.
private final class EncoderKeeper: @unchecked Sendable {
  var encoder: (any Encoder)?
}

/// Breaks `Encodable`'s rules on purpose: it keeps its encoder, and the next one writes
/// through the kept one too.
private struct Saver: Encodable {
  enum CodingKeys: String, CodingKey { case a, b }
  var a: Int
  let keeper: EncoderKeeper
  var useSaved: Bool

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(a, forKey: .a)
    if useSaved, let saved = keeper.encoder {
      var stale = saved.container(keyedBy: CodingKeys.self)
      try? stale.encode(99, forKey: .b)
    }
    keeper.encoder = encoder
  }
}
