import Paging

/// The app's ``PageSource``: asks the server for 20 notes after the cursor, after a simulated
/// network round trip. Cancelling the load cancels the wait (`Task.sleep` throws
/// `CancellationError`), which the engine treats as a cancellation, never as a failure.
struct ReleaseNotesSource: PageSource {
  let server: ReleaseNotesServer
  var pageSize = 20
  var latency: Duration = .milliseconds(350)

  func loadPage(_ request: PageRequest<Int>) async throws -> Page<ReleaseNote, Int> {
    try await Task.sleep(for: latency)
    return try await server.page(after: request.cursor, size: pageSize)
  }
}
