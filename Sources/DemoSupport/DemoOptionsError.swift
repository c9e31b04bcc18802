/// A command-line argument the demo cannot use. Its ``description`` is one line, with the
/// offending text quoted and escaped, so that the executable prints it and exits with status 2.
package enum DemoOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An argument starts with `-` but is no known option.
  case unknownOption(String)
  /// An argument is not an option, and the demo takes no positional arguments.
  case unexpectedArgument(String)
  /// An option that takes a value came last, or was followed by another option.
  case missingValue(option: String)
  /// An option's value is out of range or of the wrong form. `expected` says what would do.
  case invalidValue(option: String, value: String, expected: String)
  /// An option was given twice.
  case repeatedOption(String)
  /// `option` only makes sense together with `required`.
  case requiresOption(option: String, required: String)
  /// `option` cannot be used together with `other`.
  case conflictingOptions(option: String, other: String)
  /// `--option=value` was given for an option that takes no value.
  case unexpectedValue(option: String)

  /// One line, such as `--page-size: "0" is not a whole number from 1 to 1000`.
  package var description: String {
    switch self {
    case .unknownOption(let option): "unknown option \(quoted(option))"
    case .unexpectedArgument(let argument): "unexpected argument \(quoted(argument))"
    case .missingValue(let option): "\(option) needs a value"
    case .invalidValue(let option, let value, let expected):
      "\(option): \(quoted(value)) is not \(expected)"
    case .repeatedOption(let option): "\(option) is given more than once"
    case .requiresOption(let option, let required): "\(option) needs \(required)"
    case .conflictingOptions(let option, let other): "\(option) cannot be used with \(other)"
    case .unexpectedValue(let option): "\(option) takes no value"
    }
  }

  /// The text in quotes with control characters escaped (so it stays on one line), shortened
  /// to 60 characters.
  private func quoted(_ text: String) -> String {
    let short = text.count > 60 ? String(text.prefix(59)) + "…" : text
    return String(reflecting: short)
  }
}
