/// Why a ``PagingConfiguration`` was rejected.
public enum PagingConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// ``PagingConfiguration/maxSize`` is below one page plus twice the prefetch distance, so
  /// the cap would drop a page that the rows on screen or the prefetch window need at once,
  /// and load it again, in a loop (fault class 20; Android Paging 3 rejects the same
  /// configuration). `required` is the smallest cap that works: the page size plus twice the
  /// largest prefetch distance the strategy can reach, in items.
  case maxSizeTooSmall(maxSize: Int, required: Int)

  /// A sentence for logs.
  public var description: String {
    switch self {
    case .maxSizeTooSmall(let maxSize, let required):
      "maxSize \(maxSize) is below a page plus twice the prefetch distance (\(required) items)"
    }
  }
}
