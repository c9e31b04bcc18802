import Foundation

// Restoring a list after a relaunch (rulebook R28).

extension Paginator where Item: Codable, Item.ID: Codable, Cursor: Codable {
  /// A `Codable` copy of the window to save (see ``PagingSnapshot`` for where to keep it).
  /// - Complexity: O(*n*) for *n* items.
  public func snapshot() -> PagingSnapshot<Item, Cursor> { machine.snapshot() }

  /// Creates a paginator that shows a saved window at once, then revalidates it with a
  /// refresh by the configuration's `refreshPolicy` (from the anchored row's page with
  /// ``RefreshPolicy/aroundAnchor``). The saved rows stay until the refresh commits; if it
  /// fails, they stay and ``refreshState`` shows the error. Apps restore from the saved bytes
  /// with ``restoring(_:source:configuration:clock:)``, which never fails.
  /// - Parameters:
  ///   - snapshot: The saved window.
  ///   - source: Loads the pages.
  ///   - configuration: The rules; its initial cursor must be the snapshot's.
  ///   - clock: The clock that automatic retries wait on.
  /// - Throws: ``PagingSnapshotError`` when the snapshot belongs to a list opened at another
  ///   initial cursor.
  /// - Complexity: O(*n*) for *n* saved items.
  package convenience init<Source: PageSource>(
    restoring snapshot: PagingSnapshot<Item, Cursor>, source: Source,
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration> = ContinuousClock()
  ) throws(PagingSnapshotError) where Source.Item == Item, Source.Cursor == Cursor {
    try self.init(
      restoring: snapshot, source: source, configuration: configuration, clock: clock,
      timers: SleepingTimerScheduler.timers(for: clock))
  }

  /// Creates a paginator that shows a saved window, as
  /// ``init(restoring:source:configuration:clock:)`` does, whose timers are set on `timers`.
  /// - Parameters:
  ///   - snapshot: The saved window.
  ///   - source: Loads the pages.
  ///   - configuration: The rules; its initial cursor must be the snapshot's.
  ///   - clock: The clock that times the loads.
  ///   - timers: Where automatic retries, hedges and the invalidation poll set their timers.
  /// - Throws: ``PagingSnapshotError`` when the snapshot belongs to a list opened at another
  ///   initial cursor.
  /// - Complexity: O(*n*) for *n* saved items.
  package convenience init<Source: PageSource>(
    restoring snapshot: PagingSnapshot<Item, Cursor>, source: Source,
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration>, timers: any PagingTimerScheduler
  ) throws(PagingSnapshotError) where Source.Item == Item, Source.Cursor == Cursor {
    self.init(source: source, configuration: configuration, clock: clock, timers: timers)
    try machine.restore(snapshot)
    send(.refresh)
  }

  /// A paginator over `source` that shows the window saved in `data` at once and revalidates
  /// it with a refresh by the configuration's `refreshPolicy`, or, when `data` does not hold
  /// a snapshot of this list (unreadable, another format, other item or cursor types, another
  /// initial cursor), an empty paginator and the reason. Never traps. The saved rows stay
  /// until the refresh commits; if it fails, they stay and ``refreshState`` shows the error.
  /// - Parameters:
  ///   - data: What ``PagingSnapshot/encoded()`` wrote (empty data: no snapshot).
  ///   - source: Loads the pages.
  ///   - configuration: The rules. Its `initialCursor` must be the one the saved list was
  ///     opened at; a snapshot of a list opened elsewhere is not restored, and the error says
  ///     so.
  ///   - clock: The clock that automatic retries wait on.
  /// - Returns: The paginator, and the error when nothing was restored.
  /// - Complexity: O(*n*) for *n* saved items.
  public static func restoring<Source: PageSource>(
    _ data: Data, source: Source,
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> (paginator: Paginator, error: PagingSnapshotError?)
  where Source.Item == Item, Source.Cursor == Cursor {
    restoring(
      data, source: source, configuration: configuration, clock: clock,
      timers: SleepingTimerScheduler.timers(for: clock))
  }

  /// A paginator that loads pages with a closure, as ``init(configuration:clock:load:)``
  /// makes it, showing the window saved in `data` at once, as
  /// ``restoring(_:source:configuration:clock:)`` does for a source: the saved rows stay until
  /// the refresh by the configuration's `refreshPolicy` commits. Never traps.
  ///
  /// ```swift
  /// let (feed, error) = Paginator<Post, String>.restoring(saved) { request in
  ///   try await api.posts(after: request.cursor)
  /// }
  /// ```
  /// - Parameters:
  ///   - data: What ``PagingSnapshot/encoded()`` wrote (empty data: no snapshot).
  ///   - configuration: The rules; its `initialCursor` must be the one the saved list was
  ///     opened at.
  ///   - clock: The clock that automatic retries wait on.
  ///   - load: Loads one page; see ``PageSource/loadPage(_:)`` for what it may throw.
  /// - Returns: The paginator, and the error when nothing was restored.
  /// - Complexity: O(*n*) for *n* saved items.
  public static func restoring(
    _ data: Data, configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration> = ContinuousClock(),
    load: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
  ) -> (paginator: Paginator, error: PagingSnapshotError?) {
    restoring(
      data, source: ClosurePageSource(load: load), configuration: configuration, clock: clock,
      timers: SleepingTimerScheduler.timers(for: clock))
  }

  /// A paginator that shows the window saved in `data`, as
  /// ``restoring(_:source:configuration:clock:)`` makes it, whose timers are set on `timers`.
  /// - Parameters:
  ///   - data: What ``PagingSnapshot/encoded()`` wrote (empty data: no snapshot).
  ///   - source: Loads the pages.
  ///   - configuration: The rules.
  ///   - clock: The clock that times the loads.
  ///   - timers: Where automatic retries, hedges and the invalidation poll set their timers.
  /// - Returns: The paginator, and the error when nothing was restored.
  /// - Complexity: O(*n*) for *n* saved items.
  package static func restoring<Source: PageSource>(
    _ data: Data, source: Source,
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: any Clock<Duration>, timers: any PagingTimerScheduler
  ) -> (paginator: Paginator, error: PagingSnapshotError?)
  where Source.Item == Item, Source.Cursor == Cursor {
    do throws(PagingSnapshotError) {
      let snapshot = try PagingSnapshot<Item, Cursor>(decoding: data)
      return (
        try Paginator(
          restoring: snapshot, source: source, configuration: configuration, clock: clock,
          timers: timers),
        nil
      )
    } catch {
      return (
        Paginator(source: source, configuration: configuration, clock: clock, timers: timers),
        error
      )
    }
  }
}
