// The memory cap's rule (rulebook R26, fault class 20).

extension PagingConfiguration {
  /// The largest prefetch distance the strategy can use, in rows: the fixed distance, or the
  /// adaptive rule's largest (its maximum, or its initial distance if that is larger).
  public var largestPrefetchDistance: Int {
    switch prefetch {
    case .fixed: prefetch.initialDistance
    case .adaptive(let rule): Swift.max(rule.initialDistance, rule.maximumDistance)
    }
  }

  /// Checks that ``maxSize`` leaves room for a page plus the prefetch window on both sides of
  /// it (Android Paging 3's rule `maxSize >= pageSize + 2 * prefetchDistance`), so that the
  /// cap never drops a page the screen needs at once (fault class 20). A configuration
  /// without a cap always passes. The engine checks the same rule, with the size of the
  /// page the source returned, when a refresh commits.
  /// - Parameter pageSize: The items the source returns per page.
  /// - Throws: ``PagingConfigurationError/maxSizeTooSmall(maxSize:required:)``.
  /// - Complexity: O(1).
  public func validate(pageSize: Int) throws(PagingConfigurationError) {
    guard let maxSize else { return }
    let required = Swift.max(0, pageSize) + 2 * largestPrefetchDistance
    if maxSize < required { throw .maxSizeTooSmall(maxSize: maxSize, required: required) }
  }
}
