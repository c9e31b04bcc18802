/// Something the demo's simulated user did, for the timeline.
struct DemoUserAction: Sendable {
  /// When, since the session started.
  var time: Duration
  /// How many request sends and answers the request log held then: the action comes after
  /// those and before the next.
  var sequence: Int
  /// What the user did, such as `flings at 6000 pt/s`.
  var text: String
}
