/// The rules a paginator follows. Every value has a default that suits a phone-sized list.
///
/// Every setting is given to ``init(prefetch:initialCursor:duplicatePolicy:maxPagesWithoutNewItems:retryPolicy:maxSize:refreshPolicy:hedging:jumpThreshold:)``,
/// as Android Paging 3's `PagingConfig` is built by its constructor:
///
/// ```swift
/// let configuration = PagingConfiguration<Int>(maxSize: 1_000, refreshPolicy: .aroundAnchor)
/// ```
///
/// Unlike `PagingConfig`'s fields, the settings cannot be read back: a configuration is only
/// handed to a ``Paginator``, so that adding a setting never widens what apps can read.
public struct PagingConfiguration<Cursor: Hashable & Sendable>: Sendable {
  /// How close to an edge of the loaded items, in rows, a visible row must be to load the page
  /// beyond it: Android Paging 3's prefetch distance (a row triggers when fewer than the
  /// distance of loaded rows lie between it and the edge; 0 loads only on explicit calls).
  ///
  /// The default, ``PrefetchStrategy/adaptive(_:)``, starts at 20 rows (about two screens of a
  /// phone list and one typical page, Paging 3's default of one page) and then follows how far
  /// the user scrolls while pages load; ``PrefetchStrategy/fixed(_:)`` keeps one distance.
  package var prefetch: PrefetchStrategy
  /// The cursor of the first page (`nil`: the source's first page). A refresh starts here
  /// unless ``Paginator/start(at:)`` opened the list elsewhere.
  package var initialCursor: Cursor?
  /// What a commit does with an item whose id is already loaded.
  package var duplicatePolicy: DuplicatePolicy
  /// How many pages in a row may add no new item (empty, or only duplicates) at one edge before
  /// that edge fails with ``PagingError/noNewItems(pages:)`` instead of loading on (default 3,
  /// at least 1).
  package var maxPagesWithoutNewItems: Int {
    didSet { maxPagesWithoutNewItems = max(1, maxPagesWithoutNewItems) }
  }
  /// When failed loads are retried without a call to ``Paginator/retry()``.
  package var retryPolicy: RetryPolicy
  /// The items the window keeps, in items (`nil`, the default: no cap). Once the window holds
  /// more than this plus its largest page, whole pages drop at the edge farthest from the
  /// visible rows, down to this many, and load again ahead of the user who scrolls back
  /// (Android Paging 3's `maxSize`, with hysteresis; rulebook R26). It must be at least a
  /// page plus twice the largest prefetch distance (with the default adaptive prefetch, whose
  /// largest distance is 100, a page plus 200 items).
  package var maxSize: Int?
  /// Where ``Paginator/refresh(policy:)`` reloads from when it is given no policy.
  package var refreshPolicy: RefreshPolicy
  /// When a slow load gets a second, identical request (a hedge). The default,
  /// ``HedgingPolicy/standard``, hedges a load that has run past the 95th percentile of the
  /// loads measured so far and at least twice their median, within a budget of one
  /// hedge per 10 loads that returned a page, 2 saved at most (``HedgeBudget``); a source whose
  /// loads are not idempotent is never hedged (``PageSource/loadsAreIdempotent``).
  /// ``HedgingPolicy/off`` turns hedging off. <doc:TailLatency> explains the defaults.
  package var hedging: HedgingPolicy
  /// How many ``PageSourceInvalidated`` answers in a row invalidate the list (rulebook R30);
  /// the next one fails its direction. 3 for a list; 0 for a walk, which has no window to
  /// reload and ends instead.
  package var reloadsAfterInvalidation = 3
  /// The cursor that names the page a request without a cursor loads
  /// (``PageSource/firstPageCursor``), set from the source: a page loaded without a cursor
  /// counts as loaded at this one too (R11).
  package var firstPageCursor: Cursor?
  /// Whether a state the rules rule out traps (in debug builds; release builds never trap):
  /// off only in the test that drives the release path of an inconsistency.
  package var trapsOnInternalInconsistency = true
  /// For a machine that hands each committed page on (a walk): how many of the pages it handed
  /// out it remembers, and whether it keeps their ids: the memory the machine starts with;
  /// `nil` keeps the whole window, as a list does.
  package var walkMemory: WalkMemory<Cursor>?
  /// How far beyond the loaded rows a placeholder on screen must be for the list to jump
  /// there (rulebook R31).
  package var jumpThreshold: JumpThreshold
  /// The source's ``PageSource/cursor(around:)``, set from a source whose
  /// ``PageSource/jumpingSupported`` is `true`; `nil` for a source that cannot jump.
  package var jumpCursor: (@Sendable (Int) -> Cursor?)?

