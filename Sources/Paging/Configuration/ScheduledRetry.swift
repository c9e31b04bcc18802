/// An automatic retry that the state machine asks its driver to schedule: after ``delay`` on
/// the driver's clock, send ``PagingEvent/retryTimerFired(_:)`` with ``id``.
public struct ScheduledRetry: Hashable, Sendable {
  /// Identifies this retry; a timer whose id is no longer pending is ignored.
  public let id: RetryID
  /// The direction to retry.
  public let direction: LoadDirection
  /// The automatic attempt's number, from 1.
  public let attempt: Int
  /// How long to wait before retrying.
  public let delay: Duration

  /// Creates a scheduled retry.
  /// - Parameters:
  ///   - id: The retry's id.
  ///   - direction: The direction to retry.
  ///   - attempt: The attempt's number, from 1.
  ///   - delay: The wait before retrying.
  public init(id: RetryID, direction: LoadDirection, attempt: Int, delay: Duration) {
    self.id = id
    self.direction = direction
    self.attempt = attempt
    self.delay = delay
  }
}
