/// Which observable values of a ``PagingStateMachine`` one event changed, so that a driver
/// notifies the observers of each exactly once, and only when its value changed.
///
/// Returned through ``PagingStateMachine/handle(_:changes:)``.
@usableFromInline
package struct PagingChanges: OptionSet, Hashable, Sendable {
  /// The bits.
  @usableFromInline package let rawValue: Int

  /// Creates a set from its bits.
  /// - Parameter rawValue: The bits.
  @usableFromInline package init(rawValue: Int) { self.rawValue = rawValue }

  /// ``PagingStateMachine/items`` changed (a page committed, a refresh replaced the window).
  @usableFromInline package static let items = PagingChanges(rawValue: 1 << 0)
  /// ``PagingStateMachine/refreshState`` changed.
  @usableFromInline package static let refreshState = PagingChanges(rawValue: 1 << 1)
  /// ``PagingStateMachine/prependState`` changed.
  @usableFromInline package static let prependState = PagingChanges(rawValue: 1 << 2)
  /// ``PagingStateMachine/appendState`` changed.
  @usableFromInline package static let appendState = PagingChanges(rawValue: 1 << 3)
  /// ``PagingStateMachine/hasNextPage`` changed.
  @usableFromInline package static let hasNextPage = PagingChanges(rawValue: 1 << 4)
  /// ``PagingStateMachine/hasPreviousPage`` changed.
  @usableFromInline package static let hasPreviousPage = PagingChanges(rawValue: 1 << 5)
  /// ``PagingStateMachine/generation`` changed.
  @usableFromInline package static let generation = PagingChanges(rawValue: 1 << 6)
  /// ``PagingStateMachine/scrollAnchor`` changed.
  @usableFromInline package static let scrollAnchor = PagingChanges(rawValue: 1 << 7)
  /// ``PagingStateMachine/query`` changed.
  @usableFromInline package static let query = PagingChanges(rawValue: 1 << 12)
  /// ``PagingStateMachine/isShowingPreviousQuery`` changed.
  @usableFromInline package static let isShowingPreviousQuery = PagingChanges(rawValue: 1 << 13)
  /// ``PagingStateMachine/filter`` was set.
  @usableFromInline package static let filter = PagingChanges(rawValue: 1 << 14)

  /// The change of the load state of `direction`.
  /// - Parameter direction: A load direction.
  /// - Returns: ``refreshState``, ``prependState`` or ``appendState``.
  @inlinable package static func loadState(_ direction: LoadDirection) -> PagingChanges {
    switch direction {
    case .refresh: .refreshState
    case .prepend: .prependState
    case .append: .appendState
    }
  }
}
