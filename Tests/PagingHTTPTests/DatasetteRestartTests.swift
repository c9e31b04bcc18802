import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

/// The cursors a source was asked for, in order.
@MainActor
final class CursorLog {
  var cursors: [HTTPCursor?] = []
}

@Suite(
  "Datasette stopped and restarted mid-walk",
  .enabled(if: Datasette.isConfiguredOrCI, Datasette.disabledReason),
  .timeLimit(.minutes(minuteLimit)))
@MainActor
struct DatasetteRestartTests {
  @Test func aStoppedServerFailsTheAppendKeepsTheItemsAndRetryResumesAtTheSameCursor()
    async throws
  {
    let binary = try Datasette.variable("PAGING_DATASETTE_BIN")
    let database = try Datasette.variable("PAGING_DATASETTE_DB")
    var server = try await LocalServer.datasette(binary: binary, database: database)
    let expected = try await Datasette.expectedIDs(base: server.url, order: "id")
    let source = HTTPPageSource<ReleaseNote>(
      url: Datasette.tableURL(server.url), strategy: .linkHeader(),
      queryItems: [
        URLQueryItem(name: "_size", value: "100"), URLQueryItem(name: "_shape", value: "array"),
      ]
        + Datasette.lean,
      decoder: Datasette.decoder, transport: URLSessionTransport())
    let log = CursorLog()
    // Manual retries: the test decides when the restarted server is asked again (the default
    // would retry at once, then after about a second, while the server is still down).
    let paginator = Paginator<ReleaseNote, HTTPCursor>(
      configuration: PagingConfiguration(retryPolicy: .manual)
    ) { request in
      await MainActor.run { log.cursors.append(request.cursor) }
      return try await source.loadPage(request)
    }

    await paginator.start()
    paginator.loadNextPage()
    await paginator.waitForLoadsToEnd()
    paginator.loadNextPage()
    await paginator.waitForLoadsToEnd()
    #expect(paginator.items.map(\.id) == Array(expected.prefix(300)))

    await server.stop()
    paginator.loadNextPage()
    await paginator.waitForLoadsToEnd()

    guard let urlError = appendTransportError(of: paginator) else { return }
    #expect(urlError.code == .cannotConnectToHost)
    #expect(paginator.appendState.error?.isRetryable == true)
    #expect(paginator.items.map(\.id) == Array(expected.prefix(300)))
    let failedCursor = try #require(log.cursors.last ?? nil)
    #expect(
      URLComponents(url: failedCursor.url, resolvingAgainstBaseURL: false)?.queryItems?.last
        == URLQueryItem(name: "_next", value: String(expected[299])))

    server = try await LocalServer.datasette(binary: binary, database: database, port: server.port)
    paginator.retry()
    await paginator.waitForLoadsToEnd()

    #expect(log.cursors.count == 5)
    #expect(log.cursors.last == failedCursor)
    #expect(paginator.items.map(\.id) == Array(expected.prefix(400)))

    let rest = await walk(paginator)
    #expect(rest.appendState == .complete)
    #expect(rest.ids == expected)
    #expect(rest.metrics.requestsFailed == 1)
    await server.stop()
  }
}