  /// Creates a configuration.
  /// - Parameters:
  ///   - prefetch: How close to an edge of the loaded items, in rows, a visible row must be to
  ///     load the page beyond it: Android Paging 3's prefetch distance (a row triggers when
  ///     fewer than the distance of loaded rows lie between it and the edge; 0 loads only on
  ///     explicit calls). The default, ``PrefetchStrategy/adaptive(_:)``, starts at 20 rows
  ///     (about two screens of a phone list and one typical page, Paging 3's default of one
  ///     page) and then follows how far the user scrolls while pages load;
  ///     ``PrefetchStrategy/fixed(_:)`` keeps one distance.
  ///   - initialCursor: The cursor of the first page (default `nil`: the source's first page).
  ///     A refresh starts here unless ``Paginator/start(at:)`` opened the list elsewhere.
  ///   - duplicatePolicy: What a commit does with an item whose id is already loaded: keep
  ///     the first occurrence (default) or replace it.
  ///   - maxPagesWithoutNewItems: How many pages in a row may add no new item (empty, or only
  ///     duplicates) at one edge before that edge fails with
  ///     ``PagingError/noNewItems(pages:)`` instead of loading on (default 3; values below 1
  ///     count as 1).
  ///   - retryPolicy: Automatic retries of transient failures, 4 at most: at once, then after
  ///     about 1 s, 2 s and 4 s (default, ``ExponentialBackoff/standard``), other backoffs, or
  ///     ``RetryPolicy/manual``.
  ///   - maxSize: The items the window keeps, in items (default `nil`: no cap). Once the
  ///     window holds more than this plus its largest page, whole pages drop at the edge
  ///     farthest from the visible rows, down to this many, and load again ahead of the user
  ///     who scrolls back (Android Paging 3's `maxSize`, with hysteresis; rulebook R26). It
  ///     must be at least a page plus twice the largest prefetch distance: else the first
  ///     refresh fails with ``PagingError/maxSizeTooSmall(maxSize:required:)``.
  ///   - refreshPolicy: Where ``Paginator/refresh(policy:)`` reloads from when it is given no
  ///     policy (default ``RefreshPolicy/fromStart``).
  ///   - hedging: When a slow load gets a second, identical request (a hedge). The default,
  ///     ``HedgingPolicy/standard``, hedges a load that has run past the 95th percentile of
  ///     the loads measured so far and at least twice their median, within a budget of one
  ///     hedge per 10 loads that returned a page, 2 saved at most; a source whose loads are
  ///     not idempotent is never hedged (``PageSource/loadsAreIdempotent``).
  ///     ``HedgingPolicy/off`` turns hedging off. <doc:TailLatency> explains the defaults.
  ///   - jumpThreshold: How far beyond the loaded rows, in rows, a placeholder on screen must
  ///     be for the list to load the page around it in one request instead of page by page
  ///     (default ``JumpThreshold/automatic``: where the source supports it, at 200 rows or
  ///     twice the largest prefetch distance). Rulebook R31.
  public init(
    prefetch: PrefetchStrategy = .adaptive(AdaptivePrefetch()), initialCursor: Cursor? = nil,
    duplicatePolicy: DuplicatePolicy = .keepFirst, maxPagesWithoutNewItems: Int = 3,
    retryPolicy: RetryPolicy = .exponentialBackoff(.standard), maxSize: Int? = nil,
    refreshPolicy: RefreshPolicy = .fromStart, hedging: HedgingPolicy = .standard,
    jumpThreshold: JumpThreshold = .automatic
  ) {
    self.prefetch = prefetch
    self.initialCursor = initialCursor
    self.duplicatePolicy = duplicatePolicy
    self.maxPagesWithoutNewItems = max(1, maxPagesWithoutNewItems)
    self.retryPolicy = retryPolicy
    self.maxSize = maxSize
    self.refreshPolicy = refreshPolicy
    self.hedging = hedging
    self.jumpThreshold = jumpThreshold
  }

  /// The distance at which the list jumps, in rows, or `nil` when it never does: the source
  /// cannot, or the threshold is ``JumpThreshold/never``.
  package var jumpDistance: Int? {
    guard jumpCursor != nil else { return nil }
    switch jumpThreshold {
    case .automatic:
      return JumpThreshold.automaticDistance(largestPrefetchDistance: largestPrefetchDistance)
    case .rows(let rows): return Swift.max(1, rows)
    case .never: return nil
    }
  }

  /// ``PagingError/jumpsNotSupported`` when a threshold is set for a source that cannot jump.
  package var jumpError: PagingError? {
    if case .rows = jumpThreshold, jumpCursor == nil { return .jumpsNotSupported }
    return nil
  }
}

// The memory cap's rule (rulebook R26, fault class 20).

extension PagingConfiguration {
  /// The largest prefetch distance the strategy can use, in rows: the fixed distance, or the
  /// adaptive rule's largest (its maximum, or its initial distance if that is larger).
  package var largestPrefetchDistance: Int {
    switch prefetch {
    case .fixed: prefetch.initialDistance
    case .adaptive(let rule): Swift.max(rule.initialDistance, rule.maximumDistance)
    }
  }

  /// Checks that ``maxSize`` leaves room for a page plus the prefetch window on both sides of
  /// it (Android Paging 3's rule `maxSize >= pageSize + 2 * prefetchDistance`), so that the
  /// cap never drops a page the screen needs at once (fault class 20). A configuration
  /// without a cap always passes. The engine checks it, with the size of the page the source
  /// returned, when a refresh commits.
  /// - Parameter pageSize: The items the source returns per page.
  /// - Throws: ``PagingError/maxSizeTooSmall(maxSize:required:)``.
  /// - Complexity: O(1).
  package func validate(pageSize: Int) throws(PagingError) {
    guard let maxSize else { return }
    // Saturating: a distance of `Int.max` needs a cap no `Int` can give, and says so.
    let required = Swift.max(0, pageSize).saturatingAdding(
      2.saturatingMultiplying(by: Swift.max(0, largestPrefetchDistance)))
    if maxSize < required { throw .maxSizeTooSmall(maxSize: maxSize, required: required) }
  }
}

/// What a commit does with an item whose id is already in the list (fault class 12: offset and
/// page-number APIs repeat items when the server inserts rows between requests).
public enum DuplicatePolicy: Hashable, Sendable {
  /// Keep the item already in the list, at its position, and drop the new one. The default:
  /// the list never moves under the user's finger.
  case keepFirst
  /// Put the new item in place of the old one, at the old one's position (fresher data, same
  /// order).
  case replace
}
