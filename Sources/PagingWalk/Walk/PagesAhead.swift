import Paging

/// The requests a walk sent ahead of the page its engine loads: the pages of a list whose
/// pages count the rows after them (parallel pages) and the next page of a cursor chain asked
/// for early. They are held here, not in the walk's iterator, so that releasing the iterator
/// mid-walk (a caller that breaks out of its loop, or drops the walk after `maxItems`)
/// cancels them: no request outlives the walk that sent it.
final class PagesAhead<Element: Sendable, Cursor: Hashable & Sendable>: Sendable {
  /// A page loading ahead at a cursor, with what its own page tells early.
  typealias Planned = (
    cursor: Cursor, task: Task<Element, any Error>, next: EarlyPage<Element, Cursor>?
  )

  struct State: Sendable {
    /// The pages loading ahead, in order; the engine's next load takes the first when it asks
    /// for its cursor. A page of a cursor chain asked for early waits here too.
    var planned: [Planned] = []
    /// The next page of a cursor chain, asked for while the page the engine loads decodes.
    var early: EarlyPage<Element, Cursor>?
  }

  let state = Locked(State())

  deinit {
    let state = state.withLock { $0 }
    for page in state.planned { page.task.cancel() }
    state.early?.take()?.task.cancel()
  }
}
