import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A next link back to the first URL written another way (R11), and `Retry-After` values no
/// `Int` holds (R7).
@Suite(.timeLimit(.minutes(minuteLimit)))
struct LinkSpellingTests {
  private let base = URL("https://api.example.com/v1/notes")

  /// Rulebook R11: "a link back to the first page is a repeat at that link, not one page
  /// later". The second page links back to the first URL spelled differently but naming the
  /// same request (a fragment is never sent; scheme and host are case-insensitive; 443 is
  /// https's default port): two requests, then `repeatedCursor`, rows 1...4 once.
  @Test(arguments: [
    "/v1/notes#top",
    "https://API.EXAMPLE.COM/v1/notes",
    "HTTPS://api.example.com/v1/notes",
    "https://api.example.com:443/v1/notes",
  ])
  func aLinkBackToTheFirstURLSpelledAnotherWayEndsAtTheLink(_ link: String) async throws {
    let (walked, error, sent) = await walk(linkingBackTo: link)
    #expect(walked == [1, 2, 3, 4])
    if case .repeatedCursor = error?.error {
    } else {
      Issue.record("expected repeatedCursor, got \(String(describing: error?.error))")
    }
    #expect(sent.count == 2, "\(sent)")
  }

  /// The first URL's query items in another order are another request: a server may tell
  /// them apart (RFC 3986 does not make them equivalent). The walk asks for it, and stops at
  /// the page after, which repeats its rows' cursor.
  @Test func aLinkWithTheFirstURLsQueryReorderedIsAnotherRequest() async throws {
    let (walked, error, sent) = await walk(
      linkingBackTo: "/v1/notes?b=2&a=1",
      queryItems: [URLQueryItem(name: "a", value: "1"), URLQueryItem(name: "b", value: "2")])
    #expect(walked == [1, 2, 3, 4])
    if case .repeatedCursor = error?.error {
    } else {
      Issue.record("expected repeatedCursor, got \(String(describing: error?.error))")
    }
    #expect(
      sent == [
        "https://api.example.com/v1/notes?a=1&b=2", "https://api.example.com/v1/notes?page=2",
        "https://api.example.com/v1/notes?b=2&a=1",
      ])
  }

  /// Walks a source at ``base`` (with `queryItems`) whose first page links to `?page=2`, and
  /// whose every other page links to `link`.
  /// - Returns: The ids handed over, the walk's error, and the URLs requested.
  private func walk(linkingBackTo link: String, queryItems: [URLQueryItem] = []) async -> (
    [Int], PageWalkError<HTTPCursor>?, [String]
  ) {
    let transport = StubTransport { request in
      guard request.url?.query == "page=2" else {
        return StubReply(
          headers: ["Link": #"</v1/notes?page=2>; rel="next""#], body: notesJSON(1...2))
      }
      return StubReply(headers: ["Link": "<\(link)>; rel=\"next\""], body: notesJSON(3...4))
    }
    let source = HTTPPageSource<Note>(
      url: base, strategy: .linkHeader(), queryItems: queryItems, transport: transport)
    var walked: [Int] = []
    let error = await #expect(throws: PageWalkError<HTTPCursor>.self) {
      for try await page in source.pages(options: PageWalkOptions(retryPolicy: .manual)) {
        walked += page.items.map(\.id)
      }
    }
    return (walked, error, await transport.requestedURLs)
  }

  /// Cursors are equal, and hash alike, when the server receives the same request; a path's
  /// case, a user part and the query's order still tell requests apart.
  @Test func cursorsCompareAsTheServerReceivesThem() {
    let same = [
      ("https://a.example?page=1", "https://a.example/?page=1"),
      ("HTTPS://A.EXAMPLE:443/x#top", "https://a.example/x"),
      ("http://a.example:80/x", "http://a.example/x"),
    ]
    for (one, other) in same {
      let lhs = HTTPCursor(url: URL(string: one)!)
      let rhs = HTTPCursor(url: URL(string: other)!)
      #expect(lhs == rhs, "\(one)")
      #expect(lhs.hashValue == rhs.hashValue, "\(one)")
    }
    for (one, other) in [
      ("https://a.example/X", "https://a.example/x"),
      ("https://u@a.example/x", "https://a.example/x"),
      ("https://a.example/x?a=1&b=2", "https://a.example/x?b=2&a=1"),
      ("https://a.example:8443/x", "https://a.example/x"),
    ] {
      #expect(HTTPCursor(url: URL(string: one)!) != HTTPCursor(url: URL(string: other)!), "\(one)")
    }
  }

  /// RFC 9110's delay-seconds is `1*DIGIT`: a value with more digits than an `Int` holds is
  /// still a (very long) wait, so a 503 with it fails with `retryAfterTooLong` rather than
  /// being retried at once (rulebook R7). A sign is not a digit.
  @Test func aRetryAfterLongerThanAnIntIsAWaitNotNothing() {
    let retryAfter = RetryAfter(fieldValue: "99999999999999999999")
    #expect(retryAfter != nil)
    #expect(retryAfter?.delay(from: Date()) == RetryAfter.maximumDelay)
    #expect(RetryAfter(fieldValue: " 120 ") == .seconds(120))
    #expect(RetryAfter(fieldValue: "+5") == nil)
    #expect(RetryAfter(fieldValue: "-5") == nil)
  }
}
