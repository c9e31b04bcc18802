import Foundation

/// The demo's JSON output format: pretty-printed, keys sorted (so output is stable from run to
/// run and diffs well), slashes unescaped (URLs stay readable), one trailing line break.
package enum DemoJSON {
  /// Encodes `value` as the demo prints JSON.
  /// - Parameter value: Any encodable value.
  /// - Returns: The JSON text, ending in `"\n"`.
  /// - Throws: `EncodingError` when the value cannot be encoded (such as a non-finite `Double`).
  package static func string(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
