import Foundation

/// Parses one `Link` field value, following RFC 8288 appendices B.2 (link-values), B.3
/// (parameters) and B.4 (quoted strings), with RFC 8187 for `name*` parameters.
///
/// Works on the UTF-8 bytes; every delimiter it looks for is ASCII, so slices between them are
/// whole characters.
struct LinkFieldParser {
  private let fieldValue: String
  private let bytes: [UInt8]
  private let baseURL: URL?
  private var index = 0
  private(set) var links: [WebLink] = []
  private(set) var errors: [LinkHeaderError] = []

  init(fieldValue: String, baseURL: URL?) {
    self.fieldValue = fieldValue
    self.bytes = Array(fieldValue.utf8)
    self.baseURL = baseURL
  }

  /// B.2: link-values separated by commas; empty list elements are allowed (RFC 9110 5.6.1).
  mutating func parse() {
    while true {
      skipWhitespace()
      while peek() == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
      }
      guard let first = peek() else { return }
      guard first == UInt8(ascii: "<") else { return fail(.expectedLinkValue) }
      let open = index
      index += 1
      let targetStart = index
      while let byte = peek(), byte != UInt8(ascii: ">") { index += 1 }
      guard peek() == UInt8(ascii: ">") else {
        index = open
        return fail(.unterminatedTarget)
      }
      let targetString = text(targetStart..<index)
      index += 1
      let parameters = parseParameters()
      // After the parameters only a comma or the end may follow; anything else stops the parse
      // at the next loop turn (B.2 step 2.2), after this link-value is kept.
      appendLink(targetString: targetString, at: open, parameters: parameters)
      skipWhitespace()
      if let next = peek(), next != UInt8(ascii: ",") { return fail(.expectedLinkValue) }
    }
  }

  private mutating func appendLink(
    targetString: String, at offset: Int, parameters: [(name: String, value: String)]
  ) {
    guard let target = resolve(targetString) else {
      errors.append(
        LinkHeaderError(
          fieldValue: fieldValue, offset: offset, reason: .invalidTarget(targetString)))
      return
    }
    let relations = parameters.first { $0.name == "rel" }?.value ?? ""
    let relationTypes = relations.split(whereSeparator: { $0 == " " || $0 == "\t" })
      .map { $0.lowercased() }
    guard !relationTypes.isEmpty else { return }
    let context = parameters.first { $0.name == "anchor" }.flatMap { resolve($0.value) } ?? baseURL
    let kept = parameters.filter { !["rel", "anchor", "rev"].contains($0.name) }
    // B.2 step 16: an encoded `name*` replaces every plain `name`. One pass, so that a header
    // with thousands of `name*` parameters costs linear time, not quadratic.
    let encodedNames = Set(kept.lazy.filter { $0.name.hasSuffix("*") }.map { $0.name.dropLast() })
    let attributes = kept.compactMap { parameter -> WebLink.Attribute? in
      if parameter.name.hasSuffix("*") {
        return WebLink.Attribute(name: String(parameter.name.dropLast()), value: parameter.value)
      }
      if encodedNames.contains(Substring(parameter.name)) { return nil }
      return WebLink.Attribute(name: parameter.name, value: parameter.value)
    }
    links.append(
      WebLink(
        target: target, relationTypes: relationTypes, context: context, attributes: attributes))
  }

  /// B.3: `*( OWS ";" OWS name [ BWS "=" BWS value ] )`.
  private mutating func parseParameters() -> [(name: String, value: String)] {
    var parameters: [(name: String, value: String)] = []
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: ";") else { return parameters }
      index += 1
      skipWhitespace()
      let nameStart = index
      while let byte = peek(), !isWhitespace(byte), !"=;,".utf8.contains(byte) { index += 1 }
      let name = text(nameStart..<index).lowercased()
      skipWhitespace()
      var value = ""
      if peek() == UInt8(ascii: "=") {
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "\"") {
          value = parseQuotedString()
        } else {
          let valueStart = index
          while let byte = peek(), byte != UInt8(ascii: ";"), byte != UInt8(ascii: ",") {
            index += 1
          }
          value = text(valueStart..<index)
          // A token cannot end in white space; the OWS before the next ';' or ',' is not in it.
          while let last = value.last, last == " " || last == "\t" { value.removeLast() }
        }
        if name.hasSuffix("*") {
          // RFC 8187; B.3 step 7.5: an undecodable value drops the parameter, parsing goes on.
          guard let decoded = Self.decodeExtendedValue(value) else { continue }
          value = decoded
        }
      }
      parameters.append((name, value))
    }
  }

  /// B.4: a quoted string with backslash escapes; an unterminated one runs to the end.
  private mutating func parseQuotedString() -> String {
    var output: [UInt8] = []
    index += 1
    while let byte = peek() {
      index += 1
      if byte == UInt8(ascii: "\\") {
        guard let escaped = peek() else { break }
        output.append(escaped)
        index += 1
      } else if byte == UInt8(ascii: "\"") {
        break
      } else {
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// RFC 8187 section 3.2: `charset "'" [ language ] "'" value-chars`, UTF-8 or ISO-8859-1.
  static func decodeExtendedValue(_ value: String) -> String? {
    let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var decoded: [UInt8] = []
    var bytes = parts[2].utf8.makeIterator()
    while let byte = bytes.next() {
      guard byte == UInt8(ascii: "%") else {
        decoded.append(byte)
        continue
      }
      guard let high = bytes.next().flatMap(hexValue), let low = bytes.next().flatMap(hexValue)
      else { return nil }
      decoded.append(high << 4 | low)
    }
    // The standard library's decoding, not Foundation's `String(bytes:encoding:)`, which
    // crashed once (index out of range in corelibs Foundation) under the 50,000 values of
    // the megabyte hostile-input test.
    switch parts[0].lowercased() {
    case "utf-8":
      let malformed = transcode(
        decoded.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true,
        into: { _ in })
      return malformed ? nil : String(decoding: decoded, as: UTF8.self)
    case "iso-8859-1":
      // Each ISO-8859-1 byte is the Unicode scalar of the same value (U+0000 to U+00FF).
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: decoded.map { Unicode.Scalar($0) })
      return String(scalars)
    default: return nil
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// RFC 3986 section 5.2; the empty reference is the base without its fragment (Foundation
  /// rejects it).
  private func resolve(_ reference: String) -> URL? {
    guard reference.isEmpty else { return URL(string: reference, relativeTo: baseURL)?.absoluteURL }
    guard let baseURL, var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
    else { return nil }
    components.fragment = nil
    return components.url
  }

  private mutating func fail(_ reason: LinkHeaderError.Reason) {
    errors.append(LinkHeaderError(fieldValue: fieldValue, offset: index, reason: reason))
  }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), isWhitespace(byte) { index += 1 }
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }
}
