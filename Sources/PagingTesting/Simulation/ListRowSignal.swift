/// How a simulated list tells its feed about rows: each row's `onAppear` and `onDisappear`, or
/// the visible set that SwiftUI's `onScrollTargetVisibilityChange(idType:threshold:_:)` reports
/// on iOS 18 and later (`PagingSwiftUI`'s `pagingVisibleRows(_:threshold:)`, which tells the
/// paginator with `Paginator.visibleRowsChanged(_:)`). The engine's rules are the same either
/// way; what differs is which rows speak, and when.
public enum ListRowSignal: Hashable, Sendable {
  /// Every row the container draws fires `onAppear`, those in its margins ahead of and behind
  /// the viewport included, and `onDisappear` by the configuration's `DisappearPolicy`, with
  /// its spurious repeats: iOS 17, and the rows' own fallback.
  case appearance
  /// Only the rows of which at least `threshold` (from 0 to 1; 0: any part) is in the viewport
  /// count, and every change of that set is told, in full: rows drawn ahead of the viewport,
  /// whose bodies prefetching evaluates, tell nothing; no disappearance is dropped and nothing
  /// repeats. A threshold outside `0...1` is clamped, NaN is 0.5 (SwiftUI's default).
  case scrollTargetVisibility(threshold: Double)

  /// iOS 18's signal at `pagingVisibleRows`' default threshold: a row counts once any part of
  /// it is in the viewport.
  public static var scrollTargetVisibility: ListRowSignal { .scrollTargetVisibility(threshold: 0) }

  /// The threshold clamped to `0...1`, or `nil` for ``appearance``.
  var visibilityThreshold: Double? {
    guard case .scrollTargetVisibility(let threshold) = self else { return nil }
    return threshold.isNaN ? 0.5 : min(1, max(0, threshold))
  }
}
