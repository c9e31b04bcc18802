import Paging

/// The app's ``PageSource`` for the feed and the search: asks the server for 20 notes after the
/// cursor (matching the request's query, a `String`, for the search), after a simulated
/// network round trip. Cancelling the load cancels the wait (`Task.sleep` throws
/// `CancellationError`), which the engine treats as a cancellation, never as a failure.
struct ReleaseNotesSource: PageSource {
  let server: ReleaseNotesServer
  var pageSize = 20
  var latency: Duration = .milliseconds(350)

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<ReleaseNote, Int> {
    try await Task.sleep(for: latency)
    return try await server.page(
      after: request.cursor, size: pageSize, matching: request.query(as: String.self))
  }
}

/// The chat screen's ``PageSource``: the newest page first (a refresh has no cursor), then the
/// page before each previous cursor, oldest first, after the same round trip.
struct ReleaseNotesChatSource: PageSource {
  let server: ReleaseNotesServer
  var pageSize = 20
  var latency: Duration = .milliseconds(350)

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<ReleaseNote, Int> {
    try await Task.sleep(for: latency)
    return try await server.page(before: request.cursor, size: pageSize)
  }
}
