import Foundation
import Paging

extension ExplorerEvent {
  /// The events of a trace as the explorer prints it (`[.start, .answer(0, .page), ...]`), or
  /// `nil` when a part is not an event.
  package static func parse(trace: String) -> [ExplorerEvent]? {
    var text = trace.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("[") { text.removeFirst() }
    if text.hasSuffix("]") { text.removeLast() }
    // Split at the commas outside parentheses.
    var parts: [String] = []
    var depth = 0
    var current = ""
    for character in text {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if character == ",", depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
    var events: [ExplorerEvent] = []
    for part in parts {
      guard let event = parse(event: part.trimmingCharacters(in: .whitespaces)) else {
        return nil
      }
      events.append(event)
    }
    return events
  }

  private static func parse(event text: String) -> ExplorerEvent? {
    let name: Substring
    var arguments: [String] = []
    if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
      name = text[text.index(after: text.startIndex)..<open]
      let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
      arguments = inner.split(separator: ",", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    } else {
      name = text.dropFirst()
    }
    func int(_ index: Int) -> Int? {
      arguments.indices.contains(index) ? Int(arguments[index]) : nil
    }
    switch name {
    case "start": return .start
    case "scroll": return int(0).map { .scroll($0) }
    case "jumpToTop": return .jumpToTop
    case "jumpToBottom": return .jumpToBottom
    case "answer":
      guard let age = int(0), arguments.count == 2 else { return nil }
      switch arguments[1] {
      case ".page": return .answer(age, .page)
      case ".failure": return .answer(age, .failure)
      case ".cancelled": return .answer(age, .cancelled)
      case ".invalid": return .answer(age, .invalid)
      default: return nil
      }
    case "retryTimer":
      return LoadDirection.allCases.first { ".\($0)" == arguments.first }.map { .retryTimer($0) }
    case "hedgeTimer": return int(0).map { .hedgeTimer($0) }
    case "loadNextPage": return .loadNextPage
    case "loadPreviousPage": return .loadPreviousPage
    case "retry": return .retry
    case "cancel": return .cancel
    case "refresh":
      let argument = arguments.joined(separator: ",")
      if argument == "nil" { return .refresh(nil) }
      if argument == ".fromStart" { return .refresh(.fromStart) }
      if argument == ".aroundAnchor" { return .refresh(.aroundAnchor) }
      let digits = argument.filter(\.isNumber)
      guard argument.hasPrefix(".allLoaded"), let limit = Int(digits) else { return nil }
      return .refresh(.allLoaded(limit: limit))
    case "remove": return int(0).map { .remove($0) }
    case "update": return int(0).map { .update($0) }
    case "insertAfter": return int(0).map { .insertAfter($0) }
    case "filter":
      if arguments.first == "nil" { return .filter(nil) }
      return ExplorerFilter.allCases.first { "\($0)" == arguments.first }.map { .filter($0) }
    case "query":
      // A query's rows are numbered from it (`row + 100 × query`): one past a thousand is no
      // query a configuration makes, and its rows' numbers would not fit.
      guard let query = int(0), (0...999).contains(query), arguments.count == 2 else { return nil }
      return .query(query, arguments[1] == ".clear" ? .clear : .keepPrevious)
    case "relaunch": return .relaunch
    case "serverChange": return int(0).map { .serverChange($0) }
    case "invalidate": return .invalidate
    case "fetchNextPage": return .fetchNextPage
    case "fetchPreviousPage": return .fetchPreviousPage
    default: return nil
    }
  }
}
