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
}
