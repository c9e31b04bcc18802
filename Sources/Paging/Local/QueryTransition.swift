/// What the list shows between a query change and the new query's first page
/// (``Paginator/setQuery(_:transition:)``).
public enum QueryTransition: Hashable, Sendable {
  /// Empty the list at once; the new query's first page fills it. No row of the old query is
  /// shown after the change (rulebook, fault class 23).
  case clear
  /// Keep the old query's rows until the new first page commits, then replace them in one
  /// step (never merged). ``Paginator/isShowingPreviousQuery`` is `true` meanwhile, so that
  /// the screen can dim them or show a spinner. If the new first page fails, they stay, still
  /// flagged, beside the error.
  case keepPrevious
}

/// A query as a request carries it: any hashable, sendable value, compared through
/// `AnyHashable` and the type of the value it holds (an `Optional` unwrapped, as a cast
/// unwraps it), since `AnyHashable` finds `1` and `1.0` equal while a source that casts the
/// request's query tells them apart.
@usableFromInline
struct QueryValue: Hashable, Sendable {
  let value: any Hashable & Sendable

  init(_ value: any Hashable & Sendable) { self.value = value }

  @usableFromInline static func == (lhs: QueryValue, rhs: QueryValue) -> Bool {
    let (left, right) = (AnyHashable(lhs.value), AnyHashable(rhs.value))
    return type(of: left.base) == type(of: right.base) && left == right
  }

  @usableFromInline func hash(into hasher: inout Hasher) {
    AnyHashable(value).hash(into: &hasher)
  }
}
