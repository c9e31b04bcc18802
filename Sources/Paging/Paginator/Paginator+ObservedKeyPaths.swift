extension Paginator {
  /// The key paths of the observed properties, made once per paginator. A key path into a
  /// generic class is instantiated at run time, its types demangled, each time one is
  /// written, which makes a read of ``items`` cost about 2 µs where the value costs a few
  /// nanoseconds. Reads register these (``observe(_:)``), and changes notify through them.
  @MainActor @usableFromInline
  struct ObservedKeyPaths {
    @usableFromInline let items = \Paginator.items
    let refreshState = \Paginator.refreshState
    let prependState = \Paginator.prependState
    let appendState = \Paginator.appendState
    let hasNextPage = \Paginator.hasNextPage
    let hasPreviousPage = \Paginator.hasPreviousPage
    let generation = \Paginator.generation
    let scrollAnchor = \Paginator.scrollAnchor
    let query = \Paginator.query
    let isShowingPreviousQuery = \Paginator.isShowingPreviousQuery
    let filter = \Paginator.filter

    @usableFromInline init() {}
  }

  /// Tells Observation that the observed property at `keyPath` was read.
  @usableFromInline
  func observe<Member>(_ keyPath: KeyPath<Paginator, Member>) {
    access(keyPath: keyPath)
  }
}
