/// Swift source for steps and cases, so that a failing run prints a regression test to paste.
extension FuzzRowRef: CustomStringConvertible {
  package var description: String {
    switch self {
    case .index(let i): ".index(\(i))"
    case .idAt(let i): ".idAt(\(i))"
    }
  }
}

extension FuzzOutcome: CustomStringConvertible {
  package var description: String {
    switch self {
    case .full: ".full"
    case .short(let n): ".short(\(n))"
    case .empty(let skip): ".empty(skip: \(skip))"
    case .seen: ".seen"
    case .repeatedCursor(let pick): ".repeatedCursor(pick: \(pick))"
    case .failure(let retryable): ".failure(retryable: \(retryable))"
    case .cancellation(let kind): ".cancellation(.\(kind))"
    }
  }
}

extension FuzzStep: CustomStringConvertible {
  package var description: String {
    switch self {
    case .start: ".start"
    case .startAt(let pick): ".startAt(pick: \(pick))"
    case .refresh: ".refresh"
    case .retry: ".retry"
    case .cancel: ".cancel"
    case .loadNextPage: ".loadNextPage"
    case .loadPreviousPage: ".loadPreviousPage"
    case .appear(let row): ".appear(\(row))"
    case .disappear(let row): ".disappear(\(row))"
    case .scroll(let rows): ".scroll(\(rows))"
    case .jump(let percent): ".jump(percent: \(percent))"
    case .burst(let from, let count): ".burst(from: \(from), count: \(count))"
    case .answer(let pick, let outcome): ".answer(pick: \(pick), \(outcome))"
    case .fireRetryTimer(let stale): ".fireRetryTimer(stale: \(stale))"
    case .fireHedgeTimer(let pick, let stale): ".fireHedgeTimer(pick: \(pick), stale: \(stale))"
    case .serverInsert(let position, let count):
      ".serverInsert(position: \(position), count: \(count))"
    case .serverDelete(let position): ".serverDelete(position: \(position))"
    case .remove(let pick): ".remove(pick: \(pick))"
    case .update(let pick): ".update(pick: \(pick))"
    case .insert(let pick): ".insert(pick: \(pick))"
    case .move(let pick, let before): ".move(pick: \(pick), before: \(before))"
    case .filter(let filter): ".filter(\(filter.map(\.description) ?? "nil"))"
    case .query(let query, let keep): ".query(\(query), keepPrevious: \(keep))"
    case .sameFrame: ".sameFrame"
    }
  }
}

extension FuzzCase: CustomStringConvertible {
  /// The case as a Swift expression.
  package var description: String {
    let retries = automaticRetries.map(String.init) ?? "nil"
    let initial = initialCursor.map(String.init) ?? "nil"
    let hedge = hedging.map { ",\n  hedging: .milliseconds(\(Int($0 / .milliseconds(1))))" } ?? ""
    return """
      FuzzCase(
        seed: \(seed), pageSize: \(pageSize), prefetchDistance: \(prefetchDistance),
        maxPagesWithoutNewItems: \(maxPagesWithoutNewItems), duplicatePolicy: .\(duplicatePolicy),
        automaticRetries: \(retries), initialCursor: \(initial), viewportHeight: \(viewportHeight),
        answersCancelledRequests: \(answersCancelledRequests),
        serverIDs: \(serverIDs),
        steps: [
          \(steps.map(\.description).joined(separator: ", "))
        ]\(hedge))
      """
  }
}
