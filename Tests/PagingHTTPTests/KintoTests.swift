import Foundation
import Paging
import PagingHTTP
import PagingWalk
import Testing

import var PagingTestSupport.minuteLimit

/// A record of the `notes` collection that `.ci/kinto.sh` seeds (`n` = 1...300).
struct KintoNote: Decodable, Identifiable, Sendable {
  var id: String
  var n: Int
  var title: String
}

/// The real Kinto that `.ci/kinto.sh start` serves, found through `.build/kinto/env`.
enum Kinto: CIServer {
  static let serverName = "Kinto"
  static let script = "kinto"
  static let urlVariable = "PAGING_KINTO_URL"

  private static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// The records URL on the server at `base` (the shared server's when `nil`), or a clear
  /// error when the environment lacks the server.
  static func recordsURL(base: URL? = nil) throws -> URL {
    try (base ?? baseURL()).appendingPathComponent("v1/buckets/paging/collections/notes/records")
  }

  /// `Basic` credentials for `password` (the seeded account's when `nil`).
  static func authorization(password: String? = nil) -> String {
    let user = environment["PAGING_KINTO_USER"] ?? ""
    let secret = password ?? environment["PAGING_KINTO_PASSWORD"] ?? ""
    return "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString()
  }

  /// A source of the notes in `n` order, 25 a page, the next page in `Next-Page`.
  /// - Parameters:
  ///   - base: The server (or proxy) to ask; the shared server when `nil`.
  ///   - password: The password; the seeded account's when `nil`.
  static func source(base: URL? = nil, password: String? = nil) throws -> HTTPPageSource<
    KintoNote
  > {
    HTTPPageSource(
      url: try recordsURL(base: base), strategy: .headerURL(name: "Next-Page", itemsPath: ["data"]),
      queryItems: [
        URLQueryItem(name: "_sort", value: "n"), URLQueryItem(name: "_limit", value: "25"),
      ],
      authorization: authorization(password: password))
  }
}

/// Kinto: the `Next-Page` header walked to the end, and a wrong password answered
/// with a 401 at once, never retried (fault class 27 of the rulebook).
@Suite(
  "Kinto: Next-Page header and Basic auth",
  .enabled(if: Kinto.isConfiguredOrCI, Kinto.disabledReason), .timeLimit(.minutes(minuteLimit)))
struct KintoTests {
  @Test func aFullWalkReturnsEveryRecordInOrder() async throws {
    var numbers: [Int] = []
    for try await note in try Kinto.source().pages().items { numbers.append(note.n) }
    #expect(numbers == Array(1...300))
  }

  @Test func aWrongPasswordIsA401AtOnceAndNeverRetried() async throws {
    let source = try Kinto.source(password: "wrong")
    let backoff = RetryPolicy.exponentialBackoff(
      ExponentialBackoff(initialDelay: .seconds(30), maxAttempts: 5))
    let clock = ContinuousClock()
    let started = clock.now

    let error = await #expect(throws: PageWalkError<HTTPCursor>.self) {
      for try await _ in source.pages(options: PageWalkOptions(retryPolicy: backoff)) {}
    }

    // Reported, not asserted (no wall-clock asserts): the goal is under 100 ms.
    print("Kinto: time to the 401 of a wrong password: \(clock.now - started)")
    #expect(error?.error?.httpStatusCode == 401)
    #expect(error?.isRetryable == false)
    #expect(error?.pagesLoaded == 0)
    #expect(error?.error?.httpError?.bodyText?.contains("Please authenticate yourself") == true)
  }
}
