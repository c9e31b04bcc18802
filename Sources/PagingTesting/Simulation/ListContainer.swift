/// The SwiftUI container a ``ListSimulator`` imitates, with its default margins (see the
/// rulebook, Rulebook.md in Paging.docc, "How lists fire their rows").
public enum ListContainer: Hashable, Sendable {
  /// `List`: draws the visible rows plus about 2 rows ahead and keeps about 1 row behind
  /// before `onDisappear`.
  case list
  /// `LazyVStack` in a `ScrollView`: draws the visible rows plus about 1 row ahead, none
  /// behind.
  case lazyVStack
  /// `VStack` in a `ScrollView`: draws every row at once, and each new row as it is added;
  /// nothing ever disappears while the screen is shown.
  case eagerVStack

  /// Rows drawn ahead of the viewport (below it).
  package var defaultForwardMargin: Int {
    switch self {
    case .list: 2
    case .lazyVStack: 1
    case .eagerVStack: 0
    }
  }

  /// Rows kept behind the viewport (above it) before they disappear.
  package var defaultBackwardMargin: Int {
    switch self {
    case .list: 1
    case .lazyVStack, .eagerVStack: 0
    }
  }
}

/// Whether rows that leave a ``ListSimulator``'s window get their `onDisappear`.
public enum DisappearPolicy: Hashable, Sendable {
  /// Every `onAppear` is followed by an `onDisappear` when the row leaves (`List`; iOS 26).
  case paired
  /// `onDisappear` never comes, so a row can appear twice in a row (`LazyVStack` on iOS 16
  /// to 18).
  case never
  /// Each `onDisappear` is dropped with this probability, in `0...1`, drawn from the
  /// simulator's seed.
  case dropped(probability: Double)
}
