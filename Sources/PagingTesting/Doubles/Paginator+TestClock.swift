import Foundation
import Paging

// A paginator on a test clock sets its timers on the clock, which fires each inside the advance
// that reaches it, instead of sleeping a task per timer whose wake would race the test. These
// overloads are picked over Paging's `clock: any Clock<Duration>` ones whenever the argument's
// static type is `TestClock`.

extension Paginator {
  /// Creates a paginator over a source whose automatic retries and hedges are timers on
  /// `clock`: each fires inside the advance of `clock` that reaches its deadline (advanced on
  /// the main actor), so what it starts has started when the advance returns. Nothing loads
  /// until `start()` or `start(at:)`.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let feed = Paginator(source: source, clock: clock)
  /// ```
  ///
  /// A source whose loads are not idempotent is never hedged, as with Paging's initializer.
  /// - Parameters:
  ///   - source: Loads the pages.
  ///   - configuration: The rules (prefetch distance, duplicates, retries, hedges).
  ///   - clock: The test clock that the timers are set on and that times the loads.
  public convenience init<Source: PageSource>(
    source: Source, configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: TestClock
  ) where Source.Item == Item, Source.Cursor == Cursor {
    self.init(source: source, configuration: configuration, clock: clock, timers: clock)
  }

  /// Creates a paginator that loads pages with a closure, whose automatic retries and hedges
  /// are timers on `clock`, fired inside the advance that reaches them (see
  /// `init(source:configuration:clock:)` with a `TestClock`). Nothing loads until `start()` or
  /// `start(at:)`.
  /// - Parameters:
  ///   - configuration: The rules (prefetch distance, duplicates, retries).
  ///   - clock: The test clock that the timers are set on and that times the loads.
  ///   - load: Loads one page; see `PageSource.loadPage(_:)` for what it may throw.
  public convenience init(
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: TestClock,
    load: @escaping @Sendable (PageRequest<Cursor>) async throws -> Page<Item, Cursor>
  ) {
    self.init(configuration: configuration, clock: clock, timers: clock, load: load)
  }
}

extension Paginator where Item: Codable, Item.ID: Codable, Cursor: Codable {
  /// Creates a paginator that shows a saved window at once and revalidates it with a refresh,
  /// as Paging's package `init(restoring:source:configuration:clock:timers:)` does, whose
  /// automatic retries and hedges are timers on `clock`, fired inside the advance that reaches
  /// them. Apps and their tests restore from the saved bytes with
  /// `restoring(_:source:configuration:clock:)`.
  /// - Parameters:
  ///   - snapshot: The saved window.
  ///   - source: Loads the pages.
  ///   - configuration: The rules; its initial cursor must be the snapshot's.
  ///   - clock: The test clock that the timers are set on and that times the loads.
  /// - Throws: `PagingSnapshotError` when the snapshot belongs to a list opened at another
  ///   initial cursor.
  /// - Complexity: O(*n*) for *n* saved items.
  package convenience init<Source: PageSource>(
    restoring snapshot: PagingSnapshot<Item, Cursor>, source: Source,
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: TestClock
  ) throws(PagingSnapshotError) where Source.Item == Item, Source.Cursor == Cursor {
    try self.init(
      restoring: snapshot, source: source, configuration: configuration, clock: clock,
      timers: clock)
  }

  /// A paginator over `source` that shows the window saved in `data` at once and revalidates
  /// it, or an empty paginator and the reason, as Paging's
  /// `restoring(_:source:configuration:clock:)` makes it, whose automatic retries and hedges
  /// are timers on `clock`, fired inside the advance that reaches them.
  /// - Parameters:
  ///   - data: What `PagingSnapshot.encoded()` wrote (empty data: no snapshot).
  ///   - source: Loads the pages.
  ///   - configuration: The rules.
  ///   - clock: The test clock that the timers are set on and that times the loads.
  /// - Returns: The paginator, and the error when nothing was restored.
  /// - Complexity: O(*n*) for *n* saved items.
  public static func restoring<Source: PageSource>(
    _ data: Data, source: Source,
    configuration: PagingConfiguration<Cursor> = PagingConfiguration(),
    clock: TestClock
  ) -> (paginator: Paginator, error: PagingSnapshotError?)
  where Source.Item == Item, Source.Cursor == Cursor {
    restoring(data, source: source, configuration: configuration, clock: clock, timers: clock)
  }
}
