// Dropping items at either end of the store, for the memory cap (rulebook R26).

extension ItemStore {
  /// Removes the first `count` items (a page dropped at the top of the window).
  /// - Parameter count: Items to remove, in `0 ... self.count`.
  /// - Complexity: O(*n*) for the *n* items kept: the store is rebuilt from them, so that the
  ///   slots start again at 0 and the index stays as small as the window. A capped window holds
  ///   at most about ``PagingConfiguration``'s `maxSize` items, so a drop costs O(`maxSize`).
  package mutating func removeFirst(_ count: Int) {
    guard count > 0 else { return }
    let kept = Array(snapshot.dropFirst(count))
    replaceAll(with: kept, policy: .keepFirst)
  }

  /// Removes the last `count` items (a page dropped at the bottom of the window).
  /// - Parameter count: Items to remove, in `0 ... self.count`.
  /// - Complexity: O(*n*) for the *n* items kept, as ``removeFirst(_:)``.
  package mutating func removeLast(_ count: Int) {
    guard count > 0 else { return }
    let kept = Array(snapshot.dropLast(count))
    replaceAll(with: kept, policy: .keepFirst)
  }
}
