/// The demo's real-time session sent as many requests as it allows one feed; the request
/// was not sent.
struct DemoRequestLimitError: Error, CustomStringConvertible {
  /// The limit, in requests.
  var limit: Int

  var description: String { "not sent: the demo's limit of \(limit) requests was reached" }
}
