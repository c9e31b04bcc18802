// A walk's total deadline (`PageWalkOptions.deadline`): the time left, a load raced against
// it, and the wait for a retry that it cuts short. The rules stay the engine's: the deadline
// only stops what the walk awaits.

import Paging

/// How long a walk has left, on its clock, from its first request.
struct WalkDeadline: Sendable {
  /// The walk's deadline.
  let limit: Duration
  /// The time since the walk's first request.
  private let elapsed: @Sendable () -> Duration

  /// A deadline counted by the walk's own stopwatch.
  /// - Parameters:
  ///   - limit: The deadline.
  ///   - elapsed: The time since the walk's first request (a stopwatch on the walk's clock).
  init(_ limit: Duration, elapsed: @escaping @Sendable () -> Duration) {
    self.limit = limit
    self.elapsed = elapsed
  }

  /// The time left before the deadline (zero or less once it passed).
  var remaining: Duration { limit - elapsed() }
}

/// Thrown inside a walk when its deadline passes; the walk turns it into a ``PageWalkError``
/// with ``PageWalkError/Reason/deadlineExceeded(_:)``.
struct WalkDeadlinePassed: Error {}

extension PageWalk {
  /// Loads `request`, cancelling it when `deadline` passes first.
  /// - Throws: ``WalkDeadlinePassed`` when the deadline passed; the source's error; a
  ///   cancellation when the task was cancelled.
  static func load(
    _ request: PageRequest<Source.Cursor>, from source: Source, deadline: WalkDeadline?,
    clock: any Clock<Duration>, nextCursorKnown: (@Sendable (Source.Cursor) -> Void)? = nil
  ) async throws -> Element {
    guard let deadline else { return try await load(request, from: source, nextCursorKnown) }
    let remaining = deadline.remaining
    guard remaining > .zero else { throw WalkDeadlinePassed() }
    return try await withThrowingTaskGroup(of: Element?.self) { group in
      group.addTask { try await load(request, from: source, nextCursorKnown) }
      group.addTask {
        try await clock.sleep(for: remaining.asWait)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let page = first else {
        throw WalkDeadlinePassed()
      }
      return page
    }
  }

  /// Loads `request`, telling `nextCursorKnown` the next cursor early if the source can.
  private static func load(
    _ request: PageRequest<Source.Cursor>, from source: Source,
    _ nextCursorKnown: (@Sendable (Source.Cursor) -> Void)?
  ) async throws -> Element {
    guard let nextCursorKnown else { return try await source.loadPage(request) }
    return try await source.loadPage(request, nextCursorKnown: nextCursorKnown)
  }

  /// Waits `delay` before a retry, unless the deadline comes first: a retry that could not
  /// start before the deadline is not waited for.
  /// - Throws: ``WalkDeadlinePassed``; `CancellationError` when the task was cancelled.
  static func waitForRetry(
    _ delay: Duration, deadline: WalkDeadline?, clock: any Clock<Duration>
  ) async throws {
    if let deadline, delay >= deadline.remaining { throw WalkDeadlinePassed() }
    try await clock.sleep(for: delay.asWait)
  }
}
