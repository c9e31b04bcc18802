import Foundation
import Paging
import PagingHTTP
import Testing

import var PagingTestSupport.minuteLimit

@Suite("HTTPPageSource cross-origin cursors", .timeLimit(.minutes(minuteLimit)))
struct CrossOriginTests {
  private let base = URL("https://api.example.com/v1/notes")

  /// A server whose first page links to `next` and whose other pages end the list.
  private func transport(next: String) -> StubTransport {
    StubTransport { request in
      request.url == URL(string: "https://api.example.com/v1/notes")
        ? StubReply(headers: ["Link": "<\(next)>; rel=\"next\""], body: notesJSON(1...2))
        : StubReply(body: notesJSON(3...3))
    }
  }

  @Test(arguments: [
    "https://evil.example/v1/notes?page=2",  // host
    "http://api.example.com/v1/notes?page=2",  // scheme
    "https://api.example.com:8443/v1/notes?page=2",  // port
    "//evil.example/v1/notes?page=2",  // scheme-relative
  ])
  func aNextLinkToAnotherOriginIsRefusedWithoutARequest(_ next: String) async throws {
    let transport = transport(next: next)
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(), authorization: "Bearer secret", transport: transport)

    let first = try await source.loadPage(pageRequest(nil))
    let cursor = try #require(first.nextCursor)
    let error = await loadError(source, cursor)

    guard case .crossOriginCursor(let url, let origin) = error else {
      Issue.record("expected crossOriginCursor, got \(String(describing: error))")
      return
    }
    #expect(url == cursor.url)
    #expect(origin == HTTPOrigin(scheme: "https", host: "api.example.com"))
    #expect(error?.isRetryable == false)
    #expect(await transport.requestedURLs == ["https://api.example.com/v1/notes"])
  }

  @Test func anAllowListedOriginIsFollowed() async throws {
    let transport = transport(next: "https://cdn.example.net/notes?page=2")
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(), transport: transport,
      allowedOrigins: [HTTPOrigin(scheme: "HTTPS", host: "CDN.example.net", port: 443)])

    let first = try await source.loadPage(pageRequest(nil))
    let second = try await source.loadPage(pageRequest(first.nextCursor))

    #expect(second == Page(items: notes(3...3), nextCursor: nil))
    #expect(
      await transport.requestedURLs == [
        "https://api.example.com/v1/notes", "https://cdn.example.net/notes?page=2",
      ])
  }

  @Test func theSameOriginWithAnExplicitDefaultPortIsFollowed() async throws {
    let transport = transport(next: "HTTPS://API.example.com:443/v1/notes?page=2")
    let source = HTTPPageSource<Note>(url: base, strategy: .linkHeader(), transport: transport)
    let first = try await source.loadPage(pageRequest(nil))
    let second = try await source.loadPage(pageRequest(first.nextCursor))
    #expect(second.items == notes(3...3))
  }

  @Test func originsCompareSchemeHostAndEffectivePort() {
    #expect(
      HTTPOrigin(URL("http://a.example/x"))
        == HTTPOrigin(scheme: "http", host: "a.example", port: 80))
    #expect(
      HTTPOrigin(URL("https://A.example:443/")) == HTTPOrigin(scheme: "https", host: "a.example"))
    #expect(
      HTTPOrigin(URL("http://a.example:8080/")) != HTTPOrigin(scheme: "http", host: "a.example"))
    #expect(HTTPOrigin(URL("file:///tmp/x")) == nil)
    #expect(
      HTTPOrigin(scheme: "http", host: "127.0.0.1", port: 8001).description
        == "http://127.0.0.1:8001")
  }

  @MainActor
  @Test func aPaginatorKeepsEveryItemWhenTheNextLinkIsRefused() async throws {
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(), transport: transport(next: "https://evil.example/p2"))
    let paginator = Paginator(source: source)

    await paginator.start()
    paginator.loadNextPage()
    await paginator.waitForLoadsToEnd()

    #expect(Array(paginator.items) == notes(1...2))
    guard
      case .failed(.sourceFailed(HTTPPagingError.crossOriginCursor(let url, _))) = paginator
        .appendState
    else {
      Issue.record("expected a refused cursor, got \(paginator.appendState)")
      return
    }
    #expect(url.absoluteString == "https://evil.example/p2")
  }
}
