/// The rules a paginator follows. Every value has a default that suits a phone-sized list.
public struct PagingConfiguration<Cursor: Hashable & Sendable>: Sendable {
  /// How close to the end of the loaded items, in rows, a visible row must be to start loading
  /// the next page: a row triggers an append when at most this many loaded rows follow it.
  /// 0 means "only the last row", the hand-written guard. Negative values count as 0.
  ///
  /// With ``PrefetchStrategy/fixed`` this is the distance always. With the default,
  /// ``PrefetchStrategy/adaptive(_:)``, it is the distance until the first append completes;
  /// after that the distance follows how far the user scrolls while pages load.
  ///
  /// The default, 20, is about two screens of a phone list (8 to 15 rows each) and one
  /// typical page (20 on Mastodon, 30 on GitHub), the same choice as Android Paging 3 (its
  /// default prefetch distance is the page size): the next page is requested while the user
  /// still has a screen or more to read, so at a typical mobile round trip (150 ms at the
  /// median) a reader never waits, at the price of one page loaded ahead.
  public var prefetchDistance: Int {
    didSet { prefetchDistance = max(0, prefetchDistance) }
  }
  /// Whether the prefetch distance stays ``prefetchDistance`` (``PrefetchStrategy/fixed``) or
  /// adapts to the user (``PrefetchStrategy/adaptive(_:)``).
  public var prefetch: PrefetchStrategy
  /// The cursor of the first page (`nil`: the source's first page).
  public var initialCursor: Cursor?
  /// What a commit does with an item whose id is already loaded.
  public var duplicatePolicy: DuplicatePolicy
  /// How many pages in a row may add no new item (empty, or only duplicates) before the append
  /// direction fails with ``PagingError/noNewItems(pages:)`` instead of loading on (default 3,
  /// at least 1).
  public var maxPagesWithoutNewItems: Int {
    didSet { maxPagesWithoutNewItems = max(1, maxPagesWithoutNewItems) }
  }
  /// When failed loads are retried without a call to ``Paginator/retry()``.
  public var retryPolicy: RetryPolicy

  /// Creates a configuration.
  /// - Parameters:
  ///   - prefetchDistance: Rows from the loaded end at which an append starts (default 20;
  ///     negative values count as 0).
  ///   - prefetch: Fixed or adaptive. By default: adaptive (with ``AdaptivePrefetch``'s
  ///     defaults) when `prefetchDistance` is not given, and fixed at `prefetchDistance` when
  ///     it is, so that a distance you choose is the distance you get.
  ///   - initialCursor: The first page's cursor (default `nil`).
  ///   - duplicatePolicy: Keep the first occurrence of an id (default) or replace it.
  ///   - maxPagesWithoutNewItems: Pages in a row without a new item before giving up
  ///     (default 3; values below 1 count as 1).
  ///   - retryPolicy: Manual (default) or exponential backoff.
  public init(
    prefetchDistance: Int? = nil, prefetch: PrefetchStrategy? = nil, initialCursor: Cursor? = nil,
    duplicatePolicy: DuplicatePolicy = .keepFirst, maxPagesWithoutNewItems: Int = 3,
    retryPolicy: RetryPolicy = .manual
  ) {
    self.prefetchDistance = max(0, prefetchDistance ?? 20)
    self.prefetch = prefetch ?? (prefetchDistance == nil ? .adaptive(AdaptivePrefetch()) : .fixed)
    self.initialCursor = initialCursor
    self.duplicatePolicy = duplicatePolicy
    self.maxPagesWithoutNewItems = max(1, maxPagesWithoutNewItems)
    self.retryPolicy = retryPolicy
  }
}
