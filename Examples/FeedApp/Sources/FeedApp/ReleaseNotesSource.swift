import Paging

/// The app's ``PageSource``: asks the server for 20 notes after the cursor (matching the
/// request's query, a `String`, for the search) or, for the chat, before it (oldest first; a
/// refresh has no cursor and loads the newest page), after a simulated network round trip.
/// Cancelling the load cancels the wait (`Task.sleep` throws `CancellationError`), which the
/// engine treats as a cancellation, never as a failure.
struct ReleaseNotesSource: PageSource {
  let server: ReleaseNotesServer
  var pageSize = 20
  var latency: Duration = .milliseconds(350)
  /// Whether the pages are the chat's: older notes before the cursor, oldest first.
  var isChat = false

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<ReleaseNote, Int> {
    try await Task.sleep(for: latency)
    if isChat { return try await server.page(before: request.cursor, size: pageSize) }
    return try await server.page(
      after: request.cursor, size: pageSize, matching: request.query as? String)
  }
}
