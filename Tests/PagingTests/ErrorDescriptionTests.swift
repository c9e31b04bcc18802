import Foundation
import Paging
import PagingTestSupport
import Testing

/// Every public error of the engine is a `LocalizedError` whose `localizedDescription` is its
/// one-line description, not Foundation's "The operation could not be completed".
@Suite(.timeLimit(.minutes(minuteLimit))) struct ErrorDescriptionTests {
  @Test func everyEngineErrorIsDescribedByItsOwnLine() {
    let errors: [any Error & CustomStringConvertible] = [
      PagingError.noNewItems(pages: 3), PagingError.sourceCancelled(times: 4),
      PagingError.maxSizeTooSmall(maxSize: 10, required: 40),
      PagingError.invalidItemCount, PagingError.jumpsNotSupported, PageSourceInvalidated(),
      PagingSnapshotError.unreadable, PagingSnapshotError.queryNotRestorable,
      PagingEditError.itemNotLoaded, PagingEditError.duplicateID,
    ]
    for error in errors {
      #expect(error.localizedDescription == error.description)
      #expect(!error.localizedDescription.contains("could not be completed"))
      #expect(!error.localizedDescription.contains("\n"))
    }
  }

  /// A count of one reads in the singular.
  @Test func aCountOfOneReadsInTheSingular() {
    #expect(
      [1, 2].map { PagingError.noNewItems(pages: $0).description } == [
        "1 page in a row added no new item", "2 pages in a row added no new item",
      ])
  }

  /// A source's error whose text spans lines is one line in the engine's text (and so in a
  /// walk's), whichever case carries it.
  @Test func aSourceErrorOfSeveralLinesReadsAsOne() {
    struct TwoLines: Error, CustomStringConvertible {
      var description: String { "first line\nsecond\tline\u{2028}third\u{2029}end" }
    }
    let errors = [
      PagingError.sourceFailed(TwoLines()),
      .retryAfterTooLong(wait: .seconds(60), maxDelay: .seconds(30), error: TwoLines()),
    ]
    #expect(
      errors.map(\.description) == [
        "the page source failed: first line second line third end",
        "the server asked for a wait before the next request longer than the retry policy's "
          + "maxDelay of 30 s, so it was not retried: first line second line third end",
      ])
  }

  /// A repeated cursor's text quotes no text the cursor holds, however its type wraps it
  /// (rulebook fault class 29): text by its length, a type described by reflection or a
  /// collection by its type; numbers, cases without a payload and types with a description of
  /// their own as they are.
  @Test func aCursorIsDescribedWithoutTheTextItHolds() {
    enum Token: Hashable, Sendable {
      case token(String)
      case first
    }
    struct Wrapped: Hashable, Sendable { var value: String }
    struct Described: Hashable, Sendable, CustomStringConvertible {
      var value: String
      var description: String { "page after \(value.count) characters" }
    }
    let secret = "sk_live_SECRET"
    let texts = [
      PagingError.repeatedCursor(secret), .repeatedCursor(Substring(secret)),
      .repeatedCursor(Optional(secret)), .repeatedCursor(Optional<String>.none),
      .repeatedCursor(Token.token(secret)), .repeatedCursor(Token.first),
      .repeatedCursor(Wrapped(value: secret)), .repeatedCursor([secret]),
      .repeatedCursor(Described(value: secret)), .repeatedCursor(42),
      .repeatedCursor(Character("s")), .repeatedCursor(AttributedString(secret)),
      .repeatedCursor(2.5),
    ].map(\.description)
    let cursors = texts.map {
      $0.replacing("the server repeated cursor ", with: "")
        .replacing(", whose page already loaded; refresh to start over", with: "")
    }
    #expect(
      cursors == [
        "(text of 14 characters, not quoted)", "(text of 14 characters, not quoted)",
        "(text of 14 characters, not quoted)", "nil", "(a cursor of type Token, not quoted)",
        "first", "(a cursor of type Wrapped, not quoted)",
        "(a cursor of type Array<String>, not quoted)", "page after 14 characters", "42",
        "(a cursor of type Character, not quoted)",
        "(a cursor of type AttributedString, not quoted)", "2.5",
      ])
  }
}
