import Foundation
import Paging
import PagingTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The engine's error texts quote nothing a response held, whatever error a source throws
/// (fault class 29): a planted secret never shows, and each text is one line.
@Suite(.timeLimit(.minutes(minuteLimit)))
struct SourceErrorTextTests {
  static let secretURL = URL(
    string: "https://me:sk_live_SECRET@api.example.com/notes?api_key=sk_live_SECRET#sk_live_SECRET")!

  private func texts(_ error: PagingError) -> [String] {
    [
      error.description, error.localizedDescription, error.errorDescription ?? "",
      String(reflecting: error), "\(error)",
    ]
  }

  /// A source of the app's own over `URLSession` throws `URLError`, whose failing URL holds
  /// the request's token: it reads in words, its URL redacted (no page source was made for
  /// its host and path).
  @Test func aSourceFailureOfAURLErrorDoesNotQuoteTheToken() {
    let error = PagingError.sourceFailed(
      URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: Self.secretURL]))
    for text in texts(error) {
      #expect(!text.contains("sk_live_SECRET"), "\(text)")
      #expect(!text.contains("\n"))
    }
    // A host no page source in this process was made for (other suites make some).
    let unknown = URL(string: "https://me:sk_live_SECRET@source-error.example/notes?api_key=k")!
    #expect(
      PagingError.sourceFailed(
        URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: unknown])
      ).description
        == "the page source failed: the request to https://…@…/…?… failed: "
        + "it timed out (URLError -1001)")
  }

  /// Errors of the standard library and Foundation, and an app's error without a description
  /// of its own, are described by their kind, never by text that quotes a value.
  @Test func aSourcesErrorIsDescribedByItsKind() {
    enum Failure: Error {
      case denied(token: String)
      case offline
    }
    struct Fields: Error { var token = "sk_live_SECRET" }
    struct Described: Error, CustomStringConvertible { var description: String { "mine" } }
    let errors: [any Error] = [
      DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "Invalid date: sk_live_SECRET")),
      NSError(domain: "Example", code: 7, userInfo: [NSLocalizedDescriptionKey: "sk_live_SECRET"]),
      CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "/sk_live_SECRET"]),
      Failure.denied(token: "sk_live_SECRET"), Failure.offline, Fields(), Described(),
      CancellationError(),
    ]
    #expect(
      errors.map { PagingError.sourceFailed($0).description } == [
        "the page source failed: a response did not decode: the data is not valid, or a value "
          + "is not in the form expected (the decoder's text is not quoted)",
        "the page source failed: Example error 7 (its text is not quoted)",
        "the page source failed: NSCocoaErrorDomain error 4 (its text is not quoted)",
        "the page source failed: Failure.denied (its payload is not quoted)",
        "the page source failed: offline",
        "the page source failed: an error of type Fields (its fields are not quoted)",
        "the page source failed: mine",
        "the page source failed: it was cancelled",
      ])
  }

  /// An app's cursor whose description spans lines, and an app's `NSError` subclass, read in
  /// one line that quotes no `userInfo`.
  @Test func anAppsCursorAndNSErrorReadInOneLine() {
    struct Lines: Hashable, Sendable, CustomStringConvertible {
      var description: String { "page 2\nof 9\u{2028}end" }
    }
    final class AppError: NSError, @unchecked Sendable {}
    #expect(
      PagingError.repeatedCursor(Lines()).description
        == "the server repeated cursor page 2 of 9 end, whose page already loaded; refresh to "
        + "start over")
    let error = AppError(
      domain: "App", code: 3, userInfo: [NSLocalizedFailureReasonErrorKey: "token sk_live_SECRET"])
    #expect(
      PagingError.sourceFailed(error).description
        == "the page source failed: App error 3 (its text is not quoted)")
  }

  /// The same through `retryAfterTooLong`.
  @Test func aRetryAfterTooLongOfAURLErrorDoesNotQuoteTheToken() {
    let error = PagingError.retryAfterTooLong(
      wait: .seconds(3_600), maxDelay: .seconds(30),
      error: URLError(
        .resourceUnavailable,
        userInfo: [NSURLErrorFailingURLErrorKey: Self.secretURL]))
    for text in texts(error) {
      #expect(!text.contains("sk_live_SECRET"), "\(text)")
    }
  }

  /// A repeated cursor that is an URL with a token in query, user part and fragment.
  @Test func aRepeatedURLCursorIsRedacted() {
    let error = PagingError.repeatedCursor(Self.secretURL)
    for text in texts(error) {
      #expect(!text.contains("sk_live_SECRET"), "\(text)")
    }
  }

  /// A repeated cursor that is a `URLComponents` or an `AnyHashable` wrapping a token.
  @Test func repeatedCursorsOfOtherTextTypesAreNotQuoted() {
    for cursor in [
      PagingError.repeatedCursor(
        URLComponents(url: Self.secretURL, resolvingAgainstBaseURL: false)!),
      PagingError.repeatedCursor(Optional<Substring>.some("sk_live_SECRET")),
      PagingError.repeatedCursor(Set(["sk_live_SECRET"])),
    ] {
      for text in texts(cursor) {
        #expect(!text.contains("sk_live_SECRET"), "\(text)")
      }
    }
  }

  /// A snapshot whose stored type names were changed (a file edited, or a snapshot synced from
  /// elsewhere): the error names the paginator's own types, nothing the snapshot holds.
  @MainActor
  @Test func aSnapshotErrorIsOneLineAndQuotesNothingStored() throws {
    let data = try Paginator<Row, Int>(load: { _ in Page(items: [], nextCursor: nil) })
      .snapshot().encoded()
    var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    json["types"] = "Evil\nsk_live_SECRET, Swift.Int"
    let planted = try JSONSerialization.data(withJSONObject: json)
    let (_, error) = Paginator<Row, Int>.restoring(
      planted, load: { _ in Page(items: [], nextCursor: nil) })
    let restoreError = try #require(error)
    #expect(
      restoreError.description
        == "the list snapshot holds other item or cursor types than PagingTestSupport.Row, Swift.Int"
    )
    for text in [
      restoreError.description, restoreError.localizedDescription,
      restoreError.errorDescription ?? "", String(reflecting: restoreError), "\(restoreError)",
    ] {
      #expect(!text.contains("sk_live_SECRET"), "\(text)")
      #expect(!text.contains("\n"), "\(text)")
    }
  }
}
