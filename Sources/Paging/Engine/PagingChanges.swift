/// One value of a ``PagingStateMachine`` that a driver shows and its observers watch. The
/// comparison before and after an event (``ObservedValues``), the set of changes
/// (``PagingChanges``) and the paginator's notifications each `switch` over these cases, so a
/// value added here does not compile until it is compared and published.
@usableFromInline
package enum ObservedProperty: Int, CaseIterable, Hashable, Sendable {
  /// ``PagingStateMachine/items``: a page committed, a refresh replaced the window, or an edit,
  /// a filter or a cleared query changed the rows. The transition says so (items are not
  /// compared: that would cost O(*n*) per event).
  case items
  /// ``PagingStateMachine/refreshState``.
  case refreshState
  /// ``PagingStateMachine/prependState``.
  case prependState
  /// ``PagingStateMachine/appendState``.
  case appendState
  /// ``PagingStateMachine/hasNextPage``.
  case hasNextPage
  /// ``PagingStateMachine/hasPreviousPage``.
  case hasPreviousPage
  /// ``PagingStateMachine/generation``.
  case generation
  /// ``PagingStateMachine/scrollAnchor``.
  case scrollAnchor
  /// ``PagingStateMachine/query``.
  case query
  /// ``PagingStateMachine/isShowingPreviousQuery``.
  case isShowingPreviousQuery
  /// ``PagingStateMachine/filter``: set by the event that sets it (a closure cannot be
  /// compared).
  case filter

  /// The load state of `direction`.
  @inlinable package static func loadState(_ direction: LoadDirection) -> Self {
    switch direction {
    case .refresh: .refreshState
    case .prepend: .prependState
    case .append: .appendState
    }
  }
}

/// Which observable values of a ``PagingStateMachine`` one event changed, so that a driver
/// notifies the observers of each exactly once, and only when its value changed: a set of
/// ``ObservedProperty``, one bit each.
///
/// Returned through ``PagingStateMachine/handle(_:changes:)``.
@usableFromInline
package struct PagingChanges: Hashable, Sendable, ExpressibleByArrayLiteral {
  /// The bits: bit *i* is the property whose raw value is *i*.
  @usableFromInline var bits: Int

  /// No change.
  @inlinable package init() { bits = 0 }

  /// The set of `properties`.
  @inlinable package init(arrayLiteral properties: ObservedProperty...) {
    self.init()
    for property in properties { insert(property) }
  }

  /// Whether nothing changed.
  @inlinable package var isEmpty: Bool { bits == 0 }

  /// Adds `property`.
  @inlinable package mutating func insert(_ property: ObservedProperty) {
    bits |= 1 << property.rawValue
  }

  /// Adds every property of `other`.
  @inlinable package mutating func formUnion(_ other: PagingChanges) { bits |= other.bits }

  /// Whether every property of `other` changed.
  package func isSuperset(of other: PagingChanges) -> Bool { bits & other.bits == other.bits }

  /// Whether `property` changed.
  @inlinable package func contains(_ property: ObservedProperty) -> Bool {
    bits & (1 << property.rawValue) != 0
  }
}
