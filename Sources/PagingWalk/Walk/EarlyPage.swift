import Paging

/// The request for the next page of a cursor chain, sent while the page before it decodes: the
/// source tells the next cursor early (``PageSource/loadPage(_:nextCursorKnown:)``), and the walk
/// takes the request's answer only if the page's own next cursor turns out to be that one.
///
/// The source may tell before the walk arms it (a page loaded ahead tells while the walk still
/// works on the page before): the cursor waits, and arming starts its request. Once the walk has
/// taken the request (or found none), nothing more starts.
final class EarlyPage<Element: Sendable, Cursor: Hashable & Sendable>: Sendable {
  /// A request started for a cursor told: its task, and what its own page tells early.
  typealias Request = (cursor: Cursor, task: Task<Element, any Error>, next: EarlyPage)
  /// Starts the request for a cursor told, or refuses it (`nil`).
  typealias Starter = @Sendable (Cursor) -> (task: Task<Element, any Error>, next: EarlyPage)?

  private struct State: Sendable {
    var closed = false
    var told: Cursor?
    var starter: Starter?
    var request: Request?
  }

  private let state = Locked(State())

  init() {}

  /// The source's call: the next page's cursor. The first call counts.
  func tell(_ cursor: Cursor) {
    state.withLock { state in
      guard !state.closed, state.told == nil else { return }
      state.told = cursor
      Self.startIfReady(&state)
    }
  }

  /// The walk's call: how to start the request, now or once the cursor is told.
  func arm(_ starter: @escaping Starter) {
    state.withLock { state in
      guard !state.closed, state.starter == nil else { return }
      state.starter = starter
      Self.startIfReady(&state)
    }
  }

  private static func startIfReady(_ state: inout State) {
    guard state.request == nil, let cursor = state.told, let starter = state.starter,
      let started = starter(cursor)
    else { return }
    state.request = (cursor, started.task, started.next)
  }

  /// The request started, if any; later calls start nothing.
  func take() -> Request? {
    state.withLock { state in
      state.closed = true
      defer { state.request = nil }
      return state.request
    }
  }
}
