/// Something the demo's simulated user did (or the simulated network), for the timeline.
struct DemoUserAction: Sendable {
  /// `.user`, or `.network` for a change in the network.
  var kind: TimelineEntry.Kind = .user
  /// When, since the session started.
  var time: Duration
  /// How many request sends and answers the request log held then: the action comes after
  /// those and before the next.
  var sequence: Int
  /// What happened, such as `flings at 6000 pt/s`.
  var text: String
}
