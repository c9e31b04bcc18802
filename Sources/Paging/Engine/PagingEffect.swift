/// What the state machine asks its driver (a ``Paginator``, or a test) to do. Output of
/// ``PagingStateMachine/handle(_:)``.
public enum PagingEffect<Cursor: Hashable & Sendable>: Hashable, Sendable {
  /// Call the source for this request and report the outcome with ``PagingEvent``'s
  /// `loadCompleted`, `loadFailed` or `loadCancelled`.
  case startLoad(PageRequest<Cursor>)
  /// Cancel the load of this request; its result, if one still arrives, will be dropped.
  case cancelLoad(PageRequestID)
  /// Wait, then send `retryTimerFired` with the retry's id.
  case scheduleRetry(ScheduledRetry)
  /// Stop waiting for the scheduled retry with this id.
  case cancelRetry(RetryID)
}
